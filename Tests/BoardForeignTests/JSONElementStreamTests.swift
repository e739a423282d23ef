import Testing
import BoardIO
@testable import BoardForeign

@Suite struct JSONElementStreamTests {
    private func stream(_ s: String) throws -> JSONElementStream {
        let ix = try JSONMemberIndex.index(MappedText(copying: Array(s.utf8)), arrays: ["items"]).get()
        return JSONElementStream(try #require(ix["items"]), in: ix)
    }

    private func items(_ count: Int) -> String {
        "{\"items\": [" + (0..<count).map { "{\"n\": \($0), \"s\": \"x\\\"]\"}" }.joined(separator: ",\n") + "], \"after\": 1}"
    }

    @Test func handsEveryElementInOrderWithItsIndexAndOffset() throws {
        let text = items(5000)
        let s = try stream(text)
        var seen: [Int] = []
        s.forEach(chunkSize: 64) { k, node in
            #expect(node["n"]?.number == Double(k))
            #expect(node["s"]?.string == "x\"]")
            #expect(node.offset == s.offsets[k])
            seen.append(k)
        }
        #expect(seen == Array(0..<5000))
    }

    @Test func walksBackwards() throws {
        let s = try stream(items(3000))
        var seen: [Int] = []
        s.forEach(reversed: true, chunkSize: 100) { k, node in
            #expect(node["n"]?.number == Double(k))
            seen.append(k)
        }
        #expect(seen == Array((0..<3000).reversed()))
    }

    @Test func oneWorkerGivesTheSameElements() throws {
        let s = try stream(items(2500))
        var many: [Double] = [], one: [Double] = []
        s.forEach(chunkSize: 10) { _, node in many.append(node["n"]?.number ?? -1) }
        Parallelism.withWorkers(1) { s.forEach(chunkSize: 10) { _, node in one.append(node["n"]?.number ?? -1) } }
        #expect(many == one)
    }

    @Test func emptyArrayHandsNothing() throws {
        var calls = 0
        try stream(#"{"items": [ ]}"#).forEach { _, _ in calls += 1 }
        #expect(calls == 0)
    }

    @Test func rootArrayOfScalarsAndNesting() throws {
        let ix = try JSONMemberIndex.index(MappedText(copying: Array(#"[1, "two", [3, [4]], {"five": 5}, null]"#.utf8))).get()
        var kinds: [String] = []
        JSONElementStream(rootOf: ix).forEach { _, node in kinds.append(node.kindName) }
        #expect(kinds == ["a number", "a string", "an array", "an object", "null"])
    }
}
