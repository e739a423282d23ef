import BoardModel
import BoardStore

/// `history --format json`: one object per event, with the sentence beside the data.
public enum HistoryJSON {
    public static func render(_ events: [LogEvent], text: HistoryText) -> String {
        var lines: [String] = []
        for e in events {
            var fields = [
                "\"seq\": \(e.seq)", "\"step\": \(e.step)", "\"at\": \(JSONText.quoted(e.at.description))",
                "\"card\": \(JSONText.quoted(e.card))",
            ]
            if let n = e.cardNumber { fields.append("\"number\": \(n)") }
            if let t = e.cardTitle { fields.append("\"title\": \(JSONText.quoted(t))") }
            fields.append("\"kind\": \(JSONText.quoted(e.kind))")
            if let a = e.actor { fields.append("\"actor\": \(JSONText.quoted(a))") }
            if let f = e.from { fields.append("\"from\": \(JSONText.quoted(f))") }
            if let t = e.to { fields.append("\"to\": \(JSONText.quoted(t))") }
            if !e.changes.isEmpty {
                let changes = e.changes.map { c in
                    var parts = ["\"field\": \(JSONText.quoted(c.field))"]
                    if let old = c.old { parts.append("\"old\": \(value(old))") }
                    if let new = c.new { parts.append("\"new\": \(value(new))") }
                    return "{" + parts.joined(separator: ", ") + "}"
                }
                fields.append("\"changes\": [" + changes.joined(separator: ", ") + "]")
            }
            fields.append("\"undone\": \(e.undone)")
            fields.append("\"text\": \(JSONText.quoted(text.sentence(e)))")
            lines.append("  {" + fields.joined(separator: ", ") + "}")
        }
        return lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]"
    }

    private static func value(_ v: FieldValue) -> String {
        var out: [UInt8] = []
        JSONText.append(v, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
