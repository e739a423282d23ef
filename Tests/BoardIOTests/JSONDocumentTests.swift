import BoardIO
import Testing

/// The one small JSON reader (mapping files, list cells, the token file, the page API's
/// bodies): strict RFC 8259.
@Suite("JSON document")
struct JSONDocumentTests {
    func parse(_ text: String) -> JSONDocument? { JSONDocument.parse(Array(text.utf8)) }

    @Test func valuesAreReadAsWritten() {
        #expect(parse(#" {"a": [1, -2.5e3, "x", true, false, null], "b": {}} "#) == .object([
            "a": .array([.number("1"), .number("-2.5e3"), .string("x"), .bool(true), .bool(false), .null]),
            "b": .object([:]),
        ]))
        #expect(parse(#""caf\u00e9 \ud83d\ude00 \"q\" \n""#) == .string("café 😀 \"q\" \n"))
        #expect(parse("1.0") == .number("1.0"))
        #expect(parse(#"{"a": 1, "a": 2}"#)?["a"] == .number("2"))
        #expect(parse(#"["a", "b"]"#)?.strings == ["a", "b"])
        #expect(parse(#"["a", 1]"#)?.strings == nil)
        #expect(parse(#"{"t": "x", "u": "y"}"#)?.stringMap == ["t": "x", "u": "y"])
        #expect(parse(#"{"t": "x", "u": 1}"#)?.stringMap == nil)
    }

    @Test func whatIsNotJSONIsRefused() {
        for text in ["", " ", "{", "[1,]", "[1 2]", #"{"a" 1}"#, #"{a: 1}"#, "01", "1.", ".5", "-", "1e", "+1",
                     "tru", "nul", "[] []", "{} x", "\"raw\ttab\"", "\"open", "'single'", #"{"a": 1,}"#] {
            #expect(parse(text) == nil, "\(text)")
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(JSONDocument.parse([0x22, 0x61, 0xFF, 0x22]) == nil)
        #expect(JSONDocument.parse(Array("\"가\"".utf8)) == .string("가"))
    }

    /// An object keeps its members in the order written; a name written twice keeps its last
    /// value in its first place, whether the object is small or large enough to be indexed.
    @Test func objectsKeepTheirOrderAndTheLastOfANameWrittenTwice() {
        let small = parse(#"{"b": 1, "a": 2, "b": 3}"#)?.object
        #expect(small?.keys == ["b", "a"])
        #expect(small?["b"] == .number("3"))
        #expect(small?["c"] == nil)
        let names = (0..<40).map { "k\($0)" }
        let body = names.map { "\"\($0)\": \"\($0)\"" } + [#""k3": "again""#, #""k30": null"#]
        let large = parse("{" + body.joined(separator: ", ") + "}")?.object
        #expect(large?.keys == names)
        #expect(large?["k3"] == .string("again"))
        #expect(large?["k30"] == .null)
        #expect(large?["k39"] == .string("k39"))
        #expect(large?.count == 40)
        // JSON objects are unordered: equal whatever the order written.
        #expect(parse(#"{"a": 1, "b": [2]}"#) == parse(#"{"b": [2], "a": 1}"#))
        #expect(parse(#"{"a": 1, "b": [2]}"#) != parse(#"{"a": 1, "b": [3]}"#))
        #expect(parse(#"{"a": 1}"#) != parse(#"{"a": 1, "b": 1}"#))
    }

    /// Strings with and without escapes: the plain ones take the short way.
    @Test func stringsWithAndWithoutEscapes() {
        #expect(parse(#""plain 한글 😀""#) == .string("plain 한글 😀"))
        #expect(parse(#""tail escape\\""#) == .string("tail escape\\"))
        #expect(parse(#""\"lead""#) == .string("\"lead"))
        #expect(parse("\"\"") == .string(""))
        #expect(parse(#""a\u0041b""#) == .string("aAb"))
        #expect(parse(#""unterminated\""#) == nil)
    }

    /// Every reader's limit, reached on a cooperative thread (where the page API parses a
    /// body) without taking the stack.
    @Test func nestingIsBounded() async {
        let limit = JSONTokenizer.depthLimit
        let deepest = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let tooDeep = String(repeating: "[", count: limit + 2) + String(repeating: "]", count: limit + 2)
        let (ok, refused) = await Task { (parse(deepest) != nil, parse(tooDeep) == nil) }.value
        #expect(ok)
        #expect(refused)
        #expect(parse(String(repeating: "[", count: 100_000)) == nil)
    }
}
