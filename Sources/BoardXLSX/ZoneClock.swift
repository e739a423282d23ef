import BoardModel

/// The board's zone as the writer asks it, once per date-time cell: an instant's wall-clock
/// reading (as milliseconds, what a date serial is made of) and the hidden text that keeps
/// what the reading loses (`ExactInstant`).
///
/// Why: a workbook has several date-time cells per card and one per event; going through
/// `Zone.local`/`Zone.instant` and `LocalDateTime` for each cost more than libxlsxwriter's
/// work for the cell. Here the offset comes from the interval between two transitions that
/// the previous cell fell in (cards and events come in runs of nearby times), and away from a
/// transition the round trip `zone.instant(zone.local(i))` is known without computing it.
/// Near a transition, or outside the table's years, it asks `Zone` and `ExactInstant` as
/// before, so the answers are the same.
final class ZoneClock {
    let zone: Zone
    /// Transition moments (epoch seconds), oldest first, and the offset from each on.
    private let moments: [Int64]
    private let after: [Int32]
    private let before: Int32
    /// The interval the last instant fell in: `[low, high)` at `offset`.
    private var low: Int64 = 1
    private var high: Int64 = 0
    private var offset: Int32 = 0
    /// Hidden offset texts (`Z`, `+09:00`), made once per offset; the last one asked for
    /// first (most instants share one offset).
    private var offsetTexts: [Int32: String] = [:]
    private var lastText: (offset: Int32, text: String) = (0, "Z")

    /// The years the fast path covers; `Zone` keeps its transition table for 1900–2200.
    private static let first: Int64 = -2_145_916_800   // 1902-01-01
    private static let last: Int64 = 7_226_582_400     // 2199-01-01
    /// How far from a transition an instant must be for `Zone.instant` to give back its
    /// own reading at this offset: more than any UTC offset plus the 3-hour overlap probe.
    private static let margin: Int64 = 2 * 86_400
    static let msPerDay: Int64 = 86_400_000

    init(zone: Zone) {
        self.zone = zone
        let changes = zone.transitions(fromEpochSeconds: Self.first, to: Self.last)
        moments = changes.map(\.epochSeconds)
        after = changes.map(\.offsetAfter)
        before = changes.first?.offsetBefore ?? zone.offset(atEpochSeconds: Self.first)
    }

    /// The offset in force at `t`, and whether `t` is at least `margin` away from any change.
    @inline(__always)
    private func offset(at t: Int64) -> (offset: Int32, settled: Bool) {
        if t < low || t >= high { locate(t) }
        return (offset, t - low >= Self.margin && high - t > Self.margin)
    }

    private func locate(_ t: Int64) {
        guard t >= Self.first, t < Self.last else {
            // Outside the table: one-off answer, never settled.
            offset = zone.offset(atEpochSeconds: t)
            low = t
            high = t + 1
            return
        }
        var lo = 0, hi = moments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if moments[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        offset = lo == 0 ? before : after[lo - 1]
        low = lo == 0 ? Self.first : moments[lo - 1]
        high = lo == moments.count ? Self.last : moments[lo]
    }

    /// The wall-clock reading of `i` in the zone, as milliseconds since 1970-01-01 read as UTC
    /// (what `zone.local(i).epochMillisecondsAsIfUTC` gives).
    func localMilliseconds(_ i: Instant) -> Int64 {
        i.epochMilliseconds + Int64(offset(at: i.epochSeconds).offset) * 1000
    }

    /// `ExactInstant.hiddenText(for: i, in: zone)`, without the zone round trip when `i` is
    /// far from a transition: the reading then gives back the moment at the zone's offset, so
    /// only a different offset needs keeping.
    func hiddenText(for i: Instant) -> String? {
        let (off, settled) = offset(at: i.epochSeconds)
        guard settled else { return ExactInstant.hiddenText(for: i, in: zone) }
        return i.offsetSeconds == off ? nil : offsetText(i.offsetSeconds)
    }

    /// `Z` or `±HH:MM`.
    func offsetText(_ seconds: Int32) -> String {
        if lastText.offset == seconds { return lastText.text }
        let text: String
        if let known = offsetTexts[seconds] {
            text = known
        } else {
            var out: [UInt8] = []
            ISO8601.appendOffset(seconds, to: &out)
            text = String(decoding: out, as: UTF8.self)
            offsetTexts[seconds] = text
        }
        lastText = (seconds, text)
        return text
    }
}
