import Testing
import BoardModel
import BoardSample
@testable import BoardIO
import BoardValidation

@Suite("Sample boards")
struct SampleBoardTests {
    @Test func sameSeedSameBoard() {
        #expect(SampleBoard(cards: 50, seed: 7).generate() == SampleBoard(cards: 50, seed: 7).generate())
        #expect(SampleBoard(cards: 50, seed: 7).generate() != SampleBoard(cards: 50, seed: 8).generate())
    }

    @Test(arguments: 1...20)
    func samplesAreValidAndVaried(seed: UInt64) {
        let b = SampleBoard(cards: 120, weeks: 8, seed: seed).generate()
        let diagnostics = BoardValidator.validate(b, sourceMap: PathSourceMap(file: "sample"))
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        #expect(Set(b.cards.map(\.state)).count == 4)
        #expect(b.cards.contains { if case .date? = $0.due { true } else { false } })
        #expect(b.cards.contains { if case .instant? = $0.due { true } else { false } })
        #expect(b.cards.contains { $0.due == nil })
        #expect(b.cards.contains { $0.title.unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 } })
        #expect(b.events.contains { $0.type == .moved && $0.from == "review" && $0.to == "doing" })
        #expect(zip(b.events, b.events.dropFirst()).allSatisfy { $0.at <= $1.at })
    }

    @Test func historyEndsAtTheSamplesMoment() throws {
        // 2026-11-20 18:00 in Seoul: reports on samples use --as-of 2026-11-20 and must see
        // the whole history, none of it in their future.
        #expect("\(SampleBoard.defaultUntil)" == "2026-11-20T09:00:00Z")
        let b = SampleBoard(cards: 400, weeks: 8, seed: 3).generate()
        let last = try #require(b.events.last)
        #expect(last.at <= SampleBoard.defaultUntil)
        #expect(last.at.epochMilliseconds > SampleBoard.defaultUntil.epochMilliseconds - 86_400_000)
        #expect(b.events.first!.at.epochMilliseconds >= SampleBoard.defaultUntil.epochMilliseconds - 8 * 7 * 86_400_000)
    }
}
