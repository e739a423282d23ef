import Foundation
import Testing
import BoardModel
import BoardIO
import BoardTestSupport
@testable import BoardForeign

/// The Trello reader builds only the members of a card, a checklist or an action it reads
/// (`TrelloImport.cardPick`, `checklistPick`, `actionPick`). A key read but not picked would look absent, so
/// every export here is read with and without the picks, and both reads must agree on the
/// board, every diagnostic and every location.
@Suite struct TrelloPickTests {
    /// The keys the import reads of cards, checklists and actions (and a few it does not), each made
    /// absent or of the wrong type in turn, so that the diagnostics' paths are covered too.
    static let keys = ["id", "idList", "name", "desc", "due", "start", "dueComplete", "dateLastActivity", "pos",
                       "closed", "url", "idLabels", "labels", "idMembers", "customFieldItems", "attachments",
                       "idCustomField", "idValue", "value", "type", "date", "data", "card", "list", "listBefore",
                       "listAfter", "old", "memberCreator", "username", "idMemberCreator", "badges", "boardkit",
                       "text", "dateLastEdited", "action", "fullName", "isUpload", "mimeType", "bytes", "idMember",
                       "idCard", "checkItems", "state"]

    /// The sample export and variants of it: each key renamed away, and each key's value
    /// replaced by a number.
    static func exports() throws -> [(name: String, bytes: [UInt8])] {
        let text = try String(contentsOfFile: TrelloTests.samplePath, encoding: .utf8)
        var out = [("sample", Array(text.utf8))]
        for key in keys {
            out.append(("\(key) absent", Array(text.replacingOccurrences(of: "\"\(key)\":", with: "\"\(key)_\":").utf8)))
            out.append(("\(key) a number",
                        Array(text.replacingOccurrences(of: "\"\(key)\":", with: "\"\(key)\": 7, \"\(key)_\":").utf8)))
        }
        return out
    }

    @Test func readsTheSameWithAndWithoutPicks() throws {
        let exports = try Self.exports()
        let sampleSaid = TrelloReader().read(bytes: exports[0].bytes).diagnostics.count
        var withMoreToSay = 0
        for (name, bytes) in exports {
            let source = ForeignSource(file: "trello.json", bytes: bytes)
            let picked = TrelloReader().read(source, options: ReaderOptions())
            let whole = TrelloReader().read(source, options: ReaderOptions(), picking: false)
            #expect(picked.board == whole.board, "board differs: \(name)")
            #expect(picked.diagnostics == whole.diagnostics, "diagnostics differ: \(name)")
            if picked.diagnostics.count > sampleSaid { withMoreToSay += 1 }
        }
        // The variants must reach the reader's checks, or the comparison proves little (many
        // keys are optional: without them there is nothing more to say).
        #expect(withMoreToSay >= Self.keys.count / 2)
    }

    @Test func aPickBuildsOnlyWhatItNames() throws {
        // What is skipped holds what could end a careless skip early: quotes and brackets
        // inside strings, escaped backslashes, a number and a literal last in their object.
        let json = #"{"a": {"keep": 1, "drop": [1, {"x": "a \"]}\\", "y": -1.5e3}], "deep": {"k": "v", "z": true}}, "b": "gone }", "c\u0061": true}"#
        let pick = JSONPick("ca", parts: ["a": JSONPick("keep", parts: ["deep": JSONPick("k")])])
        let node = try Array(json.utf8).withUnsafeBufferPointer {
            try JSONParser.parseValue(in: $0, at: 0, keeping: pick).get()
        }
        #expect(node.members?.map(\.key) == ["a", "ca"])
        #expect(node["a"]?.members?.map(\.key) == ["keep", "deep"])
        #expect(node["a"]?["deep"]?.members?.map(\.key) == ["k"])
        #expect(node["a"]?["keep"]?.offset == 15)
    }
}
