import Testing
import BoardModel
@testable import BoardXLSX

/// The writer's per-cell shortcut through the zone (`ZoneClock`) must answer exactly as the
/// long way (`Zone.local`, `ExactInstant.hiddenText`, `ExcelDateSystem.serial(of:)`), near
/// daylight-saving changes, across them, far from them and outside the transition table.
@Suite struct ZoneClockTests {
    /// Instants around every transition of 2024–2026, an hour apart over ±3 days, in several
    /// offsets, visited in order and then backwards (the cache must move both ways), plus
    /// dates far outside the table.
    private func instants(_ zone: Zone) -> [Instant] {
        let from: Int64 = 1_704_067_200, to: Int64 = 1_798_761_600 // 2024-01-01 … 2027-01-01
        var moments: [Int64] = [from, (from + to) / 2, -4_000_000_000, 8_000_000_000, 0]
        for t in zone.transitions(fromEpochSeconds: from, to: to) {
            for h in stride(from: -72, through: 72, by: 1) { moments.append(t.epochSeconds + Int64(h) * 3600 + 17) }
            moments.append(t.epochSeconds)
            moments.append(t.epochSeconds - 1)
        }
        let offsets: [Int32] = [0, 9 * 3600, -5 * 3600, -4 * 3600, 3600, 5 * 3600 + 1800]
        let forward = moments.flatMap { s in
            offsets.map { Instant(epochMilliseconds: s * 1000 + 250, offsetSeconds: $0) }
                + [zone.localize(Instant(epochSeconds: s))]
        }
        return forward + forward.reversed()
    }

    @Test(arguments: ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Seoul", "UTC"])
    func answersAsTheZoneDoes(identifier: String) throws {
        let zone = try #require(Zone.named(identifier))
        let clock = ZoneClock(zone: zone)
        let system = ExcelDateSystem.from1900
        for i in instants(zone) {
            let local = zone.local(i)
            #expect(clock.localMilliseconds(i) == local.epochMillisecondsAsIfUTC, "\(i)")
            #expect(clock.hiddenText(for: i) == ExactInstant.hiddenText(for: i, in: zone), "\(i)")
            #expect(system.serial(ofLocalMilliseconds: local.epochMillisecondsAsIfUTC) == system.serial(of: local), "\(i)")
        }
    }
}
