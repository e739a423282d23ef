import BoardModel
@testable import BoardReport
import Testing

/// The forecast's sample and its Monte Carlo, checked against an exact computation.
@Suite("Forecast: the daily sample and the Monte Carlo against convolution")
struct ForecastTests {
    /// A board whose cards are each created a week before, then finished at the given local
    /// times (in `zone`), and a card `open` still to do. `reopen` sends the first finished
    /// card back to doing an hour after and finishes it again a day later.
    static func board(zone: String, finished: [String], reopen: Bool = false, open: Int = 3) -> Board {
        let z = Zone.named(zone)!
        var cards: [Card] = []
        var events: [Event] = []
        for (k, local) in finished.enumerated() {
            guard case .local(let t)? = ISO8601.parse(Array(local.utf8)) else { fatalError(local) }
            let done = z.instant(t)
            let id = "d\(k)"
            cards.append(Card(id: id, title: id, state: "done"))
            events.append(Event(card: id, at: done.adding(seconds: -7 * 86_400), type: .created, to: "todo"))
            events.append(Event(card: id, at: done.adding(seconds: -3_600), type: .moved, from: "todo", to: "doing"))
            events.append(Event(card: id, at: done, type: .moved, from: "doing", to: "done"))
            if reopen && k == 0 {
                events.append(Event(card: id, at: done.adding(seconds: 3_600), type: .moved, from: "done", to: "doing"))
                events.append(Event(card: id, at: done.adding(seconds: 86_400), type: .moved, from: "doing", to: "done"))
            }
        }
        for k in 0..<open {
            cards.append(Card(id: "o\(k)", title: "o\(k)", state: "todo", labels: k == 0 ? ["bug"] : []))
            events.append(Event(card: "o\(k)", at: TB.at("2026-01-01T00:00:00Z"), type: .created, to: "todo"))
        }
        events.sort { $0.at < $1.at }
        return TB.board(zone: zone, cards: cards, events: events)
    }

    static func sample(_ board: Board, asOf: String, weeks: Int = 12) -> DoneSample {
        let zone = board.zone!
        let replay = BoardReplay.make(board, zone: zone, options: ReportOptions(asOf: AsOf.parse(asOf, in: zone)!, weeks: 1))
        return DoneSample(replay, weeks: weeks, zone: zone)
    }

    /// A finish at `time` on every `every`-th day of `days` days from `from` (local times).
    static func steady(from: String, days: Int, every: Int = 1, at time: String) -> [String] {
        stride(from: 0, to: days, by: every).map { "\(TB.day(from).addingDays($0))T\(time)" }
    }

    /// Finishes around midnight in Seoul: 23:59 counts on its day, 00:00 on the next.
    static let edgeTimes = ["2026-11-16T23:59:59", "2026-11-17T00:00:00", "2026-11-17T00:00:01",
                            "2026-11-19T12:00:00", "2026-11-20T23:59:00"]
    static let zoneEdges = board(zone: "Asia/Seoul", finished: edgeTimes)
    /// New York's clocks go back on 2026-11-01 (a 25-hour day).
    static let dst = board(zone: "America/New_York", finished: [
        "2026-10-31T23:30:00", "2026-11-01T00:30:00", "2026-11-01T01:30:00", "2026-11-01T23:30:00",
        "2026-11-02T00:10:00", "2026-11-05T09:00:00",
    ])
    /// A card finished, reopened within the hour and finished again the next day: two finishes.
    static let reopenTimes = ["2026-11-10T10:00:00", "2026-11-12T10:00:00", "2026-11-12T11:00:00"]
    static let reopened = board(zone: "UTC", finished: reopenTimes, reopen: true)
    /// Three finishes a day in two working weeks, with empty weeks between and around them.
    static let zeroWeeks = board(zone: "Europe/Berlin", finished: ["10:00:00", "11:00:00", "16:00:00"].flatMap {
        steady(from: "2026-09-01", days: 5, at: $0) + steady(from: "2026-10-19", days: 5, at: $0)
    })

    @Test("each finish falls on its calendar day in the board's zone, around midnight and across DST")
    func daysInZone() {
        let edges = Self.sample(Self.zoneEdges, asOf: "2026-11-20")
        #expect(edges.to == TB.day("2026-11-20"))
        #expect(Array(edges.perDay.suffix(5)) == [1, 2, 0, 1, 1])
        // Fall back: 00:30, 01:30 and 23:30 of the 25-hour day are one day's three finishes.
        let dst = Self.sample(Self.dst, asOf: "2026-11-06")
        #expect(Array(dst.perDay.suffix(7)) == [1, 3, 1, 0, 0, 1, 0])
        #expect(dst.done == 6)
    }

    @Test("a reopened card finished again counts again; the sample starts when the board does")
    func reopenedAndStart() {
        let s = Self.sample(Self.reopened, asOf: "2026-11-20")
        #expect(s.done == 4)
        // The history starts on 2026-01-01 with the open cards: 12 weeks back is the limit.
        #expect(s.from == TB.day("2026-08-29"))
        #expect(s.days == 84)
        // 52 weeks back would be before the board's first card: the sample starts with it.
        let zero = Self.sample(Self.zeroWeeks, asOf: "2026-11-20", weeks: 52)
        #expect(zero.from == TB.day("2026-01-01"))
        #expect(zero.done == 30)
        let short = Self.sample(Self.board(zone: "UTC", finished: ["2026-11-18T10:00:00"], open: 0), asOf: "2026-11-20")
        #expect(short.from == TB.day("2026-11-11"))
        #expect(short.days == 10)
    }

    @Test("with 10,000 trials the 85 % date is within a day of the exact one, on every test board")
    func againstConvolution() {
        // The midnight and reopen boards with a finish every third day besides: a sample of five
        // finishes in 84 days spreads 15 cards over a year, where 10,000 trials vary by more than a day.
        let boards = [
            (Self.board(zone: "Asia/Seoul", finished: Self.edgeTimes + Self.steady(from: "2026-08-30", days: 76, every: 3, at: "23:59:30")),
             "2026-11-20", 12),
            (Self.dst, "2026-11-06", 2),
            (Self.board(zone: "UTC", finished: Self.reopenTimes + Self.steady(from: "2026-08-30", days: 70, every: 3, at: "10:00:00"),
                        reopen: true), "2026-11-20", 12),
            (Self.zeroWeeks, "2026-11-20", 12),
        ]
        for (board, asOf, weeks) in boards {
            let perDay = Self.sample(board, asOf: asOf, weeks: weeks).perDay
            for remaining in [1, 4, 15] {
                let exact = ExactForecast.whenDays(perDay, remaining: remaining, share: 0.85)
                let monteCarlo = ThroughputForecast.when(perDay, remaining: remaining).days[1]
                #expect(exact != nil && monteCarlo != nil)
                if let exact, let monteCarlo {
                    #expect(abs(exact - monteCarlo) <= 1, "\(board.timeZone) \(remaining) cards: exact \(exact), Monte Carlo \(monteCarlo)")
                }
            }
            for days in [7, 30] {
                let exact = ExactForecast.howMany(perDay, days: days, share: 0.85)
                let monteCarlo = ThroughputForecast.howMany(perDay, days: days)[1]
                #expect(abs(exact - monteCarlo) <= 1, "\(board.timeZone) by day \(days): exact \(exact), Monte Carlo \(monteCarlo)")
            }
        }
    }

    @Test("a seed gives the same answer every time; the levels never go backwards")
    func seeded() {
        let perDay = Self.sample(Self.zeroWeeks, asOf: "2026-11-20").perDay
        let a = ThroughputForecast.when(perDay, remaining: 9, trials: .init(count: 2_000, seed: 7))
        let b = ThroughputForecast.when(perDay, remaining: 9, trials: .init(count: 2_000, seed: 7))
        #expect(a == b)
        let days = a.days.compactMap { $0 }
        #expect(days.count == 3 && days == days.sorted())
        #expect(a.finishedBy.last == 2_000)
        let counts = ThroughputForecast.howMany(perDay, days: 60)
        #expect(counts == counts.sorted(by: >))
    }

    @Test("nothing finished is refused; a thin sample is flagged; the filter picks the remaining cards")
    func refusalsAndFilter() {
        let none = Self.board(zone: "UTC", finished: [], open: 2)
        let replay = BoardReplay.make(none, zone: .utc, options: ReportOptions(asOf: AsOf.parse("2026-11-20", in: .utc)!, weeks: 1))
        guard case .failure(.nothingDone(let s)) = Forecast.make(none, replay, zone: .utc, question: .init()) else {
            Issue.record("expected a refusal")
            return
        }
        // Nothing was recorded after the open cards' creation: the sample ends that day.
        #expect(s.to == TB.day("2026-01-01") && s.historyEnd == TB.day("2026-01-01"))

        let zone = Self.zoneEdges.zone!
        let edges = BoardReplay.make(Self.zoneEdges, zone: zone, options: ReportOptions(asOf: AsOf.parse("2026-11-20", in: zone)!, weeks: 1))
        var q = Forecast.Question()
        guard case .success(let all) = Forecast.make(Self.zoneEdges, edges, zone: zone, question: q) else { Issue.record("no forecast"); return }
        #expect(all.when.remaining == 3)
        #expect(all.isThin)
        #expect(all.sample.done == 5)
        q.filter = CardFilter(label: "bug")
        q.date = TB.day("2026-12-20")
        guard case .success(let bugs) = Forecast.make(Self.zoneEdges, edges, zone: zone, question: q) else { Issue.record("no forecast"); return }
        #expect(bugs.when.remaining == 1)
        #expect(bugs.howMany?.date == TB.day("2026-12-20"))
        q.date = TB.day("2026-11-20")
        guard case .failure(.dateOutOfRange) = Forecast.make(Self.zoneEdges, edges, zone: zone, question: q) else {
            Issue.record("as-of's own day is not a day ahead")
            return
        }
        q.date = nil
        q.state = "Nope"
        guard case .failure(.unknownState("Nope")) = Forecast.make(Self.zoneEdges, edges, zone: zone, question: q) else {
            Issue.record("an unknown state is refused")
            return
        }
        q.state = "Todo"
        q.filter = CardFilter()
        guard case .success(let todo) = Forecast.make(Self.zoneEdges, edges, zone: zone, question: q) else { Issue.record("no forecast"); return }
        #expect(todo.when.remaining == 3)
    }
}

/// The exact answers, by convolving the distribution of one day's count: the chance that the
/// cards are done within d days, and the distribution of the count done in d days.
enum ExactForecast {
    /// Each count a day can have, with its chance (every sampled day equally likely).
    static func day(_ perDay: [Int]) -> [(count: Int, chance: Double)] {
        Dictionary(grouping: perDay, by: { $0 }).map { ($0.key, Double($0.value.count) / Double(perDay.count)) }
    }

    /// The fewest days within which `remaining` cards are done with at least `share` chance.
    static func whenDays(_ perDay: [Int], remaining: Int, share: Double) -> Int? {
        let day = day(perDay)
        // Chance of each running total still short of `remaining`.
        var short = [Double](repeating: 0, count: remaining)
        short[0] = 1
        var done = 0.0
        for d in 1...ThroughputForecast.horizonDays {
            var next = [Double](repeating: 0, count: remaining)
            for s in 0..<remaining where short[s] > 0 {
                for (count, chance) in day {
                    if s + count >= remaining { done += short[s] * chance } else { next[s + count] += short[s] * chance }
                }
            }
            short = next
            if done >= share - 1e-12 { return d }
        }
        return nil
    }

    /// The largest count reached in `days` days with at least `share` chance.
    static func howMany(_ perDay: [Int], days: Int, share: Double) -> Int {
        let day = day(perDay)
        var total = [1.0]
        for _ in 0..<days {
            var next = [Double](repeating: 0, count: total.count + (perDay.max() ?? 0))
            for (s, p) in total.enumerated() where p > 0 {
                for (count, chance) in day { next[s + count] += p * chance }
            }
            total = next
        }
        var atLeast = 0.0
        for c in total.indices.reversed() {
            atLeast += total[c]
            if atLeast >= share - 1e-12 { return c }
        }
        return 0
    }
}
