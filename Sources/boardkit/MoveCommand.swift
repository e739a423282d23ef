import ArgumentParser
import BoardKit
import BoardModel
import BoardStore

/// `boardkit move CARD STATE`: into another column, or to another place in its own.
struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a card to a state (a column), or within its column with --position.")

    @Argument(help: "The card: its number (12 or #12), id or title.")
    var card: String

    @Argument(help: "The state: its id or name, in any case.")
    var state: String

    @Option(name: .long, help: "Its place in the column, from 1 (default: the end; within its own column, where it is).")
    var position: Int?

    @OptionGroup var store: StoreFlags
    @OptionGroup var actor: ActorFlag

    func validate() throws {
        if let position, position < 1 { throw ValidationError("--position counts from 1") }
    }

    func run() throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreCommand.session(store, actor)
            let target = try session.store.card(card)
            let into = try session.state(state)
            let events = try session.apply([.move(card: target.card.id, state: into.id, position: position)], command: "move")
            StoreCommand.report(events, session, nothing: "#\(target.number) is already there.")
        }
    }
}
