import BoardEditing
import BoardIO
import BoardKit
import BoardModel
import BoardStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Where a write goes: the page's form posts and the API's requests name the same things.
enum WriteTarget: Sendable, Equatable {
    case addCard
    case editCard(String)
    case card(String, CardVerb)
    case undo
    case redo
}

extension WriteTarget {
    /// The members a JSON request for this target may hold (a form's hidden `version` is the
    /// API's If-Match).
    var fieldNames: Set<String> {
        switch self {
        case .addCard, .editCard: ["title", "body", "state", "due", "dueComplete", "start", "labels", "assignees", "reminders", "url", "fields"]
        case .card(_, .move): ["state", "position"]
        case .card(_, .comments): ["text"]
        case .card(_, .checklist): ["checklist", "item", "done"]
        case .card(_, .attachments): ["url", "name", "remove"]
        case .card(_, .links): ["type", "card", "remove"]
        case .card: []
        case .undo: ["confirm"]
        case .redo: []
        }
    }
}

/// What can be done to one card beyond editing its fields.
enum CardVerb: String, Sendable, CaseIterable {
    case move, archive, restore, delete
    /// A comment added to the card's conversation.
    case comments
    /// A checklist item added, ticked or unticked.
    case checklist
    /// An attachment (a link to a file or page) added, or taken off with `remove`.
    case attachments
    /// A link to another card, both ways round, or taken off with `remove`.
    case links
}

/// The board page and its API over HTTP. Reading builds on `BoardDesk.view()` (rebuilt
/// only when the board changed); every write takes the same path whether it comes from a
/// form post or the API: fields parsed and checked against the board, one store step with
/// the reader's name (the same-origin check and the body limit stand before every write
/// route: `WriteGuard`). Only the answer differs: a redirect or a page for a form, JSON for
/// the API.
struct PageResponder: Sendable {
    let boards: ServedBoards
    let assets: PageAssets

    // MARK: Pages

    /// `GET /<token>/<name>/`: the board. Without the trailing slash, a redirect to it (the
    /// page's links are relative to the board's folder).
    func boardPage(_ request: Request, _ call: BoardCall) -> Response {
        let desk = call.desk
        guard request.uri.path.hasSuffix("/") else {
            let query = request.uri.query.map { "?" + $0 } ?? ""
            return PageReply.seeOther(desk.name + "/" + query)
        }
        return rendered(request, call, root: "") { snapshot, context in
            BoardPage(view: snapshot.view, context: context, forecast: snapshot.forecast(filter: context.filter, now: context.now)).document()
        }
    }

    /// `GET columns`: the board page's `<main>` alone, for the script's live updates; 304
    /// while the board (and the day, which moves due chips) is unchanged.
    func columns(_ request: Request, _ call: BoardCall) -> Response {
        rendered(request, call, root: "", conditional: true) { snapshot, context in
            BoardPage(view: snapshot.view, context: context).columns()
        }
    }

    /// `GET events`: the board's versions as Server-Sent Events (`event: board`, the version's
    /// tag as data), the current one at once and then each change, so the page fetches its
    /// columns when something changed instead of asking every second. A stream lasts a few
    /// minutes (the browser reconnects, and is let in again: a link revoked meanwhile ends
    /// there) and ends when the server shuts down.
    func events(_ request: Request, _ call: BoardCall) -> Response {
        let watch = call.desk.watch
        var headers = PageReply.securityHeaders(policy: PageReply.contentSecurityPolicy)
        headers[.contentType] = "text/event-stream; charset=utf-8"
        // nginx would otherwise hold the events back in its buffer.
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            let listener = watch.listen(lasting: PageLimits.eventStreamLasts)
            try await withGracefulShutdownHandler {
                for await event in listener.events {
                    switch event {
                    case .version(let tag): try await writer.write(ByteBuffer(string: "event: board\ndata: \(tag)\n\n"))
                    case .stillHere: try await writer.write(ByteBuffer(string: ":\n\n"))
                    }
                }
            } onGracefulShutdown: {
                listener.stop()
            }
            try await writer.finish(nil)
        })
    }

    /// `GET cards/ID`: one card with its edit form and history.
    func cardPage(_ request: Request, _ call: BoardCall) -> Response {
        let desk = call.desk, id = call.id
        // A card the board does not have (deleted, or never there): the page's frame saying
        // so, who deleted it and when, with a way back (it was a bare "Not saved" page).
        let view = call.snapshot.view
        if view.card(id: id) == nil {
            return gonePage(request, call, view: view, id: id, typed: nil, root: "../")
        }
        return rendered(request, call, root: "../") { snapshot, context in
            let view = snapshot.view
            guard let stored = view.card(id: id) else { return nil }
            let history = (try? desk.history(card: id, limit: PageLimits.historyEvents)) ?? []
            return CardPage(view: view, stored: stored, history: history, context: context).document()
        }
    }

    /// `GET history`: the board's log, newest first.
    func historyPage(_ request: Request, _ call: BoardCall) -> Response {
        let desk = call.desk
        return rendered(request, call, root: "") { snapshot, context in
            let events = (try? desk.history(card: nil, limit: PageLimits.historyEvents)) ?? []
            return HistoryPage(view: snapshot.view, events: events, context: context).document()
        }
    }

    func asset(_ request: Request, _ file: PageAssets.File) -> Response {
        PageReply.asset(assets.bytes(file), type: file.contentType, tag: assets.tag(file), request: request)
    }

    private func rendered(_ request: Request, _ call: BoardCall, root: String, conditional: Bool = false,
                          _ render: (BoardSnapshot, PageContext) -> HTML?) -> Response {
        let desk = call.desk
        let snapshot = call.snapshot
        let view = snapshot.view
        var (context, cookies) = self.context(request, view: view, call: call, root: root)
        // The header's steps (Undo's title, what a form did) only for a whole page: the
        // script asks for the columns every second, mostly to hear 304.
        if !conditional { context = withSteps(context, request, view: view, desk: desk) }
        var tag: String?
        if conditional {
            let columns = context.columnsTag(of: view)
            if let match = request.headers[.ifNoneMatch], EntityTag.noneMatchHits(match, tag: columns) {
                return PageReply.notModified(tag: columns)
            }
            tag = columns
        }
        guard let html = render(snapshot, context) else { return failurePage(.notFound, request) }
        return PageReply.html(html, tag: tag, cookies: cookies)
    }

    private func context(_ request: Request, view: BoardView, call: BoardCall, root: String) -> (PageContext, [String]) {
        let (language, cookie) = PageRequest.language(request)
        var context = PageContext(language: language, actor: actor(request, call.visitor), now: Instant.now(in: view.zone),
                                  zone: view.zone, root: root,
                                  calendarPath: "\(call.desk.name).ics")
        context.mayChange = call.visitor.reach >= .write
        context.asksName = call.visitor.namesItself
        context.showArchived = request.uri.queryParameters.get("archived") == "1"
        // The filter form's query is form-encoded (`+` a space), as a form post's body is.
        // Read as every filter is (FilterExpression): the same meaning as --where and the feeds'.
        let query = ActionFields.form(Array((request.uri.query ?? "").utf8))
        let asked = PageContext.filterNames.compactMap { name in
            ((try? query.text(name)) ?? nil).map { (name: name, value: $0) }
        }
        if !asked.isEmpty {
            var board = view.header
            board.cards = view.cards.map(\.card)
            switch FilterExpression.query(asked).flatMap({ $0.filter(on: board, now: context.now) }) {
            case .success(let filter): context.filter = filter
            case .failure(let problem): context.filterProblem = language.words.filterProblem(problem)
            }
        }
        return (context, cookie.map { [$0] } ?? [])
    }

    /// `context` with what the reader's Undo and Redo would take and what their last form
    /// did (`?did=STEP`): store reads a page's frame needs and its live columns do not.
    private func withSteps(_ context: PageContext, _ request: Request, view: BoardView, desk: BoardDesk) -> PageContext {
        var context = context
        if let actor = context.actor {
            let language = context.language
            let text = view.sentences(language.reportLocale, isolatesText: true)
            let nextUndo = desk.nextStep(undoing: true, actor: actor)
            context.nextUndo = nextUndo.map(text.stepSummary)
            context.nextRedo = desk.nextStep(undoing: false, actor: actor).map(text.stepSummary)
            // Only the reader's own step is said: the number in the URL is theirs to give.
            if let did = request.uri.queryParameters.get("did").flatMap({ Int64($0) }),
               let step = desk.step(did), step.actor == actor {
                context.done = (step.undone ? text.stepSentence(step, undone: true) : text.stepSummary(step),
                                !step.undone && nextUndo?.step == did)
            }
        }
        return context
    }

    // MARK: Form posts

    /// A form post from the page: on success back to the board (303), or to the card's page
    /// for its conversation; a refusal is a short page saying why, or, for a card changed
    /// meanwhile, the card's page with its new values.
    func form(_ request: Request, _ call: BoardCall, _ target: WriteTarget) async -> Response {
        let desk = call.desk
        // Kept so that a save refused for a card changed or deleted meanwhile still has what
        // was typed.
        let sent = ActionFields.form(call.body)
        switch await write(request, call, target, form: sent) {
        case .success(let outcome):
            return backAfter(request, target, step: outcome.step)
        case .failure(let refusal):
            // A card deleted meanwhile (or never there): its page says so, keeping an edit's typing.
            if case .store? = refusal.failure, let id = target.card, case let view = desk.view(), view.card(id: id) == nil {
                return gonePage(request, call, view: view, id: id, typed: target.isEdit ? FormValues(fields: sent) : nil, root: target.root)
            }
            if case .store(.cardChanged)? = refusal.failure, case .editCard(let id) = target,
               let merged = await merged(request, call, id: id, sent: sent) { return merged }
            if let form = refusal.form, let page = refusedForm(form, target, request, call, status: refusal.status) { return page }
            return failurePage(refusal, request, call: call, root: target.root)
        }
    }

    /// A form refused for one of its fields, shown again where it was (the card's page, or
    /// the board with that column's Add form open) with everything typed and the problem
    /// beside the field, in the reader's language (it answered a bare "Not saved" page and
    /// what was typed was gone).
    private func refusedForm(_ form: (values: FormValues, problem: FieldProblem), _ target: WriteTarget,
                             _ request: Request, _ call: BoardCall, status: HTTPResponse.Status) -> Response? {
        let desk = call.desk
        let snapshot = desk.snapshot()
        let view = snapshot.view
        var context = withSteps(self.context(request, view: view, call: call, root: target.root).0, request, view: view, desk: desk)
        switch target {
        case .editCard(let id):
            guard let stored = view.card(id: id) else { return nil }
            let history = (try? desk.history(card: id, limit: PageLimits.historyEvents)) ?? []
            // The form comes back with the card's version now: a field the reader did not
            // touch shows the card's value now, so saving the mended form keeps a change made
            // meanwhile instead of writing the stale value back over it.
            let values = form.values.untouched(replacedBy: FormValues(card: stored.card, zone: view.zone))
            let page = CardPage(view: view, stored: stored, history: history, context: context, refused: (values, form.problem))
            return PageReply.html(page.document(), status: status)
        case .addCard:
            let state = form.values["state"]
            context.refusedAdd = (view.header.state(withID: state) != nil ? state : view.header.states.first?.id ?? "", form.values, form.problem)
            let forecast = snapshot.forecast(filter: context.filter, now: context.now)
            return PageReply.html(BoardPage(view: view, context: context, forecast: forecast).document(), status: status)
        default:
            return nil
        }
    }

    /// `POST actor`: remembers the reader's name in a cookie, on an open board (elsewhere the
    /// name is the person's the link or login gave, and no other can be set).
    func setActor(_ request: Request, _ call: BoardCall) -> Response {
        guard call.visitor.namesItself else { return failurePage(.notFound, request) }
        let fields = ActionFields.form(call.body)
        let name: String
        switch CardText.name((try? fields.text("actor")).flatMap { $0 } ?? "") {
        case .success(let given): name = given
        case .failure(let problem):
            return failurePage(RequestRefusal(status: .unprocessableContent, code: DiagnosticCode.invalidValue.id, field: "actor",
                                              message: problem == .empty ? "a name is needed" : problem.sentence), request)
        }
        return PageReply.seeOther("./", cookies: [PageRequest.cookie(PageRequest.actorCookie, name)])
    }

    private func failurePage(_ refusal: RequestRefusal, _ request: Request, call: BoardCall? = nil, root: String = "") -> Response {
        Self.headed(failureDocument(refusal, request, call: call, root: root), refusal)
    }

    private func failureDocument(_ refusal: RequestRefusal, _ request: Request, call: BoardCall?, root: String) -> Response {
        let (language, _) = PageRequest.language(request)
        if let current = refusal.current, let call {
            let view = call.desk.view()
            let desk = call.desk
            // Shown at the URL the form posted to (`cards/ID` or `cards/ID/move`): its links
            // climb back from there.
            let context = withSteps(self.context(request, view: view, call: call, root: root).0, request, view: view, desk: desk)
            let history = (try? desk.history(card: current.card.id, limit: PageLimits.historyEvents)) ?? []
            let page = CardPage(view: view, stored: current, history: history, context: context,
                                notice: language.words.changedMeanwhile)
            return PageReply.html(page.document(), status: refusal.status)
        }
        guard let call else {
            return PageReply.html(RefusalPage(refusal: refusal, language: language, root: root, query: "").bare, status: refusal.status)
        }
        let desk = call.desk, view = desk.view()
        // In the board's frame, keeping the reader's filter on the way back.
        let context = withSteps(self.context(request, view: view, call: call, root: root).0, request, view: view, desk: desk)
        var page = RefusalPage(refusal: refusal, language: language, root: root, query: context.keptQuery)
        if let confirm = refusal.confirm, let step = desk.step(confirm.step) {
            page.confirming = (step.actor, PageDate(language: language, zone: view.zone, now: context.now).moment(step.at))
        }
        let html = PageFrame(view: view, context: context)
            .document(title: "\(page.heading) — \(view.header.name)", bodyClass: "message", main: page.main(level: 2))
        return PageReply.html(html, status: refusal.status)
    }

    // MARK: API

    /// `GET api/board`: the board in the canonical JSON's shape with an ETag (304 when the
    /// client's copy is current).
    func apiBoard(_ request: Request, _ call: BoardCall) -> Response {
        let view = call.snapshot.view
        if let match = request.headers[.ifNoneMatch], EntityTag.noneMatchHits(match, tag: view.tag) {
            return PageReply.notModified(tag: view.tag)
        }
        return PageReply.json(view.apiJSON, tag: view.tag)
    }

    /// `GET api/cards/ID`: one card, its version as the ETag.
    func apiCard(_ request: Request, _ call: BoardCall) -> Response {
        let view = call.snapshot.view
        guard let stored = view.card(id: call.id) else { return apiRefusal(.notFound) }
        let version = view.version(of: stored)
        return PageReply.json(BoardView.apiJSON(stored, version: version) + [0x0A], tag: "\"\(version)\"")
    }

    /// `GET api/history[?card=ID][&limit=N]`: events newest first, as `boardkit history --format json` has them.
    func apiHistory(_ request: Request, _ call: BoardCall) -> Response {
        let desk = call.desk
        let card = request.uri.queryParameters.get("card")
        let asked = request.uri.queryParameters.get("limit")
        let given = asked.map { Int($0) }
        if case .some(nil) = given {
            return apiRefusal(.of(.field(.invalid("limit", "must be a whole number from 1 to \(PageLimits.historyEvents)")), current: { _ in nil }))
        }
        let limit = given.flatMap { $0 }.map { min(max($0, 1), PageLimits.historyEvents) } ?? PageLimits.historyEvents
        do {
            let view = call.snapshot.view
            let events = try desk.history(card: card, limit: limit)
            let (language, _) = PageRequest.language(request)
            let text = view.sentences(language.reportLocale)
            return PageReply.json(Array((HistoryJSON.render(events, text: text) + "\n").utf8))
        } catch {
            return apiRefusal(.of(.store(error), current: { _ in nil }))
        }
    }

    /// A write through the API: the card after it (or the step undone or redone) as JSON.
    func api(_ request: Request, _ call: BoardCall, _ target: WriteTarget) async -> Response {
        let desk = call.desk
        switch await write(request, call, target, form: nil) {
        case .success(.changed(let stored?, _)), .success(.unchanged(let stored)):
            let created = target == .addCard
            let version = stored.version
            var response = PageReply.json(BoardView.apiJSON(stored, version: version) + [0x0A], status: created ? .created : .ok,
                                          tag: "\"\(version)\"")
            if created { response.headers[.location] = "cards/" + HTMLText.segment(stored.card.id) }
            return response
        case .success(.changed(nil, _)):
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        case .success(.stepTaken(let record, let undone)):
            let view = desk.view()
            let text = view.sentences(PageRequest.language(request).0.reportLocale)
            return PageReply.json(Self.stepJSON(step: record.step, command: record.command, undone: undone,
                                                sentence: text.stepSentence(record, undone: undone)))
        case .failure(let refusal):
            return apiRefusal(refusal)
        }
    }

    /// The answer to an undo or redo through the API: `{"step": 41, "command": "move",
    /// "undone": true, "text": "Undid …"}` on one line.
    static func stepJSON(step: Int64, command: String, undone: Bool, sentence: String) -> [UInt8] {
        var j = JSONWriter()
        j.beginObject(.line)
        j.member("step", Int(step))
        j.member("command", command)
        j.member("undone", undone)
        j.member("text", sentence)
        j.endObject()
        j.endDocument()
        return j.finish()
    }

    private func apiRefusal(_ refusal: RequestRefusal) -> Response {
        Self.headed(PageReply.json(refusal.json, status: refusal.status), refusal)
    }

    // MARK: The one way a change is made

    /// `submitted`: a form's fields, read once by the caller (kept to show the form again if
    /// one is refused); nil for the API, whose body is JSON.
    private func write(_ request: Request, _ call: BoardCall, _ target: WriteTarget, form submitted: ActionFields?) async
        -> Result<ActionOutcome, RequestRefusal> {
        let desk = call.desk
        let api = submitted == nil
        let current: (String) -> StoredCard? = { id in (try? desk.card(id: id)) ?? nil }
        do throws(ActionFailure) {
            guard desk.store != nil else { throw .readOnly }
            if call.visitor.namesItself, let problem = PageRequest.nameProblem(request) { throw .field(problem) }
            let fields: ActionFields
            if let submitted {
                fields = submitted
            } else {
                do throws(FieldProblem) { fields = try ActionFields.json(call.body) } catch { throw .field(error) }
            }
            let version: String?
            if api {
                if target.isEdit && request.headers[.ifMatch] == nil { return .failure(.needsVersion) }
                version = request.headers[.ifMatch].flatMap(Self.version(ifMatch:))
            } else {
                version = (try? fields.text("version")).flatMap { $0 }.flatMap { $0.isEmpty ? nil : $0 }
            }
            let action: BoardAction
            switch target {
            case .undo:
                do throws(FieldProblem) {
                    try fields.refuseUnknown(target.fieldNames)
                    // The step's number, as the refusal gave it (a JSON number, or text from the form).
                    let confirm = try fields.values["confirm"].map { value throws(FieldProblem) -> Int64 in
                        if case .text(let s) = value, let n = Int64(s) { return n }
                        guard let n = try fields.integer("confirm") else { throw .invalid("confirm", "must be a step number") }
                        return Int64(n)
                    }
                    action = .undo(confirmedStep: confirm)
                } catch { throw .field(error) }
            case .redo: action = .redo
            case .addCard, .editCard, .card:
                action = .change(BoardChange(command: target.commandName, card: target.card, version: version) {
                    draft throws(ActionFailure) in try self.edits(target, fields, draft)
                })
            }
            return .success(try await desk.perform(action, actor: actor(request, call.visitor)))
        } catch {
            var refusal = RequestRefusal.of(error, current: current)
            if case .field(let problem) = error, let sent = submitted { refusal.form = (FormValues(fields: sent), problem) }
            return .failure(refusal)
        }
    }

    /// The other card a link request names (`card`: `#12`, an id, a title only one card has),
    /// as the write sees it; nil when it names none (the parser says so).
    private func linkedCard(_ target: WriteTarget, _ fields: ActionFields, _ draft: StepDraft) throws(ActionFailure) -> StoredCard? {
        guard case .card(_, .links) = target else { return nil }
        let reference: String?
        do throws(FieldProblem) { reference = try fields.text("card") } catch { throw .field(error) }
        guard let reference, !reference.allSatisfy(\.isWhitespace) else { return nil }
        do throws(StoreError) {
            return try draft.card(reference)
        } catch {
            if case .refused(.unknownCard) = error { return nil }
            throw .store(error)
        }
    }

    /// The edits a request asks for, checked against the board and the card it names as the
    /// write sees them.
    private func edits(_ target: WriteTarget, _ fields: ActionFields, _ draft: StepDraft) throws(ActionFailure) -> [CardEdit] {
        let header: Board
        var card: StoredCard?
        do throws(StoreError) {
            header = try draft.header()
            if let id = target.card {
                guard let found = try draft.card(id: id) else { throw .refused(.unknownCard(id, close: [])) }
                card = found
            }
        } catch { throw .store(error) }
        let other = try linkedCard(target, fields, draft)
        let parser = ActionParser(header: header, now: Instant.now(in: header.zone ?? .utc))
        do throws(FieldProblem) {
            try fields.refuseUnknown(target.fieldNames)
            switch (target, card) {
            case (.editCard, let card?): return try parser.update(card, fields)
            case (.card(_, .move), let card?): return [try parser.move(card, fields)]
            case (.card(_, .archive), let card?): return [.archive(card: card.card.id)]
            case (.card(_, .restore), let card?): return [.restore(card: card.card.id)]
            case (.card(_, .delete), let card?): return [.delete(card: card.card.id)]
            case (.card(_, .comments), let card?): return [try parser.comment(card, fields)]
            case (.card(_, .checklist), let card?): return [try parser.check(card, fields)]
            case (.card(_, .attachments), let card?): return [try parser.attach(card, fields)]
            case (.card(_, .links), let card?): return try parser.link(card, to: other, fields)
            default: return [try parser.add(fields)]
            }
        } catch {
            throw .field(error)
        }
    }

    /// The version an `If-Match` names (`"v-…"`, `W/"v-…"`); nil for `*` (change whatever it is).
    static func version(ifMatch header: String) -> String? {
        var value = header.trimmingCharacters(in: .whitespaces)
        if value == "*" { return nil }
        if value.hasPrefix("W/") { value.removeFirst(2) }
        return value.filter { $0 != "\"" }
    }

    // MARK: Who acts

    /// The name a change is recorded under: the person let in, or on an open board the name
    /// the reader gave (never a typed name anywhere else).
    private func actor(_ request: Request, _ visitor: Visitor) -> String? {
        visitor.namesItself ? PageRequest.actor(request) : visitor.person
    }

    /// `GET api/people` (admins): who has access, with their roles.
    func apiPeople(_ request: Request, _ call: BoardCall) -> Response {
        guard let store = call.board.feed.store else { return PageReply.json(Array("[]\n".utf8)) }
        do {
            var j = JSONWriter()
            j.beginArray()
            for person in try store.use({ opened throws(StoreError) in try opened.store.people() }) {
                j.beginObject(.line)
                j.member("name", person.name)
                j.member("role", person.role.rawValue)
                j.member("added", person.added.description)
                if let by = person.addedBy { j.member("addedBy", by) }
                j.endObject()
            }
            j.endArray()
            j.endDocument()
            return PageReply.json(j.finish())
        } catch {
            return apiRefusal(.of(.store(error), current: { _ in nil }))
        }
    }

    /// The one way a refusal is shown, as the route answers: a page, JSON, or (a feed's, the
    /// report's) plain text, the page and the text in the reader's language (`PageMessages`).
    /// Refusals before any handler ran (the write group's guard, a role that does not reach,
    /// a store that cannot say who may enter) come here too.
    func refusal(_ refusal: RequestRefusal, _ request: Request, _ answer: BoardRoute.Answer, root: String = "") -> Response {
        switch answer {
        case .api: return apiRefusal(refusal)
        case .page: return failurePage(refusal, request, root: root)
        case .feed: return Self.headed(FeedResponder.plainText(refusal.status, PageRequest.language(request).0.messages.sentence(refusal)), refusal)
        }
    }

    /// A refusal's response with what it tells a client beyond its status: when to try again
    /// (a busy store, too many failed attempts), which methods a read-only board takes.
    private static func headed(_ response: Response, _ refusal: RequestRefusal) -> Response {
        var response = response
        if let wait = refusal.retryAfter { response.headers[.retryAfter] = String(wait) }
        if refusal.status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD" }
        return response
    }

    /// A feed's or the report's answer, its refusal said as every refusal is (`refusal`).
    func feed(_ answer: Result<Response, RequestRefusal>, _ request: Request) -> Response {
        switch answer {
        case .success(let response): return response
        case .failure(let refused): return refusal(refused, request, .feed)
        }
    }

    // MARK: What a form's answer keeps

    /// Where a form goes after its change: the board, or the card's page for its
    /// conversation, saying what was done (`did=STEP`), with the reader's filter kept.
    private func backAfter(_ request: Request, _ target: WriteTarget, step: Int64?) -> Response {
        let board = target.root.isEmpty ? "./" : target.root
        let place = target.conversationCard.map { "\(target.root)cards/\(HTMLText.segment($0))" } ?? board
        let query = (step.map { ["did=\($0)"] } ?? []) + (keptQuery(request).map { [$0] } ?? [])
        return PageReply.seeOther(place + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
    }

    /// The reader's view from the address a form posted to (`assignee=jisoo&archived=1`),
    /// to go back to; nil for none.
    private func keptQuery(_ request: Request) -> String? {
        let query = ActionFields.form(Array((request.uri.query ?? "").utf8))
        let kept = (PageContext.filterNames + ["archived"]).compactMap { name -> String? in
            guard let value = (try? query.text(name)) ?? nil, !value.isEmpty else { return nil }
            return "\(name)=\(HTMLText.queryValue(value))"
        }
        return kept.isEmpty ? nil : kept.joined(separator: "&")
    }

    /// A card's page for a card the board does not have, with what an edit posted to it
    /// typed (404).
    private func gonePage(_ request: Request, _ call: BoardCall, view: BoardView, id: String, typed: FormValues?, root: String) -> Response {
        let desk = call.desk
        let context = withSteps(self.context(request, view: view, call: call, root: root).0, request, view: view, desk: desk)
        let events = (try? desk.history(card: id, limit: PageLimits.historyEvents)) ?? []
        var page = CardGonePage(view: view, context: context, id: id, events: events, typed: typed)
        if let deletion = page.deletion, let actor = context.actor, deletion.actor == actor {
            page.undoable = desk.nextStep(undoing: true, actor: actor)?.step == deletion.step
        }
        return PageReply.html(page.document(), status: .notFound)
    }

    /// An edit refused because the card changed since its form was loaded, merged: the
    /// reader's changes to fields the other person did not touch are saved (one step), and
    /// where both changed a field the card's page shows theirs in the field and the reader's
    /// beside it, ready to save (409). Nil when the form cannot be merged (no loaded values)
    /// or the merged save is refused too: the plain conflict page then.
    private func merged(_ request: Request, _ call: BoardCall, id: String, sent: ActionFields) async -> Response? {
        let desk = call.desk
        let view = desk.view()
        guard let current = view.card(id: id),
              let merge = ConflictMerge(sent: sent, now: FormValues(card: current.card, zone: view.zone)) else { return nil }
        var step: Int64?
        if !merge.toSave.isEmpty {
            let fields = ActionFields(merge.toSave.mapValues { .text($0) }, origin: .form)
            let change = BoardChange(command: WriteTarget.editCard(id).commandName, card: id, version: current.version) {
                draft throws(ActionFailure) in try self.edits(.editCard(id), fields, draft)
            }
            do throws(ActionFailure) {
                step = try await desk.perform(.change(change), actor: actor(request, call.visitor)).step
            } catch {
                // Changed yet again meanwhile (its values were checked by the first try).
                return nil
            }
        }
        if merge.clashes.isEmpty { return backAfter(request, .editCard(id), step: step) }
        return clashPage(request, call, id: id, yours: merge.clashes)
    }

    /// The card's page as it is now, the reader's values for `yours` fields beside its own (409).
    private func clashPage(_ request: Request, _ call: BoardCall, id: String, yours: [String: String]) -> Response? {
        let desk = call.desk
        let now = desk.view()
        guard let stored = now.card(id: id) else { return nil }
        let context = withSteps(self.context(request, view: now, call: call, root: "../").0, request, view: now, desk: desk)
        let history = (try? desk.history(card: id, limit: PageLimits.historyEvents)) ?? []
        var page = CardPage(view: now, stored: stored, history: history, context: context, notice: context.language.messages.mergedNotice)
        page.yours = yours
        return PageReply.html(page.document(), status: .conflict)
    }
}

extension WriteTarget {
    /// The card the target names (nil for a new card, undo and redo).
    var card: String? {
        switch self {
        case .editCard(let id), .card(let id, _): return id
        case .addCard, .undo, .redo: return nil
        }
    }

    /// The name the history shows for the step: the command-line command that does the same.
    var commandName: String {
        switch self {
        case .addCard: return "add"
        case .editCard: return "edit"
        case .card(_, .comments): return "comment"
        case .card(_, .checklist): return "check"
        case .card(_, .attachments): return "attach"
        case .card(_, .links): return "link"
        case .card(_, let verb): return verb.rawValue
        case .undo: return "undo"
        case .redo: return "redo"
        }
    }

    /// The card whose conversation the target adds to (its page is where a form goes back to).
    var conversationCard: String? {
        switch self {
        case .card(let id, .comments), .card(let id, .checklist), .card(let id, .attachments), .card(let id, .links): return id
        default: return nil
        }
    }

    /// A change to a card's fields: the API wants to know which version it edits.
    var isEdit: Bool {
        if case .editCard = self { return true }
        return false
    }

    /// From the page a form posts to back to the board's folder.
    var root: String {
        switch self {
        case .addCard, .undo, .redo: return ""
        case .editCard: return "../"
        case .card: return "../../"
        }
    }
}
