import BoardIO
import BoardModel

/// A card's conversation in iCalendar, as RFC 5545 and the apps that show sub-tasks spell it:
/// a `COMMENT` per comment, an `ATTACH` per attachment (by reference: `FMTTYPE`, and RFC
/// 8607's `FILENAME` and `SIZE`), a `RELATED-TO` per link to another card, by that card's UID
/// (`RELTYPE=PARENT|CHILD|SIBLING` as Nextcloud Tasks and Thunderbird read them, RFC 9253's
/// `DEPENDS-ON` for blocked-by). What iCalendar has no parameter for (a comment's id, author
/// and times; an attachment's time, who attached it, whether it was uploaded) travels in
/// `X-BOARDKIT-` parameters, which other apps keep and ignore. Checklists have no place.
enum ICSConversation {
    static let id: StaticString = "X-BOARDKIT-ID"
    static let author: StaticString = "X-BOARDKIT-AUTHOR"
    static let at: StaticString = "X-BOARDKIT-AT"
    static let edited: StaticString = "X-BOARDKIT-EDITED"
    static let by: StaticString = "X-BOARDKIT-BY"
    static let upload: StaticString = "X-BOARDKIT-UPLOAD"

    /// `RELTYPE` for each link type; boardkit's own `X-` names where no RFC has one.
    static func relationType(_ type: LinkType) -> String {
        switch type {
        case .parent: "PARENT"
        case .child: "CHILD"
        case .relates: "SIBLING"
        case .blockedBy: "DEPENDS-ON"
        case .blocks: "X-BOARDKIT-BLOCKS"
        case .duplicates: "X-BOARDKIT-DUPLICATES"
        }
    }

    /// The link a `RELTYPE` names (RFC 5545: PARENT when none is given); nil for one that
    /// names no link between cards (RFC 9253's FIRST, NEXT, REFID, CONCEPT…).
    static func linkType(_ relationType: String?) -> LinkType? {
        switch relationType?.uppercased() ?? "PARENT" {
        case "PARENT": .parent
        case "CHILD": .child
        case "SIBLING": .relates
        case "DEPENDS-ON": .blockedBy
        case "X-BOARDKIT-BLOCKS": .blocks
        case "X-BOARDKIT-DUPLICATES": .duplicates
        default: nil
        }
    }

    /// Writes the card's comments, attachments and links; `uid` gives the UID a linked
    /// card's item has in this calendar.
    static func write(_ card: Card, uid: (String, inout ICSOutput) -> Void, to output: inout ICSOutput) {
        writeComments(card, to: &output)
        writeAttachments(card, to: &output)
        writeLinks(card, uid: uid, to: &output)
    }

    /// A `COMMENT` per comment, oldest first.
    static func writeComments(_ card: Card, to output: inout ICSOutput) {
        for comment in card.comments {
            output.begin("COMMENT")
            output.param(id, text: comment.id)
            if let author = comment.author { output.param(Self.author, text: author) }
            output.param(at, text: comment.at.description)
            if let edited = comment.edited { output.param(Self.edited, text: edited.description) }
            output.colon()
            output.text(comment.text)
            output.end()
        }
    }

    /// An `ATTACH` per attachment, by reference.
    static func writeAttachments(_ card: Card, to output: inout ICSOutput) {
        for attachment in card.attachments {
            output.begin("ATTACH")
            if let type = attachment.type { output.param("FMTTYPE", text: type) }
            // The name an address gives itself needs no parameter: another app's plain ATTACH
            // stays as it wrote it.
            if attachment.name != Attachment.defaultName(for: attachment.url) { output.param("FILENAME", text: attachment.name) }
            if let size = attachment.size { output.param("SIZE", text: String(size)) }
            if let at = attachment.at { output.param(Self.at, text: at.description) }
            if let by = attachment.by { output.param(Self.by, text: by) }
            if let upload = attachment.upload { output.param(Self.upload, upload ? "TRUE" : "FALSE") }
            output.colon()
            output.uri(attachment.url)
            output.end()
        }
    }

    /// A `RELATED-TO` per link, naming the other card's item by `uid`.
    static func writeLinks(_ card: Card, uid: (String, inout ICSOutput) -> Void, to output: inout ICSOutput) {
        for link in card.links {
            output.begin("RELATED-TO")
            output.param("RELTYPE", text: relationType(link.type))
            output.colon()
            uid(link.card, &output)
            output.end()
        }
    }

    /// A `COMMENT` as read, before the card it belongs to is made: its time may be the
    /// item's (another app's comment has none of its own).
    struct Comment: Sendable {
        var text: String
        var id: String?
        var author: String?
        var at: Instant?
        var edited: Instant?

        /// The card's comment, at the item's time when it has none of its own; nil when
        /// neither has one.
        func comment(itemTime: Instant?) -> CardComment? {
            guard let at = at ?? itemTime else { return nil }
            return CardComment(id: id ?? StableID.make(prefix: "ics-", from: [text, at.description]), author: author,
                               at: at, text: text, edited: edited)
        }
    }

    /// A `COMMENT` line, with boardkit's parameters where it wrote them.
    static func comment(_ l: ICSContentLine) -> Comment {
        Comment(text: ICSLineScanner.unescapeText(l.value), id: l.parameter(String(describing: id)),
                author: l.parameter(String(describing: author)),
                at: l.parameter(String(describing: at)).flatMap(ISO8601.parseInstant),
                edited: l.parameter(String(describing: edited)).flatMap(ISO8601.parseInstant))
    }

    /// An `ATTACH` line as an attachment; nil for inline data (`VALUE=BINARY`), which
    /// boardkit does not carry (it moves references, never files).
    static func attachment(_ l: ICSContentLine) -> Attachment? {
        guard l.parameter("VALUE")?.uppercased() != "BINARY", l.parameter("ENCODING") == nil else { return nil }
        let url = l.rawValue
        // Apple's and Microsoft's names for the file, before the last part of its address.
        let name = l.parameter("FILENAME") ?? l.parameter("X-FILENAME") ?? l.parameter("X-APPLE-FILENAME")
            ?? l.parameter("X-LABEL") ?? Attachment.defaultName(for: url)
        return Attachment(name: name, url: url, type: l.parameter("FMTTYPE"), size: l.parameter("SIZE").flatMap { Int($0) },
                          at: l.parameter(String(describing: at)).flatMap(ISO8601.parseInstant),
                          by: l.parameter(String(describing: by)),
                          upload: l.parameter(String(describing: upload)).map { $0.uppercased() == "TRUE" })
    }
}
