import BoardModel
import BoardIO

/// Builds a `Board` from the bytes of a `boardkit/1` file in one pass, straight into the
/// model (no intermediate JSON tree): the schema drives the parse, `JSONScanner` does the
/// bytes.
///
/// Syntax errors stop the read (there is nothing sensible after them). Wrong types, bad
/// dates and missing keys are reported and the read goes on, so one run lists them all (up
/// to 100 errors). Unknown keys are kept verbatim in `extras` and reported once per name.
///
/// This file holds the decoder's state and the document in its order; the schema
/// (`BoardDecoder+Schema`), values and dates (`+Values`) and what the second core runs
/// (`+ReadAhead`) are beside it, sharing the state below (internal for that reason only).
struct BoardDecoder {
    var s: JSONScanner
    let text: MappedText
    let file: String
    let options: ReaderOptions

    var board = Board(states: [])
    private var sawStates = false
    private var format: (value: String?, offset: Int)?
    var offsets = JSONSourceMap.Offsets()
    /// What reading found besides the board.
    var found = DecodeFindings()
    /// Scratch buffer for the text of unknown keys' values.
    var raw: [UInt8] = []
    /// Ids, states, labels and other short values, made into Strings once.
    let shortStrings = InterningCache<String>(slotBits: 12, maxKeyLength: 15)
    /// Custom-field objects seen before, by their text.
    let mapMemo = InterningCache<[String: String]>(slotBits: 8, maxKeyLength: 256)
    /// Label and assignee lists seen before, by their text.
    let listMemo = InterningCache<[String]>(slotBits: 8, maxKeyLength: 256)
    /// The input read so far, handed back to the kernel as the read goes on (`ReadPages`):
    /// a decoder reading the events ahead starts its own at them, never handing back the
    /// cards another core is still reading.
    var pages: ReadPages
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
    mutating func record(_ p: JSONProblem) throws(JSONProblem) {
        found.append(p)
        guard p.code.severity == .error else { return }
        if found.errors >= Self.maxErrors {
            throw JSONProblem(message: .tooManyErrors(Self.maxErrors), offset: s.pos)
        }
    }

    mutating func record(_ message: JSONMessage, at offset: Int, path: String?) throws(JSONProblem) {
        try record(JSONProblem(message: message, offset: offset, path: path))
    }

    /// Reports that the value at the cursor is not what `path` holds, and skips it.
    mutating func wrongType(_ expected: JSONMessage.Wanted, _ path: String) throws(JSONProblem) {
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
    mutating func decodeCardElements() throws(JSONProblem) {
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
    mutating func decodeEvents() throws(JSONProblem) {
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

    /// Reserves room for as many elements as the rest of the file could hold at
    /// `bytesPerElement` (less than any real line), so the arrays never grow by copying —
    /// which would hold the old and new storage at once. The room that stays unused is
    /// never touched, so it costs address space, not memory.
    func reserve<T>(_ array: inout [T], bytesPerElement: Int) {
        // Capped so that a multi-gigabyte file does not ask for more address space than
        // the system will promise; past the cap the array grows as usual.
        array.reserveCapacity(min((s.bytes.count - s.pos) / bytesPerElement + 16, 1 << 23))
    }

    /// Tells `pages` how far the read has got.
    @inline(__always) mutating func releaseParsed() { pages.passed(s.pos) }

    private mutating func checkFormat() {
        guard let format else {
            found.append(JSONProblem(message: .missingFormat, offset: 0, path: "format"))
            return
        }
        guard let value = format.value else { return } // wrong type, already reported
        if BoardJSONWriter.readableFormats.contains(value) { return }
        let message: JSONMessage = value.hasPrefix("boardkit/") ? .newerFormat(value) : .notBoardkitFormat(value)
        found.append(JSONProblem(message: message, offset: format.offset, path: "format"))
    }

    /// True when the cursor is on `[` (consumed); otherwise reports and skips the value.
    mutating func beginArray(_ path: @autoclosure () -> String) throws(JSONProblem) -> Bool {
        if s.peek == UInt8(ascii: "[") { s.pos += 1; return true }
        if try skipNull() { return false }
        try wrongType(.array, path())
        return false
    }

    /// True when the cursor is on `{` (consumed); otherwise reports and skips the value.
    mutating func beginObject(_ path: @autoclosure () -> String) throws(JSONProblem) -> Bool {
        if s.peek == UInt8(ascii: "{") { s.pos += 1; return true }
        try wrongType(.object, path())
        return false
    }
}
