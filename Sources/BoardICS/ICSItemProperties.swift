import BoardModel

/// Properties a card's VTODO or VEVENT has, written the same way by the feed and by a sync's
/// to-do resource.
extension ICSOutput {
    /// VTODO STATUS from the state's category; done gives COMPLETED and PERCENT-COMPLETE.
    mutating func todoStatus(_ category: StateCategory, completed: Instant?) {
        switch category {
        case .todo: fixedLine("STATUS:NEEDS-ACTION")
        case .doing: fixedLine("STATUS:IN-PROCESS")
        case .done:
            fixedLine("STATUS:COMPLETED")
            if let completed {
                begin("COMPLETED"); colon(); utcDateTime(completed); end()
            }
            fixedLine("PERCENT-COMPLETE:100")
        }
    }

    /// `NAME;VALUE=DATE:20261130`, `NAME;TZID=Asia/Seoul:20261130T180000` (an instant in the
    /// board's `zone`) or `NAME:…Z`.
    mutating func dateProperty(_ name: StaticString, _ value: DueDate, zone: Zone?) {
        begin(name)
        switch value {
        case .date(let d):
            param("VALUE", "DATE")
            colon()
            date(d)
        case .instant(let i):
            if let zone, i.isZoned(in: zone) {
                param("TZID", text: zone.identifier)
                colon()
                localDateTime(i.local)
            } else {
                if i.offsetSeconds != 0 {
                    // Neither UTC nor the board's zone: UTC, with the offset kept aside.
                    raw(";X-BOARDKIT-OFFSET=")
                    utcOffset(i.offsetSeconds)
                }
                colon()
                utcDateTime(i)
            }
        }
        end()
    }
}

extension Instant {
    /// True when the instant carries `zone`'s offset at that moment (and is not UTC): it is
    /// written as a local time with the zone's TZID.
    func isZoned(in zone: Zone) -> Bool {
        // The zone's own offset, and a wall-clock reading that finds this moment again: in
        // the second pass of a daylight-saving overlap the reading means the first (RFC 5545),
        // so such an instant is written in UTC with its offset beside it.
        offsetSeconds != 0 && zone.offset(atEpochSeconds: epochSeconds) == offsetSeconds
            && zone.instant(local).epochMilliseconds == epochMilliseconds
    }
}
