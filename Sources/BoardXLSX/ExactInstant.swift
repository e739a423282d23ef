import BoardModel

/// How an instant survives a date-time cell.
///
/// A cell shows the instant's wall-clock reading in the board's zone, as a real date-time.
/// That reading gives the instant back only when the instant was written in the zone's own
/// offset and the reading is not the second pass through a daylight-saving overlap. Otherwise
/// a hidden `boardkit:` cell next to it keeps what the reading cannot:
///
/// - the offset alone (`Z`, `+00:00`) when the reading still finds the moment: the usual case
///   of a UTC timestamp on a board in Seoul;
/// - the whole ISO 8601 text when it does not (an overlap, a date outside Excel's range).
///
/// Reading back, a whole ISO text counts only while the visible cell still shows it: if a
/// person typed another date, the typed one wins (`restore`).
enum ExactInstant {
    /// The hidden text for an instant shown as `zone.local(i)`; nil when none is needed.
    static func hiddenText(for i: Instant, in zone: Zone) -> String? {
        let shown = zone.instant(zone.local(i))
        if shown == i { return nil }
        if shown.epochMilliseconds == i.epochMilliseconds {
            var out: [UInt8] = []
            ISO8601.appendOffset(i.offsetSeconds, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        return i.description
    }

    /// What a hidden text says.
    enum Hidden: Equatable {
        case offset(Int32)
        case instant(Instant)
    }

    static func parse(_ text: String) -> Hidden? {
        let bytes = Array(text.utf8)
        if let offset = parseOffset(bytes) { return .offset(offset) }
        if case .instant(let i)? = ISO8601.parse(bytes) { return .instant(i) }
        return nil
    }

    /// `Z`, `+09:00`, `-0330`.
    static func parseOffset(_ b: [UInt8]) -> Int32? {
        if b == [UInt8(ascii: "Z")] || b == [UInt8(ascii: "z")] { return 0 }
        guard b.count == 6 || b.count == 5, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-") else { return nil }
        let digits = b.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, digits.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
        let d = digits.map { Int32($0 - 48) }
        let h = d[0] * 10 + d[1], m = d[2] * 10 + d[3]
        guard h < 24, m < 60 else { return nil }
        return (h * 3600 + m * 60) * (b[0] == UInt8(ascii: "-") ? -1 : 1)
    }

    /// The instant to keep, given what the visible cell reads as (`visible`, already an
    /// instant in the board's zone) and the hidden text. An offset re-expresses whatever the
    /// cell says; a whole instant wins only while the cell still shows its reading.
    static func restore(visible: Instant, hidden: Hidden, zone: Zone) -> Instant {
        switch hidden {
        case .offset(let o):
            return visible.withOffset(o)
        case .instant(let exact):
            return zone.local(exact) == zone.local(visible) ? exact : visible
        }
    }
}
