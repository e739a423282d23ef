import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A WebDAV `multistatus` answer (RFC 4918 §13, RFC 6578 §3): one entry per resource, with
/// the properties the sync asks for, and the collection's new sync token. Namespaces are
/// matched by local name: servers differ in prefixes, never in these names.
struct DAVMultistatus {
    struct Entry: Sendable, Equatable {
        var href: String
        /// The response's own status (404 for a resource deleted since a sync token).
        var status: Int?
        var etag: String?
        var calendarData: String?
        var isCalendar = false
        /// Components the calendar accepts (`VTODO`, `VEVENT`), empty when not said.
        var components: [String] = []
        var syncToken: String?
        var ctag: String?
    }

    var entries: [Entry] = []
    var syncToken: String?

    /// Nil when the text is not a multistatus document.
    static func parse(_ bytes: [UInt8]) -> DAVMultistatus? {
        let reader = Reader()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse(), reader.sawMultistatus else { return nil }
        return reader.result
    }

    /// SAX reading: the path of open elements decides where text goes.
    private final class Reader: NSObject, XMLParserDelegate {
        var result = DAVMultistatus()
        var sawMultistatus = false
        private var path: [String] = []
        private var text = ""
        private var entry: Entry?
        /// Properties of the propstat being read, applied when its status is 2xx.
        private var pending = Entry(href: "")
        private var propstatStatus: Int?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            path.append(name)
            text = ""
            switch name {
            case "multistatus": sawMultistatus = true
            case "response": entry = Entry(href: "")
            case "propstat": pending = Entry(href: ""); propstatStatus = nil
            case "calendar" where path.dropLast().last == "resourcetype": pending.isCalendar = true
            case "comp" where path.dropLast().last == "supported-calendar-component-set":
                if let comp = attributes["name"] { pending.components.append(comp.uppercased()) }
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, foundCDATA block: Data) { text += String(decoding: block, as: UTF8.self) }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let parent = path.dropLast().last
            switch name {
            case "href" where parent == "response": entry?.href = value
            case "status" where parent == "response": entry?.status = Self.code(value)
            case "status" where parent == "propstat": propstatStatus = Self.code(value)
            case "getetag": pending.etag = value
            case "calendar-data": pending.calendarData = text
            case "getctag": pending.ctag = value
            case "sync-token" where parent == "prop": pending.syncToken = value
            case "sync-token" where parent == "multistatus": result.syncToken = value
            case "propstat":
                if let status = propstatStatus, (200..<300).contains(status), entry != nil {
                    if let etag = pending.etag { entry!.etag = etag }
                    if let data = pending.calendarData { entry!.calendarData = data }
                    if pending.isCalendar { entry!.isCalendar = true }
                    if !pending.components.isEmpty { entry!.components = pending.components }
                    if let token = pending.syncToken { entry!.syncToken = token }
                    if let ctag = pending.ctag { entry!.ctag = ctag }
                }
            case "response":
                if let entry { result.entries.append(entry) }
                entry = nil
            default: break
            }
            path.removeLast()
            text = ""
        }

        /// `HTTP/1.1 404 Not Found` → 404.
        static func code(_ line: String) -> Int? {
            line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
    }
}
