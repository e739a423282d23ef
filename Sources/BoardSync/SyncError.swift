import BoardModel
import BoardStore

/// Why a sync stopped. Each case carries its data; it is its own diagnostic message (`text`
/// is the one place its words are), and `diagnostic` places it.
public enum SyncError: Error, DiagnosticMessage, Equatable {
    /// No URL given and none remembered by the store.
    case noRemote
    case badURL(String)
    /// A user name or password in the URL (printed as it is without them).
    case credentialsInURL(url: String)
    /// The password file's first line is empty.
    case emptyPassword(path: String)
    /// The server asks for a login and no user was given.
    case loginNeeded(url: String)
    /// No password: `--password-file` or `$BOARDKIT_CALDAV_PASSWORD` gives it.
    case noPassword(user: String)
    /// The password file cannot be read; `message` is the system's words.
    case passwordFile(path: String, message: String)
    case unreachable(url: String, why: Unreachable)
    case unauthorized(url: String)
    /// The URL answers but is not a CalDAV calendar that holds to-dos.
    case notATodoCollection(url: String, why: NotTodos)
    /// The server refused or failed a request.
    case server(url: String, method: String, status: Int)
    /// PROPFIND's answer is not a multistatus.
    case notMultistatus(url: String)
    /// The server no longer lists all or most of the to-dos the store synced with it.
    case remoteEmptied(url: String, loss: RemoteLoss)
    /// The URL is not the collection the store syncs with.
    case otherRemote(url: String, remembered: String)
    /// Another sync of the same store is running.
    case alreadyRunning(store: String)
    /// `sync --complete`, and `left` to-dos changed on the server during both of their
    /// writes' tries: what the server took is kept, the rest waits for the next sync.
    case incomplete(url: String, left: Int)
    case store(StoreError)
    /// An `--alarm` that is not an iCalendar duration (BoardICS's diagnostic).
    case badAlarm(Diagnostic)

    /// Why the server cannot be reached.
    public enum Unreachable: Sendable, Equatable {
        /// No connection (refused, timed out).
        case noAnswer
        /// Connected, but no answer came in time.
        case timedOut(seconds: Int)
        /// The server closed the connection before answering.
        case closed
        /// TLS failed: `reason` says what is known of why, in words (`TransportFailure`).
        case certificate(reason: String)
        /// Anything else, in the HTTP client's words.
        case other(String)
    }

    /// Why the URL is not a collection of to-dos.
    public enum NotTodos: Sendable, Equatable {
        case nothingThere
        /// PROPFIND answered with `status`, not as a WebDAV collection.
        case notWebDAV(status: Int)
        case notACalendar
        /// The calendar takes these components, not VTODO.
        case takes([String])
    }

    public var diagnostic: Diagnostic {
        switch self {
        case .noRemote, .noPassword:
            return Diagnostic(self)
        case .badURL(let url), .credentialsInURL(let url), .loginNeeded(let url), .unreachable(let url, _), .unauthorized(let url), .notATodoCollection(let url, _),
             .server(let url, _, _), .notMultistatus(let url), .remoteEmptied(let url, _), .otherRemote(let url, _),
             .incomplete(let url, _):
            return Diagnostic(self, at: SourceLocation(file: url))
        case .passwordFile(let path, _), .emptyPassword(let path), .alreadyRunning(let path):
            return Diagnostic(self, at: SourceLocation(file: path))
        case .store(let error):
            return error.diagnostic
        case .badAlarm(let diagnostic):
            return diagnostic
        }
    }

    public var code: DiagnosticCode {
        switch self {
        case .noRemote: .syncNoRemote
        case .badURL, .credentialsInURL: .syncBadURL
        case .noPassword, .passwordFile, .emptyPassword: .syncNoPassword
        case .loginNeeded: .syncUnauthorized
        case .unreachable: .syncUnreachable
        case .unauthorized: .syncUnauthorized
        case .notATodoCollection: .syncNotTodos
        case .server, .notMultistatus: .syncServerFailed
        case .remoteEmptied: .syncRemoteEmptied
        case .otherRemote: .syncOtherRemote
        case .alreadyRunning: .syncRunning
        case .incomplete: .syncIncomplete
        case .store(let error): error.code
        case .badAlarm(let diagnostic): diagnostic.code
        }
    }

    /// What to do next, where there is a step to name (the program words it: `Remedy`).
    public var remedy: Remedy? {
        switch self {
        case .noRemote: .nameCollection
        case .noPassword: .giveCollectionPassword
        case .credentialsInURL: .giveCredentialsApart
        case .loginNeeded: .giveCollectionUser
        case .unreachable(_, .certificate): .skipCertificateCheck
        case .remoteEmptied: .confirmEmptiedCollection
        case .otherRemote: .switchCollection
        case .store(let error): error.remedy
        case .badAlarm(let diagnostic): diagnostic.message.remedy
        default: nil
        }
    }

    public var text: String {
        switch self {
        case .noRemote:
            return "no CalDAV collection to sync with"
        case .badURL(let url):
            return "'\(url)' is not an http or https URL"
        case .noPassword(let user):
            return "no password for '\(user)'"
        case .credentialsInURL:
            return "the URL carries a user name or password, which would be printed and remembered with it"
        case .passwordFile(_, let message):
            return "the password file cannot be read: \(message)"
        case .emptyPassword:
            return "the password file's first line is empty; put the password there"
        case .loginNeeded:
            return "the server asks for a login (401) and no user was given"
        case .unreachable(_, let why):
            let text = switch why {
            case .noAnswer: "no answer (is the server running, and the address right?)"
            case .timedOut(let seconds): "it did not answer within \(seconds) seconds; nothing more was changed"
            case .closed: "it closed the connection before answering; nothing more was changed"
            case .certificate(let reason): "the server's certificate could not be verified (\(reason))"
            case .other(let error): error
            }
            return "the server cannot be reached: \(text)"
        case .unauthorized:
            return "the server refused the user name or password (401)"
        case .notATodoCollection(_, let why):
            let reason = switch why {
            case .nothingThere: "nothing at this URL (404)"
            case .notWebDAV(let status): "it answers PROPFIND with \(status), not as a WebDAV collection"
            case .notACalendar: "it is not a calendar (resourcetype has no calendar)"
            case .takes(let components): "the calendar takes \(components.joined(separator: ", ")), not VTODO"
            }
            return "not a CalDAV collection of to-dos: \(reason)"
        case .server(_, let method, let status):
            return "the server answered \(method) with \(HTTPStatusText.describe(status)); nothing more was changed"
        case .notMultistatus:
            return "the server's answer cannot be read: PROPFIND did not answer with a multistatus"
        case .remoteEmptied(_, let loss):
            // All gone: "any of the 28" ("the one", "either of the 2"); most: "12 of the 20".
            let what = switch (loss.gone == loss.remembered, loss.remembered) {
            case (true, 1): "the to-do"
            case (true, 2): "either of the 2 to-dos"
            case (true, let n): "any of the \(n) to-dos"
            case (false, let n): "\(loss.gone) of the \(n) to-dos"
            }
            return "the server no longer lists \(what) this store synced with it (emptied, replaced or re-created?); "
                + "their cards were not deleted and nothing was changed"
        case .otherRemote(_, let remembered):
            return "this store syncs with \(remembered); a sync with another collection would take its to-dos for gone; "
                + "nothing was changed"
        case .alreadyRunning:
            return "another sync of this store is running; nothing was done (run this one again once it ends)"
        case .incomplete(_, let left):
            return "\(Counted(left, "to-do")) changed on the server again while this sync wrote \(Counted.verb(left, "it", "them")) "
                + "and \(Counted.verb(left, "was", "were")) left for the next sync; everything else was synced and is kept. Run sync again"
        case .store(let error):
            return error.text
        case .badAlarm(let diagnostic):
            return diagnostic.message.text
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

    public static let syncRemoteEmptied = DiagnosticCode(
        "sync-remote-emptied", .error, "The server lost all or most of the to-dos the store synced with it; nothing deleted without --force-delete.")
    public static let syncRunning = DiagnosticCode(
        "sync-running", .error, "Another `sync` of the same store is running.")
    public static let syncOtherRemote = DiagnosticCode(
        "sync-other-remote", .error, "`sync` with another collection than the store's; switching takes --new-remote.")
    public static let syncIncomplete = DiagnosticCode(
        "sync-incomplete", .error, "`sync --complete`: some to-dos changed on the server during the sync and were left for the next one.")

    /// The sync's codes, in the order the README lists them.
    public static let syncCodes: [DiagnosticCode] = [
        .syncNoRemote, .syncBadURL, .syncNoPassword, .syncUnreachable, .syncUnauthorized, .syncNotTodos, .syncServerFailed,
        .syncRemoteEmptied, .syncOtherRemote, .syncRunning, .syncIncomplete, .syncPlainHTTP, .syncRefused,
        .syncPushRefused,
    ]
}
