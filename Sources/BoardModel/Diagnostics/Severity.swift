/// How bad a diagnostic is. Errors stop the output; warnings do not, unless `--strict`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
