import BoardModel

/// What a mailing goes on without, and says.
public enum MailCaution: DiagnosticMessage, Equatable {
    /// An assignee with cards to be reminded of, and no address in the people file.
    case noAddress(assignee: String, cards: Int)

    public var code: DiagnosticCode { .mailNoAddress }

    public var text: String {
        switch self {
        case .noAddress(let assignee, let cards):
            "'\(assignee)' has \(Counted(cards, "card")) due and no address in the people file: no reminder for them"
        }
    }
}

extension DiagnosticCode {
    public static let mailNoAddress = DiagnosticCode(
        "mail-no-address", .warning, "`remind`: an assignee with cards due has no address in the people file.")
}
