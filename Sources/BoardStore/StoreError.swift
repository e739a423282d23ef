import BoardModel

/// Why a store operation failed or was refused. Each case carries its data; it is its own
/// diagnostic message (`text` is the one place its words are), and `diagnostic` places it.
/// What the person asked for that the store found wrong (a card the board lacks) is an
/// `InputRefusal`, carried as `refused`.
public enum StoreError: Error, DiagnosticMessage, Equatable {
    /// The file is SQLite but not a boardkit store (or not SQLite at all).
    case notAStore(path: String)
    /// The store was written by a newer boardkit.
    case newerSchema(path: String, found: Int, supported: Int)
    /// `init` onto an existing file.
    case alreadyExists(path: String)
    /// No store at the path (editing commands never create one).
    case missing(path: String)
    /// SQLite or PostgreSQL failed (disk full, unreachable); `message` is the engine's or the
    /// system's own words.
    case database(path: String, message: String)
    /// Another writer held the board past `BoardStore.busyTimeout` (SQLite's lock, or the
    /// board's lock in PostgreSQL, whose `lock_timeout` is the same): nothing was changed, and
    /// the same change may be tried again. `message` is the engine's words.
    case busy(path: String, message: String)
    /// The file is damaged (SQLite finds it malformed, or it is cut short); `finding` says
    /// what was found. Nothing is written into it.
    case damaged(path: String, finding: String)
    /// A change was asked of a store on read-only media or without write permission, or of
    /// one in a database that takes only reads (a PostgreSQL standby).
    case readOnly(path: String)
    /// A `postgres://` address that cannot be used, as messages show it (without a password:
    /// `PostgresAddress.shown`); `problem` says why.
    case invalidAddress(String, problem: AddressProblem)
    /// What the person asked for names a card or a state the board lacks, or gives a value
    /// that does not fit (found by the store, or by a caller that reads what was typed).
    case refused(InputRefusal)
    case nothingToUndo
    case nothingToRedo
    /// Undo or redo of one person's steps (`UndoScope.actor`) found none of theirs.
    case nothingOfTheirs(actor: String, undoing: Bool)
    /// The step to undo or redo touched a card a later step (not undone) changed again:
    /// taking it back would throw that change away. `card` is the card's number.
    case undoConflict(card: Int64, by: String?, command: String, undoing: Bool)
    /// An undo asked without confirmation would remove `removing` cards at once (an import):
    /// the board page asks first. `step` is the step's number, to confirm that one.
    case undoUnconfirmed(step: Int64, removing: Int)
    /// The card is no longer as the person saw it (its version differs): someone changed it.
    case cardChanged(id: String, number: Int64)

    /// Why a `postgres://` address cannot be used. A parameter is named as written in the
    /// address (`board`, `sslmode`).
    public enum AddressProblem: Sendable, Equatable {
        case notAURL
        /// A password in the address: before the `@` (`parameter` nil), or a parameter that
        /// holds one (`password`, `sslpassword`).
        case password(parameter: String?)
        /// A parameter boardkit does not take; `known` are those it takes.
        case unknownParameter(String, known: [String])
        /// A parameter given twice: which one would win is a guess.
        case repeatedParameter(String)
        /// A parameter without `=VALUE`.
        case parameterWithoutValue(String)
        /// `host`, `port`, `user` or `dbname` as a parameter beside the same part of the URL
        /// before its query (the URL's would win, the parameter passed over).
        case restatedInQuery(String)
        case port(String)
        /// A board name that cannot name a schema.
        case board(String)
        /// An `sslmode` libpq does not have; `accepted` are those it has.
        case sslMode(String, accepted: [String])
        /// The password file given (`--password-file`) cannot be read; `reason` is the
        /// system's words.
        case passwordFileUnreadable(path: String, reason: String)
    }

    /// The diagnostic; a refusal about the board's contents (an unknown card, nothing to
    /// undo) has no place of its own and gets the store's path from the caller.
    public var diagnostic: Diagnostic {
        switch self {
        case .notAStore(let path), .newerSchema(let path, _, _), .alreadyExists(let path), .missing(let path),
             .database(let path, _), .busy(let path, _), .damaged(let path, _), .readOnly(let path), .invalidAddress(let path, _):
            return Diagnostic(self, at: SourceLocation(file: path))
        case .refused(let refusal):
            return refusal.diagnostic
        case .nothingToUndo, .nothingToRedo, .nothingOfTheirs, .undoConflict, .undoUnconfirmed, .cardChanged:
            return Diagnostic(self)
        }
    }

    /// Whether this is a decision from what was read (an unknown card, nothing to undo, a
    /// card changed meanwhile) rather than a failure to read or write: a group's other writes
    /// stand beside it (`CommitGroup`).
    var isRefusal: Bool {
        switch self {
        case .refused, .nothingToUndo, .nothingToRedo, .nothingOfTheirs, .undoConflict, .undoUnconfirmed, .cardChanged: true
        case .notAStore, .newerSchema, .alreadyExists, .missing, .database, .busy, .damaged, .readOnly, .invalidAddress: false
        }
    }

    public var code: DiagnosticCode {
        switch self {
        case .notAStore: .storeNotBoardkit
        case .newerSchema: .storeNewerSchema
        case .alreadyExists: .storeExists
        case .missing: .storeMissing
        case .database: .storeFailed
        case .busy: .storeBusy
        case .damaged: .storeDamaged
        case .readOnly: .storeReadOnly
        case .invalidAddress: .storeAddressInvalid
        case .refused(let refusal): refusal.code
        case .nothingToUndo: .nothingToUndo
        case .nothingToRedo: .nothingToRedo
        case .nothingOfTheirs(_, let undoing): undoing ? .nothingToUndo : .nothingToRedo
        case .undoConflict: .undoConflict
        case .undoUnconfirmed: .undoUnconfirmed
        case .cardChanged: .cardChanged
        }
    }

    /// What to do next, where there is a step to name (the program words it: `Remedy`).
    public var remedy: Remedy? {
        switch self {
        case .missing: .createStore
        case .refused(let refusal): refusal.remedy
        case .damaged: .checkRecovered(path: "recovered.db")
        case .invalidAddress(_, .password(let parameter)) where parameter?.lowercased() != "sslpassword": .giveDatabasePassword
        case .readOnly: .lookOnly
        default: nil
        }
    }

    public var text: String {
        switch self {
        case .notAStore:
            return "not a boardkit store (a SQLite file without boardkit's tables); it was not changed"
        case .newerSchema(_, let found, let supported):
            return "the store has schema version \(found), written by a newer boardkit; this one reads up to \(supported); it was not changed"
        case .alreadyExists(let location) where StoreLocation(location).isDatabase:
            return "the database already holds a board of that name, and a store is never written over one (it holds a "
                + "board's history); nothing was written. Choose another board= name"
        case .alreadyExists:
            return "a file is already there, and a store is never written over one (it may hold a board's history, "
                + "or be open in a server); nothing was written. Choose a new name, or remove the file first"
        case .missing:
            return "no store here"
        case .invalidAddress(_, let problem):
            return "the PostgreSQL address cannot be used: \(Self.sentence(problem)); nothing was done"
        case .database(_, let message):
            return "the store could not be used: \(message)"
        case .busy(_, let message):
            return "the store is busy: another change held it for over \(Int(BoardStore.busyTimeout)) s (\(message)); nothing was changed. Try again"
        case .damaged(let path, let finding):
            return "the store is damaged (\(finding)); nothing was written into it. Recover what SQLite still reads with "
                + "'sqlite3 \(path) .recover | sqlite3 recovered.db'"
        case .readOnly(let location) where StoreLocation(location).isDatabase:
            return "the store cannot be changed: its database takes only reads (a standby that follows its primary, or a "
                + "server set read-only); nothing was changed. Change the board through the primary's address"
        case .readOnly:
            return "the store cannot be changed: its file or folder is read-only (a read-only mount, or no write permission); "
                + "nothing was changed"
        case .refused(let refusal):
            return refusal.text
        case .nothingToUndo:
            return "nothing to undo"
        case .nothingToRedo:
            return "nothing to redo"
        case .nothingOfTheirs(let actor, let undoing):
            return "nothing of \(actor)'s to \(undoing ? "undo" : "redo")"
        case .undoConflict(let card, let by, let command, let undoing):
            let who = by.map { "\($0)'s" } ?? "a later"
            return "cannot \(undoing ? "undo" : "redo"): \(who) '\(command)' changed #\(card) since, and would be lost; "
                + "undo that first, or change the card by hand"
        case .undoUnconfirmed(_, let removing):
            return "undoing this step removes \(Counted(removing, "card")) from the board; confirm to go on"
        case .cardChanged(_, let number):
            return "#\(number) changed since it was loaded; nothing was changed, look at it again"
        }
    }

    private static func sentence(_ problem: AddressProblem) -> String {
        switch problem {
        case .notAURL:
            return "it is not a URL"
        case .password(let parameter) where parameter?.lowercased() == "sslpassword":
            // libpq's sslpassword unlocks a client key (sslkey=), which boardkit does not take.
            return "a password in the address (\(parameter ?? "")=) would be kept in shell histories and logs, "
                + "and boardkit takes no client key (sslkey=) for it to unlock"
        case .password(let parameter):
            return "a password in the address\(parameter.map { " (\($0)=)" } ?? "") would be kept in shell histories and logs"
        case .unknownParameter(let name, let known):
            return "'\(name)' is not a parameter boardkit takes (it takes \(known.joined(separator: ", ")))"
        case .repeatedParameter(let name):
            return "\(name)= is given twice; give it once"
        case .parameterWithoutValue(let name):
            return "\(name)= has no value"
        case .restatedInQuery(let name):
            return "\(name)= says again what the address says before its path (the address's own would win); say it in one place"
        case .port(let text):
            return "port '\(text)' is not a port number"
        case .board(let name):
            return "board '\(name)' must be 1 to 50 of a-z, 0-9 and _ (it names the board's schema)"
        case .sslMode(let mode, let accepted):
            return "sslmode '\(mode)' is not one of \(accepted.joined(separator: ", "))"
        case .passwordFileUnreadable(let path, let reason):
            return "the password file \(path) cannot be read: \(reason)"
        }
    }
}

extension DiagnosticCode {
    public static let storeNotBoardkit = DiagnosticCode(
        "store-not-boardkit", .error, "A SQLite file that is not a boardkit store; left unchanged.")
    public static let storeNewerSchema = DiagnosticCode(
        "store-newer-schema", .error, "A store written by a newer boardkit; left unchanged.")
    public static let storeExists = DiagnosticCode(
        "store-exists", .error, "`init`, or `convert` into a store, would overwrite an existing file.")
    public static let storeMissing = DiagnosticCode(
        "store-missing", .error, "No store at the path an editing command was given.")
    public static let storeFailed = DiagnosticCode(
        "store-failed", .error, "SQLite or PostgreSQL could not read or write the store (disk full, unreachable).")
    public static let storeBusy = DiagnosticCode(
        "store-busy", .error, "Another change held the store past the busy timeout; nothing was changed, and trying again may work.")
    public static let storeDamaged = DiagnosticCode(
        "store-damaged", .error, "The store's file is damaged; nothing is written into it (docs/store.md says how to recover it).")
    public static let storeReadOnly = DiagnosticCode(
        "store-read-only", .error, "A change asked of a store on read-only media or without write permission.")
    public static let storeAddressInvalid = DiagnosticCode(
        "store-address-invalid", .error, "A `postgres://` store address that cannot be used (a password in it, a parameter unknown or given twice).")
    public static let nothingToUndo = DiagnosticCode(
        "nothing-to-undo", .error, "`undo` with no change left to undo.")
    public static let nothingToRedo = DiagnosticCode(
        "nothing-to-redo", .error, "`redo` with no undone change to put back.")
    public static let undoConflict = DiagnosticCode(
        "undo-conflict", .error, "One person's undo or redo would throw away a later change someone else made to the same card.")
    public static let undoUnconfirmed = DiagnosticCode(
        "undo-unconfirmed", .error, "An undo from the board page would remove many cards at once (an import) and was not confirmed.")
    public static let cardChanged = DiagnosticCode(
        "card-changed", .error, "An edit from the board page names a card someone changed since the page showed it.")

    /// The store's codes, in the order the README lists them.
    public static let storeCodes: [DiagnosticCode] = [
        .storeNotBoardkit, .storeNewerSchema, .storeExists, .storeMissing, .storeFailed, .storeBusy, .storeDamaged, .storeReadOnly, .storeAddressInvalid,
        .unknownCard, .unknownStateName, .invalidValue, .nothingToUndo, .nothingToRedo, .undoConflict, .undoUnconfirmed, .cardChanged,
    ]
}
