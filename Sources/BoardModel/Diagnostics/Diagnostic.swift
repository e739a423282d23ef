/// What a diagnostic says: its code and the values it is about (counts, names, the field),
/// typed, with the one wording people read.
///
/// Each target that raises diagnostics has one enum conforming to this beside its codes file
/// (`CSVMessage` beside `CSVDiagnosticCodes`): its cases carry the values and its one `text`
/// switch holds all of that target's prose. A new message is a new case there, never a string
/// made at the call site, so tests match the case and its values and the wording cannot drift
/// unseen (each enum's rendering test pins it). No format knows another's messages. An error
/// type that already carries its values (`StoreError`, `SyncError`) is its own message.
public protocol DiagnosticMessage: Sendable {
    /// The code this message reports.
    var code: DiagnosticCode { get }
    /// The wording people read, without location, severity or code (`Diagnostic` adds those).
    var text: String { get }
    /// What the person can do about it, worded by the program that shows it (nil: nothing
    /// more to say than `text`).
    var remedy: Remedy? { get }
}

extension DiagnosticMessage {
    public var remedy: Remedy? { nil }

    /// `text`, then the remedy as `words` put it.
    public func sentence(wordingRemedies words: (Remedy) -> String = \.text) -> String {
        guard let remedy else { return text }
        return text + "; " + words(remedy)
    }
}

/// One problem found in an input or met while writing an output.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, with its values; the code comes from it.
    public var message: any DiagnosticMessage
    /// Stored apart from the code's own so `--strict` and `--skip-invalid` can change it.
    public var severity: Severity
    /// Where, when the problem has a place.
    public var location: SourceLocation?

    /// The code of the message.
    public var code: DiagnosticCode { message.code }

    /// A diagnostic with its code's own severity.
    public init(_ message: any DiagnosticMessage, at location: SourceLocation? = nil) {
        self.message = message
        self.severity = message.code.severity
        self.location = location
    }

    /// Like a compiler's: `board.json:14:3 (cards[12].due): error: … [invalid-date]`. One
    /// line, whatever the file's values hold (`PrintableText`).
    public var description: String { line() }

    /// `description`, its remedy as `words` put it (a program names its own commands).
    public func line(wordingRemedies words: (Remedy) -> String = \.text) -> String {
        let place = location.map { "\(PrintableText.line($0.description)): " } ?? ""
        return "\(place)\(severity.rawValue): \(PrintableText.line(message.sentence(wordingRemedies: words))) [\(code.id)]"
    }

    /// Same code, severity, location and wording (messages of different types never say the
    /// same thing, and comparing what users read needs no knowledge of each type).
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.code == b.code && a.severity == b.severity && a.location == b.location
            && a.message.text == b.message.text
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
