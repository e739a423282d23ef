import BoardModel
import BoardStore

/// Why a sync stopped. Each case carries its data; `diagnostic` is the one place that
/// turns it into words.
public enum SyncError: Error, Sendable, Equatable {
    /// No URL given and none remembered by the store.
    case noRemote
    case badURL(String)
    /// No password: `--password-file` or `$BOARDKIT_CALDAV_PASSWORD` gives it.
    case noPassword(user: String)
    case passwordFile(path: String, message: String)
    case unreachable(url: String, message: String)
    case unauthorized(url: String)
    /// The URL answers but is not a CalDAV calendar that holds to-dos.
    case notATodoCollection(url: String, reason: String)
    /// The server refused or failed a request.
    case server(url: String, method: String, status: Int)
    /// The server's answer could not be read.
    case badAnswer(url: String, message: String)
    case store(StoreError)
    /// An `--alarm` that is not an iCalendar duration (BoardICS's diagnostic).
    case badAlarm(Diagnostic)

    public var diagnostic: Diagnostic {
        switch self {
        case .noRemote:
            return Diagnostic(.syncNoRemote, "no CalDAV collection to sync with; give its URL once (boardkit sync URL --user NAME) and the store remembers it")
        case .badURL(let url):
            return Diagnostic(.syncBadURL, "'\(url)' is not an http or https URL", at: SourceLocation(file: url))
        case .noPassword(let user):
            return Diagnostic(.syncNoPassword, "no password for '\(user)': give --password-file FILE or set BOARDKIT_CALDAV_PASSWORD (never on the command line)")
        case .passwordFile(let path, let message):
            return Diagnostic(.syncNoPassword, "the password file cannot be read: \(message)", at: SourceLocation(file: path))
        case .unreachable(let url, let message):
            return Diagnostic(.syncUnreachable, "the server cannot be reached: \(message)", at: SourceLocation(file: url))
        case .unauthorized(let url):
            return Diagnostic(.syncUnauthorized, "the server refused the user name or password (401)", at: SourceLocation(file: url))
        case .notATodoCollection(let url, let reason):
            return Diagnostic(.syncNotTodos, "not a CalDAV collection of to-dos: \(reason)", at: SourceLocation(file: url))
        case .server(let url, let method, let status):
            return Diagnostic(.syncServerFailed, "the server answered \(method) with \(status); nothing more was changed", at: SourceLocation(file: url))
        case .badAnswer(let url, let message):
            return Diagnostic(.syncServerFailed, "the server's answer cannot be read: \(message)", at: SourceLocation(file: url))
        case .store(let error):
            return error.diagnostic
        case .badAlarm(let diagnostic):
            return diagnostic
        }
    }
}

extension DiagnosticCode {
    public static let syncNoRemote = DiagnosticCode("sync-no-remote", .error, "`sync` without a URL, and the store remembers none.")
    public static let syncBadURL = DiagnosticCode("sync-bad-url", .error, "The sync URL is not an http or https URL.")
    public static let syncNoPassword = DiagnosticCode("sync-no-password", .error, "`sync` has a user but no password (file or environment).")
    public static let syncUnreachable = DiagnosticCode("sync-unreachable", .error, "The CalDAV server cannot be reached (down, wrong address, certificate).")
    public static let syncUnauthorized = DiagnosticCode("sync-unauthorized", .error, "The CalDAV server refused the user name or password.")
    public static let syncNotTodos = DiagnosticCode("sync-not-todos", .error, "The URL is not a CalDAV calendar that holds to-dos.")
    public static let syncServerFailed = DiagnosticCode("sync-server-failed", .error, "The CalDAV server refused or failed a request, or answered what cannot be read.")

    /// The sync's codes, in the order the README lists them.
    public static let syncCodes: [DiagnosticCode] = [
        .syncNoRemote, .syncBadURL, .syncNoPassword, .syncUnreachable, .syncUnauthorized, .syncNotTodos, .syncServerFailed,
    ]
}
