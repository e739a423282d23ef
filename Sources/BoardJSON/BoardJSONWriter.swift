import BoardModel
import BoardIO

/// Writes boardkit's canonical JSON (`"format": "boardkit/2"`, or `boardkit/1` for a board
/// without a conversation on any card, which is then exactly what `boardkit/1` was, so a
/// reader of the older schema still reads it).
///
/// The layout is fixed so two exports of the same board diff cleanly and a million cards
/// stay compact: the top level indented by two spaces, the `board` object on one line, then
/// one line per state, card and event (indented four spaces). Keys come in the model's order
/// (unknown keys kept from a source last, sorted); `fields`, `metadata` sorted by key; absent
/// optionals, an empty body, empty label/assignee lists, an event's empty `changes` and
/// `archived: false` are left out.
/// Each line is exactly what Python's `json.dumps(obj, ensure_ascii=False)` prints for it.
public struct BoardJSONWriter: BoardWriter {
    /// The value of the `format` key of this version's schema.
    public static let formatName = "boardkit/2"
    /// The schema before the conversation (comments, checklists, attachments, links) and reminders.
    public static let firstFormatName = "boardkit/1"
    /// The `format` values this version reads, oldest first.
    public static let readableFormats = [firstFormatName, formatName]

    /// The format `board` is written as: the first schema when it holds everything the
    /// board has.
    public static func formatName(for board: Board) -> String {
        formatName(needingCurrent: board.cards.contains(where: needsCurrentFormat))
    }

    /// The format of a board some card of which needs the current one (`needsCurrentFormat`),
    /// or none of which does.
    public static func formatName(needingCurrent: Bool) -> String {
        needingCurrent ? formatName : firstFormatName
    }

    /// Whether the card holds what only the current schema has (a conversation, reminders,
    /// a met due): a board with one such card is written as `formatName`.
    public static func needsCurrentFormat(_ card: Card) -> Bool {
        card.hasConversation || !card.reminders.isEmpty || card.dueComplete
    }

    public init() {}

    public func write(_ board: Board, to path: String, options: WriterOptions) -> WriteResult {
        WriteResult(written: board.countedWhole, diagnostics: OutputFile.write(to: path) { fd in
            var layout = CanonicalLayout(output: JSONWriter(fd: fd))
            layout.document(board)
            layout.output.flush()
            return (layout.diagnostics(file: path), layout.output.failure)
        })
    }

    /// The canonical bytes of `board`, in memory (for the server and tests).
    public func encode(_ board: Board) -> [UInt8] {
        var layout = CanonicalLayout(output: JSONWriter())
        layout.document(board)
        return layout.finish()
    }

    /// The canonical bytes of a board whose cards are given as their lines (what
    /// `encode(card:)` made of each, perhaps for an earlier document), and `format` as
    /// `formatName(needingCurrent:)` says it of those cards; `board`'s own cards are not written. A server
    /// that answers the same board again and again, a few cards changed each time, encodes
    /// only those.
    public func encode(_ board: Board, cardLines: [[UInt8]], format: String) -> [UInt8] {
        let size = cardLines.reduce(4096) { $0 + $1.count + 6 }
        var layout = CanonicalLayout(output: JSONWriter(capacity: size))
        layout.document(board, cards: .lines(cardLines, format: format))
        return layout.finish()
    }

    /// One card as a line of the canonical document has it (`{"id": …}`), for an API that
    /// answers with a single card.
    public func encode(card: Card) -> [UInt8] {
        var layout = CanonicalLayout(output: JSONWriter())
        layout.card(card)
        return layout.finish()
    }
}

/// The canonical layout, line by line.
struct CanonicalLayout: ~Copyable {
    var output: JSONWriter
    /// Positions that are not numbers JSON can hold (NaN, infinity): left out, counted.
    private var unwritablePositions = 0
    /// Unknown keys whose names clash with a key of the model: left out, counted.
    private var clashingExtras = 0

    init(output: consuming JSONWriter) { self.output = output }

    /// The bytes of an in-memory layout.
    consuming func finish() -> [UInt8] { output.finish() }

    func diagnostics(file: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if unwritablePositions > 0 {
            out.append(Diagnostic(JSONMessage.positionsNotWritten(unwritablePositions), at: SourceLocation(file: file)))
        }
        if clashingExtras > 0 {
            out.append(Diagnostic(JSONMessage.clashingExtrasNotWritten(clashingExtras), at: SourceLocation(file: file)))
        }
        return out
    }

    /// Where a document's cards come from: the board's, or lines already made.
    enum Cards {
        case board
        case lines([[UInt8]], format: String)
    }

    mutating func document(_ board: Board, cards: Cards = .board) {
        var documentExtras: [(String, String)] = []
        var boardExtras: [String: String] = [:]
        for (name, value) in board.extras {
            switch BoardExtrasKey(storedName: name) {
            case .document(let key): documentExtras.append((key, value))
            case .board(let key): boardExtras[key] = value
            }
        }
        output.beginObject()
        output.key("format")
        switch cards {
        case .board: output.string(BoardJSONWriter.formatName(for: board))
        case .lines(_, let format): output.string(format)
        }
        output.key("board")
        boardObject(board, extras: boardExtras)

        output.key("states")
        output.beginArray()
        for s in board.states { state(s) }
        output.endArray()

        output.key("cards")
        switch cards {
        case .board:
            elementLines(board.cards) { layout, card in layout.card(card) }
        case .lines(let lines, _):
            // Copied in order: a copy is no work to share out.
            output.beginArray()
            for line in lines { line.withUnsafeBufferPointer { output.json($0) } }
            output.endArray()
        }

        output.key("events")
        elementLines(board.events) { layout, event in layout.event(event) }

        for (key, value) in documentExtras.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) })
        where DocumentKey(rawValue: key) == nil {
            output.key(named: key)
            rawJSON(value)
        }
        clashingExtras += documentExtras.filter { DocumentKey(rawValue: $0.0) != nil }.count
        output.endObject()
        output.endDocument()
    }

    /// An array of one line per element: made on every core a chunk at a time, each chunk by
    /// a layout of its own, and read in place (iterating the array copies every element).
    private mutating func elementLines<Element>(_ elements: [Element],
                                                _ write: (inout CanonicalLayout, Element) -> Void) {
        output.beginArray()
        let frame = output.fragment()
        elements.withUnsafeBufferPointer { items in
            inOrderChunks(count: items.count, make: { range in
                var part = CanonicalLayout(output: frame.fragment())
                for k in range { write(&part, items[k]) }
                return part.lines()
            }, take: { absorb($0) })
        }
        output.endArray()
    }

    /// Lines made by a layout of their own (a chunk of `inOrderChunks`), with its counts.
    struct Lines {
        var output: JSONWriter
        var unwritablePositions: Int
        var clashingExtras: Int
    }

    consuming func lines() -> Lines {
        Lines(output: output, unwritablePositions: unwritablePositions, clashingExtras: clashingExtras)
    }

    private mutating func absorb(_ lines: Lines) {
        unwritablePositions += lines.unwritablePositions
        clashingExtras += lines.clashingExtras
        output.append(fragment: lines.output)
    }

    private mutating func boardObject(_ b: Board, extras: [String: String]) {
        output.beginObject(.line)
        output.key("id")
        output.string(b.id)
        output.key("name")
        output.string(b.name)
        output.key("timezone")
        output.string(b.timeZone)
        if !b.metadata.isEmpty {
            output.key("metadata")
            stringMap(b.metadata)
        }
        self.extras(extras, BoardKey.self)
        output.endObject()
    }

    private mutating func state(_ s: BoardState) {
        output.beginObject(.line)
        output.key("id")
        output.string(s.id)
        output.key("name")
        output.string(s.name)
        output.key("category")
        output.string(s.category.rawValue)
        if let w = s.wipLimit {
            output.key("wipLimit")
            output.integer(w)
        }
        extras(s.extras, StateKey.self)
        output.endObject()
    }

    mutating func card(_ c: Card) {
        output.beginObject(.line)
        output.key("id")
        output.string(c.id)
        output.key("title")
        output.string(c.title)
        if !c.body.isEmpty {
            output.key("body")
            output.string(c.body)
        }
        output.key("state")
        output.string(c.state)
        if let d = c.due { output.key("due"); output.due(d) }
        if c.dueComplete { output.key("dueComplete"); output.bool(true) }
        if let d = c.start { output.key("start"); output.due(d) }
        if let i = c.created { output.key("created"); output.instant(i) }
        if let i = c.updated { output.key("updated"); output.instant(i) }
        if let i = c.completed { output.key("completed"); output.instant(i) }
        if !c.labels.isEmpty { output.key("labels"); output.strings(c.labels) }
        if !c.assignees.isEmpty { output.key("assignees"); output.strings(c.assignees) }
        if !c.reminders.isEmpty { output.key("reminders"); output.strings(c.reminders.map(\.description)) }
        if let p = c.position {
            if p.isFinite {
                output.key("position")
                output.number(p)
            } else {
                unwritablePositions += 1
            }
        }
        if c.archived { output.key("archived"); output.bool(true) }
        if let u = c.url { output.key("url"); output.string(u) }
        if !c.fields.isEmpty { output.key("fields"); stringMap(c.fields) }
        for part in ConversationPart.allCases where !part.isEmpty(on: c) {
            output.key(named: part.rawValue)
            ConversationJSON.write(part, of: c, to: &output)
        }
        extras(c.extras, CardKey.self)
        output.endObject()
    }

    private mutating func event(_ e: Event) {
        output.beginObject(.line)
        output.key("card")
        output.string(e.card)
        output.key("at")
        output.instant(e.at)
        output.key("type")
        output.string(e.type.rawValue)
        if let s = e.from { output.key("from"); output.string(s) }
        if let s = e.to { output.key("to"); output.string(s) }
        if let s = e.actor { output.key("actor"); output.string(s) }
        if !e.changes.isEmpty { output.key("changes"); changes(e.changes) }
        extras(e.extras, EventKey.self)
        output.endObject()
    }

    /// `[{"field": "due", "old": "2026-12-01", "new": "2026-12-03"}, …]`: a side without a
    /// value is left out, like every absent optional.
    private mutating func changes(_ list: [FieldChange]) {
        output.beginArray(.line)
        for c in list {
            output.beginObject(.line)
            output.key("field")
            output.string(c.field)
            if let v = c.old { output.key("old"); fieldValue(v) }
            if let v = c.new { output.key("new"); fieldValue(v) }
            output.endObject()
        }
        output.endArray()
    }

    private mutating func fieldValue(_ v: FieldValue) {
        switch v {
        case .text(let s): output.string(s)
        case .list(let items): output.strings(items)
        }
    }

    /// `{"a": "1", "b": "2"}`, keys in code-point order (as Python's `sort_keys`).
    private mutating func stringMap(_ map: [String: String]) {
        output.beginObject(.line)
        if map.count == 1, let (k, v) = map.first {
            output.key(named: k)
            output.string(v)
        } else {
            for (k, v) in map.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                output.key(named: k)
                output.string(v)
            }
        }
        output.endObject()
    }

    /// Unknown keys kept from a source, after the model's keys, sorted.
    private mutating func extras<K: CanonicalKey>(_ extras: [String: String], _: K.Type) {
        guard !extras.isEmpty else { return }
        for (k, v) in extras.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            guard K(rawValue: k) == nil else { clashingExtras += 1; continue }
            output.key(named: k)
            rawJSON(v)
        }
    }

    /// JSON text kept from a source (an unknown key's value), re-spaced the canonical way so
    /// the line layout holds whoever produced it. Text that is not JSON is written as a
    /// string, so the file stays valid and the text is not lost.
    private mutating func rawJSON(_ text: String) {
        var text = text
        var normalised: [UInt8] = []
        let ok = text.withUTF8 { u -> Bool in
            var s = JSONScanner(u)
            do {
                try s.skipValue(copy: true, into: &normalised)
                s.skipWhitespace()
                return s.isAtEnd
            } catch {
                return false
            }
        }
        if ok {
            normalised.withUnsafeBufferPointer { output.json($0) }
        } else {
            output.string(text)
        }
    }
}
