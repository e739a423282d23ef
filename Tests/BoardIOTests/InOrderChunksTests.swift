import Testing

@testable import BoardIO

@Suite("Chunks made on several cores, taken in order")
struct InOrderChunksTests {
    @Test("every item is made once and the chunks arrive in order",
          arguments: [0, 1, 7, 8, 9, 16, 17, 40, 41])
    func order(count: Int) {
        var taken: [Range<Int>] = []
        inOrderChunks(count: count, size: 8, make: { $0 }, take: { taken.append($0) })
        #expect(taken.flatMap { Array($0) } == Array(0..<count))
        #expect(taken.allSatisfy { $0.count <= 8 && !$0.isEmpty })
    }
}
