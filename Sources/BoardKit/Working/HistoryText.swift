import BoardEditing
import BoardIO
import BoardLocale
import BoardModel
import BoardStore

/// The change log in sentences, as `history` prints them and the board page shows them:
/// "2026-11-20 14:03 mina moved #12 'Fix login' from Doing to Done", in the board's zone,
/// in English or Korean.
public struct HistoryText {
    public var states: [BoardState]
    public var zone: Zone
    public var locale: ReportLocale
    /// Each text a person wrote (a name, a title, a state, a value) set apart with Unicode's
    /// first-strong isolate (U+2068…U+2069), for a page: right-to-left text or an unclosed
    /// U+202E in a title then stays inside it instead of reversing the rest of the sentence.
    /// Off for the terminal and scripts, whose readers would see the marks.
    public var isolatesText: Bool
    /// The number and title of a card the board has, by id: how a link to it is named
    /// (`linked child #2 'Okta'`). Without it, or for a card the board lacks, its id.
    public var linkedCard: (String) -> (number: Int64, title: String)? = { _ in nil }

    public init(states: [BoardState], zone: Zone, locale: ReportLocale = .en, isolatesText: Bool = false) {
        self.states = states
        self.zone = zone
        self.locale = locale
        self.isolatesText = isolatesText
    }

    /// A card as a sentence names it: `#12 'Fix login'`.
    private func named(_ number: Int64?, _ title: String) -> String {
        "#\(number.map(String.init) ?? "?") '\(written(title))'"
    }

    /// `text`, isolated when `isolatesText`.
    private func written(_ text: String) -> String {
        isolatesText ? "\u{2068}\(text)\u{2069}" : text
    }

    /// One event: time, who, what.
    public func sentence(_ e: LogEvent) -> String {
        let local = zone.local(e.at)
        let time = "\(local.date) \(two(local.hour)):\(two(local.minute))"
        var text = "\(time) \(clause(e))"
        if e.undone { text += locale == .ko ? " (취소됨)" : " (undone)" }
        return text
    }

    /// Who did what, without the time: "mina moved #12 'Fix login' from Doing to Done".
    public func clause(_ e: LogEvent) -> String {
        let who = e.actor.map(written) ?? (locale == .ko ? "누군가" : "someone")
        let card = named(e.cardNumber, e.cardTitle ?? e.card)
        let from = e.from.map(stateName) ?? "?", to = e.to.map(stateName) ?? "?"
        let changes = e.changes.map(change).joined(separator: ", ")
        if e.kind == EventType.updated.rawValue, !e.changes.isEmpty,
           e.changes.allSatisfy({ ConversationPart(rawValue: $0.field) != nil }) {
            return locale == .ko ? "\(who)님이 \(card) 카드에 \(changes)" : "\(who) \(changes) on \(card)"
        }
        switch (locale, e.kind) {
        case (.en, "created"): return "\(who) created \(card) in \(to)"
        case (.en, "moved") where e.from != nil: return "\(who) moved \(card) from \(from) to \(to)"
        case (.en, "moved"): return "\(who) moved \(card) within its column"
        case (.en, "updated"): return changes.isEmpty ? "\(who) changed \(card)" : "\(who) changed \(card): \(changes)"
        case (.en, "archived"): return "\(who) archived \(card)"
        case (.en, "restored"): return "\(who) restored \(card)"
        case (.en, "deleted"): return "\(who) deleted \(card)"
        case (.en, "imported"): return "\(who) imported \(card)"
        case (_, "conflict"): return conflict(e, card: card)
        case (.ko, "created"): return "\(who)님이 \(card) 카드를 \(to)에 만듦"
        case (.ko, "moved") where e.from != nil: return "\(who)님이 \(card) 카드를 \(from)에서 \(to)(으)로 옮김"
        case (.ko, "moved"): return "\(who)님이 \(card) 카드의 순서를 바꿈"
        case (.ko, "updated"): return changes.isEmpty ? "\(who)님이 \(card) 카드를 수정함" : "\(who)님이 \(card) 카드를 수정함: \(changes)"
        case (.ko, "archived"): return "\(who)님이 \(card) 카드를 보관함"
        case (.ko, "restored"): return "\(who)님이 \(card) 카드를 복원함"
        case (.ko, "deleted"): return "\(who)님이 \(card) 카드를 삭제함"
        case (.ko, "imported"): return "\(who)님이 \(card) 카드를 가져옴"
        default: return "\(who) \(e.kind) \(card)"
        }
    }

    /// What undo or redo did, in one sentence: the step's events, or a count for a big one.
    public func stepSentence(_ record: StepRecord, undone: Bool) -> String {
        let verb = locale == .ko ? (undone ? "취소함" : "다시 함") : (undone ? "Undid" : "Redid")
        let what = stepSummary(record)
        return locale == .ko ? "\(verb): \(what)" : "\(verb) \(record.command): \(what)"
    }

    /// What a step did, its first three events as clauses: "mina moved #3 'Fix login' from To
    /// do to Done" (the board page's Undo says it before it is pressed).
    public func stepSummary(_ record: StepRecord) -> String {
        let shown = record.events.prefix(3).map(clause).joined(separator: "; ")
        let more = record.events.count > 3
            ? (locale == .ko ? " 외 \(record.events.count - 3)건" : " and \(record.events.count - 3) more") : ""
        return record.events.isEmpty ? record.command : shown + more
    }

    /// "sync conflict on #12 'Fix login': mina's due 2026-12-01 lost to the server's 2026-12-03".
    private func conflict(_ e: LogEvent, card: String) -> String {
        let none = locale == .ko ? "없음" : "none"
        let person = e.actor ?? (locale == .ko ? "누군가" : "someone")
        if let removal = e.changes.first.flatMap({ SyncConflict.Removal(rawValue: $0.field) }) {
            return presenceConflict(removal, keptHere: e.conflictLoser == .remote, actor: e.actor, card: card)
        }
        if let problem = e.conflictRefusal.flatMap(CardText.Problem.init(code:)), let c = e.changes.first {
            return refusal(problem, c, card: card)
        }
        let field: String, lost: String, kept: String
        if let c = e.changes.first {
            (field, lost, kept) = (fieldName(c.field), c.old?.description ?? none, c.new?.description ?? none)
        } else if e.from != nil || e.to != nil {
            // A state conflict: the log folds the state's row into from/to, as for a move.
            (field, lost, kept) = (locale == .ko ? "상태" : "state", e.from.map(stateName) ?? none, e.to.map(stateName) ?? none)
        } else {
            return card
        }
        if locale == .ko {
            return e.conflictLoser == .remote
                ? "\(card) 동기화 충돌: 서버의 \(field) \(lost) 대신 \(person)님의 \(kept)(을)를 유지함"
                : "\(card) 동기화 충돌: \(person)님의 \(field) \(lost) 대신 서버의 \(kept)(을)를 유지함"
        }
        return e.conflictLoser == .remote
            ? "sync conflict on \(card): the server's \(field) \(lost) lost to \(person)'s \(kept)"
            : "sync conflict on \(card): \(person)'s \(field) \(lost) lost to the server's \(kept)"
    }

    /// The server's value refused as no card field's: said word for word (its control
    /// characters shown escaped), with why and what was kept.
    private func refusal(_ problem: CardText.Problem, _ c: FieldChange, card: String) -> String {
        let none = locale == .ko ? "없음" : "none"
        let field = fieldName(c.field)
        let lost = c.old.map { written(PrintableText.line($0.description)) } ?? none
        let kept = c.new.map { written($0.description) } ?? none
        return locale == .ko
            ? "\(card) 동기화 거부: 서버의 \(field) \(lost)(은)는 \(problem.koreanSentence). \(kept)(을)를 유지하고 서버에 되돌림"
            : "sync refused on \(card): the server's \(field) \(lost) \(problem.sentence); kept \(kept) and put it back there"
    }

    /// A card removed on one side and edited on the other: the edit won.
    private func presenceConflict(_ removal: SyncConflict.Removal, keptHere: Bool, actor: String?, card: String) -> String {
        let by = actor.map { locale == .ko ? "\($0)님이 " : " by \($0)" } ?? ""
        if keptHere {
            // Deleted on the server, edited here since: the card stays, its to-do goes back.
            return locale == .ko
                ? "\(card) 동기화 충돌: 서버에서 삭제되었지만 그 뒤 \(by)여기서 수정하여 유지하고 서버에 되돌림"
                : "sync conflict on \(card): deleted on the server, edited here\(by) since, so kept and put back"
        }
        let removed = switch (removal, locale) {
        case (.archived, .ko): "보관했지만"
        case (.deleted, .ko): "삭제했지만"
        case (.archived, _): "archived"
        case (.deleted, _): "deleted"
        }
        return locale == .ko
            ? "\(card) 동기화 충돌: \(by)\(removed) 그 뒤 서버에서 수정되어 되살림"
            : "sync conflict on \(card): \(removed) here\(by), edited on the server since, so brought back"
    }

    private func change(_ c: FieldChange) -> String {
        if let part = ConversationPart(rawValue: c.field) {
            let linked = { (id: String) in linkedCard(id).map { named($0.number, $0.title) } ?? written(id) }
            let phrases = ConversationPhrases(locale: locale, written: written, card: linked).phrases(part, old: c.old, new: c.new)
            return phrases.joined(separator: ", ")
        }
        if c.field == "dueComplete" {
            let met = c.new == .text("true")
            return locale == .ko ? (met ? "마감 지킴으로 표시" : "마감 지킴 표시 취소") : (met ? "due marked met" : "due no longer marked met")
        }
        return "\(fieldName(c.field)) \(value(c.old, of: c.field)) → \(value(c.new, of: c.field))"
    }

    /// A value as a person reads it: a due or start date as the report shows it
    /// (`2026-10-16 (Fri) 18:00` in the board's zone), anything else as stored.
    private func value(_ v: FieldValue?, of field: String) -> String {
        guard let v else { return locale == .ko ? "없음" : "none" }
        if Card.isDueDateField(field), case .text(let text) = v, let date = DueDate(iso: text) {
            return locale.due(date, zone: zone)
        }
        return written(v.description)
    }

    private func fieldName(_ field: String) -> String {
        guard locale == .ko else { return field }
        let names = ["title": "제목", "body": "내용", "due": "마감", "start": "시작", "labels": "라벨",
                     "assignees": "담당자", "reminders": "알림", "url": "URL", "position": "위치", "completed": "완료"]
        return names[field] ?? field
    }

    private func stateName(_ id: String) -> String {
        written(states.first { $0.id == id }?.name ?? id)
    }

    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
