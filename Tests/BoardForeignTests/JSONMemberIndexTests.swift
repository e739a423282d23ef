import Testing
import BoardIO
@testable import BoardForeign

@Suite struct JSONMemberIndexTests {
    private func index(_ s: String, arrays: Set<String> = []) -> Result<JSONMemberIndex, JSONSyntaxError> {
        JSONMemberIndex.index(MappedText(copying: Array(s.utf8)), arrays: arrays)
    }

    @Test func locatesMembersAndTheElementsAskedFor() throws {
        let text = #"{"a": 1, "big": [ {"x": "]"}, [2], "s\"}" ], "b": {"k": [3]}}"#
        let ix = try index(text, arrays: ["big"]).get()
        #expect(ix.shape == .object)
        #expect(ix.members.map(\.key) == ["a", "big", "b"])
        let bytes = Array(text.utf8)
        let big = try #require(ix["big"])
        #expect(big.isArray)
        #expect(big.keyOffset == 9)
        #expect(bytes[big.offset] == UInt8(ascii: "["))
        #expect(bytes[big.end - 1] == UInt8(ascii: "]"))
        #expect(big.elements.map { bytes[$0] } == [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\"")])
        // Arrays not asked for are checked but not looked into.
        #expect(ix["b"]?.elements.isEmpty == true)
        #expect(ix.node(at: ix["b"]!.offset, depth: 1)["k"]?.array?.first?.number == 3)
    }

    @Test func rootLeavingOutKeepsEveryOtherMember() throws {
        let ix = try index(#"{"cards": [1, 2], "name": "n\u00e9", "cards": {"x": 1}}"#, arrays: ["cards"]).get()
        let root = ix.root(leavingOut: ["cards"])
        #expect(root["name"]?.string == "né")
        // The last of a repeated key wins, as in a parsed tree; an object is parsed whole.
        #expect(root["cards"]?.isObject == true)
        #expect(root.members?.first?.value.array?.isEmpty == true)
    }

    @Test func rootThatIsNotAnObject() throws {
        #expect(try index("  [1, {}]").get().elements == [3, 6])
        #expect(try index(" \"x\"").get().shape == .other(kindName: "a string"))
        #expect(try index("[]").get().shape.kindName == "an array")
    }

    @Test func sequenceLocatesEachValue() throws {
        let ix = try JSONMemberIndex.indexSequence(MappedText(copying: Array("{\"a\":1}\n {\"a\":2},\n{}\n".utf8))).get()
        #expect(ix.elements == [0, 9, 18])
        #expect(ix.shape == .array)
    }

    /// Broken documents: the index gives the very message and offset a whole parse gives.
    @Test(arguments: [
        "[1,]", "{\"a\" 1}", "[01]", "\"\\x\"", "\"a\nb\"", "[\"\\ud800\"]", "tru", "{} x", "{\"cards\": [{\"id\": \"1\"",
        "{\"a\": [1, 2 3]}", "{\"a\": \"\\u12\"}", "[1e999]", "[-]", "[1.]", "[1e]", "{\"k\": nul}", "{\"a\": [\"x\u{01}\"]}",
        "{1: 2}", "{\"a\": 1,}", "[\"\\q\"]", "{\"cards\": [{\"a\": [\"long string without end",
        "[\"\u{00e9}\u{1F600}\", \"ok\", 12345678901234567890123, -0.5e-3, true, false, null, {}]",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        "[" + String(repeating: "9", count: 400) + "]",
    ])
    func brokenJSONGivesTheParsersDiagnostic(_ text: String) {
        let bytes = Array(text.utf8)
        let parsed = JSONParser.parse(bytes)
        let indexed = JSONMemberIndex.index(MappedText(copying: bytes), arrays: ["cards", "a"])
        switch (parsed, indexed) {
        case (.failure(let a), .failure(let b)): #expect(a == b)
        case (.success, .success): break
        default: Issue.record("parse and index disagree on \(text): \(parsed) / \(indexed)")
        }
    }

    @Test func invalidUTF8IsJudgedAsTheParserJudgesIt() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xC3, 0xA9, 0x22],
            [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22], [0x22, 0xFF, 0x0A, 0x22], [0x22, 0xC3, 0x5C, 0x6E, 0x22],
            [0x22, 0xFF, 0x5C, 0x78, 0x22], [0x22, 0xC3],
        ]
        for bytes in cases {
            let parsed = JSONParser.parse(bytes)
            let indexed = JSONMemberIndex.index(MappedText(copying: bytes))
            switch (parsed, indexed) {
            case (.failure(let a), .failure(let b)): #expect(a == b, "\(bytes)")
            case (.success, .success): break
            default: Issue.record("parse and index disagree on \(bytes)")
            }
        }
    }
}
