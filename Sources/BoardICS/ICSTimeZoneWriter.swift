import BoardModel

/// Describes an IANA zone as a VTIMEZONE (RFC 5545 §3.6.5) from the zone's own table of
/// offset changes, so a client without that zone (or with an older tz database) still puts
/// every `TZID=` time at the right moment.
///
/// Each change in the covered span is one STANDARD or DAYLIGHT observance with its exact
/// onset, preceded by the change in force when the span begins. A zone without changes (or
/// with none since long ago, like Asia/Seoul) gets one STANDARD observance.
enum ICSTimeZoneWriter {
    /// Writes `BEGIN:VTIMEZONE … END:VTIMEZONE` covering instants from `first` to `last`
    /// (epoch seconds).
    static func write(_ zone: Zone, covering first: Int64, through last: Int64, to out: inout ICSOutput) {
        let year: Int64 = 366 * 86_400
        let all = zone.transitions(fromEpochSeconds: Int64.min, to: last + year)
        // The change in force at `first` and every later one.
        let lastBefore = all.lastIndex { $0.epochSeconds <= first }
        let used = all[(lastBefore ?? all.startIndex)...]

        out.fixedLine("BEGIN:VTIMEZONE")
        out.begin("TZID")
        out.colon()
        out.text(zone.identifier)
        out.end()
        out.begin("X-LIC-LOCATION")
        out.colon()
        out.text(zone.identifier)
        out.end()
        if used.isEmpty {
            let offset = zone.offset(atEpochSeconds: first)
            observance(daylight: false, onset: LocalDateTime(date: CalendarDate(year: 1970, month: 1, day: 1)!),
                       from: offset, to: offset, out: &out)
        } else {
            if lastBefore == nil, let earliest = used.first {
                // Every change comes after `first`: say what holds before the earliest.
                let onset = Instant(epochSeconds: first, offsetSeconds: earliest.offsetBefore).local
                observance(daylight: earliest.offsetBefore > earliest.offsetAfter, onset: onset,
                           from: earliest.offsetBefore, to: earliest.offsetBefore, out: &out)
            }
            for t in used {
                // The onset is the wall-clock time of the change in the offset before it.
                let onset = Instant(epochSeconds: t.epochSeconds, offsetSeconds: t.offsetBefore).local
                observance(daylight: t.offsetAfter > t.offsetBefore, onset: onset,
                           from: t.offsetBefore, to: t.offsetAfter, out: &out)
            }
        }
        out.fixedLine("END:VTIMEZONE")
    }

    private static func observance(daylight: Bool, onset: LocalDateTime, from: Int32, to: Int32,
                                   out: inout ICSOutput) {
        out.fixedLine(daylight ? "BEGIN:DAYLIGHT" : "BEGIN:STANDARD")
        out.begin("DTSTART")
        out.colon()
        out.localDateTime(onset)
        out.end()
        out.begin("TZOFFSETFROM")
        out.colon()
        out.utcOffset(from)
        out.end()
        out.begin("TZOFFSETTO")
        out.colon()
        out.utcOffset(to)
        out.end()
        out.fixedLine(daylight ? "END:DAYLIGHT" : "END:STANDARD")
    }
}
