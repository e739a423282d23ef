import Foundation
import Testing
import BoardIO
@testable import BoardForeign

/// A skim with a second core checking ahead (`SkimAhead`) must index every document exactly
/// as one core does, and fail on a broken one with the same problem at the same offset,
/// wherever the second core starts guessing.
@Suite struct SkimAheadTests {
    /// What an index says, comparable: the root, each member with its element starts, or the
    /// error.
    private func summary(_ result: Result<JSONMemberIndex, JSONSyntaxError>) -> String {
        switch result {
        case .failure(let e): return "error \(e.problem) at \(e.offset)"
        case .success(let ix):
            let members = ix.members.map { m in
                "\(m.key)@\(m.keyOffset):\(m.offset)-\(m.end) array=\(m.isArray) \(m.elements)"
            }
            return "\(ix.shape) root=\(ix.rootOffset) end=\(ix.end) elements=\(ix.elements) members=\(members)"
        }
    }

    private func agreesAtEverySplit(_ document: String, arrays: Set<String> = ["actions", "cards"]) {
        let text = MappedText(copying: Array(document.utf8))
        let alone = summary(JSONMemberIndex.index(text, arrays: arrays, aheadFrom: nil))
        for split in 0...text.bytes.count {
            let ahead = summary(JSONMemberIndex.index(text, arrays: arrays, aheadFrom: split, waiting: true))
            #expect(ahead == alone, "guessing from \(split)")
            if ahead != alone { return }
        }
    }

    /// A small Trello-like export: arrays of objects that hold arrays of objects, strings that
    /// look like element boundaries, escapes, members after the arrays.
    private let export = #"""
    {"id": "b", "actions": [{"id": "a1", "data": {"card": {"id": "c1"}}, "note": "},{ not an element"},
     {"id": "a2", "data": {"list": {"id": "l1"}, "tags": [{"t": 1}, {"t": 2}, {"t": "x\"},{"}]}},
     {"id": "a3", "data": {}} , {"id": "a4", "list": [[{}, {}], {}]}],
     "cards": [{"id": "c1", "labels": [{"id": "g"},{"id": "h"}], "desc": "é \u00e9 \\ }, {"},
      {"id": "c2", "checkItems": [{"id": "i"}, {"id": "j"}]}, {"id": "c3"}],
     "lists": [{"id": "l1"}, {"id": "l2"}], "members": [], "n": 1.5e3}
    """#

    @Test func indexesAnExportAsOneCoreDoesWhereverTheGuessStarts() {
        agreesAtEverySplit(export)
    }

    @Test func indexesARootArrayAsOneCoreDoes() {
        agreesAtEverySplit(#"[{"uuid": "1", "tags": [{"a": 1}, {"b": 2}]}, {"uuid": "2"},{"uuid": "3", "d": "},{"}, {}]"#)
    }

    @Test func reportsABrokenDocumentAsOneCoreDoes() {
        let broken = [
            // Cut short, in the last element and after the arrays.
            String(export.dropLast(40)),
            String(export.dropLast(1)),
            // A bad value late in an indexed array; one in a nested array.
            export.replacingOccurrences(of: #"{"id": "c3"}"#, with: #"{"id": c3}"#),
            export.replacingOccurrences(of: #"{"id": "j"}"#, with: #"{"id": "j",}"#),
            // The root object left open after an array; text after the root.
            #"{"actions": [{"a": 1}, {"b": 2}, {"c": 3}]"#,
            #"{"actions": [{"a": 1}, {"b": 2}, {"c": 3}]} x"#,
            #"[{"a": 1}, {"b": 2}, {"c": 3}], {"d": 4}"#,
            #"[{"a": 1}, {"b": 2}, {"c": 3}]}"#,
            // Bad UTF-8 and a control character in a late string.
            export.replacingOccurrences(of: "c2", with: "c\u{1}2"),
            "{\"cards\": [{\"a\": 1}, {\"b\": \"\u{FF}\"}, {\"c\": \"\u{80}\"}]}",
        ]
        for document in broken { agreesAtEverySplit(document) }
    }

    @Test func aBadByteInALateStringIsReportedWhereOneCoreReportsIt() {
        var bytes = Array(#"{"cards": [{"a": "x"}, {"b": "yy"}, {"c": "z"}], "e": 1}"#.utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "y"))!] = 0xFF
        let text = MappedText(copying: bytes)
        let alone = summary(JSONMemberIndex.index(text, arrays: ["cards"], aheadFrom: nil))
        #expect(alone.hasPrefix("error invalidUTF8"))
        for split in 0...bytes.count {
            #expect(summary(JSONMemberIndex.index(text, arrays: ["cards"], aheadFrom: split, waiting: true)) == alone)
        }
    }

    @Test func theSecondCoreFindsTheRestOfTheDocumentFromARightGuess() throws {
        let text = MappedText(copying: Array(export.utf8))
        let alone = try JSONMemberIndex.index(text, arrays: ["cards"], aheadFrom: nil).get()
        let cards = try #require(alone["cards"])
        // Guessing from just after the first card: its labels' `},{` is the first candidate
        // (a wrong one, nested); the second card's start is the next.
        let ahead = SkimAhead.start(text, arrays: ["cards"], from: cards.elements[0], waiting: true)
        defer { ahead.stop() }
        #expect(!ahead.claim(cards.elements[0]))
        #expect(ahead.claim(cards.elements[1]))
        let finding = try #require(ahead.finding())
        #expect(finding.elements == Array(cards.elements.dropFirst()))
        #expect(finding.arrayEnd == cards.end)
        #expect(finding.rest?.members.map(\.key) == ["lists", "members", "n"])
        #expect(finding.rest?.end == alone.end)
    }

    @Test func elementStartsAreFoundAfterAClosingBraceAndAComma() {
        let bytes = Array("x}, \n {a} ,{b}{c},[{d}".utf8)
        bytes.withUnsafeBufferPointer { b in
            #expect(SkimAhead.elementStart(in: b, from: 0, before: b.count) == 6)
            // From the comma: the brace before it still counts.
            #expect(SkimAhead.elementStart(in: b, from: 2, before: b.count) == 6)
            #expect(SkimAhead.elementStart(in: b, from: 7, before: b.count) == 11)
            #expect(SkimAhead.elementStart(in: b, from: 12, before: b.count) == nil)
            #expect(SkimAhead.elementStart(in: b, from: 0, before: 6) == nil)
        }
    }

    /// A document past the size where the second core starts on its own: the threads really
    /// race, and the index must still be the one-core index.
    @Test func aLargeExportIsIndexedAsOneCoreDoes() {
        let action = #"{"id": "a", "type": "updateCard", "data": {"card": {"id": "c"}, "old": {"pos": 1}}, "tags": [{"x": 1}, {"y": "},{"}]}"#
        let card = #"{"id": "c", "labels": [{"id": "g"}, {"id": "h"}], "name": "카드 \"quoted\""}"#
        let actions = Array(repeating: action, count: 60_000).joined(separator: ",\n")
        let cards = Array(repeating: card, count: 40_000).joined(separator: ", ")
        let document = #"{"id": "b", "actions": [\#(actions)], "cards": [\#(cards)], "lists": [{"id": "l"}]}"#
        let text = MappedText(copying: Array(document.utf8))
        #expect(text.bytes.count >= SkimAhead.minimumBytes)
        let alone = summary(JSONMemberIndex.index(text, arrays: ["actions", "cards"], aheadFrom: nil))
        for _ in 0..<3 {
            #expect(summary(JSONMemberIndex.index(text, arrays: ["actions", "cards"])) == alone)
        }
        let broken = MappedText(copying: Array(document.dropLast(2).utf8))
        let brokenAlone = summary(JSONMemberIndex.index(broken, arrays: ["actions", "cards"], aheadFrom: nil))
        #expect(brokenAlone.hasPrefix("error"))
        #expect(summary(JSONMemberIndex.index(broken, arrays: ["actions", "cards"])) == brokenAlone)
    }
}
