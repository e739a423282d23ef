import BoardModel
import BoardIO
import BoardTabular

/// The file `--events FILE` names: everything a one-row-per-card CSV cannot hold.
///
/// It is itself a CSV, one record per row, the kind in the first column:
///
/// ```
/// record,card,at,type,from,to,actor,changes,id,name,category,wip,key,value
/// board,,,,,,,,,,,,id,team-web
/// board,,,,,,,,,,,,timezone,Asia/Seoul
/// board,,,,,,,,,,,,metadata.generator,boardkit sample --seed 1
/// state,,,,,,,,review,REVIEW,doing,3,,
/// event,c1,2026-11-02T09:00:00Z,created,,todo,mina,,,,,,,
/// event,c1,2026-11-03T10:00:00Z,updated,,,mina,"[{""field"":""due"",""new"":""2026-12-01""}]",,,,,,
/// ```
///
/// `board` rows carry the board's id, name, time zone, `metadata.KEY` and `extra.KEY` (raw
/// JSON of unknown keys); `state` rows the catalogue in order (id, name, category, WIP
/// limit); `event` rows the history in order, with the fields each event changed as compact
/// JSON (`FieldChangesText`; empty for none); `comment`, `checklist`, `attachment` and
/// `link` rows the cards' conversation in order, the card's id in `card` and the element
/// as one JSON object in `value`, as canonical JSON has it (`ConversationJSON`):
///
/// ```
/// comment,c1,,,,,,,,,,,,"{""id"": ""7"", ""author"": ""mina"", ""at"": ""2026-11-20T09:15:00+09:00"", ""text"": ""Okta first""}"
/// ``` A file with only the event columns
/// (`card,at,type,from,to,actor`, `changes` optional) is read too: every row is then an
/// event. Columns are found by their header, so sidecars written before `changes` read.
enum EventsSidecar {
    static let header = ["record", "card", "at", "type", "from", "to", "actor", "changes",
                         "id", "name", "category", "wip", "key", "value"]

    /// What the sidecar held.
    struct Contents {
        var catalogue = BoardCatalogue()
        var events: [Event] = []
        /// Line of each event row and of each state row, for diagnostics.
        var eventLines: [Int32] = []
        var stateLines: [Int32] = []
        /// The conversation rows in order: whose card, which part, the element, its line.
        var conversation: [ConversationRow] = []
    }

    struct ConversationRow {
        var card: String
        var part: ConversationPart
        var element: JSONDocument
        var line: Int32
    }

    // MARK: Writing

    static func write(_ board: Board, to path: String, dialect: CSVDialect) -> [Diagnostic] {
        let made = OutputFile.fill(path) { fd in
            var out = CSVOutput(fd: fd, dialect: dialect)
            encode(board, into: &out)
            out.flush()
            return ([], out.failure)
        }
        switch made.failure {
        case .create(let e)?:
            return [Diagnostic(CSVMessage.cannotCreateEventsFile(errno: e), at: SourceLocation(file: path))]
        case .write?:
            return [Diagnostic(CSVMessage.cannotWriteEventsFile, at: SourceLocation(file: path))]
        case nil:
            break
        }
        var lost = 0
        for s in board.states { lost += s.extras.count }
        for e in board.events { lost += e.extras.count }
        return lost > 0 ? [Diagnostic(CSVMessage.eventsFileKeysNotWritten(lost), at: SourceLocation(file: path))] : []
    }

    static func encode(_ board: Board, into out: inout CSVOutput) {
        out.row(header)
        func boardRow(_ key: String, _ value: String) {
            out.row(["board", "", "", "", "", "", "", "", "", "", "", "", key, value])
        }
        boardRow("id", board.id)
        boardRow("name", board.name)
        boardRow("timezone", board.timeZone)
        for (k, v) in board.metadata.sorted(by: { $0.key < $1.key }) { boardRow("metadata." + k, v) }
        for (k, v) in board.extras.sorted(by: { $0.key < $1.key }) { boardRow("extra." + k, v) }
        for s in board.states {
            out.row(["state", "", "", "", "", "", "", "", s.id, s.name, s.category.rawValue,
                     s.wipLimit.map(String.init) ?? "", "", ""])
        }
        let delimiter = out.dialect.delimiter
        for e in board.events {
            out.text("event"); out.cellSeparator(delimiter)
            out.text(e.card); out.cellSeparator(delimiter)
            out.cell(.instant(e.at)); out.cellSeparator(delimiter)
            out.text(e.type.rawValue); out.cellSeparator(delimiter)
            if let f = e.from { out.text(f) }; out.cellSeparator(delimiter)
            if let t = e.to { out.text(t) }; out.cellSeparator(delimiter)
            if let a = e.actor { out.text(a) }; out.cellSeparator(delimiter)
            if !e.changes.isEmpty { out.text(FieldChangesText.encode(e.changes)) }
            for _ in 0..<6 { out.cellSeparator(delimiter) }
            out.endRow()
        }
        for card in board.cards where card.hasConversation {
            for part in ConversationPart.allCases {
                for element in ConversationJSON.elementTexts(part, of: card) {
                    out.row([part.elementName, card.id, "", "", "", "", "", "", "", "", "", "", "", element])
                }
            }
        }
    }

    // MARK: Reading

    static func read(path: String, file: String, options: ReaderOptions) -> (Contents, [Diagnostic]) {
        var contents = Contents()
        var diagnostics: [Diagnostic] = []
        let text: MappedText
        switch CSVInput.load(path: path, file: file, encoding: options.encoding) {
        case .success(let t): text = t
        case .failure(let d): return (contents, [d])
        }
        let dialect = CSVDialect.sniff(text.bytes)
        let locator = CSVLocator(text: text, file: file, delimiter: dialect.delimiter)
        let parser = CSVParser(delimiter: dialect.delimiter)
        var columns: [String: Int] = [:]
        var sawHeader = false
        var zone = Zone.utc
        // At most 20 bad rows listed; the rest counted in one line.
        let limiter = DiagnosticLimiter(limit: 20, file: file)
        var leftOut = LeftOutItems(options.invalidItems)
        /// A bad row; under `--skip-invalid` a row that is one item (not the header) is left
        /// out with a warning.
        func bad(_ message: CSVMessage, _ row: CSVRow, _ column: Int?, item: Bool = true) {
            var d = Diagnostic(message,
                               at: locator.location(rowOffset: row.offset, line: row.line, field: column))
            if item, leftOut.policy == .leaveOut {
                d.severity = .warning
                leftOut.leaveOut()
            }
            if limiter.add(d) { diagnostics.append(d) }
        }
        var released = 0
        let outcome = parser.parse(text.bytes, from: dialect.byteOrderMark ? 3 : 0,
                                   passed: { released = text.release(from: released, upTo: $0) }) { row in
            if row.isBlank { return true }
            if !sawHeader {
                sawHeader = true
                for k in 0..<row.count { columns[row.string(k).lowercased()] = k }
                if columns["card"] == nil || columns["at"] == nil || columns["type"] == nil {
                    if columns["record"] == nil {
                        bad(.eventsHeader, row, 0, item: false)
                        return false
                    }
                }
                return true
            }
            func value(_ name: String) -> String? {
                guard let k = columns[name], k < row.count else { return nil }
                let f = row.field(k)
                return f.isEmpty ? nil : row.string(k)
            }
            switch value("record") ?? "event" {
            case "board":
                guard let key = value("key") else { bad(.eventsBoardRowNoKey, row, columns["key"]); return true }
                let v = value("value") ?? ""
                switch key {
                case "id": contents.catalogue.id = v
                case "name": contents.catalogue.name = v
                case "timezone":
                    contents.catalogue.timeZone = v
                    zone = Zone.named(options.timeZone ?? v) ?? .utc
                default:
                    if key.hasPrefix("metadata.") { contents.catalogue.metadata[String(key.dropFirst(9))] = v }
                    else if key.hasPrefix("extra.") { contents.catalogue.extras[String(key.dropFirst(6))] = v }
                    else { bad(.eventsUnknownBoardKey(key), row, columns["key"]) }
                }
            case "state":
                guard let id = value("id") else { bad(.eventsStateRowNoID, row, columns["id"]); return true }
                let name = value("name") ?? id
                var category = StateCategoryWords.guess(name)
                if let c = value("category") {
                    guard let parsed = StateCategory(rawValue: c) else {
                        bad(.eventsBadCategory(c), row, columns["category"]); return true
                    }
                    category = parsed
                }
                var wip: Int?
                if let w = value("wip") {
                    guard let n = Int(w), n >= 0 else { bad(.eventsBadWIPLimit(w), row, columns["wip"]); return true }
                    wip = n
                }
                contents.catalogue.states.append(BoardState(id: id, name: name, category: category, wipLimit: wip))
                contents.stateLines.append(Int32(truncatingIfNeeded: row.line))
            case "event":
                guard let card = value("card") else { bad(.eventsRowNoCard, row, columns["card"]); return true }
                guard let atText = value("at"), let atColumn = columns["at"] else { bad(.eventsRowNoTime, row, columns["at"]); return true }
                let at: Instant
                switch ISO8601.parse(row.field(atColumn)) {
                case .instant(let i)?: at = i
                case .local(let t)?: at = zone.instant(t)
                case .date(let d)?: at = zone.startOfDay(d)
                case nil: bad(.eventsBadTime(atText), row, atColumn); return true
                }
                guard let typeText = value("type"), let type = EventType(rawValue: typeText) else {
                    bad(.eventsBadType(value("type") ?? ""), row, columns["type"])
                    return true
                }
                var changes: [FieldChange] = []
                if let text = value("changes") {
                    switch FieldChangesText.decode(text) {
                    case .success(let decoded): changes = decoded
                    case .failure(let failure):
                        bad(.eventsBadChanges(failure), row, columns["changes"])
                        return true
                    }
                }
                contents.events.append(Event(card: card, at: at, type: type, from: value("from"),
                                             to: value("to"), actor: value("actor"), changes: changes))
                contents.eventLines.append(Int32(truncatingIfNeeded: row.line))
            case let other:
                guard let part = ConversationPart.allCases.first(where: { $0.elementName == other }) else {
                    bad(.eventsBadRecord(other), row, columns["record"])
                    return true
                }
                guard let card = value("card") else { bad(.conversationRowNoCard, row, columns["card"]); return true }
                guard let text = value("value"), let element = JSONDocument.parse(Array(text.utf8)), element.object != nil else {
                    bad(.conversationRowValue(kind: other, problem: nil), row, columns["value"])
                    return true
                }
                contents.conversation.append(ConversationRow(card: card, part: part, element: element,
                                                             line: Int32(truncatingIfNeeded: row.line)))
            }
            return true
        }
        switch outcome {
        case .success: break
        case .failure(.strayQuote(let offset)):
            diagnostics.append(Diagnostic(CSVMessage.eventsStrayQuote, at: locator.location(ofByte: offset)))
        case .failure(.unterminatedQuote(let offset, let line)):
            diagnostics.append(Diagnostic(CSVMessage.eventsUnterminatedQuote, at: locator.location(rowOffset: offset, line: line, field: nil)))
        case .failure(.outOfMemory):
            diagnostics.append(Diagnostic(CSVMessage.eventsOutOfMemory, at: SourceLocation(file: file)))
        }
        diagnostics += limiter.closingLines()
        if let d = leftOut.summary(item: "row", items: "rows", at: SourceLocation(file: file)) { diagnostics.append(d) }
        return (contents, diagnostics)
    }
}

extension CSVOutput {
    @inline(__always) mutating func cellSeparator(_ d: UInt8) { appendByte(d) }
}
