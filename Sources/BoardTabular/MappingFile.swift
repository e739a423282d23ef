import Foundation
import BoardModel
import BoardIO

/// Reads a mapping file (the format of templates/mappings/*.json, documented in
/// docs/mappings.md). Mapping files are small, so Foundation's JSON parser is fine here.
public enum MappingFile {
    /// Parses mapping JSON. Errors are diagnostics naming `file`.
    public static func parse(_ data: Data, file: String) -> Result<ColumnMapping, Diagnostic> {
        func fail(_ message: TabularMessage) -> Result<ColumnMapping, Diagnostic> {
            .failure(Diagnostic(message, at: SourceLocation(file: file)))
        }
        guard let object = JSONDocument.parse(Array(data))?.object else {
            return fail(.mappingNotAnObject)
        }
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var m = ColumnMapping(name: object["name"]?.string ?? stem)
        m.summary = object["summary"]?.string ?? ""
        m.detect = object["detect"]?.strings ?? []
        m.genericFallback = object["genericFallback"]?.bool ?? true
        if let columns = object["columns"] {
            guard let columns = columns.object else { return fail(.mappingColumnsNotAMap) }
            for (name, headers) in columns {
                guard let attribute = CardAttribute(name: name) else {
                    return fail(.mappingNotAnAttribute(name))
                }
                let list = headers.strings ?? headers.string.map { [$0] }
                guard let list else { return fail(.mappingColumnNotHeaders(name)) }
                for h in list { m.aliases[NameKey.of(h)] = attribute }
                m.headersOf[attribute, default: []] += list
            }
        }
        for pattern in object["dateFormats"]?.strings ?? [] {
            guard let f = TabularDateFormat(pattern) else {
                return fail(.mappingDateFormatIncomplete(pattern))
            }
            m.dateFormats.append(f)
        }
        if let order = object["slashDates"]?.string {
            guard let o = SlashDateOrder(rawValue: order) else {
                return fail(.mappingSlashDates(order))
            }
            m.slashDates = o
        }
        if let names = object["dateOnly"] {
            for name in names.strings ?? [] {
                guard let attribute = CardAttribute(name: name), ColumnMapping.dateOnlyAttributes.contains(attribute) else {
                    return fail(.mappingDateOnlyNotADate(name))
                }
                m.dateOnly.insert(attribute)
            }
            guard names.strings != nil else { return fail(.mappingDateOnlyNotAList) }
        }
        m.stateMap = object["states"]?.stringMap ?? [:]
        m.linkKey = object["linkKey"]?.string
        if let rows = object["rows"]?.object {
            guard let column = rows["kind"]?.string else { return fail(.mappingRowsNoKind) }
            m.rowKinds = ColumnMapping.RowKinds(
                column: column, cards: rows["cards"]?.strings ?? [], states: rows["states"]?.strings ?? [],
                notes: rows["notes"]?.strings ?? [], notesField: rows["notesField"]?.string ?? "Comments")
        }
        if let write = object["write"]?.object {
            m.writeFields = write["fields"]?.bool ?? true
            m.writeLocalTimes = write["times"]?.string == "local"
            m.writeSections = write["sections"]?.bool ?? false
            for (k, column) in (write["columns"]?.objects ?? []).enumerated() {
                guard let header = column["header"]?.string else { return fail(.mappingWriteNoHeader(index: k)) }
                let valueName = column["value"]?.string ?? "ignore"
                guard let attribute = CardAttribute(name: valueName) else {
                    return fail(.mappingWriteValue(index: k, value: valueName))
                }
                var c = ColumnMapping.WriteColumn(header: header, attribute: attribute)
                c.repeats = column["repeat"]?.bool ?? false
                c.constant = column["constant"]?.string
                c.json = column["json"]?.bool ?? false
                if let p = column["format"]?.string {
                    guard let f = TabularDateFormat(p) else { return fail(.mappingWriteFormat(index: k, pattern: p)) }
                    c.dateTimeFormat = f
                }
                if let p = column["dateFormat"]?.string {
                    guard let f = TabularDateFormat(p) else { return fail(.mappingWriteDateFormat(index: k, pattern: p)) }
                    c.dateFormat = f
                }
                m.writeColumns.append(c)
            }
        }
        return .success(m)
    }

    /// Loads a preset by name or a mapping file by path (`--mapping NAME|FILE`).
    public static func resolve(_ nameOrPath: String) -> Result<ColumnMapping, Diagnostic> {
        if let preset = MappingLibrary.preset(named: nameOrPath) { return .success(preset) }
        guard let data = FileManager.default.contents(atPath: nameOrPath) else {
            return .failure(Diagnostic(TabularMessage.noSuchMapping(nameOrPath, presets: ["boardkit"] + MappingLibrary.presets.map(\.name)),
                                       at: SourceLocation(file: nameOrPath)))
        }
        return parse(data, file: nameOrPath)
    }
}

/// The presets shipped with boardkit (templates/mappings/*.json, embedded at build time in
/// BuiltinMappings.swift so the binary needs no data files).
public enum MappingLibrary {
    /// Every preset, parsed once.
    public static let presets: [ColumnMapping] = BuiltinMappings.files.compactMap { name, json in
        try? MappingFile.parse(Data(json.utf8), file: name + ".json").get()
    }

    /// The preset called `name` (case-insensitive); `boardkit` is the canonical layout.
    public static func preset(named name: String) -> ColumnMapping? {
        let n = name.lowercased()
        if n == "boardkit" || n == "canonical" { return .boardkit }
        return presets.first { $0.name == n }
    }

    /// The preset whose `detect` headers all appear in `header` (the one naming most of them
    /// wins); boardkit's own mapping otherwise.
    public static func detect(header: [String]) -> ColumnMapping {
        let keys = Set(header.map(NameKey.of))
        var best: ColumnMapping?
        var bestCount = 0
        for p in presets where !p.detect.isEmpty && p.detect.count > bestCount {
            if p.detect.allSatisfy({ keys.contains(NameKey.of($0)) }) {
                best = p
                bestCount = p.detect.count
            }
        }
        return best ?? .boardkit
    }
}
