import BoardModel
import BoardIO

/// A comment or an attachment in one cell, in the form Jira's CSV export writes and its
/// importer reads: a comment `date;author;text`, an attachment `date;author;name;url` (or a
/// bare URL). The text after the second `;` is the comment exactly as written (its own `;`,
/// `,`, new lines): nothing is escaped, since the column already holds one comment. Plane
/// puts a card's comments (and its links) in one cell as a JSON array instead: read and
/// written here too.
public enum ConversationCellText {
    /// The comment in `cell`, its time read as the mapping's dates are (a time without an
    /// offset in `zone`); nil when the cell is not `date;author;text` with a readable date.
    /// `ordinal` (the comment's place on its card) makes its id unique on the card.
    public static func comment(_ cell: String, dates: TabularDateReader, zone: Zone, ordinal: Int) -> CardComment? {
        guard let first = cell.firstIndex(of: ";") else { return nil }
        let afterDate = cell.index(after: first)
        guard let second = cell[afterDate...].firstIndex(of: ";"),
              let at = instant(String(cell[..<first]), dates: dates, zone: zone) else { return nil }
        let author = String(cell[afterDate..<second]).trimmingSpaces
        let text = String(cell[cell.index(after: second)...])
        // Jira's CSV gives a comment no id of its own: one from what it is, so a second read of
        // the same file gives the same ids.
        let id = StableID.make(prefix: "c-", from: [at.description, author, text, String(ordinal)])
        return CardComment(id: id, author: author.isEmpty ? nil : author, at: at, text: text)
    }

    /// The attachment in `cell`: `date;author;name;url` (a name may hold `;`: the URL is after
    /// the last one; date and author may be empty), or a URL alone, named by its last path
    /// segment. Nil for anything else, or a date that does not read.
    public static func attachment(_ cell: String, dates: TabularDateReader, zone: Zone) -> Attachment? {
        let parts = cell.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 {
            let url = cell.trimmingSpaces
            guard url.contains("://") else { return nil }
            let name = url.split(separator: "/").last.map(String.init) ?? url
            return Attachment(name: name, url: url)
        }
        guard parts.count >= 4 else { return nil }
        let date = parts[0].trimmingSpaces
        var at: Instant?
        if !date.isEmpty {
            guard let read = instant(date, dates: dates, zone: zone) else { return nil }
            at = read
        }
        let by = parts[1].trimmingSpaces
        let url = parts[parts.count - 1].trimmingSpaces
        let name = parts[2..<(parts.count - 1)].joined(separator: ";")
        guard !url.isEmpty else { return nil }
        return Attachment(name: name, url: url, at: at, by: by.isEmpty ? nil : by)
    }

    /// The comments of a cell holding a JSON array of objects, as Plane exports its
    /// `Comments` (`[{"comment": …, "created_by": …, "created_at": "2024-01-01 14:30:00"}]`),
    /// numbered on from `ordinal`; nil when the cell is no such array, or an object lacks
    /// its text or a time the mapping reads.
    public static func comments(json cell: String, dates: TabularDateReader, zone: Zone, ordinal: Int) -> [CardComment]? {
        guard let objects = JSONDocument.parse(Array(cell.utf8))?.objects else { return nil }
        var out: [CardComment] = []
        for object in objects {
            guard let text = object["comment"]?.string, let time = object["created_at"]?.string,
                  let at = instant(time, dates: dates, zone: zone) else { return nil }
            let author = object["created_by"]?.string ?? ""
            let id = StableID.make(prefix: "c-", from: [at.description, author, text, String(ordinal + out.count)])
            out.append(CardComment(id: id, author: author.isEmpty ? nil : author, at: at, text: text))
        }
        return out
    }

    /// The attachments of a cell holding a JSON array of links, as Plane exports its `Links`
    /// (`[{"url": …, "title": …}]`); nil when the cell is no such array or a link has no URL.
    public static func attachments(json cell: String) -> [Attachment]? {
        guard let objects = JSONDocument.parse(Array(cell.utf8))?.objects else { return nil }
        var out: [Attachment] = []
        for object in objects {
            guard let url = object["url"]?.string, !url.isEmpty else { return nil }
            out.append(Attachment(name: object["title"]?.string ?? url, url: url))
        }
        return out
    }

    /// `comments` as one cell in Plane's JSON form, times as wall-clock times in `zone` in
    /// `format` (ISO 8601 with the offset when nil).
    public static func jsonCell(_ comments: [CardComment], format: TabularDateFormat?, zone: Zone) -> String {
        "[" + comments.map { c in
            "{\"comment\": " + JSONText.quoted(c.text) + ", \"created_by\": " + JSONText.quoted(c.author ?? "")
                + ", \"created_at\": " + JSONText.quoted(time(c.at, format: format, zone: zone)) + "}"
        }.joined(separator: ", ") + "]"
    }

    /// `attachments` as one cell in Plane's JSON form of links.
    public static func jsonCell(_ attachments: [Attachment]) -> String {
        "[" + attachments.map { a in
            "{\"url\": " + JSONText.quoted(a.url) + ", \"title\": " + JSONText.quoted(a.name) + "}"
        }.joined(separator: ", ") + "]"
    }

    /// `comment` as one cell, its time a wall-clock time in `zone` in `format` (ISO 8601
    /// with its offset when nil).
    public static func cell(_ comment: CardComment, format: TabularDateFormat?, zone: Zone) -> String {
        time(comment.at, format: format, zone: zone) + ";" + (comment.author ?? "") + ";" + comment.text
    }

    /// `attachment` as one cell: `date;author;name;url`, the date empty when it has none.
    public static func cell(_ attachment: Attachment, format: TabularDateFormat?, zone: Zone) -> String {
        (attachment.at.map { time($0, format: format, zone: zone) } ?? "") + ";" + (attachment.by ?? "") + ";"
            + attachment.name + ";" + attachment.url
    }

    private static func time(_ i: Instant, format: TabularDateFormat?, zone: Zone) -> String {
        format.map { $0.format(.dateTime(zone.local(i))) } ?? i.description
    }

    private static func instant(_ text: String, dates: TabularDateReader, zone: Zone) -> Instant? {
        switch dates.read(text: text.trimmingSpaces) {
        case .instant(let i): i
        case .dateTime(let t): zone.instant(t)
        case .date(let d): zone.startOfDay(d)
        case .malformed, .impossible, .ambiguous: nil
        }
    }
}
