import ArgumentParser
import BoardEditing
import BoardKit
import BoardModel
import BoardStore

/// `boardkit add TITLE`: a new card; prints its number and id.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a card to the board.",
        discussion: "Dates: \(DateInput.accepted).")

    @Argument(help: "The card's title.")
    var title: String

    @Option(name: .long, help: "Its state, by id or name (default: the board's first).")
    var state: String?

    @Option(name: .long, help: "Due date.")
    var due: String?

    @Option(name: .long, help: "Start date.")
    var start: String?

    @Option(name: .long, help: "Text of the card.")
    var body: String = ""

    @Option(name: .long, help: "A label (repeatable).")
    var label: [String] = []

    // `.unconditionalSingleValue`: a reminder before the due starts with a dash (`-P1D`).
    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A reminder (repeatable): before the due (-P1D, 2h, 30m) or a moment (friday 9:00).", valueName: "when"))
    var remind: [String] = []

    @Option(name: .long, help: "Who works on it (repeatable).")
    var assignee: [String] = []

    @Option(name: .long, help: "A link.")
    var url: String?

    @OptionGroup var store: StoreFlags
    @OptionGroup var actor: ActorFlag

    func run() throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreCommand.session(store, actor)
            guard var card = NewCard.draft(title: try StoreCommand.checked(CardText.title(title), "the title"),
                                           body: try StoreCommand.checked(CardText.body(body), "--body"),
                                           in: try state.map(session.state), of: session.header) else {
                throw StoreError.refused(.unknownState(state ?? "", known: []))
            }
            card.due = try due.map { v throws(StoreError) in try session.date(v, for: "--due") }
            card.start = try start.map { v throws(StoreError) in try session.date(v, for: "--start") }
            card.labels = try StoreCommand.checked(CardText.items(label), "--label")
            card.assignees = try StoreCommand.checked(CardText.items(assignee), "--assignee")
            card.reminders = try remind.map { v throws(StoreError) in try session.reminder(v, for: "--remind") }
            card.url = try url.map { v throws(StoreError) in try StoreCommand.checked(CardText.url(v), "--url") }.flatMap { $0.isEmpty ? nil : $0 }
            let events = try session.apply([.add(card)], command: "add")
            StoreCommand.report(events, session)
            if let id = events.first?.card { print("id: \(id)") }
        }
    }
}
