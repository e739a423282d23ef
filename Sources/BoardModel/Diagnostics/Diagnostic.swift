/// One problem found in an input or met while writing an output.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    /// A diagnostic with its code's own severity.
    public init(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.location = location
    }

    /// Like a compiler's: `board.json:14:3 (cards[12].due): error: … [invalid-date]`.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message) [\(code.id)]"
    }
}

extension Sequence where Element == Diagnostic {
    /// True when any diagnostic is an error (of an array, or of a slice of one).
    public var hasErrors: Bool { contains { $0.severity == .error } }
}

extension Array where Element == Diagnostic {

    /// Warnings raised to errors, for `--strict`.
    public func strict() -> [Diagnostic] {
        map { d in
            var d = d
            if d.severity == .warning { d.severity = .error }
            return d
        }
    }
}
