/// Prints diagnostics for people: one per line, like a compiler. For programs they are JSON,
/// written by BoardKit's `DiagnosticJSON` through the one JSON writer, which lives above the model.
public enum DiagnosticRendering {
    /// One diagnostic per line, then a summary line when there is anything to say; remedies
    /// as `words` put them (`Remedy.text`, or the program's own commands).
    public static func text(_ diagnostics: [Diagnostic], wordingRemedies words: (Remedy) -> String = \.text) -> String {
        var out = ""
        for d in diagnostics { out += d.line(wordingRemedies: words) + "\n" }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if errors + warnings > 0 {
            out += "\(Counted(errors, "error")), \(Counted(warnings, "warning"))\n"
        }
        return out
    }
}
