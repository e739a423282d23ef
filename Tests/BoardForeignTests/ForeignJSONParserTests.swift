import Testing
import BoardIO
@testable import BoardForeign

@Suite struct ForeignJSONParserTests {
    private func parse(_ s: String) -> Result<JSONNode, JSONSyntaxError> { JSONParser.parse(Array(s.utf8)) }

    @Test func readsNestedValuesWithOffsets() throws {
        let root = try parse(#"{"a": [1, 2.5, -3e2], "b": {"c": "x\n\u00e9\ud83d\ude00"}, "d": null, "e": true}"#).get()
        #expect(root["a"]?.array?.compactMap(\.number) == [1, 2.5, -300])
        #expect(root["b"]?["c"]?.string == "x\né😀")
        #expect(root["d"]?.isNull == true)
        #expect(root["e"]?.bool == true)
        #expect(root["b"]?.offset == 27)
    }

    @Test func lastOfARepeatedKeyWins() throws {
        #expect(try parse(#"{"k": 1, "k": 2}"#).get()["k"]?.number == 2)
    }

    @Test func truncatedDocumentSaysWhere() {
        guard case .failure(let e) = parse("{\"cards\": [{\"id\": \"1\"") else { Issue.record("parsed"); return }
        #expect(e.problem == .endsInsideObject)
        #expect(e.offset == 21)
    }

    @Test(arguments: ["[1,]", "{\"a\" 1}", "[01]", "\"\\x\"", "\"a\nb\"", "[\"\\ud800\"]", "tru", "{} x"])
    func rejectsInvalidJSON(_ text: String) {
        if case .success = parse(text) { Issue.record("accepted \(text)") }
    }

    @Test func rejectsInvalidUTF8() {
        if case .success = JSONParser.parse([0x22, 0xFF, 0x22]) { Issue.record("accepted bad UTF-8") }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        guard case .failure(let e) = parse(deep) else { Issue.record("parsed"); return }
        #expect(e.problem == .tooDeep(JSONParser.maxDepth))
    }

    @Test func sequenceReadsOneObjectPerLine() throws {
        let root = try JSONParser.parseSequence(Array("{\"a\":1}\n{\"a\":2},\n{\"a\":3}\n".utf8)).get()
        #expect(root.array?.compactMap { $0["a"]?.number } == [1, 2, 3])
    }

    @Test func serializerRoundTripsThroughTheParser() throws {
        let node = JSONNode.object([("s", .string("q\"\\\t\u{1}한")), ("n", .number(1.5)), ("i", .number(42)),
                                    ("a", .array([.bool(false), .null])), ("o", .object([("x", .string(""))]))])
        let back = try JSONParser.parse(JSONSerializer.bytes(node)).get()
        #expect(back["s"]?.string == "q\"\\\t\u{1}한")
        #expect(back["i"]?.scalarText == "42")
        #expect(back["n"]?.number == 1.5)
        #expect(back["a"]?.array?.count == 2)
        #expect(back["o"]?["x"]?.string == "")
    }

    @Test func lineAndColumnCountCharacters() {
        let source = ForeignSource(file: "f.json", bytes: Array("{\n  \"한\": x".utf8))
        let (line, column) = source.lineColumn(of: Array("{\n  \"한\": ".utf8).count)
        #expect(line == 2)
        #expect(column == 8)
    }

    /// Strings kept from earlier records are handed out again: the same values, and bytes
    /// that are not UTF-8 are refused even right after a valid string was kept.
    @Test func keptStringsGiveTheSameValuesAndStillCheckUTF8() throws {
        let strings = InterningCache<String>(slotBits: 4, maxKeyLength: 40)
        let record = Array(#"{"id": "5f1a0c9b8e7d6a5b4c3d2e1f", "list": "Doing 진행 (this week)", "name": "Doing 진행 (this week)", "id": "5f1a0c9b8e7d6a5b4c3d2e1f"}"#.utf8)
        for _ in 0..<3 {
            let node = try record.withUnsafeBufferPointer {
                try JSONParser.parseValue(in: $0, at: 0, strings: strings).get()
            }
            #expect(node.members?.map(\.key) == ["id", "list", "name", "id"])
            #expect(node["list"]?.string == "Doing 진행 (this week)")
            #expect(node["name"]?.string == "Doing 진행 (this week)")
        }
        let bad: [UInt8] = Array(#"["Doing 진행 (this week"#.utf8) + [0xFF] + Array(#")", "x"]"#.utf8)
        let result = bad.withUnsafeBufferPointer { JSONParser.parseValue(in: $0, at: 0, strings: strings) }
        guard case .failure(let e) = result else {
            Issue.record("bytes that are not UTF-8 were read as a string")
            return
        }
        #expect(e.offset == 1)
    }
}
