import BoardEditing
import BoardIO
import BoardModel
import BoardStore
import HTTPTypes

/// Why a page or API request was refused, as one typed value: its HTTP status, a code a
/// client can act on, the field at fault, and words for a person. Rendered in one place as
/// JSON (`{"error": {…}}`) for the API and as a short page for a form post.
struct RequestRefusal: Error, Sendable {
    var status: HTTPResponse.Status
    var code: String
    var field: String?
    var message: String
    /// The card as it is now, for a conflict: the client shows it instead of its stale copy.
    var current: StoredCard?
    /// An undo that removes many cards, refused until confirmed: the step to confirm (sent
    /// back as `confirm`) and how many cards go.
    var confirm: (step: Int64, cards: Int)?
    /// A form whose field was refused: what it sent and the problem, to show it again.
    var form: (values: FormValues, problem: FieldProblem)?
    /// The action's failure this refusal was made from (nil for a refusal made before any
    /// action, such as a cross-origin post): the page words it in the reader's language from
    /// this, never from `message`, which is the API's English.
    var failure: ActionFailure?
    /// A read that could not be answered (a feed's or the report's), for the words.
    var read: ReadFailure?
    /// Seconds to wait before trying again (`Retry-After`): too many failed attempts, a busy
    /// store, a server starting.
    var retryAfter: Int?
    /// Why the server, not the request, could not answer (for the words).
    var server: ServerState?

    /// What the server is doing that keeps it from answering.
    enum ServerState: Sendable {
        /// Listening, its boards still being read (`ServedBoards.isStarting`).
        case starting
    }

    /// Why a feed or the live report could not be given.
    enum ReadFailure: Sendable {
        /// The address's filter is no condition, or names what the board does not have.
        case filter(FilterProblem)
        case feedNotWritten
        case reportNotRendered
    }

    static let notFound = RequestRefusal(status: .notFound, code: "not-found", message: "no such board or card")
    static let crossOrigin = RequestRefusal(
        status: .forbidden, code: "cross-origin",
        message: "a change must come from the board's own page (Origin or Sec-Fetch-Site is another site's)")
    static let tooLarge = RequestRefusal(status: .contentTooLarge, code: "body-too-large",
                                         message: "the body is larger than \(PageLimits.bodyBytes) bytes")
    static let needsVersion = RequestRefusal(
        status: .preconditionRequired, code: "if-match-required",
        message: "send the card's version in If-Match (or If-Match: * to change it whatever it is now)")

    /// A board not served yet while the server reads its boards: it may be on its way.
    static let starting = RequestRefusal(status: .serviceUnavailable, code: "starting",
                                         message: "the server is starting and has not read this board yet; try again in a moment",
                                         retryAfter: 1, server: .starting)

    /// Too many requests from one address that opened nothing (`FailedAttempts`).
    static func tooManyAttempts(retryAfter seconds: Int) -> RequestRefusal {
        RequestRefusal(status: .tooManyRequests, code: "too-many-attempts",
                       message: "too many requests from this address presented no valid link; try again in \(seconds) s",
                       retryAfter: seconds)
    }

    /// A feed's or the report's filter that names nothing on the board (400).
    static func filter(_ problem: FilterProblem) -> RequestRefusal {
        RequestRefusal(status: .badRequest, code: DiagnosticCode.filterInvalid.id, message: problem.text, read: .filter(problem))
    }
    static let feedNotWritten = RequestRefusal(status: .internalServerError, code: "feed-not-written",
                                               message: "the feed could not be written", read: .feedNotWritten)
    static let reportNotRendered = RequestRefusal(status: .internalServerError, code: "report-not-rendered",
                                                  message: "the report template could not be rendered", read: .reportNotRendered)

    /// A person let in whose role does not reach the route (a viewer posting a change).
    static func beyondRole(_ visitor: Visitor, needs: Reach) -> RequestRefusal {
        let who = visitor.person.map { "\($0)'s" } ?? "this"
        let what = needs == .admin ? "see who has access" : "change the board"
        return RequestRefusal(status: .forbidden, code: "role-does-not-allow",
                              message: "\(who) access lets them see this board, not \(what); a board admin can change their role (boardkit access role)")
    }

    /// The refusal for an action that failed; `current` looks the card up again for a conflict.
    static func of(_ failure: ActionFailure, current: (String) -> StoredCard?) -> RequestRefusal {
        var refusal = made(failure, current: current)
        refusal.failure = failure
        return refusal
    }

    private static func made(_ failure: ActionFailure, current: (String) -> StoredCard?) -> RequestRefusal {
        switch failure {
        case .readOnly:
            return RequestRefusal(status: .methodNotAllowed, code: "board-read-only",
                                  message: "this board is served from a file that is not a store; it cannot be changed here")
        case .field(let problem):
            return RequestRefusal(status: problem.kind == .unreadable ? .badRequest : .unprocessableContent,
                                  code: problem.kind == .unreadable ? "bad-body" : DiagnosticCode.invalidValue.id,
                                  field: problem.field, message: problem.message)
        case .store(let error):
            let code = error.diagnostic.code.id, message = error.diagnostic.message.text
            switch error {
            case .refused(.unknownCard): return RequestRefusal(status: .notFound, code: code, message: message)
            case .refused(.unknownState): return RequestRefusal(status: .unprocessableContent, code: code, field: "state", message: message)
            case .refused(.invalidValue(let field, _, _)):
                return RequestRefusal(status: .unprocessableContent, code: code, field: field, message: message)
            case .undoUnconfirmed(let step, let cards):
                return RequestRefusal(status: .conflict, code: code, message: message, confirm: (step, cards))
            case .nothingToUndo, .nothingToRedo, .nothingOfTheirs, .undoConflict:
                return RequestRefusal(status: .conflict, code: code, message: message)
            case .cardChanged(let id, _):
                return RequestRefusal(status: .conflict, code: code, message: message, current: current(id))
            case .busy:
                // Another writer had the board: the same change a moment later may pass.
                return RequestRefusal(status: .serviceUnavailable, code: code, message: message, retryAfter: 1)
            case .notAStore, .newerSchema, .alreadyExists, .missing, .database, .damaged, .readOnly, .invalidAddress:
                return RequestRefusal(status: .serviceUnavailable, code: code, message: message)
            }
        }
    }

    /// `{"error": {"code": …, "field": …, "message": …, "confirm": …, "cards": …}, "card": …}`
    /// on one line, absent keys left out, the card as the API writes it.
    var json: [UInt8] {
        var j = JSONWriter()
        j.beginObject(.line)
        j.key("error")
        j.beginObject(.line)
        j.member("code", code)
        if let field { j.member("field", field) }
        j.member("message", message)
        if let confirm {
            j.member("confirm", Int(confirm.step))
            j.member("cards", confirm.cards)
        }
        j.endObject()
        if let current {
            j.key("card")
            BoardView.apiJSON(current, version: current.version).withUnsafeBufferPointer { j.json($0) }
        }
        j.endObject()
        j.endDocument()
        return j.finish()
    }
}
