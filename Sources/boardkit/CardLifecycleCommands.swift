import ArgumentParser
import BoardKit
import BoardStore

/// The flags of a command on one card (archive, restore, delete, and the conversation's).
struct OneCardFlags: ParsableArguments {
    @Argument(help: "The card: its number (12 or #12), id or title.")
    var card: String

    @OptionGroup var store: StoreFlags
    @OptionGroup var actor: ActorFlag

    /// Applies the edit `make` builds for the card, and prints what happened.
    func apply(_ command: String, nothing: String, _ make: (String) -> CardEdit) throws {
        try apply(command, nothing: nothing) { target, _ in [make(target.card.id)] }
    }

    /// Applies the edits `make` builds from the card as stored (and the session, to read
    /// what else the command names), as one step, and prints what happened.
    func apply(_ command: String, nothing: String = "Nothing changed.",
               _ make: (StoredCard, StoreSession) throws(StoreError) -> [CardEdit]) throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreCommand.session(store, actor)
            let target = try session.store.card(card)
            StoreCommand.report(try session.apply(try make(target, session), command: command), session, nothing: nothing)
        }
    }
}

/// `boardkit archive CARD`: off the board, kept (restore brings it back).
struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "archive", abstract: "Archive a card.")
    @OptionGroup var target: OneCardFlags
    func run() throws { try target.apply("archive", nothing: "Already archived.") { .archive(card: $0) } }
}

/// `boardkit restore CARD`: an archived card back on the board.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring an archived card back.")
    @OptionGroup var target: OneCardFlags
    func run() throws { try target.apply("restore", nothing: "Not archived.") { .restore(card: $0) } }
}

/// `boardkit delete CARD`: gone from the board (undo brings it back).
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a card ('boardkit undo' brings it back).")
    @OptionGroup var target: OneCardFlags
    func run() throws { try target.apply("delete", nothing: "Nothing changed.") { .delete(card: $0) } }
}
