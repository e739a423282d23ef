import Testing
import BoardKit
import BoardModel
import BoardIO
import BoardStore

/// The JSON the terminal writes for programs (`--diagnostics json`, `history --format json`)
/// goes through the one JSON writer; these pin its bytes, which scripts read.
@Suite("Diagnostics and history as JSON")
struct MachineJSONTests {
    struct Said: DiagnosticMessage {
        let code: DiagnosticCode
        let text: String
    }

    @Test("diagnostics: one object a line, absent keys left out, an empty list as []")
    func diagnostics() {
        let located = Diagnostic(Said(code: .invalidDate, text: "bad \"date\"\tthere"),
                                 at: SourceLocation(file: "a.csv", line: 3, column: 7))
        let cell = Diagnostic(Said(code: .invalidValue, text: "é"),
                              at: SourceLocation(file: "b.xlsx", path: "Cards", cell: "D7"))
        let nowhere = Diagnostic(Said(code: .invalidValue, text: "no place"))
        #expect(DiagnosticJSON.render([located, cell, nowhere]) == """
        [
          {"severity": "error", "code": "invalid-date", "message": "bad \\"date\\"\\tthere", "file": "a.csv", "line": 3, "column": 7},
          {"severity": "error", "code": "invalid-value", "message": "é", "file": "b.xlsx", "path": "Cards", "cell": "D7"},
          {"severity": "error", "code": "invalid-value", "message": "no place"}
        ]

        """)
        #expect(DiagnosticJSON.render([]) == "[]\n")
    }

    /// A remedy is worded in the message by the program that renders it, as in the text.
    @Test func aRemedyIsWordedByTheRenderer() {
        let missing = StoreError.missing(path: "b.db").diagnostic
        #expect(DiagnosticJSON.render([missing]).contains(#""message": "no store here; create one first""#))
        let worded = DiagnosticJSON.render([missing]) { _ in "run the maker" }
        #expect(worded.contains(#""message": "no store here; run the maker""#))
        #expect(DiagnosticRendering.text([missing]) { _ in "run the maker" }.hasPrefix("b.db: error: no store here; run the maker [store-missing]"))
    }

    @Test("history: one event a line, changes on it, optional keys left out, [] when empty")
    func history() {
        let at = Instant(epochSeconds: 1_789_000_000, offsetSeconds: 3600)
        let moved = LogEvent(seq: 4, step: 2, at: at, actor: "mi\"na", card: "c1", cardNumber: 12,
                             cardTitle: "Fix\nit", kind: "moved", from: "todo", to: "done", changes: [], undone: false)
        let edited = LogEvent(seq: 5, step: 3, at: at, actor: nil, card: "c2", cardNumber: nil, cardTitle: nil,
                              kind: "edited", from: nil, to: nil,
                              changes: [FieldChange(field: "title", old: .text("a"), new: .text("b")),
                                        FieldChange(field: "labels", old: nil, new: .list(["x", "y\\z"]))],
                              undone: true)
        let text = HistoryText(states: [BoardState(id: "todo", name: "To do", category: .todo), BoardState(id: "done", name: "Done", category: .done)], zone: .utc)
        #expect(HistoryJSON.render([moved, edited], text: text) == """
        [
          {"seq": 4, "step": 2, "at": "\(at.description)", "card": "c1", "number": 12, "title": "Fix\\nit", "kind": "moved", "actor": "mi\\"na", "from": "todo", "to": "done", "undone": false, "text": \(quoted(text.sentence(moved)))},
          {"seq": 5, "step": 3, "at": "\(at.description)", "card": "c2", "kind": "edited", "changes": [{"field": "title", "old": "a", "new": "b"}, {"field": "labels", "new": ["x","y\\\\z"]}], "undone": true, "text": \(quoted(text.sentence(edited)))}
        ]
        """)
        #expect(HistoryJSON.render([], text: text) == "[]")
    }

    private func quoted(_ s: String) -> String { JSONText.quoted(s) }
}
