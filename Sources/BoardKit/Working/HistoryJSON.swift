import BoardIO
import BoardModel
import BoardStore

/// `history --format json` (and the page's `api/history`): one object per event, with the
/// sentence beside the data.
public enum HistoryJSON {
    /// A JSON array, one event a line, its changes on that line too; no line break after it.
    public static func render(_ events: [LogEvent], text: HistoryText) -> String {
        var j = JSONWriter()
        j.beginArray()
        for e in events {
            j.beginObject(.line)
            j.member("seq", Int(e.seq))
            j.member("step", Int(e.step))
            j.member("at", e.at.description)
            j.member("card", e.card)
            if let n = e.cardNumber { j.member("number", Int(n)) }
            if let t = e.cardTitle { j.member("title", t) }
            j.member("kind", e.kind)
            if let a = e.actor { j.member("actor", a) }
            if let f = e.from { j.member("from", f) }
            if let t = e.to { j.member("to", t) }
            if !e.changes.isEmpty {
                j.key("changes")
                j.beginArray(.line)
                for c in e.changes {
                    j.beginObject(.line)
                    j.member("field", c.field)
                    let conversation = ConversationPart(rawValue: c.field) != nil
                    if let old = c.old { j.key("old"); value(old, conversation: conversation, into: &j) }
                    if let new = c.new { j.key("new"); value(new, conversation: conversation, into: &j) }
                    j.endObject()
                }
                j.endArray()
            }
            j.member("undone", e.undone)
            j.member("text", text.sentence(e))
            j.endObject()
        }
        j.endArray()
        return String(decoding: j.finish(), as: UTF8.self)
    }

    /// A value as the store keeps it: a string, or a list on one line without spaces; a part
    /// of the conversation as the JSON it is (its comments, not a string holding them).
    private static func value(_ v: FieldValue, conversation: Bool, into j: inout JSONWriter) {
        switch v {
        case .text(let s) where conversation: j.json(s)
        case .text(let s): j.string(s)
        case .list(let items): j.strings(items, .compact)
        }
    }
}
