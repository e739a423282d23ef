import BoardModel

/// One way a board read back differs from the board written: `kind` is what changed
/// (`card.due`, `event.at`, `states`…), `detail` says where and how, for failure messages.
struct Difference: Hashable, CustomStringConvertible {
    var kind: String
    var detail: String
    var description: String { "\(kind): \(detail)" }
}

/// Compares boards field by field. Texts are compared by Unicode scalars, not by Swift's
/// canonical equivalence, so a reader that normalises `e\u{301}` to `é` is a difference.
enum BoardDiff {
    static func same(_ a: String, _ b: String) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }
    static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return same(x, y)
        default: return false
        }
    }
    static func same(_ a: [String], _ b: [String]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { same($0, $1) } }
    static func same(_ a: [String: String], _ b: [String: String]) -> Bool {
        a.count == b.count && a.allSatisfy { k, v in b.contains { same($0.key, k) && same($0.value, v) } }
    }

    /// `kind`, or `kind.newlines` when the texts differ only in how lines end (CR, CRLF, LF).
    static func textKind(_ kind: String, _ a: String, _ b: String) -> String {
        func lf(_ s: String) -> [Unicode.Scalar] {
            var out: [Unicode.Scalar] = []
            var cr = false
            for u in s.unicodeScalars {
                if cr && u == "\n" { cr = false; continue }
                cr = u == "\r"
                out.append(cr ? "\n" : u)
            }
            return out
        }
        return lf(a) == lf(b) ? kind + ".newlines" : kind
    }

    static func show(_ s: String?) -> String {
        guard let s else { return "nil" }
        let shown = s.count > 60 ? String(s.prefix(60)) + "…(\(s.utf8.count) bytes)" : s
        return "\"" + shown.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\\" ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }

    static func differences(_ a: Board, _ b: Board) -> [Difference] {
        var out: [Difference] = []
        func add(_ kind: String, _ detail: String) { out.append(Difference(kind: kind, detail: detail)) }
        if !same(a.id, b.id) { add("board.id", "\(show(a.id)) → \(show(b.id))") }
        if !same(a.name, b.name) { add(textKind("board.name", a.name, b.name), "\(show(a.name)) → \(show(b.name))") }
        if a.timeZone != b.timeZone { add("board.timeZone", "\(a.timeZone) → \(b.timeZone)") }
        for (k, v) in a.metadata where !same(b.metadata[k], v) { add("board.metadata", "\(show(k)): \(show(v)) → \(show(b.metadata[k]))") }
        for (k, v) in b.metadata where a.metadata[k] == nil { add("board.metadata.added", "\(show(k)): \(show(v))") }
        if !same(a.extras, b.extras) { add("board.extras", "\(a.extras) → \(b.extras)") }

        if a.states.count != b.states.count || zip(a.states, b.states).contains(where: { $0 != $1 || !same($0.name, $1.name) || !same($0.id, $1.id) }) {
            let changed = zip(a.states, b.states).contains { !same($0.id, $1.id) || !same($0.name, $1.name) || $0.category != $1.category || $0.wipLimit != $1.wipLimit }
            if a.states.count != b.states.count || changed {
                add("states", "\(a.states.map { "\(show($0.id))/\(show($0.name))/\($0.category)/\($0.wipLimit.map(String.init) ?? "-")" }) → \(b.states.map { "\(show($0.id))/\(show($0.name))/\($0.category)/\($0.wipLimit.map(String.init) ?? "-")" })")
            }
            for (x, y) in zip(a.states, b.states) where !same(x.extras, y.extras) { add("state.extras", "\(show(x.id)): \(x.extras) → \(y.extras)") }
        }

        // Cards by id; their order.
        let backByID = Dictionary(b.cards.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        for card in a.cards {
            guard let other = backByID[card.id], b.cards.contains(where: { same($0.id, card.id) }) else {
                add("card.missing", show(card.id))
                continue
            }
            out += differences(card, other, stateNameA: a.state(withID: card.state)?.name, stateNameB: b.state(withID: other.state)?.name)
        }
        let ids = Set(a.cards.map(\.id))
        for card in b.cards where !ids.contains(card.id) { add("card.added", show(card.id)) }
        let common = a.cards.map(\.id).filter { backByID[$0] != nil }
        if common != b.cards.map(\.id).filter({ ids.contains($0) }) { add("cards.order", "\(common.prefix(8)) → \(b.cards.map(\.id).prefix(8))") }

        // Events by position.
        if a.events.count != b.events.count {
            add("events.count", "\(a.events.count) → \(b.events.count)")
        } else {
            for (k, (x, y)) in zip(a.events, b.events).enumerated() {
                let at = "events[\(k)]"
                if !same(x.card, y.card) { add("event.card", "\(at) \(show(x.card)) → \(show(y.card))") }
                if x.type != y.type { add("event.type", "\(at) \(x.type) → \(y.type)") }
                if x.at != y.at {
                    add(x.at.epochMilliseconds == y.at.epochMilliseconds ? "event.at.offset" : "event.at",
                        "\(at) \(x.at) → \(y.at)")
                }
                if !same(x.from, y.from) || !same(x.to, y.to) { add("event.fromTo", "\(at) \(show(x.from))→\(show(x.to)) became \(show(y.from))→\(show(y.to))") }
                if !same(x.actor, y.actor) { add("event.actor", "\(at) \(show(x.actor)) → \(show(y.actor))") }
                if x.changes != y.changes || !sameChanges(x.changes, y.changes) { add("event.changes", "\(at) \(x.changes.count) → \(y.changes.count) \(x.changes) → \(y.changes)") }
                if !same(x.extras, y.extras) { add("event.extras", "\(at) \(x.extras) → \(y.extras)") }
            }
        }
        return out
    }

    static func sameChanges(_ a: [FieldChange], _ b: [FieldChange]) -> Bool {
        func flat(_ v: FieldValue?) -> [String] {
            switch v {
            case nil: return ["<nil>"]
            case .text(let s)?: return ["t", s]
            case .list(let l)?: return ["l"] + l
            }
        }
        return a.count == b.count && zip(a, b).allSatisfy { same($0.field, $1.field) && same(flat($0.old), flat($1.old)) && same(flat($0.new), flat($1.new)) }
    }

    static func differences(_ a: Card, _ b: Card, stateNameA: String?, stateNameB: String?) -> [Difference] {
        var out: [Difference] = []
        let id = show(a.id)
        func add(_ kind: String, _ detail: String) { out.append(Difference(kind: kind, detail: "\(id) \(detail)")) }
        if !same(a.title, b.title) { add(textKind("card.title", a.title, b.title), "\(show(a.title)) → \(show(b.title))") }
        if !same(a.body, b.body) { add(textKind("card.body", a.body, b.body), "\(show(a.body)) → \(show(b.body))") }
        if !same(a.state, b.state) {
            add(same(stateNameA, stateNameB) ? "card.state.id" : "card.state", "\(show(a.state)) → \(show(b.state))")
        }
        func due(_ kind: String, _ x: DueDate?, _ y: DueDate?) {
            guard x != y else { return }
            switch (x, y) {
            case let (.instant(i)?, .instant(j)?) where i.epochMilliseconds == j.epochMilliseconds:
                add(kind + ".offset", "\(i) → \(j)")
            case let (.instant(i)?, .instant(j)?) where i.epochSeconds == j.epochSeconds && j.epochMilliseconds % 1000 == 0:
                add(kind + ".milliseconds", "\(i) → \(j)")
            case (.date?, .instant?): add(kind + ".dateAsInstant", "\(x!) → \(y!)")
            default: add(kind, "\(x.map(\.description) ?? "nil") → \(y.map(\.description) ?? "nil")")
            }
        }
        due("card.due", a.due, b.due)
        due("card.start", a.start, b.start)
        if a.dueComplete != b.dueComplete { add("card.dueComplete", "\(a.dueComplete) → \(b.dueComplete)") }
        if a.reminders != b.reminders { add("card.reminders", "\(a.reminders) → \(b.reminders)") }
        func instant(_ kind: String, _ x: Instant?, _ y: Instant?) {
            guard x != y else { return }
            if let x, let y, x.epochMilliseconds == y.epochMilliseconds { add(kind + ".offset", "\(x) → \(y)"); return }
            if let x, let y, x.epochSeconds == y.epochSeconds { add(kind + ".milliseconds", "\(x) → \(y)"); return }
            add(kind, "\(x.map(\.description) ?? "nil") → \(y.map(\.description) ?? "nil")")
        }
        instant("card.created", a.created, b.created)
        instant("card.updated", a.updated, b.updated)
        instant("card.completed", a.completed, b.completed)
        if !same(a.labels, b.labels) { add("card.labels", "\(a.labels.map { show($0) }) → \(b.labels.map { show($0) })") }
        if !same(a.assignees, b.assignees) { add("card.assignees", "\(a.assignees.map { show($0) }) → \(b.assignees.map { show($0) })") }
        if a.position != b.position && !(a.position?.isNaN == true && b.position?.isNaN == true) {
            add("card.position", "\(a.position.map { "\($0)" } ?? "nil") → \(b.position.map { "\($0)" } ?? "nil")")
        }
        if a.archived != b.archived { add("card.archived", "\(a.archived) → \(b.archived)") }
        if !same(a.url, b.url) { add("card.url", "\(show(a.url)) → \(show(b.url))") }
        for (k, v) in a.fields where !same(b.fields[k], v) {
            add(b.fields[k] == nil ? (v.isEmpty ? "card.field.empty" : "card.field.missing") : textKind("card.field", v, b.fields[k]!), "\(show(k)): \(show(v)) → \(show(b.fields[k]))")
        }
        for (k, v) in b.fields where a.fields[k] == nil { add("card.field.added", "\(show(k)): \(show(v))") }
        if !same(a.extras, b.extras) { add("card.extras", "\(a.extras) → \(b.extras)") }
        if a.comments != b.comments { add("card.comments", "\(a.comments.count) → \(b.comments.count): \(b.comments.first.map { "\($0)" } ?? "")") }
        if a.checklists != b.checklists { add("card.checklists", "\(a.checklists) → \(b.checklists)") }
        if a.attachments != b.attachments { add("card.attachments", "\(a.attachments) → \(b.attachments)") }
        if a.links != b.links { add("card.links", "\(a.links) → \(b.links)") }
        return out
    }

    /// The differences as lines, at most `limit` of them.
    static func summary(_ d: [Difference], limit: Int = 12) -> String {
        let lines = d.prefix(limit).map { "  " + $0.description }
        return (lines + (d.count > limit ? ["  … and \(d.count - limit) more"] : [])).joined(separator: "\n")
    }
}
