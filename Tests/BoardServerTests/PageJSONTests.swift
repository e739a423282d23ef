import Testing
@testable import BoardServer

/// The page API's own replies (a refusal, a step undone or redone) go through the one JSON
/// writer; these pin their bytes, which the page's script and other clients read.
@Suite("Page API replies as JSON")
struct PageJSONTests {
    @Test("a refusal: its code, the field, the words, and what to confirm")
    func refusal() {
        #expect(String(decoding: RequestRefusal.notFound.json, as: UTF8.self)
                == "{\"error\": {\"code\": \"not-found\", \"message\": \"no such board or card\"}}\n")
        let field = RequestRefusal(status: .unprocessableContent, code: "invalid-value", field: "ti\"tle",
                                   message: "too long\n")
        #expect(String(decoding: field.json, as: UTF8.self)
                == "{\"error\": {\"code\": \"invalid-value\", \"field\": \"ti\\\"tle\", \"message\": \"too long\\n\"}}\n")
        let confirm = RequestRefusal(status: .conflict, code: "undo-unconfirmed", message: "confirm", confirm: (7, 120))
        #expect(String(decoding: confirm.json, as: UTF8.self)
                == "{\"error\": {\"code\": \"undo-unconfirmed\", \"message\": \"confirm\", \"confirm\": 7, \"cards\": 120}}\n")
    }

    @Test("a step undone or redone: its number, command, whether undone, and the sentence")
    func step() {
        #expect(String(decoding: PageResponder.stepJSON(step: 41, command: "move \"a\"", undone: true, sentence: "Undid it"),
                       as: UTF8.self)
                == "{\"step\": 41, \"command\": \"move \\\"a\\\"\", \"undone\": true, \"text\": \"Undid it\"}\n")
    }
}
