import ArgumentParser
import BoardKit
import BoardModel
import BoardStore
import Foundation

/// `boardkit show`: the board in the terminal.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the board: each state with its cards, numbers, due dates, labels and assignees; or one card whole.",
        discussion: "Overdue dates are red, today's yellow, the next 7 days' cyan (colour on a terminal only; NO_COLOR turns it off). With CARD: its fields, checklists, attachments, links and comments.")

    @Argument(help: "One card to show whole: its number (12 or #12), id or title.")
    var card: String?

    @Option(name: .long, help: "Only this state (id or name).")
    var state: String?

    @Flag(name: .long, help: "Include archived cards.")
    var archived = false

    @Option(name: .long, help: "auto, always or never.")
    var color: ColorChoice = .auto

    @OptionGroup var selection: FilterFlags

    @OptionGroup var store: StoreFlags

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

    func validate() throws {
        if card != nil && (state != nil || selection.filter != nil) {
            throw ValidationError("CARD shows one card; --state and --where choose among the board's cards")
        }
    }

    func run() throws {
        var refused: Diagnostic?
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreSession(path: store.path, actor: nil, readOnly: true)
            if let card {
                let shown = try session.store.card(card)
                var linked: [String: StoredCard] = [:]
                for link in shown.card.links where linked[link.card] == nil {
                    linked[link.card] = try session.store.cardIfPresent(id: link.card)
                }
                print(CardShowText(board: session.header, card: shown, linked: linked).render(), terminator: "")
                return
            }
            var board = session.header
            if let state { board.states = [try session.state(state)] }
            let useColor: Bool
            switch color {
            case .always: useColor = true
            case .never: useColor = false
            case .auto: useColor = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            }
            var cards = try session.store.cards(includeArchived: archived)
            if selection.filter != nil {
                // Checked against every card, archived too: a label only archived cards have is no typo.
                var whole = session.header
                whole.cards = try session.store.cards(includeArchived: true).map(\.card)
                switch WhereOption.filter(selection.filter, on: whole, now: session.now) {
                case .failure(let problem):
                    refused = problem
                    return
                case .success(let named):
                    let zone = session.zone
                    cards.removeAll { !named.filter.matches($0.card, category: whole.category(ofState: $0.card.state), now: session.now, zone: zone) }
                }
            }
            print(BoardShowText(board: board, cards: cards, now: session.now, color: useColor).render(), terminator: "")
        }
        if let refused { try DiagnosticOutput.finish([refused], style: .text) }
    }
}
