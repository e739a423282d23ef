import BoardModel
import GRDB

/// The `cards` table's columns and how a `Card` goes in and out of them.
enum CardRow {
    static let columns = "number, id, title, body, state, due, start, created, updated, completed, labels, assignees, position, archived, url, fields, extras, present"

    static let insertSQL = """
        INSERT INTO cards (number, id, title, body, state, due, start, created, updated, completed,
                           labels, assignees, position, archived, url, fields, extras, present)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static let updateSQL = """
        UPDATE cards SET title = ?3, body = ?4, state = ?5, due = ?6, start = ?7, created = ?8,
            updated = ?9, completed = ?10, labels = ?11, assignees = ?12, position = ?13,
            archived = ?14, url = ?15, fields = ?16, extras = ?17, present = ?18
        WHERE number = ?1 AND id = ?2
        """

    /// Binds every column (for `insertSQL` and `updateSQL`); a nil number lets SQLite pick.
    static func bind(_ card: Card, number: Int64?, present: Bool, to s: SQLiteStatement) {
        s.bind(1, number)
        s.bind(2, card.id)
        s.bind(3, card.title)
        s.bind(4, card.body)
        s.bind(5, card.state)
        s.bind(6, card.due?.description)
        s.bind(7, card.start?.description)
        s.bind(8, card.created?.description)
        s.bind(9, card.updated?.description)
        s.bind(10, card.completed?.description)
        s.bind(11, StoredJSON.list(card.labels))
        s.bind(12, StoredJSON.list(card.assignees))
        s.bind(13, card.position)
        s.bind(14, Int64(card.archived ? 1 : 0))
        s.bind(15, card.url)
        s.bind(16, StoredJSON.map(card.fields))
        s.bind(17, StoredJSON.map(card.extras))
        s.bind(18, Int64(present ? 1 : 0))
    }

    /// Reads a row selected with `columns`.
    static func read(_ s: SQLiteStatement) -> StoredCard {
        var card = Card(id: s.text(1) ?? "", title: s.text(2) ?? "", body: s.text(3) ?? "", state: s.text(4) ?? "")
        card.due = s.text(5).flatMap { DueDate(iso: $0) }
        card.start = s.text(6).flatMap { DueDate(iso: $0) }
        card.created = s.text(7).flatMap { ISO8601.parseInstant($0) }
        card.updated = s.text(8).flatMap { ISO8601.parseInstant($0) }
        card.completed = s.text(9).flatMap { ISO8601.parseInstant($0) }
        card.labels = StoredJSON.list(s.text(10))
        card.assignees = StoredJSON.list(s.text(11))
        card.position = s.double(12)
        card.archived = s.int(13) == 1
        card.url = s.text(14)
        card.fields = StoredJSON.map(s.text(15))
        card.extras = StoredJSON.map(s.text(16))
        return StoredCard(number: s.int(0) ?? 0, card: card, present: s.int(17) == 1)
    }

    /// Every card the query selects (`WHERE …` after `SELECT columns FROM cards`).
    static func fetch(_ db: Database, where clause: String = "", _ bind: (SQLiteStatement) -> Void = { _ in }) throws -> [StoredCard] {
        let s = try SQLiteStatement(db, "SELECT \(columns) FROM cards \(clause)")
        bind(s)
        var out: [StoredCard] = []
        while try s.next() { out.append(read(s)) }
        return out
    }
}
