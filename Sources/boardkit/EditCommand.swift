import ArgumentParser
import BoardEditing
import BoardKit
import BoardModel
import BoardStore

/// `boardkit edit CARD`: changes fields of a card, as one step.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a card's title, text, dates (a due met or not), labels, assignees, reminders or link.",
        discussion: "CARD is its number (12 or #12), its id, or its title. Lists: --label +ui,-bug adds ui and removes bug (a bare name adds). Dates: \(DateInput.accepted).")

    @Argument(help: "The card.")
    var card: String

    @Option(name: .long, help: "New title.")
    var title: String?

    @Option(name: .long, help: "New text.")
    var body: String?

    @Option(name: .long, help: "New due date.")
    var due: String?

    @Flag(name: .customLong("no-due"), help: "Remove the due date.")
    var noDue = false

    @Flag(name: .customLong("due-met"), help: "Mark the due met: the card is no longer overdue, due soon or reminded of.")
    var dueMet = false

    @Flag(name: .customLong("due-open"), help: "Take back --due-met: the due presses again.")
    var dueOpen = false

    @Option(name: .long, help: "New start date.")
    var start: String?

    @Flag(name: .customLong("no-start"), help: "Remove the start date.")
    var noStart = false

    // `.unconditionalSingleValue`: `--label -bug` is the documented way to remove a label, so
    // the value after the flag is taken even when it starts with a dash.
    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Labels to add (+name) or remove (-name), comma-separated; repeatable.", valueName: "+a,-b"))
    var label: [String] = []

    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Assignees to add (+name) or remove (-name), comma-separated; repeatable.", valueName: "+x,-y"))
    var assignee: [String] = []

    // Reminders are added with --remind and taken off with --unremind, not `+`/`-` as labels
    // are: a reminder before the due is itself written with a dash (`-P1D`).
    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Add a reminder (repeatable): before the due (-P1D, 2h, 30m) or a moment (friday 9:00).", valueName: "when"))
    var remind: [String] = []

    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Take a reminder off (as `show` lists it, or as typed for --remind); 'all' takes every one.", valueName: "when"))
    var unremind: [String] = []

    @Option(name: .long, help: "New link ('' removes it).")
    var url: String?

    @OptionGroup var store: StoreFlags
    @OptionGroup var actor: ActorFlag

    func validate() throws {
        if due != nil && noDue { throw ValidationError("--due and --no-due cannot go together") }
        if dueMet && dueOpen { throw ValidationError("--due-met and --due-open cannot go together") }
        if start != nil && noStart { throw ValidationError("--start and --no-start cannot go together") }
    }

    func run() throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreCommand.session(store, actor)
            let target = try session.store.card(card)
            var patch = CardPatch(title: try title.map { v throws(StoreError) in try StoreCommand.checked(CardText.title(v), "--title") },
                                  body: try body.map { v throws(StoreError) in try StoreCommand.checked(CardText.body(v), "--body") })
            if noDue { patch.due = .some(nil) } else if let due { patch.due = .some(try session.date(due, for: "--due")) }
            if dueMet || dueOpen { patch.dueComplete = dueMet }
            if noStart { patch.start = .some(nil) } else if let start { patch.start = .some(try session.date(start, for: "--start")) }
            if let url {
                let kept = try StoreCommand.checked(CardText.url(url), "--url")
                patch.url = .some(kept.isEmpty ? nil : kept)
            }
            (patch.addLabels, patch.removeLabels) = ListEdit.parse(label)
            (patch.addAssignees, patch.removeAssignees) = ListEdit.parse(assignee)
            patch.addLabels = try StoreCommand.checked(CardText.items(patch.addLabels), "--label")
            patch.addAssignees = try StoreCommand.checked(CardText.items(patch.addAssignees), "--assignee")
            patch.addReminders = try remind.map { v throws(StoreError) in try session.reminder(v, for: "--remind") }
            patch.removeReminders = unremind.contains("all") ? target.card.reminders
                : try unremind.map { v throws(StoreError) in try session.reminder(v, for: "--unremind") }
            let events = try session.apply([.update(card: target.card.id, patch)], command: "edit")
            StoreCommand.report(events, session)
        }
    }
}
