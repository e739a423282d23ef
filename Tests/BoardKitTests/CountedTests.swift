import BoardCSV
import BoardICS
import BoardIO
import BoardLocale
import BoardModel
import BoardReport
import BoardTabular
import BoardValidation
import Testing

/// Every message that counts says "1 card" and "2 cards", with the verb agreeing (they said
/// "1 cards", "1 cards have no history", "1 metadata entries").
@Suite("counted nouns")
struct CountedTests {
    @Test func aNounAgreesWithItsCount() {
        #expect("\(Counted(1, "card"))" == "1 card")
        #expect("\(Counted(2, "card"))" == "2 cards")
        #expect("\(Counted(0, "card"))" == "0 cards")
        #expect("\(Counted(1, "metadata entry", plural: "metadata entries"))" == "1 metadata entry")
        #expect("\(Counted(3, "metadata entry", plural: "metadata entries"))" == "3 metadata entries")
        #expect(Counted.verb(1, "has", "have") == "has" && Counted.verb(2, "has", "have") == "have")
    }

    /// The messages that count, each rendered with 1 and with 2.
    static func messages(_ n: Int) -> [String] {
        let report = ReportLocale.en
        return [
            CSVMessage.eventsNotWritten(events: n, changes: n).text,
            CSVMessage.fieldCount(found: n, expected: n + 2).text,
            CSVMessage.boardNotWritten([.metadata(n), .states(n, renamed: true)]).text,
            ICSMessage.withoutDueNotWritten(n).text,
            ICSMessage.finishedLeftOut(finished: n, archived: n).text,
            ICSMessage.eventsNotWritten(events: n, changes: n).text,
            ICSMessage.metadataNotWritten(n).text,
            ICSMessage.controlCharactersLeftOut(n).text,
            ValidationMessage.eventsOutOfOrder(count: n, listed: 1).text,
            TabularMessage.notWritten(.customFieldValues(n), layout: "jira").text,
            TabularMessage.notWritten(.emptyFieldValues(n), layout: "jira").text,
            TabularMessage.notWritten(.unknownCardKeys(n), layout: "jira").text,
            TabularMessage.notWritten(.nonFinitePositions(n), layout: "jira").text,
            DiagnosticRendering.text([Diagnostic(ValidationMessage.eventsOutOfOrder(count: 2, listed: 1))]),
        ] + [ReportNote.cardsWithoutHistory(n), .cardsWithoutCreated(n), .eventsOutOfOrder(n), .eventsAfterAsOf(n),
             .eventsForUnknownCards(n), .movesWithoutState(n), .finishedWithoutDoing(n)].map(report.sentence)
    }

    @Test func oneIsSingularAndTwoPlural() {
        // A plural noun after "1" ("1 cards"), or a plural verb after "1 card" ("1 card have").
        let pluralAfterOne = #/\b1 ([a-z]+ ){0,2}(cards|events|states|entries|values|keys|positions|characters|fields|changes|moves|checklists|times)\b|\b1 [a-z]+( [a-z]+)? (have|are|were|belong|name)\b/#
        for text in Self.messages(1) {
            #expect(text.firstMatch(of: pluralAfterOne) == nil, "\(text)")
        }
        let singularAfterTwo = #/\b2 ([a-z]+ ){0,2}(card|event|state|entry|value|key|position|character|change|move)\b(?!'| [a-z]+s\b)/#
        for text in Self.messages(2) {
            #expect(text.firstMatch(of: singularAfterTwo) == nil, "\(text)")
        }
    }
}
