import ArgumentParser
import BoardKit
import BoardStore

/// `--steps N`: how many steps an undo or redo takes, all of them or none.
struct StepCount: ParsableArguments {
    @Option(name: .long, help: "How many steps, newest first for undo and oldest first for redo; all of them or none (one transaction).")
    var steps = 1

    func validate() throws {
        guard steps >= 1 else { throw ValidationError("--steps must be 1 or more") }
    }
}

/// `--mine [--actor NAME]`: one person's steps rather than the board's (`UndoScope`).
struct UndoScopeFlags: ParsableArguments {
    @Flag(name: .long, help: "Your own last change only (as the board page's Undo does), refused where someone changed the same card since; without it, the board's last change, whoever made it.")
    var mine = false

    @Option(name: .long, help: "Whose changes --mine means (default: your login name).")
    var actor: String?

    func validate() throws {
        if actor != nil && !mine { throw ValidationError("--actor goes with --mine") }
        if mine && (actor ?? StoreSession.loginName) == nil { throw ValidationError("--mine needs a name: give --actor NAME") }
    }

    var scope: UndoScope {
        guard mine, let name = actor ?? StoreSession.loginName else { return .board }
        return .actor(name)
    }
}

/// `boardkit undo`: takes back the last command's whole change.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last change (one command's whole change), and say what it was.")

    @OptionGroup var store: StoreFlags
    @OptionGroup var count: StepCount
    @OptionGroup var whose: UndoScopeFlags

    func run() throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreSession(path: store.path, actor: nil)
            let text = session.sentences()
            for record in try session.store.undo(steps: count.steps, whose.scope) { print(text.stepSentence(record, undone: true)) }
        }
    }
}

/// `boardkit redo`: puts back what undo took, unless a new change came after it.
struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Redo the change undone last.")

    @OptionGroup var store: StoreFlags
    @OptionGroup var count: StepCount
    @OptionGroup var whose: UndoScopeFlags

    func run() throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreSession(path: store.path, actor: nil)
            let text = session.sentences()
            for record in try session.store.redo(steps: count.steps, whose.scope) { print(text.stepSentence(record, undone: false)) }
        }
    }
}
