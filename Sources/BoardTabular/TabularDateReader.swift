import BoardModel
import BoardIO

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

    /// Slash layouts, four-digit years first; a two-digit year (`09/19/25 03:00 PM`, as US
    /// sheets show dates) is 2000 + the year.
    private static let slashTails = ["", " H:mm", " H:mm:ss", " h:mm a", " h:mm:ss a"]
    private static let monthFirst = (["M/d/yyyy", "M/d/yy"].flatMap { d in slashTails.map { d + $0 } })
        .compactMap(TabularDateFormat.init)
    private static let dayFirst = (["d/M/yyyy", "d/M/yy"].flatMap { d in slashTails.map { d + $0 } })
        .compactMap(TabularDateFormat.init)

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

    /// The order a slash date shows by reading only one way (`11/21/2026` is month first,
    /// `21/11/2026` day first); nil for any other text, or one that reads both ways
    /// (`03/04/2026`) or the same either way (`05/05/2026`). A column's values settle its
    /// order with this (`TabularBoardBuilder`).
    public func orderShown(by text: String) -> SlashDateOrder? {
        guard text.utf8.contains(UInt8(ascii: "/")), !formats.contains(where: { $0.parse(text) != nil }) else { return nil }
        switch (Self.first(Self.monthFirst, text), Self.first(Self.dayFirst, text)) {
        case (_?, nil): return .monthFirst
        case (nil, _?): return .dayFirst
        default: return nil
        }
    }

    /// The same layouts, slash dates read in `order`.
    public func reading(slashDates order: SlashDateOrder) -> TabularDateReader {
        TabularDateReader(formats: formats, slashOrder: order)
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
