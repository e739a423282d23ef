import BoardModel
import BoardIO

/// Builds a `Board` from the bytes of a `boardkit/1` file in one pass, straight into the
/// model (no intermediate JSON tree): the schema drives the parse, `JSONScanner` does the
/// bytes.
///
/// Syntax errors stop the read (there is nothing sensible after them). Wrong types, bad
/// dates and missing keys are reported and the read goes on, so one run lists them all (up
/// to 100 errors). Unknown keys are kept verbatim in `extras` and reported once per name.
struct BoardDecoder {
    private var s: JSONScanner
    private let text: MappedText
    private let file: String
    private let options: ReaderOptions

    private var board = Board(states: [])
    private var sawStates = false
    private var format: (value: String?, offset: Int)?
    private var offsets = JSONSourceMap.Offsets()
    /// What reading found besides the board.
    private var found = DecodeFindings()
    /// Scratch buffer for the text of unknown keys' values.
    private var raw: [UInt8] = []
    /// Ids, states, labels and other short values, made into Strings once.
    private let shortStrings = InterningCache<String>(slotBits: 12, maxKeyLength: 15)
    /// Custom-field objects seen before, by their text.
    private let mapMemo = InterningCache<[String: String]>(slotBits: 8, maxKeyLength: 256)
    /// Label and assignee lists seen before, by their text.
    private let listMemo = InterningCache<[String]>(slotBits: 8, maxKeyLength: 256)
    /// The input read so far, handed back to the kernel as the read goes on (`ReadPages`):
    /// a decoder reading the events ahead starts its own at them, never handing back the
    /// cards another core is still reading.
    private var pages: ReadPages
    /// Half of a large canonical file, being decoded on another core.
    private var readAhead: ReadAhead?
    /// Where the other core's cards start (-1: nowhere), compared once per card.
    private var cardsSplit = -1
    /// Where the other core's events start inside the array (-1: nowhere), compared once per event.
    private var eventsSplit = -1
    /// Files from this size up are read on two cores (small in tests).
    private let aheadFrom: Int
    /// Which parts came from the second core (for tests): the last cards, the whole events
    /// array.
    private(set) var tookAhead: (cards: Bool, events: Bool) = (false, false)
    /// True when the events from `eventsSplit` on came from the second core (for tests).
    private(set) var tookEventsTail = false
    static let maxErrors = 100

    init(text: MappedText, file: String, options: ReaderOptions, releaseStep: Int = 32 << 20,
         aheadFrom: Int = ReadAhead.minimumBytes) {
        self.pages = ReadPages(text, step: releaseStep)
        self.aheadFrom = aheadFrom
        self.s = JSONScanner(text.bytes)
        self.text = text
        self.file = file
        self.options = options
    }

    /// Reads the whole document.
    mutating func decode() -> ReadResult {
        if text.bytes.count >= aheadFrom {
            readAhead = ReadAhead.begin(text, file: file, options: options)
            cardsSplit = readAhead?.cardsSplit ?? -1
            eventsSplit = readAhead?.eventsSplit ?? -1
        }
        do {
            try decodeDocument()
        } catch {
            found.append(error)
        }
        readAhead?.finish()
        readAhead = nil
        // The board is what stays in memory.
        pages.finish()
        if found.errors == 0 {
            checkFormat()
            resolveLocalTimes()
        }
        if !sawStates { board.states = BoardState.defaults }
        // In file order, whatever pass found them.
        let problems = (found.problems + found.repeated.diagnostics(zone: localZoneName, known: Zone.named(localZoneName) != nil)).enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
        let diagnostics = problems.map { diagnostic($0.element) }
        let map = JSONSourceMap(file: file, text: text, offsets: offsets)
        return ReadResult(board: found.errors == 0 ? board : nil, diagnostics: diagnostics, sourceMap: map)
    }

    private func diagnostic(_ p: JSONProblem) -> Diagnostic {
        let (line, column) = text.lineColumn(of: p.offset)
        return Diagnostic(p.message, at: SourceLocation(file: file, line: line, column: column, path: p.path))
    }

    // MARK: Recording problems

    /// Records a problem; past `maxErrors` errors the read stops.
    private mutating func record(_ p: JSONProblem) throws(JSONProblem) {
        found.append(p)
        guard p.code.severity == .error else { return }
        if found.errors >= Self.maxErrors {
            throw JSONProblem(message: .tooManyErrors(Self.maxErrors), offset: s.pos)
        }
    }

    private mutating func record(_ message: JSONMessage, at offset: Int, path: String?) throws(JSONProblem) {
        try record(JSONProblem(message: message, offset: offset, path: path))
    }

    /// Reports that the value at the cursor is not what `path` holds, and skips it.
    private mutating func wrongType(_ expected: JSONMessage.Wanted, _ path: String) throws(JSONProblem) {
        let at = s.pos
        let found = JSONMessage.Kind(first: s.peek)
        try s.skipValue(copy: false, into: &raw)
        try record(.wrongType(path: path, expected: expected, found: found), at: at, path: path)
    }

    // MARK: Document

    private mutating func decodeDocument() throws(JSONProblem) {
        let b = s.bytes
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { s.pos = 3 } // UTF-8 BOM
        s.skipWhitespace()
        guard !s.isAtEnd else { throw s.problem(.emptyFile) }
        guard s.peek == UInt8(ascii: "{") else {
            // A document that opens with another JSON value is not a board: say what it holds
            // rather than call it broken JSON. Anything else is not JSON at all.
            guard Array("[\"-0123456789tfn".utf8).contains(s.peek) else {
                throw s.problem(.notAnObject(found: s.peek))
            }
            throw s.problem(.documentHolds(JSONMessage.Kind(first: s.peek)))
        }
        let object = s.pos
        s.pos += 1
        var first = true
        var seen: UInt64 = 0
        var unknownKeys: [String] = []
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, DocumentKey.self) else {
                let (name, value) = try unknown(key, section: "the document", path: nil)
                board.extras[BoardExtrasKey.document(name).storedName] = value
                unknownKeys.append(name)
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "the document", at: key.start - 1, path: k.rawValue) }
            seen |= bit
            switch k {
            case .format:
                let at = s.pos
                format = (try readString("format", nullable: false), at)
            case .board:
                try decodeBoardObject()
            case .states:
                sawStates = true
                board.states = []
                offsets.states = []
                guard try beginArray("states") else { break }
                var more = true, index = 0
                while try s.nextElement(first: &more) { try decodeState(index); index += 1 }
            case .cards:
                board.cards = []
                offsets.cards = []
                guard try beginArray("cards") else { break }
                try decodeCardElements()
            case .events:
                if !tookAhead.events, let part = readAhead?.takeEvents(at: s.pos) {
                    board.events = part.elements
                    offsets.events = part.offsets
                    s.pos = part.end
                    tookAhead.events = true
                    break
                }
                try decodeEvents()
            }
        }
        s.skipWhitespace()
        guard s.isAtEnd else {
            throw s.problem(.afterTheBoard(found: s.peek))
        }
        guard seen != 0 else { throw notABoard(keys: unknownKeys, at: object) }
    }

    /// An object with none of a board's keys is another tool's file: reading it as an empty
    /// board would convert it to nothing with exit 0. Its unknown keys are then not worth a
    /// warning each; the one error names them, or the tool they point to.
    private mutating func notABoard(keys: [String], at offset: Int) -> JSONProblem {
        found.repeated = RepeatedWarnings()
        return JSONProblem(message: .noBoardKeys(keys: keys), offset: offset, path: nil)
    }

    /// The cards of the array whose `[` was consumed, to its `]`; from the split on, the
    /// second core's cards when they can stand in (see `ReadAhead`).
    private mutating func decodeCardElements() throws(JSONProblem) {
        reserve(&board.cards, bytesPerElement: 128)
        reserve(&offsets.cards, bytesPerElement: 128)
        var more = true, index = 0
        while try s.nextElement(first: &more) {
            if s.pos == cardsSplit, let tail = readAhead?.takeCards(at: s.pos) {
                board.cards.append(contentsOf: tail.elements)
                offsets.cards.append(contentsOf: tail.offsets)
                s.pos = tail.end
                tookAhead.cards = true
                return
            }
            try decodeCard(index); index += 1; releaseParsed()
        }
    }

    /// The `events` array at the cursor, element by element; from the split on, the second
    /// core's events when they can stand in (see `ReadAhead`).
    private mutating func decodeEvents() throws(JSONProblem) {
        board.events = []
        offsets.events = []
        guard try beginArray("events") else { return }
        reserve(&board.events, bytesPerElement: 64)
        reserve(&offsets.events, bytesPerElement: 64)
        var more = true, index = 0
        while try s.nextElement(first: &more) {
            if s.pos == eventsSplit, var tail = readAhead?.takeEventsTail(at: s.pos) {
                tail.elements.drain(into: &board.events)
                offsets.events.append(contentsOf: tail.offsets)
                s.pos = tail.end
                tookEventsTail = true
                return
            }
            if let event = try decodeEvent(index, model: board.events.count) { board.events.append(event) }
            index += 1
            releaseParsed()
        }
    }

    /// Decodes only the events array whose `[` is at `start` (on another core, see
    /// `ReadAhead`). Nil unless it read cleanly: after any problem at all, or a time that
    /// needs the board's zone, the array is decoded again in order.
    mutating func decodeEventsAhead(at start: Int) -> ReadAhead.Part<[Event]>? {
        startAhead(at: start)
        do { try decodeEvents() } catch { return nil }
        guard found.isClean else { return nil }
        return ReadAhead.Part(elements: board.events, offsets: offsets.events, end: s.pos)
    }

    /// Decodes the events from the one whose `{` is at `start` to the end of the array (on
    /// another core, see `ReadAhead`); nil unless they read cleanly. They are kept in chunks,
    /// so the reader moving them into the board's array frees them as it goes.
    mutating func decodeEventsAhead(from start: Int) -> ReadAhead.Part<ChunkedList<Event>>? {
        startAhead(at: start)
        var events = ChunkedList<Event>()
        reserve(&offsets.events, bytesPerElement: 64)
        do throws(JSONProblem) {
            var more = true, index = 0
            while try s.nextElement(first: &more) {
                if let event = try decodeEvent(index, model: events.count) { events.append(event) }
                index += 1
                releaseParsed()
            }
        } catch {
            return nil
        }
        guard found.isClean else { return nil }
        return ReadAhead.Part(elements: events, offsets: offsets.events, end: s.pos)
    }

    /// Decodes the cards from the one whose `{` is at `start` to the end of the array (on
    /// another core, see `ReadAhead`); nil unless they read cleanly.
    mutating func decodeCardsAhead(from start: Int) -> ReadAhead.Part<[Card]>? {
        startAhead(at: start)
        do { try decodeCardElements() } catch { return nil }
        guard found.isClean else { return nil }
        return ReadAhead.Part(elements: board.cards, offsets: offsets.cards, end: s.pos)
    }

    private mutating func startAhead(at start: Int) {
        s.pos = start
        pages = ReadPages(text, from: start, step: pages.step)
    }

    /// Reserves room for as many elements as the rest of the file could hold at
    /// `bytesPerElement` (less than any real line), so the arrays never grow by copying —
    /// which would hold the old and new storage at once. The room that stays unused is
    /// never touched, so it costs address space, not memory.
    private func reserve<T>(_ array: inout [T], bytesPerElement: Int) {
        // Capped so that a multi-gigabyte file does not ask for more address space than
        // the system will promise; past the cap the array grows as usual.
        array.reserveCapacity(min((s.bytes.count - s.pos) / bytesPerElement + 16, 1 << 23))
    }

    /// Tells `pages` how far the read has got.
    @inline(__always) private mutating func releaseParsed() { pages.passed(s.pos) }

    private mutating func checkFormat() {
        guard let format else {
            found.append(JSONProblem(message: .missingFormat, offset: 0, path: "format"))
            return
        }
        guard let value = format.value else { return } // wrong type, already reported
        if value == BoardJSONWriter.formatName { return }
        let message: JSONMessage = value.hasPrefix("boardkit/") ? .newerFormat(value) : .notBoardkitFormat(value)
        found.append(JSONProblem(message: message, offset: format.offset, path: "format"))
    }

    /// True when the cursor is on `[` (consumed); otherwise reports and skips the value.
    private mutating func beginArray(_ path: @autoclosure () -> String) throws(JSONProblem) -> Bool {
        if s.peek == UInt8(ascii: "[") { s.pos += 1; return true }
        if try skipNull() { return false }
        try wrongType(.array, path())
        return false
    }

    /// True when the cursor is on `{` (consumed); otherwise reports and skips the value.
    private mutating func beginObject(_ path: @autoclosure () -> String) throws(JSONProblem) -> Bool {
        if s.peek == UInt8(ascii: "{") { s.pos += 1; return true }
        try wrongType(.object, path())
        return false
    }

    // MARK: Board

    private mutating func decodeBoardObject() throws(JSONProblem) {
        let start = s.pos
        guard try beginObject("board") else { return }
        offsets.board = start
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, BoardKey.self) else {
                let (name, value) = try unknown(key, section: "board", path: "board")
                board.extras[BoardExtrasKey.board(name).storedName] = value
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "board", at: key.start - 1, path: "board") }
            seen |= bit
            switch k {
            case .id: if let v = try readString("board.id") { board.id = v }
            case .name: if let v = try readString("board.name") { board.name = v }
            case .timezone: if let v = try readString("board.timezone") { board.timeZone = v }
            case .metadata: board.metadata = try readStringMap("board.metadata")
            }
        }
    }

    // MARK: States

    private mutating func decodeState(_ index: Int) throws(JSONProblem) {
        let start = s.pos
        guard try beginObject("states[\(index)]") else { return }
        offsets.states.append(start)
        var state = BoardState(id: "", name: "", category: .todo)
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, StateKey.self) else {
                let (name, value) = try unknown(key, section: "states", path: "states[\(index)]")
                state.extras[name] = value
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "states", at: key.start - 1, path: "states[\(index)]") }
            seen |= bit
            switch k {
            case .id: state.id = try readString("states[\(index)].id", nullable: false) ?? ""
            case .name: state.name = try readString("states[\(index)].name", nullable: false) ?? ""
            case .category:
                state.category = try readEnum("states[\(index)].category", ValueNames.categories) ?? .todo
            case .wipLimit:
                state.wipLimit = try readCount("states[\(index)].wipLimit")
            }
        }
        try requireKeys(Required.state, seen: seen, object: start, path: "states[\(index)]")
        board.states.append(state)
    }

    // MARK: Cards

    private mutating func decodeCard(_ index: Int) throws(JSONProblem) {
        let start = s.pos
        guard try beginObject("cards[\(index)]") else { return }
        offsets.cards.append(start)
        let model = board.cards.count
        var card = Card(id: "", title: "", state: "")
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, CardKey.self) else {
                let (name, value) = try unknown(key, section: "cards", path: "cards[\(index)]")
                card.extras[name] = value
                continue
            }
            if seen & bit != 0 {
                try duplicate(k.rawValue, section: "cards", at: key.start - 1, path: "cards[\(index)]")
            }
            seen |= bit
            switch k {
            case .id: card.id = try readString("cards[\(index)].id", nullable: false) ?? ""
            case .title: card.title = try readString("cards[\(index)].title", nullable: false) ?? ""
            case .body: card.body = try readString("cards[\(index)].body") ?? ""
            case .state: card.state = try readString("cards[\(index)].state", nullable: false) ?? ""
            case .due: card.due = try readDue("cards[\(index)].due", .due(model))
            case .start: card.start = try readDue("cards[\(index)].start", .start(model))
            case .created: card.created = try readInstant("cards[\(index)].created", .created(model))
            case .updated: card.updated = try readInstant("cards[\(index)].updated", .updated(model))
            case .completed: card.completed = try readInstant("cards[\(index)].completed", .completed(model))
            case .labels: card.labels = try readStringArray("cards[\(index)].labels")
            case .assignees: card.assignees = try readStringArray("cards[\(index)].assignees")
            case .position: card.position = try readDouble("cards[\(index)].position")
            case .archived: card.archived = try readBool("cards[\(index)].archived") ?? false
            case .url: card.url = try readString("cards[\(index)].url")
            case .fields: card.fields = try readStringMap("cards[\(index)].fields")
            }
        }
        try requireKeys(Required.card, seen: seen, object: start, path: "cards[\(index)]")
        board.cards.append(card)
    }

    // MARK: Events

    /// The event at the cursor (nil after reporting that it is not an object); `model` is
    /// its position among the events read.
    private mutating func decodeEvent(_ index: Int, model: Int) throws(JSONProblem) -> Event? {
        let start = s.pos
        guard try beginObject("events[\(index)]") else { return nil }
        offsets.events.append(start)
        // Fields go into locals and the event is made once at the end: filling a `var Event`
        // and appending it copied the event (all its strings retained and released) twice.
        var card = "", at = Instant(epochMilliseconds: 0), type = EventType.created
        var from: String?, to: String?, actor: String?
        var changes: [FieldChange] = []
        var extras: [String: String] = [:]
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, EventKey.self) else {
                let (name, value) = try unknown(key, section: "events", path: "events[\(index)]")
                extras[name] = value
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "events", at: key.start - 1, path: "events[\(index)]") }
            seen |= bit
            switch k {
            case .card: card = try readString("events[\(index)].card", nullable: false) ?? ""
            case .at:
                if let value = try readInstant("events[\(index)].at", .eventAt(model), nullable: false) { at = value }
            case .type: type = try readEnum("events[\(index)].type", ValueNames.eventTypes) ?? .created
            case .from: from = try readString("events[\(index)].from")
            case .to: to = try readString("events[\(index)].to")
            case .actor: actor = try readString("events[\(index)].actor")
            case .changes: changes = try readChanges("events[\(index)].changes")
            }
        }
        try requireKeys(Required.event, seen: seen, object: start, path: "events[\(index)]")
        return Event(card: card, at: at, type: type, from: from, to: to, actor: actor,
                     changes: changes, extras: extras)
    }

    /// An event's `changes`: an array of `{"field", "old", "new"}` objects (null: none).
    private mutating func readChanges(_ path: @autoclosure () -> String) throws(JSONProblem) -> [FieldChange] {
        guard try beginArray(path()) else { return [] }
        var out: [FieldChange] = []
        var more = true, index = 0
        while try s.nextElement(first: &more) {
            if let change = try readChange("\(path())[\(index)]") { out.append(change) }
            index += 1
        }
        return out
    }

    /// One change; nil after reporting it (not an object, no `field`).
    private mutating func readChange(_ path: String) throws(JSONProblem) -> FieldChange? {
        let start = s.pos
        guard try beginObject(path) else { return nil }
        var field: String?, old: FieldValue?, new: FieldValue?
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, ChangeKey.self) else {
                // A change has no extras to keep an unknown key in: refusing it is the only
                // way not to drop it silently.
                let name = s.string(key)
                try s.skipValue(copy: false, into: &raw)
                try record(.changeKey(path: path, key: name), at: key.start - 1, path: "\(path).\(name)")
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "changes", at: key.start - 1, path: path) }
            seen |= bit
            switch k {
            case .field: field = try readString("\(path).field", nullable: false)
            case .old: old = try readFieldValue("\(path).old")
            case .new: new = try readFieldValue("\(path).new")
            }
        }
        try requireKeys(Required.change, seen: seen, object: start, path: path)
        return field.map { FieldChange(field: $0, old: old, new: new) }
    }

    /// A string (`.text`), an array of strings (`.list`), or null (no value).
    private mutating func readFieldValue(_ path: @autoclosure () -> String) throws(JSONProblem) -> FieldValue? {
        switch s.peek {
        case UInt8(ascii: "\""): return .text(text(try s.scanString()))
        case UInt8(ascii: "["): return .list(try readStringArray(path()))
        default:
            if try skipNull() { return nil }
            try wrongType(.stringListOrNull, path())
            return nil
        }
    }

    // MARK: Keys

    private mutating func match<K: CanonicalKey>(_ key: StringToken, _: K.Type) -> (key: K, bit: UInt64)? {
        key.escaped ? s.withDecoded(key) { K.match($0) } : K.match(s.raw(key))
    }

    /// Reads the value of a key this version does not know, as canonical JSON text.
    private mutating func unknown(_ key: StringToken, section: String, path: String?) throws(JSONProblem) -> (String, String) {
        let name = s.string(key)
        raw.removeAll(keepingCapacity: true)
        try s.skipValue(copy: true, into: &raw)
        found.repeated.add(.unknownKey(section: section, key: name), offset: key.start - 1,
                    path: path.map { "\($0).\(name)" } ?? name)
        return (name, String(decoding: raw, as: UTF8.self))
    }

    private mutating func duplicate(_ key: String, section: String, at offset: Int, path: String) throws(JSONProblem) {
        found.repeated.add(.duplicateKey(section: section, key: key), offset: offset, path: "\(path).\(key)")
    }

    /// Reports each key of `required` the object lacked (`seen` has a bit per key found).
    private mutating func requireKeys<K: CanonicalKey>(_ required: RequiredKeys<K>, seen: UInt64, object: Int,
                                                        path: @autoclosure () -> String) throws(JSONProblem) {
        guard seen & required.mask != required.mask else { return }
        for (key, bit) in required.keys where seen & bit == 0 {
            try record(.missingKey(path: path(), key: key.rawValue), at: object, path: path())
        }
    }

    // MARK: Values

    /// The text of a scanned string; short ones come from `shortStrings`.
    @inline(__always)
    private mutating func text(_ t: StringToken) -> String {
        t.escaped ? s.string(t) : shortStrings.value(for: s.raw(t), in: s.bytes) { String(decoding: $0, as: UTF8.self) }
    }

    /// Consumes `null` at the cursor; false (nothing consumed) for any other value.
    private mutating func skipNull() throws(JSONProblem) -> Bool {
        guard s.peek == UInt8(ascii: "n") else { return false }
        _ = try s.scanLiteral()
        return true
    }

    /// A string; nil for null (when allowed) or after reporting a wrong type.
    private mutating func readString(_ path: @autoclosure () -> String, nullable: Bool = true) throws(JSONProblem) -> String? {
        if s.peek == UInt8(ascii: "\"") { return text(try s.scanString()) }
        if nullable, try skipNull() { return nil }
        try wrongType(.string, path())
        return nil
    }

    /// One of an enumeration's spellings, matched on the bytes (no string is built unless
    /// the value is wrong and needs quoting in the message).
    private mutating func readEnum<E: RawRepresentable & CaseIterable & Sendable>(
        _ path: @autoclosure () -> String, _ names: NameTable<E>) throws(JSONProblem) -> E? where E.RawValue == String {
        let at = s.pos
        guard s.peek == UInt8(ascii: "\"") else {
            try wrongType(.string, path())
            return nil
        }
        let t = try s.scanString()
        if let (value, _) = s.withDecoded(t, { names.match($0) }) { return value }
        let text = s.string(t)
        try record(.notOneOf(path: path(), value: text, allowed: E.allCases.map(\.rawValue)), at: at, path: path())
        return nil
    }

    private mutating func readBool(_ path: @autoclosure () -> String) throws(JSONProblem) -> Bool? {
        switch s.peek {
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return try s.scanLiteral() == UInt8(ascii: "t")
        case UInt8(ascii: "n"): _ = try s.scanLiteral(); return nil
        default: try wrongType(.bool, path()); return nil
        }
    }

    private mutating func readDouble(_ path: @autoclosure () -> String) throws(JSONProblem) -> Double? {
        let c = s.peek
        guard c == UInt8(ascii: "-") || c &- UInt8(ascii: "0") < 10 else {
            if try skipNull() { return nil }
            try wrongType(.number, path())
            return nil
        }
        let at = s.pos
        let range = try s.scanNumber()
        guard let value = JSONNumber.double(UnsafeBufferPointer(rebasing: s.bytes[range])) else {
            try record(.numberTooLarge(path: path()), at: at, path: path())
            return nil
        }
        return value
    }

    /// A whole number from 0 to 2³¹−1 (a WIP limit).
    private mutating func readCount(_ path: @autoclosure () -> String) throws(JSONProblem) -> Int? {
        let at = s.pos
        guard let v = try readDouble(path()) else { return nil }
        guard v >= 0, v <= Double(Int32.max), v.rounded() == v else {
            let text = String(decoding: s.bytes[at..<s.pos], as: UTF8.self)
            try record(.notACount(path: path(), text: text), at: at, path: path())
            return nil
        }
        return Int(v)
    }

    /// The value read before from exactly the JSON text of the array or object at the cursor
    /// (which then moves past it), or nil. A validating skip finds the text's end; on a miss
    /// the caller reads the value again.
    private mutating func remembered<Value>(_ memo: InterningCache<Value>, opening: UInt8) -> Value? {
        guard s.peek == opening else { return nil }
        let start = s.pos
        var probe = JSONScanner(s.bytes, at: start)
        raw.removeAll(keepingCapacity: true)
        guard (try? probe.skipValue(copy: false, into: &raw)) != nil,
              let value = memo.value(for: UnsafeBufferPointer(rebasing: s.bytes[start..<probe.pos])) else { return nil }
        s.pos = probe.pos
        return value
    }

    private mutating func readStringArray(_ path: @autoclosure () -> String) throws(JSONProblem) -> [String] {
        let start = s.pos
        // The same list as before (labels, assignees)?
        if let list = remembered(listMemo, opening: UInt8(ascii: "[")) { return list }
        guard try beginArray(path()) else { return [] }
        var out: [String] = []
        var more = true
        var clean = true
        while try s.nextElement(first: &more) {
            if s.peek == UInt8(ascii: "\"") {
                out.append(text(try s.scanString()))
            } else {
                clean = false
                try wrongType(.string, "\(path())[\(out.count)]")
            }
        }
        if clean { listMemo.keep(out, for: UnsafeBufferPointer(rebasing: s.bytes[start..<s.pos])) }
        return out
    }

    /// An object of strings (custom fields, metadata). Numbers and true/false are kept as
    /// their JSON text and null drops the entry, each counted in one warning.
    private mutating func readStringMap(_ path: @autoclosure () -> String) throws(JSONProblem) -> [String: String] {
        if try skipNull() { return [:] }
        let start = s.pos
        // The same object as before?
        if let map = remembered(mapMemo, opening: UInt8(ascii: "{")) { return map }
        guard try beginObject(path()) else { return [:] }
        var out: [String: String] = [:]
        var first = true
        var clean = true // plain strings only, no repeated key: safe to remember
        while let key = try s.nextKey(first: &first) {
            let name = text(key)
            let at = s.pos
            let value: String?
            switch s.peek {
            case UInt8(ascii: "\""):
                value = text(try s.scanString())
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                clean = false
                try wrongType(.string, "\(path()).\(name)")
                continue
            default:
                clean = false
                let isNull = s.peek == UInt8(ascii: "n")
                raw.removeAll(keepingCapacity: true)
                try s.skipValue(copy: true, into: &raw)
                value = isNull ? nil : String(decoding: raw, as: UTF8.self)
                found.repeated.add(.convertedValue(section: path().hasSuffix("metadata") ? "metadata" : "fields"),
                            offset: at, path: "\(path()).\(name)")
            }
            let previous = value.map { out.updateValue($0, forKey: name) } ?? out.removeValue(forKey: name)
            if previous != nil {
                clean = false
                found.repeated.add(.duplicateKey(section: path(), key: name), offset: key.start - 1, path: "\(path()).\(name)")
            }
        }
        if clean { mapMemo.keep(out, for: UnsafeBufferPointer(rebasing: s.bytes[start..<s.pos])) }
        return out
    }

    // MARK: Dates

    private mutating func dateToken(_ path: @autoclosure () -> String, nullable: Bool) throws(JSONProblem) -> (ISO8601.Value, Int)? {
        let at = s.pos
        guard s.peek == UInt8(ascii: "\"") else {
            if nullable, try skipNull() { return nil }
            try wrongType(.date, path())
            return nil
        }
        let t = try s.scanString()
        let parsed = s.withDecoded(t) { bytes in Result { () throws(ISO8601.Failure) in try ISO8601.parseOrFail(bytes) } }
        switch parsed {
        case .success(let value): return (value, at)
        case .failure(let failure):
            let text = s.string(t)
            let message: JSONMessage = failure == .impossible
                ? .impossibleDate(path: path(), text: text) : .malformedDate(path: path(), text: text)
            try record(message, at: at, path: path())
            return nil
        }
    }

    /// A due or start date: a calendar date stays a date, a timestamp is an instant.
    private mutating func readDue(_ path: @autoclosure () -> String, _ target: LocalTarget) throws(JSONProblem) -> DueDate? {
        guard let (value, at) = try dateToken(path(), nullable: true) else { return nil }
        switch value {
        case .date(let d): return .date(d)
        case .instant(let i): return .instant(i)
        case .local(let local):
            deferLocal(local, target, at: at, path: path())
            return .instant(local.instant(offsetSeconds: 0))
        }
    }

    /// A moment. A timestamp without an offset, or a bare date, is read in the board's zone
    /// once the zone is known (the `board` object may come after the cards).
    private mutating func readInstant(_ path: @autoclosure () -> String, _ target: LocalTarget,
                                      nullable: Bool = true) throws(JSONProblem) -> Instant? {
        guard let (value, at) = try dateToken(path(), nullable: nullable) else { return nil }
        switch value {
        case .instant(let i): return i
        case .date(let d):
            let local = LocalDateTime(date: d)
            deferLocal(local, target, at: at, path: path())
            return local.instant(offsetSeconds: 0)
        case .local(let local):
            deferLocal(local, target, at: at, path: path())
            return local.instant(offsetSeconds: 0)
        }
    }

    private mutating func deferLocal(_ local: LocalDateTime, _ target: LocalTarget, at: Int, path: String) {
        found.pendingLocal.append(PendingLocal(target: target, local: local))
        found.repeated.add(.localTime, offset: at, path: path)
    }

    private var localZoneName: String { options.timeZone ?? board.timeZone }

    /// Turns the wall-clock times read without an offset into instants in the board's zone
    /// (or `--timezone`).
    private mutating func resolveLocalTimes() {
        guard !found.pendingLocal.isEmpty else { return }
        let zone = Zone.named(localZoneName) ?? Zone.utc
        for p in found.pendingLocal {
            let i = zone.instant(p.local)
            switch p.target {
            case .due(let k): board.cards[k].due = .instant(i)
            case .start(let k): board.cards[k].start = .instant(i)
            case .created(let k): board.cards[k].created = i
            case .updated(let k): board.cards[k].updated = i
            case .completed(let k): board.cards[k].completed = i
            case .eventAt(let k): board.events[k].at = i
            }
        }
    }
}

/// A field that held a wall-clock time, to be placed in the board's zone after the read.
enum LocalTarget {
    case due(Int), start(Int), created(Int), updated(Int), completed(Int), eventAt(Int)
}

struct PendingLocal {
    var target: LocalTarget
    var local: LocalDateTime
}

/// The keys an object must have, with their bits for a one-instruction check.
struct RequiredKeys<K: CanonicalKey>: Sendable {
    let keys: [(key: K, bit: UInt64)]
    let mask: UInt64

    init(_ keys: [K]) {
        self.keys = keys.map { ($0, K.table.bit(of: $0)) }
        mask = self.keys.reduce(0) { $0 | $1.bit }
    }
}

/// What each object kind must have (the schema's `required`).
enum Required {
    static let state = RequiredKeys<StateKey>([.id, .name, .category])
    static let card = RequiredKeys<CardKey>([.id, .title, .state])
    static let event = RequiredKeys<EventKey>([.card, .at, .type])
    static let change = RequiredKeys<ChangeKey>([.field])
}
