import Foundation
import BoardModel
import BoardJSON
import BoardCSV
import BoardXLSX
import BoardICS
import BoardForeign
import BoardIO
import BoardValidation
#if ServerFuzzTargets
import BoardServer
import BoardStore
#endif

/// The readers the fuzzer drives, one per target (docs/fuzzing.md). The raw value is what
/// `BOARDKIT_FUZZ_TARGET` takes and names the corpus folder and the findings' prefix.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Canonical JSON.
    case json
    /// CSV without a mapping (boardkit's own columns, or the generic header guesses).
    case csv
    /// CSV through a preset: the first byte picks the preset (`FuzzCheck.presets`), the rest is the CSV.
    case csvMapping = "csv-mapping"
    /// The events sidecar: the fuzzed bytes are `--events FILE` beside a fixed board CSV.
    case events
    /// A whole XLSX file (the zip and everything in it).
    case xlsx
    /// One part of a valid workbook: the first byte picks the part (`FuzzCheck.parts`), the
    /// rest replaces it, and the workbook is zipped around it.
    case xlsxPart = "xlsx-part"
    /// iCalendar.
    case ics
    /// Trello's board export.
    case trello
    /// Taskwarrior's `task export`.
    case taskwarrior
    /// A mapping file (`--mapping FILE`): the first byte picks the CSV it maps
    /// (`FuzzCheck.mappedCSVs`), the rest is the mapping JSON.
    case mapping
    #if ServerFuzzTargets
    /// A SQLite file opened as a board store.
    case store
    /// What the server reads from a request before the store: the first line as a header
    /// value (bearer token, proxy range, a name, If-Match), the rest as a form or JSON body
    /// (`RequestParsingContract`).
    case access
    #endif
}

/// The contract every reader keeps, checked on one input (the fuzzer's property, and the
/// findings tests'):
///
/// - The reader returns (no trap, no hang: libFuzzer's own watch).
/// - It refuses (no board, or an error among its or the validator's diagnostics): then there
///   is at least one error, each error has a code and a location naming a file the run was
///   given (and a line for the text formats' syntax errors).
/// - It accepts: then the board written as canonical JSON reads back without errors, with
///   the same states, cards and events; for the formats that are lossless (CSV with its
///   events sidecar, XLSX, the store) the same holds through the reader's own format.
///
/// The read is `BoardPipeline.read`'s, minus the sniffing (the target names its reader): the
/// fuzz build links the format modules, and with the `ServerFuzzTargets` trait (on by
/// default) the store and the server (for `access`), which bring the whole server stack.
public enum FuzzCheck {
    /// Presets the `csv-mapping` target picks from with its first byte.
    public static let presets = ["jira", "github", "trello", "todoist", "asana", "kanboard"]
    /// CSV files (in Fuzz/Base/) the `mapping` target's mapping files are applied to.
    public static let mappedCSVs = ["jira.csv", "github.csv", "trello.csv", "todoist.csv",
                                    "asana.csv", "kanboard.csv", "board.csv"]
    /// Workbook parts the `xlsx-part` target replaces: (base workbook folder, part name).
    public static let parts: [(workbook: String, part: String)] = [
        ("workbook-boardkit", "xl/worksheets/sheet1.xml"),   // Cards
        ("workbook-boardkit", "xl/worksheets/sheet2.xml"),   // History
        ("workbook-boardkit", "xl/worksheets/sheet3.xml"),   // States
        ("workbook-boardkit", "xl/worksheets/sheet4.xml"),   // Board
        ("workbook-boardkit", "xl/workbook.xml"),
        ("workbook-boardkit", "xl/_rels/workbook.xml.rels"),
        ("workbook-boardkit", "[Content_Types].xml"),
        ("workbook-boardkit", "xl/styles.xml"),
        ("workbook-shared", "xl/worksheets/sheet1.xml"),
        ("workbook-shared", "xl/sharedStrings.xml"),
        ("workbook-shared", "xl/workbook.xml"),
        ("workbook-shared", "xl/styles.xml"),
    ]

    /// Fuzz/Base: the fixed files the targets combine the fuzzed bytes with.
    public static let baseFolder: String = {
        if let root = ProcessInfo.processInfo.environment["BOARDKIT_FUZZ_BASE"] { return root }
        // This file is Fuzz/BoardFuzzCheck/FuzzCheck.swift.
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Base").path
    }()

    /// One input laid out as files: what `boardkit convert PATH … --from FORMAT` with
    /// `options` (`--mapping`, `--events`) reads.
    public struct Prepared {
        public var path: String
        /// What diagnostics call the input.
        public var displayName: String
        /// The format's name for `--from`.
        public var format: String
        public var reader: any BoardReader
        public var options: ReaderOptions
        /// Files a diagnostic may name: the input, its mapping or its events sidecar.
        public var knownFiles: Set<String>
    }

    /// Writes the input's files into `folder` (emptied first); nil for an input the target
    /// skips (empty, where the first byte picks a variant).
    public static func prepare(_ target: FuzzTarget, _ bytes: [UInt8], in folder: String) -> Prepared? {
        let fm = FileManager.default
        // Start clean: a store may leave -wal/-shm files, a failed write its temp file.
        if let leftovers = try? fm.contentsOfDirectory(atPath: folder) {
            for name in leftovers { try? fm.removeItem(atPath: folder + "/" + name) }
        }
        var options = ReaderOptions()
        var payload = bytes
        var inputName = "input"
        var knownFiles: Set<String> = []
        let reader: any BoardReader
        let format: String
        switch target {
        case .json:
            reader = BoardJSONReader(); inputName += ".json"; format = "json"
        case .csv:
            reader = CSVReader(); inputName += ".csv"; format = "csv"
        case .csvMapping:
            guard let first = payload.first else { return nil }
            options.mapping = presets[Int(first) % presets.count]
            payload.removeFirst()
            reader = CSVReader(); inputName += ".csv"; format = "csv"
        case .events:
            // The fuzzed bytes are the sidecar; the board is fixed.
            let events = folder + "/input.events.csv"
            guard fm.createFile(atPath: events, contents: Data(payload)) else { return nil }
            options.eventsPath = events
            knownFiles.insert(events)
            payload = base("board.csv")
            reader = CSVReader(); inputName += ".csv"; format = "csv"
        case .xlsx:
            reader = BoardXLSXReader(); inputName += ".xlsx"; format = "xlsx"
        case .xlsxPart:
            guard let first = payload.first else { return nil }
            let (workbook, part) = parts[Int(first) % parts.count]
            payload = workbookZip(workbook, replacing: part, with: Array(payload.dropFirst()))
            reader = BoardXLSXReader(); inputName += ".xlsx"; format = "xlsx"
        case .ics:
            reader = ICSReader(); inputName += ".ics"; format = "ics"
        case .trello:
            reader = TrelloReader(); inputName += ".json"; format = "trello"
        case .taskwarrior:
            reader = TaskwarriorReader(); inputName += ".json"; format = "taskwarrior"
        case .mapping:
            guard let first = payload.first else { return nil }
            let mappingPath = folder + "/mapping.json"
            guard fm.createFile(atPath: mappingPath, contents: Data(payload.dropFirst())) else { return nil }
            options.mapping = mappingPath
            knownFiles.insert(mappingPath)
            payload = base(mappedCSVs[Int(first) % mappedCSVs.count])
            reader = CSVReader(); inputName += ".csv"; format = "csv"
        #if ServerFuzzTargets
        case .store:
            reader = StoreReader(); inputName += ".db"; format = "store"
        case .access:
            return nil   // not a board: `check` holds it to its own contract
        #endif
        }
        let path = folder + "/" + inputName
        guard fm.createFile(atPath: path, contents: Data(payload)) else { return nil }
        knownFiles.insert(path)
        knownFiles.insert(inputName)
        return Prepared(path: path, displayName: inputName, format: format, reader: reader, options: options,
                        knownFiles: knownFiles)
    }

    /// Checks one input; nil when the contract holds, else what broke it.
    /// `folder` is a scratch folder the check may fill and empty (one per process).
    public static func check(_ target: FuzzTarget, _ bytes: [UInt8], in folder: String) -> String? {
        #if ServerFuzzTargets
        if target == .access { return RequestParsingContract.check(bytes) }
        #endif
        guard let input = prepare(target, bytes, in: folder) else { return nil }
        let (reader, options, knownFiles) = (input.reader, input.options, input.knownFiles)
        let path = input.path, inputName = input.displayName

        // What BoardPipeline.read does once the format is known.
        let result = reader.read(BoardInput(path: path, displayName: inputName), options: options)
        var diagnostics = result.diagnostics
        if let board = result.board {
            diagnostics += BoardValidator.validate(board, sourceMap: result.sourceMap)
        }
        guard let board = result.board, !diagnostics.hasErrors else {
            return checkRefusal(target, diagnostics, knownFiles: knownFiles)
        }

        // Accepted: canonical JSON must carry it whole.
        if let broken = roundTrip(board, through: BoardJSONWriter(), BoardJSONReader(), "json",
                                  in: folder, options: WriterOptions()) {
            return "read without errors, but canonical JSON " + broken
        }
        // The reader's own format, where it is lossless.
        switch target {
        case .csv, .csvMapping, .events, .mapping:
            let events = folder + "/out.events.csv"
            var w = WriterOptions()
            w.eventsPath = events
            var r = ReaderOptions()
            r.eventsPath = events
            if let broken = roundTrip(board, through: CSVWriter(), CSVReader(), "csv", in: folder,
                                      options: w, readerOptions: r) {
                return "read without errors, but CSV (with its events sidecar) " + broken
            }
        case .xlsx, .xlsxPart:
            if let broken = roundTrip(board, through: BoardXLSXWriter(), BoardXLSXReader(), "xlsx",
                                      in: folder, options: WriterOptions(exportedAt: Instant(epochSeconds: 0))) {
                return "read without errors, but XLSX " + broken
            }
        #if ServerFuzzTargets
        case .store:
            if let broken = roundTrip(board, through: StoreWriter(), StoreReader(), "db",
                                      in: folder, options: WriterOptions(exportedAt: Instant(epochSeconds: 0))) {
                return "read without errors, but the store " + broken
            }
        case .access:
            break  // not a board
        #endif
        case .json, .ics, .trello, .taskwarrior:
            break  // JSON is done above; the others are lossy by design.
        }
        return nil
    }

    /// A refusal must say why: at least one error, each with a code and a place.
    static func checkRefusal(_ target: FuzzTarget, _ diagnostics: [Diagnostic], knownFiles: Set<String>) -> String? {
        let errors = diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else {
            return "no board and no error (the pipeline would report no-board-read): \(diagnostics)"
        }
        for d in errors {
            if d.code.id.isEmpty { return "an error without a code: \(d)" }
            guard let location = d.location else { return "an error without a location: \(d)" }
            if !knownFiles.contains(location.file) {
                return "an error located in a file the run was not given ('\(location.file)'): \(d)"
            }
        }
        // A syntax error says which line (a summary such as "60 in all" may follow unlocated).
        for code in Set(errors.map(\.code.id)) where syntaxCodesWithLines.contains(code) {
            if !errors.contains(where: { $0.code.id == code && $0.location?.line != nil }) {
                return "a syntax error without a line: \(errors.first { $0.code.id == code }!)"
            }
        }
        return nil
    }

    /// Errors about the text at one place: each must say which line.
    static let syntaxCodesWithLines: Set<String> = [
        "json-syntax", "json-invalid-string",
        "csv-unterminated-quote", "csv-stray-quote", "csv-field-count", "csv-invalid-utf8",
        "ics-malformed-line", "ics-component-mismatch",
        "trello-json-syntax", "taskwarrior-json-syntax",
    ]

    /// Writes `board` with `writer`, reads it back with `reader`; nil when it comes back
    /// without errors and with the same states, cards and events.
    static func roundTrip(_ board: Board, through writer: any BoardWriter, _ reader: any BoardReader,
                          _ ext: String, in folder: String, options: WriterOptions,
                          readerOptions: ReaderOptions = ReaderOptions()) -> String? {
        let path = folder + "/out." + ext
        try? FileManager.default.removeItem(atPath: path)
        let written = writer.write(board, to: path, options: options).diagnostics
        if written.hasErrors { return "could not be written: \(written.filter { $0.severity == .error })" }
        let again = reader.read(BoardInput(path: path, displayName: "out." + ext), options: readerOptions)
        var diagnostics = again.diagnostics
        if let b = again.board { diagnostics += BoardValidator.validate(b, sourceMap: again.sourceMap) }
        guard let back = again.board, !diagnostics.hasErrors else {
            return "does not read back: \(diagnostics.filter { $0.severity == .error })"
        }
        if let difference = difference(board, back) { return "reads back different: \(difference)" }
        return nil
    }

    /// The first difference between two boards' states, cards and events, said briefly.
    /// An instant whose offset is not whole minutes (local mean time: Asia/Seoul before 1908
    /// is +08:27:52) is written in UTC by every text format (ISO 8601 offsets have minutes), so
    /// only its moment has to come back.
    public static func difference(_ original: Board, _ b: Board) -> String? {
        let a = wholeMinuteOffsets(original)
        if a.states != b.states { return "states \(a.states) became \(b.states)" }
        if a.cards.count != b.cards.count { return "\(a.cards.count) cards became \(b.cards.count)" }
        for (x, y) in zip(a.cards, b.cards) where x != y {
            let mx = Mirror(reflecting: x), my = Mirror(reflecting: y)
            for (cx, cy) in zip(mx.children, my.children) where "\(cx.value)" != "\(cy.value)" {
                return "card '\(x.id)' \(cx.label ?? "?"): \(String(reflecting: cx.value)) became \(String(reflecting: cy.value))"
            }
            return "card '\(x.id)' changed: \(x) became \(y)"
        }
        if a.events.count != b.events.count { return "\(a.events.count) events became \(b.events.count)" }
        for (k, (x, y)) in zip(a.events, b.events).enumerated() where x != y {
            return "event \(k): \(x) became \(y)"
        }
        return nil
    }

    /// `board` with each instant whose offset is not whole minutes moved to UTC.
    static func wholeMinuteOffsets(_ board: Board) -> Board {
        func fix(_ i: Instant?) -> Instant? {
            guard let i, i.offsetSeconds % 60 != 0 else { return i }
            return Instant(epochMilliseconds: i.epochMilliseconds, offsetSeconds: 0)
        }
        func fix(_ d: DueDate?) -> DueDate? {
            if case .instant(let i)? = d { return .instant(fix(i)!) }
            return d
        }
        var b = board
        for k in b.cards.indices {
            b.cards[k].due = fix(b.cards[k].due)
            b.cards[k].start = fix(b.cards[k].start)
            b.cards[k].created = fix(b.cards[k].created)
            b.cards[k].updated = fix(b.cards[k].updated)
            b.cards[k].completed = fix(b.cards[k].completed)
        }
        for k in b.events.indices { b.events[k].at = fix(b.events[k].at)! }
        return b
    }

    // MARK: - Fixed inputs

    nonisolated(unsafe) private static var cache: [String: [UInt8]] = [:]

    /// A file of Fuzz/Base, read once.
    static func base(_ name: String) -> [UInt8] {
        if let bytes = cache[name] { return bytes }
        let bytes = FileManager.default.contents(atPath: baseFolder + "/" + name).map { [UInt8]($0) } ?? []
        cache[name] = bytes
        return bytes
    }

    /// The parts of a base workbook, in the order they are zipped (Fuzz/Base/NAME/parts.txt).
    static func workbookParts(_ workbook: String) -> [String] {
        String(decoding: base(workbook + "/parts.txt"), as: UTF8.self)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// The base workbook zipped with `part` replaced by `bytes`.
    public static func workbookZip(_ workbook: String, replacing part: String, with bytes: [UInt8]) -> [UInt8] {
        var zip = StoredZip()
        for name in workbookParts(workbook) {
            zip.add(name, name == part ? bytes : base(workbook + "/" + name))
        }
        return zip.finish()
    }
}

/// A zip archive of stored (uncompressed) entries: enough for a workbook around one part.
struct StoredZip {
    private var out: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static func le16(_ v: Int, _ to: inout [UInt8]) {
        to += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)]
    }
    private static func le32(_ v: UInt32, _ to: inout [UInt8]) {
        to += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
    }

    mutating func add(_ name: String, _ data: [UInt8]) {
        let nameBytes = Array(name.utf8)
        let crc = Self.crc32(data)
        let offset = UInt32(out.count)
        // Local file header.
        Self.le32(0x0403_4B50, &out); Self.le16(20, &out); Self.le16(0, &out); Self.le16(0, &out)
        Self.le16(0, &out); Self.le16(0x21, &out)  // time, date (1980-01-01)
        Self.le32(crc, &out); Self.le32(UInt32(data.count), &out); Self.le32(UInt32(data.count), &out)
        Self.le16(nameBytes.count, &out); Self.le16(0, &out)
        out += nameBytes
        out += data
        // Its central directory record.
        Self.le32(0x0201_4B50, &central); Self.le16(20, &central); Self.le16(20, &central)
        Self.le16(0, &central); Self.le16(0, &central); Self.le16(0, &central); Self.le16(0x21, &central)
        Self.le32(crc, &central); Self.le32(UInt32(data.count), &central); Self.le32(UInt32(data.count), &central)
        Self.le16(nameBytes.count, &central); Self.le16(0, &central); Self.le16(0, &central)
        Self.le16(0, &central); Self.le16(0, &central); Self.le32(0, &central); Self.le32(offset, &central)
        central += nameBytes
        count += 1
    }

    mutating func finish() -> [UInt8] {
        let start = UInt32(out.count)
        out += central
        Self.le32(0x0605_4B50, &out); Self.le16(0, &out); Self.le16(0, &out)
        Self.le16(count, &out); Self.le16(count, &out)
        Self.le32(UInt32(central.count), &out); Self.le32(start, &out); Self.le16(0, &out)
        return out
    }
}
