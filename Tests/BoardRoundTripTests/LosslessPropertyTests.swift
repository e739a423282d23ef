import Testing
import PropertyBased
import BoardModel
import BoardKit

/// JSON → every lossless format → JSON is the identity (byte for byte), over random boards.
///
/// Lossless, by the docs: canonical JSON; CSV with its events sidecar (docs/csv.md: except
/// unknown keys of cards, states and events and empty custom-field values, which it warns
/// about, so boards for it have none); XLSX ("nothing of the model is dropped"); the store
/// ("lossless" in `boardkit formats`).
@Suite(.shrinking)
struct LosslessPropertyTests {
    /// Canonical JSON: read(write(b)) == b, and writing again gives the same bytes.
    @Test func jsonIsTheIdentity() async {
        await propertyCheck(count: 1000, input: BoardGen.boards(BoardShape(conversation: true, reminders: true))) { g in
            let bytes = RoundTrip.json(g.board)
            let read = BoardJSONReaderShim.read(bytes)
            guard let back = read.board else {
                Issue.record("canonical JSON did not read back: \(read.diagnostics)")
                return
            }
            let d = BoardDiff.differences(g.board, back)
            #expect(d.isEmpty, "JSON → board changed:\n\(BoardDiff.summary(d))")
            #expect(RoundTrip.json(back) == bytes, "JSON → board → JSON is not byte-identical")
        }
    }

    static let routes: [(Route, BoardShape, Int)] = [
        (.csvWithEvents, BoardShape(itemExtras: false, emptyFields: false, conversation: true, reminders: true), 400),
        (.tsvWithEvents, BoardShape(itemExtras: false, emptyFields: false, conversation: true, reminders: true), 200),
        // Weakened, on purpose: no positions needing 17 significant digits (a known loss).
        (.xlsx, BoardShape(seventeenDigitPositions: false, conversation: true, reminders: true), 250),
        (.store, BoardShape(conversation: true, reminders: true), 250),
    ]

    @Test(arguments: 0..<routes.count)
    func losslessFormatIsTheIdentity(_ k: Int) async throws {
        let (route, shape, count) = Self.routes[k]
        await propertyCheck(count: count, input: BoardGen.boards(shape)) { g in
            try RoundTrip.checkIdentity(g.board, route)
        }
    }

}
