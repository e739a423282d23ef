import BoardIO
import BoardModel

/// Diagnostics for programs (`--diagnostics json`): the lines `DiagnosticRendering.text`
/// prints for people, as data, through the one JSON writer.
public enum DiagnosticJSON {
    /// A JSON array, one diagnostic a line: `[{"severity":…,"code":…,"message":…,"file":…,
    /// "line":…,"column":…,"path":…,"cell":…}]`, absent keys left out; the text ends with a
    /// line break. Remedies are worded in the message as `words` put them.
    public static func render(_ diagnostics: [Diagnostic], wordingRemedies words: (Remedy) -> String = \.text) -> String {
        var j = JSONWriter()
        j.beginArray()
        for d in diagnostics {
            j.beginObject(.line)
            j.member("severity", d.severity.rawValue)
            j.member("code", d.code.id)
            j.member("message", d.message.sentence(wordingRemedies: words))
            if let l = d.location {
                j.member("file", l.file)
                if let v = l.line { j.member("line", v) }
                if let v = l.column { j.member("column", v) }
                if let v = l.path { j.member("path", v) }
                if let v = l.cell { j.member("cell", v) }
            }
            j.endObject()
        }
        j.endArray()
        j.endDocument()
        return String(decoding: j.finish(), as: UTF8.self)
    }
}
