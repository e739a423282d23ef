import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

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
        func read(_ method: HTTPRequest.Method, _ path: String, _ reach: Reach, _ answer: BoardRoute.Answer,
                  fromMemory: BoardSnapshot.Part? = nil,
                  _ handle: @escaping @Sendable (PageResponder, FeedResponder, Request, BoardCall) -> Response) {
            routes.append(BoardRoute(method: method, path: path, reach: reach, answer: answer, handler: .read { r, request, call in
                handle(r.page, r.feeds, request, call)
            }, fromMemory: fromMemory))
        }
        func write(_ method: HTTPRequest.Method, _ path: String, _ reach: Reach, _ answer: BoardRoute.Answer,
                   _ handle: @escaping @Sendable (PageResponder, Request, BoardCall) async -> Response) {
            routes.append(BoardRoute(method: method, path: path, reach: reach, answer: answer, handler: .write { r, request, call in
                await handle(r.page, request, call)
            }))
        }
        // Feeds and the live report: what a feed link opens. HEAD answers the GET's status
        // and headers (Content-Length included) without the body.
        read(.get, BoardRoute.feedSuffix, .feeds, .feed, fromMemory: .calendar) { p, f, request, call in
            p.feed(f.calendar(request, call.snapshot), request)
        }
        read(.head, BoardRoute.feedSuffix, .feeds, .feed, fromMemory: .calendar) { p, f, request, call in
            p.feed(f.calendar(request, call.snapshot), request).createHeadResponse()
        }
        read(.get, "/report.html", .feeds, .feed) { p, f, request, call in p.feed(f.report(request, call.snapshot), request) }
        read(.head, "/report.html", .feeds, .feed) { p, f, request, call in
            p.feed(f.report(request, call.snapshot), request).createHeadResponse()
        }
        // The page and what it reads.
        read(.get, "", .read, .page) { p, _, request, call in p.boardPage(request, call) }
        read(.get, "/columns", .read, .page) { p, _, request, call in p.columns(request, call) }
        read(.get, "/events", .read, .page) { p, _, request, call in p.events(request, call) }
        read(.get, "/history", .read, .page) { p, _, request, call in p.historyPage(request, call) }
        read(.get, "/cards/:id", .read, .page) { p, _, request, call in p.cardPage(request, call) }
        // The assets too only under a board's secret path (they answered under any two
        // segments, telling a prober that a boardkit listens there).
        for file in PageAssets.File.allCases {
            read(.get, "/" + file.rawValue, .read, .page) { p, _, request, _ in p.asset(request, file) }
        }
        // Form posts (the page without script): each answers with a redirect or a page.
        write(.post, "/cards", .write, .page) { p, request, call in await p.form(request, call, .addCard) }
        write(.post, "/cards/:id", .write, .page) { p, request, call in await p.form(request, call, .editCard(call.id)) }
        write(.post, "/cards/:id/:verb", .write, .page) { p, request, call in
            guard let verb = call.verb.flatMap(CardVerb.init(rawValue:)) else { return p.refusal(.notFound, request, .page) }
            return await p.form(request, call, .card(call.id, verb))
        }
        write(.post, "/undo", .write, .page) { p, request, call in await p.form(request, call, .undo) }
        write(.post, "/redo", .write, .page) { p, request, call in await p.form(request, call, .redo) }
        // The name a reader of an open board types, kept in their browser: it changes nothing
        // on the board. Elsewhere the person is the one let in, and it is not there (404).
        write(.post, "/actor", .read, .page) { p, request, call in p.setActor(request, call) }
        // The API.
        read(.get, "/api/board", .read, .api) { p, _, request, call in p.apiBoard(request, call) }
        read(.get, "/api/history", .read, .api) { p, _, request, call in p.apiHistory(request, call) }
        read(.get, "/api/cards/:id", .read, .api) { p, _, request, call in p.apiCard(request, call) }
        read(.get, "/api/people", .admin, .api) { p, _, request, call in p.apiPeople(request, call) }
        write(.post, "/api/cards", .write, .api) { p, request, call in await p.api(request, call, .addCard) }
        write(.patch, "/api/cards/:id", .write, .api) { p, request, call in await p.api(request, call, .editCard(call.id)) }
        write(.delete, "/api/cards/:id", .write, .api) { p, request, call in await p.api(request, call, .card(call.id, .delete)) }
        write(.post, "/api/cards/:id/:verb", .write, .api) { p, request, call in
            // DELETE is the API's way to delete; move, archive and restore are posts.
            guard let verb = call.verb.flatMap(CardVerb.init(rawValue:)), verb != .delete else {
                return p.refusal(.notFound, request, .api)
            }
            return await p.api(request, call, .card(call.id, verb))
        }
        write(.post, "/api/undo", .write, .api) { p, request, call in await p.api(request, call, .undo) }
        write(.post, "/api/redo", .write, .api) { p, request, call in await p.api(request, call, .redo) }
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
    /// A read runs whole on a blocking-work thread, unless what it answers is in memory
    /// already; a write is let in there, then awaits its body and its commit.
    func respond(_ route: BoardRoute, _ request: Request, _ context: BoardRequestContext, board name: String) async -> Response {
        let asked = Asked(board: name, token: context.parameters.get("token") ?? "", id: context.parameters.get("id") ?? "",
                          verb: context.parameters.get("verb"), remote: context.remoteAddress)
        if boards.isStarting { await boards.arrival(of: name) }
        switch route.handler {
        case .read(let handle):
            let answer = { @Sendable [self] (settled: BoardSnapshot?) -> Response in
                switch admit(route, request, asked, at: settled) {
                case .refused(let response): return response
                case .letIn(let call): return handle(responders, request, call)
                }
            }
            // A calendar app revalidating its feed, many times a second across subscribers:
            // the hop to a blocking-work thread and back was a third of such an answer's time.
            // Only a whole feed: a filtered one is written for each request.
            if let part = route.fromMemory, request.uri.query?.isEmpty ?? true,
               let board = boards.board(named: asked.board), let snapshot = board.feed.settled(holding: part) {
                return answer(snapshot)
            }
            return await BlockingWork.run { answer(nil) }
        case .write(let handle):
            var call: BoardCall
            switch await BlockingWork.run({ [self] in admit(route, request, asked) }) {
            case .refused(let response): return response
            case .letIn(let admitted): call = admitted
            }
            switch await writes.admit(request) {
            case .success(let body): call.body = body
            case .failure(let refusal): return responders.page.refusal(refusal, request, route.answer, root: route.root)
            }
            return await handle(responders, request, call)
        }
    }

    /// What the request's path and connection name, taken from its context.
    struct Asked: Sendable {
        var board: String
        var token: String
        var id: String
        var verb: String?
        var remote: SocketAddress?
    }

    enum Admission: Sendable {
        case letIn(BoardCall)
        case refused(Response)
    }

    /// The board looked up, the request let in by the gate (which may read the store's
    /// people), its reach checked; `settled` is the board's version when the caller has it.
    private func admit(_ route: BoardRoute, _ request: Request, _ asked: Asked, at settled: BoardSnapshot? = nil) -> Admission {
        // Guessing links is slowed down: an address whose attempts opened nothing too often
        // waits, whatever it presents now.
        let client = gate.client(request, remote: asked.remote)
        let now = Int64(ProcessInfo.processInfo.systemUptime)   // monotonic: a clock set back never lengthens a wait
        if let wait = attempts.wait(for: client, now: now) {
            return .refused(responders.page.refusal(.tooManyAttempts(retryAfter: wait), request, route.answer))
        }
        guard let board = boards.board(named: asked.board) else {
            // Still starting after `arrival`'s wait. Whether the name is one being read is not
            // said: a 503 for any name while starting.
            if boards.isStarting { return .refused(responders.page.refusal(.starting, request, route.answer)) }
            attempts.record(client, now: now)
            return .refused(FeedResponder.notFound)
        }
        let snapshot = settled ?? board.feed.current()
        switch gate.admit(request, pathToken: asked.token, board: board, snapshot: snapshot, remote: asked.remote) {
        case .unknown:
            attempts.record(client, now: now)
            return .refused(FeedResponder.notFound)
        case .failed(let error):
            return .refused(responders.page.refusal(.of(.store(error), current: { _ in nil }), request, route.answer))
        case .admitted(let visitor):
            guard visitor.reach >= route.reach else {
                // A feed link opens nothing else: the board's page is not even there for it.
                if visitor.reach == .feeds { return .refused(FeedResponder.notFound) }
                return .refused(responders.page.refusal(.beyondRole(visitor, needs: route.reach), request, route.answer))
            }
            return .letIn(BoardCall(board: board, visitor: visitor, snapshot: snapshot, id: asked.id.removingPercentEncoding ?? asked.id, verb: asked.verb))
        }
    }
}
