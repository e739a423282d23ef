import Testing
import PropertyBased
import BoardModel
import BoardJSON
@testable import BoardIO

/// A random board, shown as its canonical JSON when a property fails (so a counterexample
/// can be pasted into a file and run through `boardkit convert`).
struct GeneratedBoard: Sendable, CustomTestStringConvertible {
    var board: Board

    var testDescription: String {
        "\n" + String(decoding: BoardJSONWriter().encode(board), as: UTF8.self)
    }
}

/// What the generator may put in a board. The properties of lossless formats leave out only
/// what the format's documentation says it does not keep.
struct BoardShape: Sendable {
    /// Unknown keys (`extras`) on cards, states and events (the board's own are kept by the
    /// sidecar and XLSX).
    var itemExtras = true
    /// Unknown board keys.
    var boardExtras = true
    /// Custom fields whose value is the empty string.
    var emptyFields = true
    /// Positions that need 17 significant digits to read back (`0.30000000000000004`).
    /// XLSX keeps 16 (libxlsxwriter writes numbers with `%.16G`): a known loss, see
    /// `ExampleTests.xlsxPositionNeedingSeventeenDigits`; left out of the XLSX identity property.
    var seventeenDigitPositions = true
    /// Largest board (cards) of the rare "many cards" boards.
    var manyCards = 300
    /// Comments, checklists, attachments and links on cards. Off unless asked: the formats
    /// that keep them ask (the lossless properties); what the others say they leave is
    /// checked in BoardKitTests' ConversationTravelTests.
    var conversation = false
    /// Reminders on cards (before the due, or a moment with its offset), and dues marked met.
    /// Off unless asked, as the conversation: the lossless properties ask.
    var reminders = false

    static let everything = BoardShape()
}

/// SplitMix64: the generator's own random numbers, seeded once from the property checker's
/// generator, so one seed gives one board.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &self) }
    mutating func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &self)] }
}

enum BoardGen {
    /// The generator the properties use: boards of `shape`, shrunk by `BoardShrinker`.
    static func boards(_ shape: BoardShape = .everything) -> Generator<GeneratedBoard, [GeneratedBoard]> {
        Generator(run: { rng in
            var r = SplitMix(state: rng.next())
            return GeneratedBoard(board: make(&r, shape))
        }, shrink: { BoardShrinker.candidates($0) })
    }

    // MARK: Texts

    /// Pieces texts are made of: the corners real boards reach.
    static let pieces: [String] = [
        "Fix login", "Update docs", "release 1.2", "a", "x", "42", "Ready?",
        "로그인 수정", "완료", "진행 중", "검토", "\u{1100}\u{1161}\u{11A8}", // a Hangul syllable as jamo
        "🎉", "👩‍💻", "🇰🇷", "👍🏽", "e\u{301}", "A\u{30A}", "Å", "ǅ", "ß", "ﬁ", "İ",
        "שלום", "مرحبا", "日本語", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{2028}", "\u{85}", "\u{A0}",
        ",", ", ", "\"", "\"quoted\"", "'", ";", ":", "\\", "\\n", "\\,", "|", "#", "%", "&amp;", "<b>", "</td>",
        "]]>", "<![CDATA[x]]>", "_x0041_", "_x005F_", "{", "}", "[1, 2]", "null", "true",
        "\t", "\n", "\r\n", "\r", "  ", " ",
        "=1+2", "=HYPERLINK(\"http://x\",\"y\")", "+82 10", "-3", "@mina", "@SUM(A1)", "=", "+", "-", "@",
        "2026-11-30", "2026-11-30T18:00:00+09:00", "20/Nov/26 12:00 AM", "3.5", "1e-7", "0x1F",
        "SUMMARY:x", "BEGIN:VEVENT", "END:VCALENDAR", "DESCRIPTION;X=1:y", "http://example.com/a?b=1,2",
        "- [x] done", "## Checklist", "2026-11-05T09:00:00Z note",
    ]

    /// Control characters a text may hold (JSON escapes them; iCalendar cannot hold most).
    static let controls: [String] = ["\u{1}", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\u{1B}", "\u{1F}", "\u{7F}"]

    static func text(_ r: inout SplitMix, maxPieces: Int = 4, allowEmpty: Bool = true) -> String {
        if allowEmpty && r.chance(0.08) { return "" }
        if r.chance(0.01) {
            // Very long: past XLSX's 32,767-byte cell and iCalendar's folding, mixed scripts.
            let unit = r.pick(["long text ", "긴 글 ", "🎉,\"\n", "x"])
            let n = r.int(2_000...40_000) / unit.utf8.count
            return String(repeating: unit, count: max(n, 1))
        }
        var s = ""
        for _ in 0..<r.int(1...maxPieces) {
            if r.chance(0.04) { s += r.pick(controls) } else { s += r.pick(pieces) }
            if r.chance(0.3) { s += " " }
        }
        return s
    }

    /// A short name (labels, assignees, actors, field names).
    static func name(_ r: inout SplitMix) -> String {
        if r.chance(0.6) {
            return r.pick(["bug", "ui", "ops", "mina", "joon", "김민아", "Story points", "Priority", "Sprint",
                           "team-web", "p1", "backend", "docs", "urgent", "🔥", "x"])
        }
        return r.pick(["a, b", "back\\slash", " pad ", "trailing ", "semi;colon", "quote\"d", "=cmd", "+1", "-x",
                       "@here", "tab\there", "line\nbreak", "e\u{301}", "日本", "👩‍💻", "Ünïcödé", "title", "Status",
                       "due", "field:x", "labels", "id", "A", "a"])
    }

    // MARK: Times

    static let zones = ["UTC", "Asia/Seoul", "America/New_York", "Europe/Berlin", "Asia/Kolkata",
                        "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns",
                        "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/London", "Africa/Casablanca"]

    /// Offsets an instant may be written in: the board zone's (most), UTC, and odd ones.
    static let offsets: [Int32] = [0, 9 * 3600, -5 * 3600, -4 * 3600, 19800, 20700, -12600, 45900, 50400,
                                   -43200, 3600, 7200, -3 * 3600 - 1800]

    static func instant(_ r: inout SplitMix, zone: Zone, near: Int64? = nil) -> Instant {
        var seconds: Int64
        if let near, r.chance(0.7) {
            seconds = near + Int64(r.int(0...30 * 86_400))
        } else if r.chance(0.1) {
            // A daylight-saving change of the zone, or a second around it (overlaps, gaps).
            let changes = zone.transitions(fromEpochSeconds: 1_700_000_000, to: 1_900_000_000)
            seconds = changes.isEmpty ? 1_790_000_000 : r.pick(changes).epochSeconds + Int64(r.pick([-3600, -1800, -1, 0, 1, 1800]))
        } else {
            seconds = Int64(r.int(0...2_200_000_000))
        }
        var ms = seconds * 1000
        if r.chance(0.15) { ms += Int64(r.int(1...999)) }
        let offset: Int32 = r.chance(0.6) ? zone.offset(atEpochSeconds: seconds) : r.pick(offsets)
        var i = Instant(epochMilliseconds: ms, offsetSeconds: offset)
        if r.chance(0.08) {
            // Local midnight in the board's zone (a whole-day serial in a spreadsheet).
            let day = zone.calendarDate(of: i)
            i = zone.startOfDay(day)
        }
        return i
    }

    static func date(_ r: inout SplitMix) -> CalendarDate {
        if r.chance(0.05) {
            return r.pick([CalendarDate(year: 2024, month: 2, day: 29)!, CalendarDate(year: 1999, month: 12, day: 31)!,
                           CalendarDate(year: 2026, month: 12, day: 31)!, CalendarDate(year: 2027, month: 1, day: 1)!,
                           CalendarDate(year: 1970, month: 1, day: 1)!, CalendarDate(year: 2099, month: 12, day: 31)!])
        }
        return CalendarDate(daysSinceEpoch: r.int(7_000...25_000))
    }

    static func due(_ r: inout SplitMix, zone: Zone, near: Int64?) -> DueDate? {
        switch r.int(0...9) {
        case 0...3: return nil
        case 4...6: return .date(date(&r))
        default: return .instant(instant(&r, zone: zone, near: near))
        }
    }

    // MARK: Values

    /// A custom field's value, of each kind the tools give: text, numbers, dates, times,
    /// booleans, list-like text, multi-line text, the empty string.
    static func fieldValue(_ r: inout SplitMix, shape: BoardShape) -> String {
        switch r.int(0...11) {
        case 0: return String(r.int(-5...100))
        case 1: return r.pick(["2.5", "-3", "0", "1e-7", "3.0", "1,000", "007"])
        case 2: return date(&r).description
        case 3: return instant(&r, zone: .utc).description
        case 4: return r.pick(["true", "false", "TRUE", "yes"])
        case 5: return r.pick(["a, b", "red,green", "x\\,y"])
        case 6: return shape.emptyFields && r.chance(0.5) ? "" : "line 1\nline 2"
        default: return text(&r, maxPieces: 3, allowEmpty: false)
        }
    }

    /// An unknown key's value as the canonical JSON writer re-spaces it.
    static func extraValue(_ r: inout SplitMix) -> String {
        r.pick(["1", "\"x\"", "true", "null", "[1, 2]", "{\"a\": 1, \"b\": [true, null]}", "\"한국어 🎉\"", "-2.5", "[]", "{}"])
    }

    static func extras(_ r: inout SplitMix, enabled: Bool, keys: [String]) -> [String: String] {
        guard enabled, r.chance(0.1) else { return [:] }
        var out: [String: String] = [:]
        for _ in 0..<r.int(1...2) { out[r.pick(keys)] = extraValue(&r) }
        return out
    }

    // MARK: The board

    static let stateNames = ["TODO", "To do", "To, do", "Backlog", "Not started", "Not Yet Started", "Doing",
                             "In progress", "In Review", "QA \"gate\"", "Blocked", "Done", "Closed", "완료", "진행 중",
                             "🚀 Shipped", "Won't do", "Review; QA", "=SUM(A1)", " spaced ", "Done\nreally", "e\u{301}tat",
                             "Pending", "Active", "Completed", "cancelled"]

    static func make(_ r: inout SplitMix, _ shape: BoardShape) -> Board {
        let zoneName = r.chance(0.3) ? "UTC" : r.pick(zones)
        let zone = Zone.named(zoneName) ?? .utc
        var board = Board()
        board.timeZone = zoneName
        if r.chance(0.7) { board.id = r.pick(["team-web", "b1", "보드", "board 2", "x"]) }
        if r.chance(0.7) { board.name = text(&r, maxPieces: 3, allowEmpty: false) }
        if r.chance(0.3) {
            for _ in 0..<r.int(1...3) { board.metadata[name(&r)] = text(&r, maxPieces: 2) }
        }
        board.extras = extras(&r, enabled: shape.boardExtras, keys: ["exportedBy", "/generator", "x-team", "한"])

        // States: 1 to 6, every category, odd names, ids unique, names sometimes shared.
        var states: [BoardState] = []
        var ids: Set<String> = []
        let stateCount = r.chance(0.2) ? 3 : r.int(1...6)
        for k in 0..<stateCount {
            let name = r.chance(0.1) && !states.isEmpty ? r.pick(states).name : r.pick(stateNames)
            var id = r.chance(0.7) ? StableID.slug(name) : r.pick(["s\(k)", "state \(k)", "S,\(k)", "완료\(k)", "q"])
            while !ids.insert(id).inserted { id += "-\(k)" }
            let category = StateCategory.allCases[r.int(0...2)]
            states.append(BoardState(id: id, name: name, category: category,
                                     wipLimit: r.chance(0.3) ? r.int(0...12) : nil,
                                     extras: extras(&r, enabled: shape.itemExtras, keys: ["color", "jira"])))
        }
        board.states = states

        // Cards.
        let cardCount: Int
        switch r.int(0...99) {
        case 0...7: cardCount = 0
        case 8...79: cardCount = r.int(1...6)
        case 80...97: cardCount = r.int(7...40)
        default: cardCount = r.int(41...shape.manyCards)
        }
        var cardIDs: Set<String> = []
        let base = Int64(r.int(1_500_000_000...1_900_000_000))
        for k in 0..<cardCount {
            var id: String
            switch r.int(0...9) {
            case 0...4: id = "c\(k + 1)"
            case 5: id = "WEB-\(k + 100)"
            case 6: id = String(format24hex: r.next(), k)
            case 7: id = uuidLike(&r)
            default: id = r.pick(["a,1", "카드", "id with space", "x\"y", "🎉", "c-0001", "=1", "n\(k)"])
            }
            while !cardIDs.insert(id).inserted { id += "-\(k)" }
            var card = Card(id: id, title: text(&r, allowEmpty: r.chance(0.3)), state: r.pick(states).id)
            if r.chance(0.5) { card.body = text(&r, maxPieces: 8) }
            card.due = due(&r, zone: zone, near: base)
            if r.chance(0.3) { card.start = due(&r, zone: zone, near: base) }
            if r.chance(0.7) { card.created = instant(&r, zone: zone, near: base) }
            if r.chance(0.5) { card.updated = instant(&r, zone: zone, near: base) }
            if r.chance(0.3) { card.completed = instant(&r, zone: zone, near: base) }
            // A card's labels and assignees are distinct, as in every tool.
            if r.chance(0.5) { card.labels = distinct((0..<r.int(1...3)).map { _ in name(&r) }) }
            if r.chance(0.4) { card.assignees = distinct((0..<r.int(1...2)).map { _ in name(&r) }) }
            if r.chance(0.5) {
                card.position = r.pick([Double(k + 1), Double(k) + 0.5, -3, 0, 1e-7, 1e15, 16384, 65535.5, 2.0 / 3,
                                        shape.seventeenDigitPositions ? 0.1 + 0.2 : 0.25])
            }
            card.archived = r.chance(0.1)
            if r.chance(0.2) { card.url = r.pick(["https://example.com/c/\(k)", "http://x/?a=1,2&b=\"3\"", "https://예시.kr/카드"]) }
            if r.chance(0.4) {
                for _ in 0..<r.int(1...3) { card.fields[name(&r)] = fieldValue(&r, shape: shape) }
            }
            card.extras = extras(&r, enabled: shape.itemExtras, keys: ["jira", "x-rank", "ghost"])
            board.cards.append(card)
        }

        if shape.reminders {
            for k in board.cards.indices where r.chance(0.3) {
                var set: [Reminder] = []
                for _ in 0..<r.int(1...3) {
                    let reminder: Reminder = r.chance(0.6)
                        ? .beforeDue(ReminderOffset(days: r.pick([0, 1, 7]), seconds: r.pick([0, 900, 7200]), isBefore: r.chance(0.8)))
                        : .at(instant(&r, zone: zone, near: base))
                    if !set.contains(reminder) { set.append(reminder) }
                }
                board.cards[k].reminders = set
            }
            for k in board.cards.indices where board.cards[k].due != nil && r.chance(0.3) { board.cards[k].dueComplete = true }
        }
        if shape.conversation {
            let ids = board.cards.map(\.id)
            for k in board.cards.indices where r.chance(0.4) { conversation(&r, on: &board.cards[k], zone: zone, near: base, cards: ids) }
        }

        // History: oldest first, for cards the board has, between its states.
        if !board.cards.isEmpty && r.chance(0.7) {
            var t = base - Int64(r.int(0...86_400 * 30))
            var lastMs = Int64.min
            for _ in 0..<r.int(1...(board.cards.count * 3 + 2)) {
                let card = r.pick(board.cards)
                t += r.chance(0.1) ? 0 : Int64(r.int(1...86_400 * 2))
                // Oldest first, as every history is (a tie keeps its order); some in the same second.
                let ms = max(lastMs, t * 1000 + (r.chance(0.1) ? Int64(r.int(1...999)) : 0))
                lastMs = ms
                let at = Instant(epochMilliseconds: ms,
                                 offsetSeconds: r.chance(0.7) ? zone.offset(atEpochSeconds: t) : r.pick(offsets))
                let type = EventType.allCases[r.pick([0, 0, 1, 1, 1, 2, 2, 3, 4, 5])]
                var e = Event(card: card.id, at: at, type: type)
                switch type {
                case .created: e.to = r.pick(states).id
                case .moved:
                    e.from = r.pick(states).id
                    e.to = r.pick(states).id
                default: break
                }
                if r.chance(0.7) { e.actor = name(&r) }
                if type == .updated || r.chance(0.05) {
                    e.changes = (0..<r.int(0...3)).map { _ in change(&r, zone: zone) }
                }
                e.extras = extras(&r, enabled: shape.itemExtras, keys: ["source", "jira"])
                board.events.append(e)
            }
            // A `deleted` event is a card's last, and the card is archived: how every export
            // writes a deleted card that history names (docs/store.md). Elsewhere it is dropped.
            var last: [String: Int] = [:]
            for (k, e) in board.events.enumerated() { last[e.card] = k }
            board.events = board.events.enumerated().filter { k, e in e.type != .deleted || last[e.card] == k }.map(\.1)
            for e in board.events where e.type == .deleted {
                if let k = board.cards.firstIndex(where: { $0.id == e.card }) { board.cards[k].archived = true }
            }
        }
        return board
    }

    /// A card's conversation: every part, optional values present and absent, awkward text.
    static func conversation(_ r: inout SplitMix, on card: inout Card, zone: Zone, near base: Int64, cards: [String]) {
        for j in 0..<r.int(0...3) {
            card.comments.append(CardComment(id: r.chance(0.5) ? "c\(j)" : uuidLike(&r) + "-\(j)",
                                             author: r.chance(0.8) ? name(&r) : nil, at: instant(&r, zone: zone, near: base),
                                             text: text(&r, maxPieces: 6), edited: r.chance(0.2) ? instant(&r, zone: zone, near: base) : nil))
        }
        for _ in 0..<r.int(0...2) {
            let items = (0..<r.int(0...3)).map { _ in
                ChecklistItem(text: text(&r, maxPieces: 2), done: r.chance(0.5), due: r.chance(0.3) ? due(&r, zone: zone, near: base) : nil,
                              assignee: r.chance(0.3) ? name(&r) : nil)
            }
            card.checklists.append(Checklist(id: r.chance(0.5) ? uuidLike(&r) : nil, name: text(&r, maxPieces: 2), items: items))
        }
        for _ in 0..<r.int(0...2) {
            card.attachments.append(Attachment(name: text(&r, maxPieces: 2), url: r.pick(["https://example.com/f.pdf", "http://x/?a=1,2&b=\"3\"", "파일"]),
                                               type: r.chance(0.5) ? "application/pdf" : nil, size: r.chance(0.5) ? r.int(0...5_000_000_000) : nil,
                                               at: r.chance(0.5) ? instant(&r, zone: zone, near: base) : nil, by: r.chance(0.5) ? name(&r) : nil,
                                               upload: r.chance(0.7) ? r.chance(0.5) : nil))
        }
        for _ in 0..<r.int(0...2) {
            let link = CardLink(LinkType.allCases[r.int(0...5)], r.pick(cards))
            if !card.links.contains(link) { card.links.append(link) }
        }
    }

    static func distinct(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    static func change(_ r: inout SplitMix, zone: Zone) -> FieldChange {
        let field = r.pick(["title", "body", "due", "start", "labels", "assignees", "url", "position", "fields.Story points",
                            "fields.\(name(&r))"])
        func value() -> FieldValue? {
            if r.chance(0.25) { return nil }
            switch field {
            case "labels", "assignees": return .list((0..<r.int(0...3)).map { _ in name(&r) })
            case "due", "start": return .text(due(&r, zone: zone, near: nil)?.description ?? "2026-12-01")
            case "position": return .text(String(Double(r.int(-2...40)) / 2))
            default: return .text(text(&r, maxPieces: 2))
            }
        }
        return FieldChange(field: field, old: value(), new: value())
    }

    static func uuidLike(_ r: inout SplitMix) -> String {
        let hex = Array("0123456789abcdef")
        let groups = [8, 4, 4, 4, 12]
        return groups.map { n in String((0..<n).map { _ in hex[r.int(0...15)] }) }.joined(separator: "-")
    }
}

extension String {
    /// A Trello-like id: 24 hex digits.
    init(format24hex seed: UInt64, _ k: Int) {
        let a = String(seed, radix: 16)
        let b = String(UInt64(k) &* 0x9E37_79B9, radix: 16)
        let s = (a + b + String(repeating: "0", count: 24))
        self = String(s.prefix(24))
    }
}
