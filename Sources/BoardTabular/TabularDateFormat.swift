import BoardModel

/// A date/time layout a mapping declares for its tool's exports, in the familiar pattern
/// letters: `dd/MMM/yy h:mm a` (Jira), `yyyy-MM-dd HH:mm`, `MM/dd/yyyy` (US).
///
/// Letters: `yyyy` `yy` year (`yy` is 2000+), `MMMM` `MMM` English month name or abbreviation,
/// `MM` `M` month, `dd` `d` day, `HH` `H` 24-hour, `hh` `h` 12-hour, `mm` minute, `ss` second,
/// `a` AM/PM; `'text'` and any other character are literal. One-letter numeric fields accept
/// one or two digits when reading. A layout without hours reads a calendar date.
public struct TabularDateFormat: Sendable, Equatable, CustomStringConvertible {
    enum Piece: Sendable, Equatable {
        case year4, year2, monthName, monthAbbrev, month2, month1, day2, day1
        case hour24x2, hour24x1, hour12x2, hour12x1, minute, second, ampm
        case literal(UInt8)
    }

    /// The pattern as written in the mapping file.
    public let pattern: String
    let pieces: [Piece]

    /// True when the layout has a time of day.
    public var hasTime: Bool {
        pieces.contains { [.hour24x1, .hour24x2, .hour12x1, .hour12x2].contains($0) }
    }

    public var description: String { pattern }

    /// Nil when the pattern has no year, month or day.
    public init?(_ pattern: String) {
        self.pattern = pattern
        var pieces: [Piece] = []
        let b = Array(pattern.utf8)
        var i = 0
        func run(_ c: UInt8) -> Int {
            var n = 0
            while i + n < b.count, b[i + n] == c { n += 1 }
            return n
        }
        while i < b.count {
            let c = b[i]
            let n = run(c)
            switch c {
            case UInt8(ascii: "y"):
                pieces.append(n >= 4 ? .year4 : .year2)
            case UInt8(ascii: "M"):
                pieces.append(n >= 4 ? .monthName : n == 3 ? .monthAbbrev : n == 2 ? .month2 : .month1)
            case UInt8(ascii: "d"):
                pieces.append(n >= 2 ? .day2 : .day1)
            case UInt8(ascii: "H"):
                pieces.append(n >= 2 ? .hour24x2 : .hour24x1)
            case UInt8(ascii: "h"):
                pieces.append(n >= 2 ? .hour12x2 : .hour12x1)
            case UInt8(ascii: "m"):
                pieces.append(.minute)
            case UInt8(ascii: "s"):
                pieces.append(.second)
            case UInt8(ascii: "a"):
                pieces.append(.ampm)
            case UInt8(ascii: "'"):
                var j = i + 1
                while j < b.count, b[j] != UInt8(ascii: "'") { pieces.append(.literal(b[j])); j += 1 }
                i = j + 1
                continue
            default:
                for _ in 0..<n { pieces.append(.literal(c)) }
            }
            i += n
        }
        let has = { (ps: [Piece]) in ps.contains { pieces.contains($0) } }
        guard has([.year4, .year2]), has([.monthName, .monthAbbrev, .month2, .month1]),
              has([.day1, .day2]) else { return nil }
        self.pieces = pieces
    }

    static let monthNames = ["january", "february", "march", "april", "may", "june", "july",
                             "august", "september", "october", "november", "december"]

    /// Three-letter month abbreviations other languages' exports write where English has its
    /// own (Jira in Portuguese: `19/abr/24`, `22/mai/24`): Portuguese, Spanish and German,
    /// those that differ from English. No abbreviation names two months.
    static let otherMonthAbbreviations: [String: Int] = [
        "fev": 2, "abr": 4, "mai": 5, "ago": 8, "set": 9, "out": 10, "dez": 12,   // pt (also de mai, dez)
        "ene": 1, "dic": 12,                                                       // es
        "okt": 10,                                                                 // de
    ]

    /// What a text in this layout denotes: a calendar date, or a wall-clock time (no zone).
    public enum Parsed: Sendable, Equatable {
        case date(CalendarDate)
        case dateTime(LocalDateTime)
    }

    /// Reads `text` (surrounding spaces ignored). Nil when it does not fit or is impossible.
    public func parse(_ text: String) -> Parsed? {
        var t = text
        return t.withUTF8 { parse(bytes: $0) }
    }

    func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Parsed? {
        var i = 0
        var n = b.count
        while i < n, b[i] == 0x20 { i += 1 }
        while n > i, b[n - 1] == 0x20 { n -= 1 }
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        var pm: Bool?
        func digits(_ minCount: Int, _ maxCount: Int) -> Int? {
            var v = 0, k = 0
            while k < maxCount, i < n, b[i] &- 48 < 10 { v = v * 10 + Int(b[i] &- 48); i += 1; k += 1 }
            return k >= minCount ? v : nil
        }
        for piece in pieces {
            switch piece {
            case .year4: guard let v = digits(4, 4) else { return nil }; year = v
            case .year2: guard let v = digits(2, 2) else { return nil }; year = 2000 + v
            case .month2: guard let v = digits(2, 2) else { return nil }; month = v
            case .month1: guard let v = digits(1, 2) else { return nil }; month = v
            case .day2: guard let v = digits(2, 2) else { return nil }; day = v
            case .day1: guard let v = digits(1, 2) else { return nil }; day = v
            case .hour24x2, .hour12x2: guard let v = digits(2, 2) else { return nil }; hour = v
            case .hour24x1, .hour12x1: guard let v = digits(1, 2) else { return nil }; hour = v
            case .minute: guard let v = digits(2, 2) else { return nil }; minute = v
            case .second: guard let v = digits(2, 2) else { return nil }; second = v
            case .monthName, .monthAbbrev:
                var word = ""
                while i < n, (b[i] | 0x20) >= UInt8(ascii: "a"), (b[i] | 0x20) <= UInt8(ascii: "z") {
                    word.append(Character(Unicode.Scalar(b[i] | 0x20))); i += 1
                }
                guard word.count >= 3 else { return nil }
                if let m = TabularDateFormat.monthNames.firstIndex(where: {
                    piece == .monthAbbrev ? $0.hasPrefix(word) && word.count == 3 : $0 == word || ($0.hasPrefix(word) && word.count == 3)
                }) {
                    month = m + 1
                } else if let m = TabularDateFormat.otherMonthAbbreviations[word] {
                    month = m
                } else {
                    return nil
                }
            case .ampm:
                guard i + 1 < n else { return nil }
                let a = b[i] | 0x20, m = b[i + 1] | 0x20
                guard m == UInt8(ascii: "m"), a == UInt8(ascii: "a") || a == UInt8(ascii: "p") else { return nil }
                pm = a == UInt8(ascii: "p")
                i += 2
            case .literal(let c):
                guard i < n, b[i] == c else { return nil }
                i += 1
            }
        }
        guard i == n, let date = CalendarDate(year: year, month: month, day: day) else { return nil }
        guard hasTime else { return .date(date) }
        if let pm {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        guard hour < 24, minute < 60, second < 60 else { return nil }
        return .dateTime(LocalDateTime(date: date, hour: hour, minute: minute, second: second))
    }

    /// Writes a date or wall-clock time in this layout.
    public func format(_ value: Parsed) -> String {
        let date: CalendarDate
        var hour = 0, minute = 0, second = 0
        switch value {
        case .date(let d): date = d
        case .dateTime(let t): date = t.date; hour = t.hour; minute = t.minute; second = t.second
        }
        var out = ""
        func pad(_ v: Int, _ width: Int) {
            let s = String(v)
            if s.count < width { out += String(repeating: "0", count: width - s.count) }
            out += s
        }
        for piece in pieces {
            switch piece {
            case .year4: pad(date.year, 4)
            case .year2: pad(((date.year % 100) + 100) % 100, 2)
            case .monthName: out += TabularDateFormat.monthNames[date.month - 1].capitalized
            case .monthAbbrev: out += String(TabularDateFormat.monthNames[date.month - 1].prefix(3)).capitalized
            case .month2: pad(date.month, 2)
            case .month1: out += String(date.month)
            case .day2: pad(date.day, 2)
            case .day1: out += String(date.day)
            case .hour24x2: pad(hour, 2)
            case .hour24x1: out += String(hour)
            case .hour12x2: pad(hour % 12 == 0 ? 12 : hour % 12, 2)
            case .hour12x1: out += String(hour % 12 == 0 ? 12 : hour % 12)
            case .minute: pad(minute, 2)
            case .second: pad(second, 2)
            case .ampm: out += hour < 12 ? "AM" : "PM"
            case .literal(let c): out.unicodeScalars.append(Unicode.Scalar(c))
            }
        }
        return out
    }
}

private extension String {
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
