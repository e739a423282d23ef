import ArgumentParser
import BoardKit
import BoardStore

/// `boardkit undo`: takes back the last command's whole change.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last change (one command's whole change), and say what it was.")

    @OptionGroup var store: StoreFlags

    func run() throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreSession(path: store.path, actor: nil)
            print(session.sentences().stepSentence(try session.store.undo(), undone: true))
        }
    }
}

/// `boardkit redo`: puts back what undo took, unless a new change came after it.
struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Redo the change undone last.")

    @OptionGroup var store: StoreFlags

    func run() throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreSession(path: store.path, actor: nil)
            print(session.sentences().stepSentence(try session.store.redo(), undone: false))
        }
    }
}
