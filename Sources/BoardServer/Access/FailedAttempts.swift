import Synchronization

/// How many requests from one address presented nothing that opens a board (a wrong, revoked
/// or rotated-away token, a board name that is not served) in the current minute. Past the
/// limit, every request to a board from that address is refused with 429 until the minute is
/// over, a right token too: refusing only the wrong ones would still tell a guesser which
/// one was right.
final class FailedAttempts: Sendable {
    /// Failures allowed per address and minute; 0: no limit.
    let limit: Int
    static let window: Int64 = 60
    /// Past this many addresses, those whose minute is over are forgotten (a scan of a
    /// network must not grow the table without end).
    private static let pruneAt = 10_000

    private struct Tally { var start: Int64; var count: Int }
    private let tallies = Mutex<[String: Tally]>([:])

    init(limit: Int) { self.limit = limit }

    /// Seconds until `address` may try again; nil when it may now. `now`: seconds.
    func wait(for address: String, now: Int64) -> Int? {
        guard limit > 0 else { return nil }
        return tallies.withLock { table in
            guard let t = table[address], now - t.start < Self.window, t.count >= limit else { return nil }
            return Int(Self.window - (now - t.start))
        }
    }

    /// Counts a failed attempt from `address`.
    func record(_ address: String, now: Int64) {
        guard limit > 0 else { return }
        tallies.withLock { table in
            if table.count >= Self.pruneAt { table = table.filter { now - $0.value.start < Self.window } }
            if let t = table[address], now - t.start < Self.window {
                table[address]?.count = t.count + 1
            } else {
                table[address] = Tally(start: now, count: 1)
            }
        }
    }
}
