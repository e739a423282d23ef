import ArgumentParser
import Foundation
import BoardEditing
import BoardKit
import BoardModel
import BoardStore

/// `--board STORE` (`-b`) and its password file: the store a command works on.
struct StoreFlags: ParsableArguments {
    @OptionGroup var board: BoardFlag
    @OptionGroup var password: PasswordFileFlag

    var path: String { board.path }
}

/// `--board STORE` (`-b`) alone: `sync`'s own `--password-file` is the CalDAV server's (its
/// store's password comes from the environment: PGPASSWORD, ~/.pgpass, BOARDKIT_PASSWORD_FILE).
struct BoardFlag: ParsableArguments {
    @Option(name: [.customShort("b"), .long], help: ArgumentHelp("The board's store: a file, or postgres://USER@HOST:PORT/DATABASE?board=NAME (default: $BOARDKIT_BOARD, else board.db here).", valueName: "STORE"))
    var board: String?

    var path: String { StoreSession.path(flag: board) }
}

/// `--password-file FILE`: a PostgreSQL store's password, never on the command line itself.
struct PasswordFileFlag: ParsableArguments {
    @Option(name: .customLong("password-file"), help: ArgumentHelp("A postgres:// store's password: the first line of this file (else $PGPASSWORD, else ~/.pgpass).", valueName: "FILE"))
    var passwordFile: String?

    /// Hands the file to the store through the environment (`BOARDKIT_PASSWORD_FILE`), as a
    /// service's unit would, so every store the command opens finds it.
    func validate() throws {
        if let passwordFile { setenv("BOARDKIT_PASSWORD_FILE", passwordFile, 1) }
    }
}

/// `--actor NAME`: who a change is recorded as.
struct ActorFlag: ParsableArguments {
    @Option(name: .long, help: "Who the change is recorded as (default: your login name).")
    var actor: String?

    var name: String? { actor ?? StoreSession.loginName }
}

/// Runs a store command: a refusal is its diagnostic on standard error and exit 1.
enum StoreCommand {
    static func run(_ store: StoreFlags, _ body: () throws(StoreError) -> Void) throws {
        do throws(StoreError) {
            try body()
        } catch {
            var d = error.diagnostic
            if d.location == nil { d.location = SourceLocation(file: store.path) }
            try DiagnosticOutput.finish([d], style: .text)
        }
    }

    /// Opens the store for an editing command; a name `CardText` refuses is `invalid-value`.
    static func session(_ store: StoreFlags, _ actor: ActorFlag, readOnly: Bool = false) throws(StoreError) -> StoreSession {
        let name = try actor.name.map { name throws(StoreError) in try checked(CardText.name(name), "--actor") }
        return try StoreSession(path: store.path, actor: name, readOnly: readOnly)
    }

    /// A `CardText` rule's result for what was typed, or its problem as `invalid-value`
    /// naming the flag (the page's API says the same problems naming its fields).
    static func checked<T>(_ result: Result<T, CardText.Problem>, _ flag: String) throws(StoreError) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let problem): throw StoreError.refused(.invalidValue(field: flag, value: "", accepted: .text(problem: problem.sentence)))
        }
    }

    /// Prints what a step did, one sentence per event.
    static func report(_ events: [LogEvent], _ session: StoreSession, nothing: String = "Nothing changed.") {
        guard !events.isEmpty else { print(nothing); return }
        let text = session.sentences()
        for e in events { print(text.clause(e)) }
    }
}
