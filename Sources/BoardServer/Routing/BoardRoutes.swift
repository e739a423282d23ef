import Foundation
import HTTPTypes
import Hummingbird

/// Every route under `/TOKEN/NAME` (docs/serve.md lists them) with the reach it needs, and
/// the one way a request reaches a handler: the board looked up, the request let in by the
/// gate, its reach checked. A wrong board or secret, and a feed link anywhere but a feed, is
/// a 404 like any unknown path; a person whose role does not reach is told so (403).
struct BoardRoutes: Sendable {
    let boards: ServedBoards
    let gate: AccessGate
    let attempts: FailedAttempts
    let writes: WriteGuard
    let responders: Responders

    /// The routes, in the order the router takes them (`serve --routes` prints them).
    static let all: [BoardRoute] = {
        var routes: [BoardRoute] = []
        func add(_ method: HTTPRequest.Method, _ path: String, _ reach: Reach, _ answer: BoardRoute.Answer,
                 _ handle: @escaping @Sendable (PageResponder, FeedResponder, Request, BoardCall) async -> Response) {
            routes.append(BoardRoute(method: method, path: path, reach: reach, answer: answer) { r, request, call in
                await handle(r.page, r.feeds, request, call)
            })
        }
        // Feeds and the live report: what a feed link opens. HEAD answers the GET's status
        // and headers (Content-Length included) without the body.
        add(.get, BoardRoute.feedSuffix, .feeds, .feed) { p, f, request, call in p.feed(f.calendar(request, call.board.feed), request) }
        add(.head, BoardRoute.feedSuffix, .feeds, .feed) { p, f, request, call in
            p.feed(f.calendar(request, call.board.feed), request).createHeadResponse()
        }
        add(.get, "/report.html", .feeds, .feed) { p, f, request, call in p.feed(f.report(request, call.board.feed), request) }
        add(.head, "/report.html", .feeds, .feed) { p, f, request, call in
            p.feed(f.report(request, call.board.feed), request).createHeadResponse()
        }
        // The page and what it reads.
        add(.get, "", .read, .page) { p, _, request, call in p.boardPage(request, call) }
        add(.get, "/columns", .read, .page) { p, _, request, call in p.columns(request, call) }
        add(.get, "/history", .read, .page) { p, _, request, call in p.historyPage(request, call) }
        add(.get, "/cards/:id", .read, .page) { p, _, request, call in p.cardPage(request, call) }
        // The assets too only under a board's secret path (they answered under any two
        // segments, telling a prober that a boardkit listens there).
        for file in PageAssets.File.allCases {
            add(.get, "/" + file.rawValue, .read, .page) { p, _, request, _ in p.asset(request, file) }
        }
        // Form posts (the page without script): each answers with a redirect or a page.
        add(.post, "/cards", .write, .page) { p, _, request, call in await p.form(request, call, .addCard) }
        add(.post, "/cards/:id", .write, .page) { p, _, request, call in await p.form(request, call, .editCard(call.id)) }
        add(.post, "/cards/:id/:verb", .write, .page) { p, _, request, call in
            guard let verb = call.verb.flatMap(CardVerb.init(rawValue:)) else { return p.refusal(.notFound, request, .page) }
            return await p.form(request, call, .card(call.id, verb))
        }
        add(.post, "/undo", .write, .page) { p, _, request, call in await p.form(request, call, .undo) }
        add(.post, "/redo", .write, .page) { p, _, request, call in await p.form(request, call, .redo) }
        // The name a reader of an open board types, kept in their browser: it changes nothing
        // on the board. Elsewhere the person is the one let in, and it is not there (404).
        add(.post, "/actor", .read, .page) { p, _, request, call in p.setActor(request, call) }
        // The API.
        add(.get, "/api/board", .read, .api) { p, _, request, call in p.apiBoard(request, call) }
        add(.get, "/api/history", .read, .api) { p, _, request, call in p.apiHistory(request, call) }
        add(.get, "/api/cards/:id", .read, .api) { p, _, request, call in p.apiCard(request, call) }
        add(.get, "/api/people", .admin, .api) { p, _, request, call in p.apiPeople(request, call) }
        add(.post, "/api/cards", .write, .api) { p, _, request, call in await p.api(request, call, .addCard) }
        add(.patch, "/api/cards/:id", .write, .api) { p, _, request, call in await p.api(request, call, .editCard(call.id)) }
        add(.delete, "/api/cards/:id", .write, .api) { p, _, request, call in await p.api(request, call, .card(call.id, .delete)) }
        add(.post, "/api/cards/:id/:verb", .write, .api) { p, _, request, call in
            // DELETE is the API's way to delete; move, archive and restore are posts.
            guard let verb = call.verb.flatMap(CardVerb.init(rawValue:)), verb != .delete else {
                return p.refusal(.notFound, request, .api)
            }
            return await p.api(request, call, .card(call.id, verb))
        }
        add(.post, "/api/undo", .write, .api) { p, _, request, call in await p.api(request, call, .undo) }
        add(.post, "/api/redo", .write, .api) { p, _, request, call in await p.api(request, call, .redo) }
        return routes
    }()

    /// Puts every route on the router. One parameter name per segment: the router's trie
    /// shares the second segment, so the feed (`NAME.ics`) and the page (`NAME`) share one
    /// route and are told apart by the suffix.
    func add(to router: Router<BoardRequestContext>) {
        let routes = Self.all
        var shared: [String: [BoardRoute]] = [:], order: [String] = []
        for route in routes {
            let key = "\(route.method.rawValue) \(route.routerPath)"
            if shared[key] == nil { order.append(key) }
            shared[key, default: []].append(route)
        }
        for key in order {
            let candidates = shared[key] ?? []
            guard let first = candidates.first else { continue }
            router.on(RouterPath(first.routerPath), method: first.method) { request, context -> Response in
                let name = context.parameters.get("name") ?? ""
                let isFeed = name.hasSuffix(BoardRoute.feedSuffix)
                let route = candidates.first { ($0.path == BoardRoute.feedSuffix) == isFeed } ?? first
                guard route.path != BoardRoute.feedSuffix || isFeed else { return FeedResponder.notFound }
                let board = route.path == BoardRoute.feedSuffix ? String(name.dropLast(BoardRoute.feedSuffix.count)) : name
                return await respond(route, request, context, board: board)
            }
        }
    }

    /// The route's answer for a request let in and reaching far enough; a refusal otherwise.
    func respond(_ route: BoardRoute, _ request: Request, _ context: BoardRequestContext, board name: String) async -> Response {
        // Guessing links is slowed down: an address whose attempts opened nothing too often
        // waits, whatever it presents now.
        let client = gate.client(request, remote: context.remoteAddress)
        let now = Int64(ProcessInfo.processInfo.systemUptime)   // monotonic: a clock set back never lengthens a wait
        if let wait = attempts.wait(for: client, now: now) {
            return responders.page.refusal(.tooManyAttempts(retryAfter: wait), request, route.answer)
        }
        guard let board = boards.board(named: name) else {
            attempts.record(client, now: now)
            return FeedResponder.notFound
        }
        switch gate.admit(request, pathToken: context.parameters.get("token") ?? "", board: board, remote: context.remoteAddress) {
        case .unknown:
            attempts.record(client, now: now)
            return FeedResponder.notFound
        case .failed(let error):
            return responders.page.refusal(.of(.store(error), current: { _ in nil }), request, route.answer)
        case .admitted(let visitor):
            guard visitor.reach >= route.reach else {
                // A feed link opens nothing else: the board's page is not even there for it.
                if visitor.reach == .feeds { return FeedResponder.notFound }
                return responders.page.refusal(.beyondRole(visitor, needs: route.reach), request, route.answer)
            }
            let raw = context.parameters.get("id") ?? ""
            var call = BoardCall(board: board, visitor: visitor, id: raw.removingPercentEncoding ?? raw,
                                 verb: context.parameters.get("verb"))
            if route.isWrite {
                switch await writes.admit(request) {
                case .success(let body): call.body = body
                case .failure(let refusal): return responders.page.refusal(refusal, request, route.answer, root: route.root)
                }
            }
            return await route.handle(responders, request, call)
        }
    }
}
