import Foundation
import Hummingbird

/// The board page's routes under `/<token>/<name>/`: pages, the two asset files, form posts,
/// and the JSON API under `api/` (docs/serve.md lists them). Each route only finds the
/// board and hands the request to `PageResponder`; an unknown board or token is a 404.
struct PageRoutes: Sendable {
    let responder: PageResponder

    func add(to router: Router<BasicRequestContext>) {
        let r = responder
        get(router, "columns") { request, desk, _ in r.columns(request, desk) }
        get(router, "history") { request, desk, _ in r.historyPage(request, desk) }
        get(router, "cards/:id") { request, desk, id in r.cardPage(request, desk, id: id) }
        // The assets too only under a board's secret path (they answered under any two
        // segments, telling a prober that a boardkit listens there).
        for file in PageAssets.File.allCases {
            get(router, file.rawValue) { request, _, _ in r.asset(request, file) }
        }
        // Form posts (the page without script): each answers with a redirect or a page.
        post(router, "cards") { request, desk, _ in await r.form(request, desk, .addCard) }
        post(router, "cards/:id") { request, desk, id in await r.form(request, desk, .editCard(id)) }
        post(router, "cards/:id/:verb") { request, desk, id, verb in await r.form(request, desk, .card(id, verb)) }
        post(router, "undo") { request, desk, _ in await r.form(request, desk, .undo) }
        post(router, "redo") { request, desk, _ in await r.form(request, desk, .redo) }
        post(router, "actor") { request, desk, _ in await r.setActor(request, desk) }
        // The API.
        get(router, "api/board") { request, desk, _ in r.apiBoard(request, desk) }
        get(router, "api/history") { request, desk, _ in r.apiHistory(request, desk) }
        get(router, "api/cards/:id") { request, desk, id in r.apiCard(request, desk, id: id) }
        post(router, "api/cards") { request, desk, _ in await r.api(request, desk, .addCard) }
        router.patch("/:token/:name/api/cards/:id") { request, context -> Response in
            await withDesk(request, context) { desk, id, _ in await r.api(request, desk, .editCard(id)) }
        }
        router.delete("/:token/:name/api/cards/:id") { request, context -> Response in
            await withDesk(request, context) { desk, id, _ in await r.api(request, desk, .card(id, .delete)) }
        }
        post(router, "api/cards/:id/:verb") { request, desk, id, verb in
            // DELETE is the API's way to delete; move, archive and restore are posts.
            verb == .delete ? PageReply.json(RequestRefusal.notFound.json, status: .notFound)
                            : await r.api(request, desk, .card(id, verb))
        }
        post(router, "api/undo") { request, desk, _ in await r.api(request, desk, .undo) }
        post(router, "api/redo") { request, desk, _ in await r.api(request, desk, .redo) }
    }

    private func get(_ router: Router<BasicRequestContext>, _ path: String,
                     _ handle: @escaping @Sendable (Request, BoardDesk, String) -> Response) {
        router.get("/:token/:name/\(path)") { request, context -> Response in
            await withDesk(request, context) { desk, id, _ in handle(request, desk, id) }
        }
    }

    private func post(_ router: Router<BasicRequestContext>, _ path: String,
                      _ handle: @escaping @Sendable (Request, BoardDesk, String) async -> Response) {
        router.post("/:token/:name/\(path)") { request, context -> Response in
            await withDesk(request, context) { desk, id, _ in await handle(request, desk, id) }
        }
    }

    private func post(_ router: Router<BasicRequestContext>, _ path: String,
                      _ handle: @escaping @Sendable (Request, BoardDesk, String, CardVerb) async -> Response) {
        router.post("/:token/:name/\(path)") { request, context -> Response in
            await withDesk(request, context) { desk, id, verb in
                guard let verb else { return PageReply.json(RequestRefusal.notFound.json, status: .notFound) }
                return await handle(request, desk, id, verb)
            }
        }
    }

    /// Finds the board the path names (404 otherwise) and reads the card id and verb segments.
    private func withDesk(_ request: Request, _ context: BasicRequestContext,
                          _ handle: (BoardDesk, String, CardVerb?) async -> Response) async -> Response {
        guard let desk = responder.desk(token: context.parameters.get("token") ?? "",
                                        name: context.parameters.get("name") ?? "") else { return FeedResponder.notFound }
        let raw = context.parameters.get("id") ?? ""
        let id = raw.removingPercentEncoding ?? raw
        let verb = context.parameters.get("verb").flatMap(CardVerb.init(rawValue:))
        return await handle(desk, id, verb)
    }
}
