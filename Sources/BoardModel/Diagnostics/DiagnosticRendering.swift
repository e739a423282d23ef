/// Prints diagnostics for people (one per line, like a compiler) or for programs (JSON).
public enum DiagnosticRendering {
    /// One diagnostic per line, then a summary line when there is anything to say.
    public static func text(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for d in diagnostics { out += d.description + "\n" }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if errors + warnings > 0 {
            out += "\(Counted(errors, "error")), \(Counted(warnings, "warning"))\n"
        }
        return out
    }

    /// A JSON array: `[{"severity":…,"code":…,"message":…,"file":…,"line":…,"column":…,
    /// "path":…,"cell":…}]`, absent keys omitted.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        var out = "["
        for (k, d) in diagnostics.enumerated() {
            out += k == 0 ? "\n  {" : ",\n  {"
            out += "\"severity\": \(quote(d.severity.rawValue)), \"code\": \(quote(d.code.id)), \"message\": \(quote(d.message.text))"
            if let l = d.location {
                out += ", \"file\": \(quote(l.file))"
                if let v = l.line { out += ", \"line\": \(v)" }
                if let v = l.column { out += ", \"column\": \(v)" }
                if let v = l.path { out += ", \"path\": \(quote(v))" }
                if let v = l.cell { out += ", \"cell\": \(quote(v))" }
            }
            out += "}"
        }
        out += diagnostics.isEmpty ? "]\n" : "\n]\n"
        return out
    }

    private static func quote(_ s: String) -> String { JSONText.quoted(s) }
}
