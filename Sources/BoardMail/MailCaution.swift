import BoardModel

/// What a mailing goes on without, and says.
public enum MailCaution: DiagnosticMessage, Equatable {
    /// An assignee with cards to be reminded of, and no address in the people file.
    case noAddress(assignee: String, cards: Int)
    /// The mailer refused one message of a batch (`recipient` is `name <address>`); the
    /// batch goes on. `status` and `said` are the mailer's, as `MailError.mailerFailed` has them.
    case refused(recipient: String, status: Int32, said: String)
    /// A run stopped while it mailed `what` to `recipient` (the ledger has its claim and no
    /// answer): it may have arrived, so it is not sent again.
    case unsure(recipient: String, what: String)

    public var code: DiagnosticCode {
        switch self {
        case .noAddress: .mailNoAddress
        case .refused: .mailRefused
        case .unsure: .mailUnsure
        }
    }

    public var text: String {
        switch self {
        case .noAddress(let assignee, let cards):
            "'\(assignee)' has \(Counted(cards, "card")) due and no address in the people file: no reminder for them"
        case .refused(let recipient, let status, let said):
            "the mailer did not take the message to \(recipient) (exit status \(status)) "
                + (said.isEmpty ? "and said nothing" : "and said: \(said)") + "; going on with the others"
        case .unsure(let recipient, let what):
            "a run of remind stopped while it mailed \(what) to \(recipient): it may have arrived, and is not sent again"
        }
    }
}

extension DiagnosticCode {
    public static let mailNoAddress = DiagnosticCode(
        "mail-no-address", .warning, "`remind`: an assignee with cards due has no address in the people file.")
    public static let mailRefused = DiagnosticCode(
        "mail-refused", .warning, "`remind --mail`: the mailer refused one message (its own words quoted); the others are sent.")
    public static let mailUnsure = DiagnosticCode(
        "mail-unsure", .warning, "`remind --mail`: an earlier run stopped while mailing a message; it may have arrived and is not sent again.")
}
