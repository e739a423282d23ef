import BoardModel
import BoardIO

/// The `cards` table's columns and how a `Card` goes in and out of them.
enum CardRow {
    static let columns = "number, id, title, body, state, due, start, created, updated, completed, labels, assignees, position, archived, url, fields, extras, present"

    static let insertSQL = """
        INSERT INTO cards (number, id, title, body, state, due, start, created, updated, completed,
                           labels, assignees, position, archived, url, fields, extras, present)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// A new card of a step (an import writes its rows with `insertSQL`, each of commit 0).
    static let addSQL = """
        INSERT INTO cards (number, id, title, body, state, due, start, created, updated, completed,
                           labels, assignees, position, archived, url, fields, extras, present, last_commit)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \(StoreSchema.commitBeingWritten))
        """

    static let updateSQL = """
        UPDATE cards SET title = ?3, body = ?4, state = ?5, due = ?6, start = ?7, created = ?8,
            updated = ?9, completed = ?10, labels = ?11, assignees = ?12, position = ?13,
            archived = ?14, url = ?15, fields = ?16, extras = ?17, present = ?18, \(StoreSchema.cardWritten)
        WHERE number = ?1 AND id = ?2
        """

    /// Parameters of `insertSQL`, `addSQL` and `updateSQL`.
    static let parameterCount = 18

    /// Adds the card as a row of `insertSQL`, `addSQL` or `updateSQL`.
    static func encode(_ card: Card, number: Int64?, present: Bool, into b: inout RowBatch) {
        b.int(number)
        b.text(card.id)
        b.text(card.title)
        b.text(card.body)
        b.text(card.state)
        b.text(if: card.due != nil) { card.due!.append(to: &$0) }
        b.text(if: card.start != nil) { card.start!.append(to: &$0) }
        b.text(if: card.created != nil) { ISO8601.appendInstant(card.created!, to: &$0) }
        b.text(if: card.updated != nil) { ISO8601.appendInstant(card.updated!, to: &$0) }
        b.text(if: card.completed != nil) { ISO8601.appendInstant(card.completed!, to: &$0) }
        b.text(if: !card.labels.isEmpty) { JSONText.appendList(card.labels, to: &$0) }
        b.text(if: !card.assignees.isEmpty) { JSONText.appendList(card.assignees, to: &$0) }
        b.real(card.position)
        b.int(card.archived ? 1 : 0)
        b.text(card.url)
        b.text(if: !card.fields.isEmpty) { StoredJSON.append(map: card.fields, to: &$0) }
        let members = storedMembers(card)
        b.text(if: !members.isEmpty) { StoredJSON.append(map: members, to: &$0) }
        b.int(present ? 1 : 0)
    }

    /// Writes one card of a step with `sql` (`addSQL` or `updateSQL`).
    static func write(_ card: Card, number: Int64?, present: Bool, _ sql: String, _ db: any SQLConnection) throws {
        var batch = RowBatch(columns: parameterCount)
        encode(card, number: number, present: present, into: &batch)
        try db.statement(sql).run(batch)
    }

    /// Reads a row selected with `columns`. `memo` shares the lists and maps many cards
    /// hold alike (labels `["bug"]`, the same custom fields), as the JSON reader does.
    static func read(_ s: any SQLStatement, memo: ValueMemo = ValueMemo()) -> StoredCard {
        var card = Card(id: s.text(1) ?? "", title: s.text(2) ?? "", body: s.text(3) ?? "", state: s.text(4) ?? "")
        card.due = s.text(5).flatMap { DueDate(iso: $0) }
        card.start = s.text(6).flatMap { DueDate(iso: $0) }
        card.created = s.text(7).flatMap { ISO8601.parseInstant($0) }
        card.updated = s.text(8).flatMap { ISO8601.parseInstant($0) }
        card.completed = s.text(9).flatMap { ISO8601.parseInstant($0) }
        card.labels = memo.list(s.text(10))
        card.assignees = memo.list(s.text(11))
        card.position = s.double(12)
        card.archived = s.int(13) == 1
        card.url = s.text(14)
        card.fields = memo.map(s.text(15))
        card.extras = memo.map(s.text(16))
        if !card.extras.isEmpty { takeConversation(from: &card) }
        return StoredCard(number: s.int(0) ?? 0, card: card, present: s.int(17) == 1)
    }

    /// What the `extras` column holds: the card's JSON members the table has no column for,
    /// the unknown keys a source gave, the conversation (each part as its JSON text) and the
    /// reminders (a JSON list of their texts) and a met due (`true`). Their names are
    /// canonical card keys, so no unknown key takes them.
    private static func storedMembers(_ card: Card) -> [String: String] {
        guard card.hasConversation || !card.reminders.isEmpty || card.dueComplete else { return card.extras }
        var members = card.extras
        if card.dueComplete { members["dueComplete"] = "true" }
        if !card.reminders.isEmpty {
            var text: [UInt8] = []
            JSONText.appendList(card.reminders.map(\.description), to: &text)
            members["reminders"] = String(decoding: text, as: UTF8.self)
        }
        for part in ConversationPart.allCases {
            if let text = ConversationJSON.text(part, of: card) { members[part.rawValue] = text }
        }
        return members
    }

    /// Moves the conversation's parts, the reminders and a met due out of `extras` into the
    /// card's own members. One that does not read (a damaged row) stays in `extras` as it was, so saving
    /// the card keeps it.
    private static func takeConversation(from card: inout Card) {
        for part in ConversationPart.allCases {
            if let text = card.extras[part.rawValue], card.set(part, to: .text(text)) { card.extras[part.rawValue] = nil }
        }
        if let text = card.extras["reminders"], card.set("reminders", to: .list(StoredJSON.list(text))) {
            card.extras["reminders"] = nil
        }
        if card.extras["dueComplete"] == "true" {
            card.dueComplete = true
            card.extras["dueComplete"] = nil
        }
    }

    /// The present card whose id is exactly `id`, or nil.
    static func present(id: String, _ db: any SQLConnection) throws -> StoredCard? {
        let s = try db.statement("SELECT \(columns) FROM cards WHERE id = ? AND present = 1")
        s.bind(1, id)
        return try first(of: s)
    }

    /// The statement that reads the present cards among `ids` (in no order), bound, not yet run.
    static func presentQuery(ids: [String], _ db: any SQLConnection) throws -> any SQLStatement {
        let s = try db.statement("SELECT \(columns) FROM cards WHERE present = 1 AND id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))")
        for (i, id) in ids.enumerated() { s.bind(Int32(i + 1), id) }
        return s
    }

    /// The card a statement of `columns` reads first (its others left unread), or nil.
    static func first(of s: any SQLStatement) throws -> StoredCard? {
        guard try s.next() else { return nil }
        defer { s.reset() }
        return read(s)
    }

    /// Every card the query selects (`WHERE …` after `SELECT columns FROM cards`).
    static func fetch(_ db: any SQLConnection, where clause: String = "", _ bind: (any SQLStatement) -> Void = { _ in }) throws -> [StoredCard] {
        let s = try db.statement("SELECT \(columns) FROM cards \(clause)")
        bind(s)
        var out: [StoredCard] = []
        while try s.next() { out.append(read(s)) }
        return out
    }
}
