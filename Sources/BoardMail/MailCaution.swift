import BoardModel

/// What a mailing goes on without, and says.
public enum MailCaution: DiagnosticMessage, Equatable {
    /// An assignee with cards to be reminded of, and no address in the people file.
    case noAddress(assignee: String, cards: Int)
    /// The mailer refused one message of a batch (`recipient` is `name <address>`); the
    /// batch goes on. `status` and `said` are the mailer's, as `MailError.mailerFailed` has them.
    case refused(recipient: String, status: Int32, said: String)

    public var code: DiagnosticCode {
        switch self {
        case .noAddress: .mailNoAddress
        case .refused: .mailRefused
        }
    }

    public var text: String {
        switch self {
        case .noAddress(let assignee, let cards):
            "'\(assignee)' has \(Counted(cards, "card")) due and no address in the people file: no reminder for them"
        case .refused(let recipient, let status, let said):
            "the mailer did not take the message to \(recipient) (exit status \(status)) "
                + (said.isEmpty ? "and said nothing" : "and said: \(said)") + "; going on with the others"
        }
    }
}

extension DiagnosticCode {
    public static let mailNoAddress = DiagnosticCode(
        "mail-no-address", .warning, "`remind`: an assignee with cards due has no address in the people file.")
    public static let mailRefused = DiagnosticCode(
        "mail-refused", .warning, "`remind --mail`: the mailer refused one message (its own words quoted); the others are sent.")
}
