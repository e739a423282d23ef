import Testing
import Foundation
import PropertyBased
import BoardModel

/// Not a property: with `ROUNDTRIP_SURVEY=N` set, runs N random boards through every route
/// and prints each kind of difference with its smallest example and the warnings written
/// (`ROUNDTRIP_ROUTE=trello` for one route).
/// A map of the failures when several kinds mix (shrinking finds one at a time).
@Suite struct Survey {
    static let routes: [Route] = [
        .csvWithEvents, .xlsx, .store, .csvPlain, .trello, .taskwarrior,
        .ics(.event, includeDone: false), .ics(.todo, includeDone: true), .ics(.both, includeDone: true),
    ]

    @Test(.enabled(if: ProcessInfo.processInfo.environment["ROUNDTRIP_SURVEY"] != nil))
    func survey() throws {
        let n = Int(ProcessInfo.processInfo.environment["ROUNDTRIP_SURVEY"] ?? "") ?? 200
        let only = ProcessInfo.processInfo.environment["ROUNDTRIP_ROUTE"]
        var r = SplitMix(state: 12345)
        for route in Self.routes where only == nil || route.name == only {
            var kinds: [String: (count: Int, example: String, size: Int)] = [:]
            for _ in 0..<n {
                let board = BoardGen.make(&r, .everything)
                guard let start = RoundTrip.viaJSON(board) else { continue }
                let trip = try RoundTrip.run(start, route)
                var found: [Difference] = []
                if !trip.errors.isEmpty { found.append(Difference(kind: "ERROR", detail: "\(trip.errors.prefix(2))")) }
                if let back = trip.back { found += BoardDiff.differences(start, back) }
                let size = start.cards.count + start.events.count
                for kind in Set(found.map(\.kind)) {
                    let ex = found.first { $0.kind == kind }!.detail
                    let text = "\(ex)\n      warnings: \(trip.notWritten)"
                    if let old = kinds[kind] {
                        kinds[kind] = (old.count + 1, size < old.size ? text : old.example, min(size, old.size))
                    } else {
                        kinds[kind] = (1, text, size)
                    }
                }
            }
            print("=== \(route): \(n) boards")
            for (k, v) in kinds.sorted(by: { $0.key < $1.key }) {
                print("  \(k) ×\(v.count)  e.g. \(v.example.prefix(700))")
            }
        }
    }

    /// With `ROUNDTRIP_KIND=card.due ROUNDTRIP_ROUTE=trello` (or `ROUNDTRIP_KIND=ERROR`): a
    /// property that fails on that one kind of difference, so shrinking finds its smallest board.
    @Test(.shrinking, .enabled(if: ProcessInfo.processInfo.environment["ROUNDTRIP_KIND"] != nil))
    func hunt() async throws {
        let kind = ProcessInfo.processInfo.environment["ROUNDTRIP_KIND"] ?? ""
        let name = ProcessInfo.processInfo.environment["ROUNDTRIP_ROUTE"] ?? "csv"
        let route = try #require(Self.routes.first { $0.name == name })
        await propertyCheck(count: 2000, input: BoardGen.boards()) { g in
            guard let start = RoundTrip.viaJSON(g.board) else { return }
            let trip = try RoundTrip.run(start, route)
            let d = trip.back.map { BoardDiff.differences(start, $0) } ?? []
            let hit = kind == "ERROR" ? trip.errors.map { Difference(kind: "ERROR", detail: "\($0)") } : d.filter { $0.kind == kind }
            #expect(hit.isEmpty, "\(hit) warnings \(trip.notWritten)")
        }
    }
}
