import HTTPTypes
import Hummingbird

/// One route under a board's path and the reach it needs. Routes are only ever served from
/// this list (`BoardRoutes`), so none can be added without a rule, and the access tests
/// walk the same list.
struct BoardRoute: Sendable {
    /// How the route answers, and so how a refusal is shown: a page, JSON, or plain text.
    enum Answer: Sendable {
        case feed, page, api
    }

    let method: HTTPRequest.Method
    /// The path after the board's `/TOKEN/NAME`: `""` the board page, `.ics` the calendar feed
    /// (`/TOKEN/NAME.ics`), `/cards/:id` a card's page, and so on.
    let path: String
    let reach: Reach
    let answer: Answer
    let handler: Handler
    /// What the board's version must hold, made, for a read to be answered where the request
    /// arrives instead of on a blocking-work thread; nil for a route that always goes there.
    var fromMemory: BoardSnapshot.Part? = nil

    /// What answers once the request is let in.
    enum Handler: Sendable {
        /// A read: it runs whole, admission included, on a blocking-work thread (`BlockingWork`),
        /// unless the version it answers from holds what it needs (`fromMemory`).
        case read(@Sendable (Responders, Request, BoardCall) -> Response)
        /// A write: it awaits its commit without holding a thread.
        case write(@Sendable (Responders, Request, BoardCall) async -> Response)
    }

    /// Whether the route changes something (every method but GET and HEAD): the write group,
    /// which `WriteGuard` stands before.
    var isWrite: Bool { method != .get && method != .head }

    /// The way back from the route's address to the board's (`../` from `cards/ID`), for the
    /// links of a page answering there.
    var root: String { String(repeating: "../", count: max(0, path.split(separator: "/").count - 1)) }

    /// The router's path: the feed and the board page share `/:token/:name`.
    var routerPath: String { path == BoardRoute.feedSuffix ? "/:token/:name" : "/:token/:name" + path }

    static let feedSuffix = ".ics"
}

/// What answers a board's requests: the feeds and report, and the page with its API.
struct Responders: Sendable {
    let feeds: FeedResponder
    let page: PageResponder
}

/// A request let in to a board: the board, who came in, and the path's card and verb.
struct BoardCall: Sendable {
    let board: ServedBoards.Board
    let visitor: Visitor
    /// The board as it was when the request was let in (the gate asked for it): what a read
    /// answers from, so a request asks the store what changed once. A write's answers, made
    /// after its commit, ask the desk afresh.
    let snapshot: BoardSnapshot
    /// The `:id` segment, percent-decoded; "" when the route has none.
    let id: String
    /// The `:verb` segment, when the route has one.
    let verb: String?
    /// The body of a write, read and within the limit (`WriteGuard`); empty for a read.
    var body: [UInt8] = []

    var desk: BoardDesk { board.desk }
}
