import Testing

@testable import BoardIO

@Suite("A list filled by appending, used up in chunks")
struct ChunkedListTests {
    @Test("elements come back in order, across the chunks' seams", arguments: [0, 1, 3, 4, 5, 12, 13])
    func order(count: Int) {
        var list = ChunkedList<Int>(chunkSize: 4)
        for k in 0..<count { list.append(k) }
        #expect(list.count == count)
        #expect(list.isEmpty == (count == 0))
        var seen: [Int] = []
        list.forEach { seen.append($0) }
        #expect(seen == Array(0..<count))
        var drained: [Int] = []
        list.drain { drained.append($0) }
        #expect(drained == Array(0..<count))
        #expect(list.isEmpty && list.count == 0)
    }

    @Test("draining into an array appends after what it holds and empties the list")
    func drainInto() {
        var list = ChunkedList<String>(chunkSize: 2)
        for word in ["b", "c", "d", "e", "f"] { list.append(word) }
        var array = ["a"]
        list.drain(into: &array)
        #expect(array == ["a", "b", "c", "d", "e", "f"])
        #expect(list.isEmpty)
        list.append("g")
        var again: [String] = []
        list.drain(into: &again)
        #expect(again == ["g"])
    }

    @Test("each chunk is freed once handed on, not at the end")
    func freesAsItGoes() {
        final class Tracked {
            nonisolated(unsafe) static var alive = 0
            init() { Tracked.alive += 1 }
            deinit { Tracked.alive -= 1 }
        }
        var list = ChunkedList<Tracked>(chunkSize: 3)
        for _ in 0..<9 { list.append(Tracked()) }
        var aliveWhenTaken: [Int] = []
        list.drain { _ in aliveWhenTaken.append(Tracked.alive) }
        // While the second chunk is handed on, the first is gone.
        #expect(aliveWhenTaken == [9, 9, 9, 6, 6, 6, 3, 3, 3])
        #expect(Tracked.alive == 0)
    }
}
