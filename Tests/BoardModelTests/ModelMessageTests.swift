import Testing
import BoardModel

/// The one place the model's wording is pinned.
@Suite("ModelMessage")
struct ModelMessageTests {
    @Test("every case's wording")
    func wording() {
        #expect(ModelMessage.itemsLeftOut(count: 1, item: "event", items: "events").text
                == "1 event was left out (--skip-invalid): not readable; the warnings above say why")
        #expect(ModelMessage.itemsLeftOut(count: 3, item: "card", items: "cards").text
                == "3 cards were left out (--skip-invalid): not readable; the warnings above say why")
    }

    @Test("a diagnostic's line shows the message's text")
    func rendering() {
        let d = Diagnostic(Said(code: .invalidDate, text: "bad \"date\""), at: SourceLocation(file: "a.csv", line: 3, column: 7))
        #expect(d.description == "a.csv:3:7: error: bad \"date\" [invalid-date]")
    }
}

/// A message of the tests' own, for what is about diagnostics in general rather than one wording.
struct Said: DiagnosticMessage, Equatable {
    let code: DiagnosticCode
    let text: String
}
