import BoardModel

/// How to read day/month/year dates written with slashes, where `03/04/2026` is April 3rd in
/// Europe and March 4th in the US.
public enum SlashDateOrder: String, Sendable, Equatable {
    /// `MM/dd/yyyy` (US exports: Asana, GitHub, Todoist in English).
    case monthFirst = "month-first"
    /// `dd/MM/yyyy`.
    case dayFirst = "day-first"
    /// No rule: a date that reads both ways is reported, never guessed; one that reads only
    /// one way (`11/21/2026`, `21/11/2026`) is taken.
    case unknown
}

/// Turns cells into dates and times the way a mapping says: ISO 8601 first, then the
/// mapping's layouts, then slash dates by the mapping's rule.
public struct TabularDateReader: Sendable {
    /// What a cell denoted.
    public enum Reading: Sendable, Equatable {
        case date(CalendarDate)
        /// No zone: the caller reads it in the board's (or `--timezone`) zone.
        case dateTime(LocalDateTime)
        case instant(Instant)
        /// Not a date in any layout the mapping knows.
        case malformed
        /// Shaped like a date but impossible (`2026-02-30`).
        case impossible
        /// Reads as two different days; the strings are the two readings in ISO form.
        case ambiguous(String, String)
    }

    public let formats: [TabularDateFormat]
    public let slashOrder: SlashDateOrder

    public init(formats: [TabularDateFormat], slashOrder: SlashDateOrder) {
        self.formats = formats
        self.slashOrder = slashOrder
    }

    private static let monthFirst = ["M/d/yyyy", "M/d/yyyy H:mm", "M/d/yyyy H:mm:ss", "M/d/yyyy h:mm a",
                                     "M/d/yyyy h:mm:ss a"].compactMap(TabularDateFormat.init)
    private static let dayFirst = ["d/M/yyyy", "d/M/yyyy H:mm", "d/M/yyyy H:mm:ss", "d/M/yyyy h:mm a",
                                   "d/M/yyyy h:mm:ss a"].compactMap(TabularDateFormat.init)

    /// Reads one cell. Typed workbook cells pass through; text is parsed.
    public func read(_ cell: TabularCell) -> Reading {
        switch cell {
        case .date(let d): return .date(d)
        case .dateTime(let t): return .dateTime(t)
        case .instant(let i): return .instant(i)
        case .text(let s): return read(text: s)
        case .empty, .number, .bool: return .malformed
        }
    }

    /// Reads text.
    public func read(text raw: String) -> Reading {
        var raw = raw
        return raw.withUTF8 { read(utf8: $0) }
    }

    /// Reads a cell's UTF-8 bytes: ISO 8601 straight from the bytes, a string only for the
    /// mapping's other layouts.
    public func read(utf8 raw: UnsafeBufferPointer<UInt8>) -> Reading {
        var lo = 0, hi = raw.count
        while lo < hi, raw[lo] == 0x20 { lo += 1 }
        while hi > lo, raw[hi - 1] == 0x20 { hi -= 1 }
        let bytes = UnsafeBufferPointer(rebasing: raw[lo..<hi])
        do {
            switch try ISO8601.parseOrFail(buffer: bytes) {
            case .date(let d): return .date(d)
            case .instant(let i): return .instant(i)
            case .local(let t): return .dateTime(t)
            }
        } catch .impossible {
            return .impossible
        } catch {}
        if formats.isEmpty, !bytes.contains(UInt8(ascii: "/")) { return .malformed }
        return readLayouts(String(decoding: bytes, as: UTF8.self))
    }

    /// Text that is not ISO 8601: the mapping's layouts, then slash dates.
    private func readLayouts(_ text: String) -> Reading {
        for f in formats {
            if let p = f.parse(text) { return Self.reading(p) }
        }
        guard text.utf8.contains(UInt8(ascii: "/")) else { return .malformed }
        let us = Self.first(Self.monthFirst, text)
        let eu = Self.first(Self.dayFirst, text)
        switch slashOrder {
        case .monthFirst: return us.map(Self.reading) ?? (eu == nil ? .malformed : .impossible)
        case .dayFirst: return eu.map(Self.reading) ?? (us == nil ? .malformed : .impossible)
        case .unknown:
            switch (us, eu) {
            case (let a?, let b?):
                if a == b { return Self.reading(a) }
                return .ambiguous(Self.iso(a), Self.iso(b))
            case (let a?, nil): return Self.reading(a)
            case (nil, let b?): return Self.reading(b)
            case (nil, nil): return .malformed
            }
        }
    }

    private static func first(_ formats: [TabularDateFormat], _ text: String) -> TabularDateFormat.Parsed? {
        for f in formats { if let p = f.parse(text) { return p } }
        return nil
    }

    private static func reading(_ p: TabularDateFormat.Parsed) -> Reading {
        switch p {
        case .date(let d): return .date(d)
        case .dateTime(let t): return .dateTime(t)
        }
    }

    private static func iso(_ p: TabularDateFormat.Parsed) -> String {
        switch p {
        case .date(let d): return d.description
        case .dateTime(let t): return TabularCell.dateTime(t).text
        }
    }
}
