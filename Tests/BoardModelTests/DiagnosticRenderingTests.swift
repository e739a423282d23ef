import Testing
import BoardModel

/// How a diagnostic reads, whatever its message.
@Suite("Diagnostic rendering")
struct DiagnosticRenderingTests {
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
