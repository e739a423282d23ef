import BoardIO
import Foundation

/// The requests a sync makes of one CalDAV collection: what it is, what changed since a
/// sync token (RFC 6578) or what it holds (for a server without tokens), the to-dos' texts
/// (calendar-multiget, RFC 4791 §7.9), and PUT and DELETE with entity-tag preconditions.
struct CalDAVCollection {
    let client: CalDAVClient

    var url: URL { client.collection }

    /// A resource's href and entity tag, as a listing gives them.
    struct Listed: Sendable, Equatable {
        var href: String
        var etag: String?
    }

    /// What changed since a token, and the token to ask with next time.
    struct Changes: Sendable {
        var changed: [Listed]
        var removed: [String]
        var token: String?
    }

    /// Checks the URL is a calendar that takes to-dos; its current sync token when `token` asks
    /// for it (and it has one).
    ///
    /// The token is asked for only when needed (a sync with no token of its own): a server may
    /// compute it over every resource on each request (Radicale reads each one's tag, 0.3 s at
    /// 5,000 to-dos), and a sync that has a token gets the new one from its sync-collection
    /// REPORT. (A CTag was asked for too, another such pass, and never used.)
    func describe(token: Bool) async throws(SyncError) -> String? {
        let reply = try await client.send("PROPFIND", url, headers: [("Depth", "0")], body: """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:prop><d:resourcetype/><c:supported-calendar-component-set/>\(token ? "<d:sync-token/>" : "")</d:prop>
            </d:propfind>
            """)
        guard reply.status == 207 else {
            if reply.status == 404 { throw .notATodoCollection(url: url.absoluteString, why: .nothingThere) }
            // A server failing (500, 503) or refusing (403) says nothing of what the URL is.
            if reply.status >= 500 || reply.status == 403 {
                throw .server(url: url.absoluteString, method: "PROPFIND", status: reply.status)
            }
            throw .notATodoCollection(url: url.absoluteString, why: .notWebDAV(status: reply.status))
        }
        guard let status = DAVMultistatus.parse(reply.body), let me = status.entries.first else {
            throw .notMultistatus(url: url.absoluteString)
        }
        guard me.isCalendar else {
            throw .notATodoCollection(url: url.absoluteString, why: .notACalendar)
        }
        if !me.components.isEmpty && !me.components.contains("VTODO") {
            throw .notATodoCollection(url: url.absoluteString, why: .takes(me.components))
        }
        return me.syncToken
    }

    /// The collection's current sync token, if it has one (a PROPFIND of that alone).
    func currentToken() async throws(SyncError) -> String? {
        let reply = try await client.send("PROPFIND", url, headers: [("Depth", "0")], body: """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>
            """)
        guard reply.status == 207 else {
            throw .server(url: url.absoluteString, method: "PROPFIND", status: reply.status)
        }
        return DAVMultistatus.parse(reply.body)?.entries.first?.syncToken
    }

    /// What changed since `token` (all resources when nil), or nil when the server has no
    /// sync-collection or no longer knows the token (then `listing()` is the way).
    func changes(since token: String?) async throws(SyncError) -> Changes? {
        let reply = try await client.send("REPORT", url, headers: [("Depth", "1")], body: """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:">
              <d:sync-token>\(token.map(xmlEscaped) ?? "")</d:sync-token><d:sync-level>1</d:sync-level>
              <d:prop><d:getetag/></d:prop>
            </d:sync-collection>
            """)
        guard reply.status == 207, let status = DAVMultistatus.parse(reply.body) else { return nil }
        var changes = Changes(changed: [], removed: [], token: status.syncToken)
        for entry in status.entries where !isCollection(entry.href) {
            if entry.status == 404 { changes.removed.append(entry.href) } else {
                changes.changed.append(Listed(href: entry.href, etag: entry.etag))
            }
        }
        return changes
    }

    /// Every resource in the collection with its entity tag.
    func listing() async throws(SyncError) -> [Listed] {
        let reply = try await client.send("PROPFIND", url, headers: [("Depth", "1")], body: """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>
            """)
        guard reply.status == 207, let status = DAVMultistatus.parse(reply.body) else {
            throw .server(url: url.absoluteString, method: "PROPFIND", status: reply.status)
        }
        return status.entries.filter { !isCollection($0.href) }.map { Listed(href: $0.href, etag: $0.etag) }
    }

    /// The texts of resources, by href (those the server no longer has are missing).
    func fetch(_ hrefs: [String]) async throws(SyncError) -> [String: (etag: String?, text: String)] {
        var out: [String: (etag: String?, text: String)] = [:]
        // A few hundred per request keeps each answer a reasonable size.
        for start in stride(from: 0, to: hrefs.count, by: 200) {
            let batch = hrefs[start..<min(start + 200, hrefs.count)]
            let reply = try await client.send("REPORT", url, headers: [("Depth", "1")], body: """
                <?xml version="1.0" encoding="utf-8"?>
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                  <d:prop><d:getetag/><c:calendar-data/></d:prop>
                  \(batch.map { "<d:href>\(xmlEscaped($0))</d:href>" }.joined())
                </c:calendar-multiget>
                """)
            guard reply.status == 207, let status = DAVMultistatus.parse(reply.body) else {
                throw .server(url: url.absoluteString, method: "REPORT calendar-multiget", status: reply.status)
            }
            for entry in status.entries {
                guard let text = entry.calendarData, entry.status == nil || entry.status == 200 else { continue }
                out[normalized(entry.href)] = (entry.etag, text)
            }
            ProgressMeter.active.advance(by: batch.count)
        }
        return out
    }

    enum Written: Sendable, Equatable {
        /// Stored; the new entity tag when the server gave one.
        case stored(etag: String?)
        /// The precondition failed (412): the resource changed, or exists, meanwhile.
        case changedMeanwhile
        /// The server refused this resource (a 4xx other than 412 and those about the login
        /// or the connection): `answer` is the first line of its reply's text, if any.
        case refused(status: Int, answer: String)
    }

    /// PUT with `If-Match: etag`, or `If-None-Match: *` for a new resource.
    func put(_ href: String, _ text: String, ifMatch etag: String?) async throws(SyncError) -> Written {
        var headers = [("Content-Type", "text/calendar; charset=utf-8")]
        headers.append(etag.map { ("If-Match", $0) } ?? ("If-None-Match", "*"))
        let reply = try await client.send("PUT", client.url(of: href), headers: headers, body: text)
        if reply.status == 412 { return .changedMeanwhile }
        // A refusal of this resource (400 for what the server takes for invalid iCalendar,
        // 403, 413…) is the resource's; a failing server, or a login refused, is everyone's.
        if (400..<500).contains(reply.status), ![401, 407, 408, 429].contains(reply.status) {
            let answer = String(decoding: reply.body.prefix(4096), as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return .refused(status: reply.status, answer: answer)
        }
        guard (200..<300).contains(reply.status) else {
            throw .server(url: client.url(of: href).absoluteString, method: "PUT", status: reply.status)
        }
        return .stored(etag: reply.etag)
    }

    /// DELETE with `If-Match` (when known); a resource already gone counts as deleted.
    func delete(_ href: String, ifMatch etag: String?) async throws(SyncError) -> Written {
        let reply = try await client.send("DELETE", client.url(of: href), headers: etag.map { [("If-Match", $0)] } ?? [])
        if reply.status == 412 { return .changedMeanwhile }
        guard (200..<300).contains(reply.status) || reply.status == 404 else {
            throw .server(url: client.url(of: href).absoluteString, method: "DELETE", status: reply.status)
        }
        return .stored(etag: nil)
    }

    /// The href for a new card's resource: the collection's path and the card's id.
    func href(forCard id: String) -> String {
        let safe = id.unicodeScalars.map { c -> String in
            CharacterSet.alphanumerics.contains(c) && c.isASCII || "-_.".unicodeScalars.contains(c)
                ? String(c) : String(format: "%%%02X", c.value & 0xFF)
        }.joined()
        return url.path + (url.path.hasSuffix("/") ? "" : "/") + safe + ".ics"
    }

    /// Hrefs as paths, percent-decoded, so the ones a server lists and the ones we made compare.
    /// A resource's whole URL, as a person would open it.
    func absolute(_ href: String) -> String {
        URL(string: href, relativeTo: url)?.absoluteString ?? href
    }

    func normalized(_ href: String) -> String {
        let path = URL(string: href, relativeTo: url)?.path ?? href
        return path.removingPercentEncoding ?? path
    }

    private func isCollection(_ href: String) -> Bool {
        href.hasSuffix("/") || normalized(href) == normalized(url.path)
    }

    private func xmlEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
