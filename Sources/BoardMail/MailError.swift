import BoardModel

/// Why nothing was mailed. Each case carries its data and is its own diagnostic message.
public enum MailError: Error, DiagnosticMessage, Equatable {
    /// An address (`--mail-to`, `--mail-from`, a people file's) that is not a bare address.
    case badAddress(String)
    /// The mailer is not there or cannot be run.
    case mailerMissing(path: String)
    /// The mailer ended with `status` (or by a signal); `message` is what it wrote.
    case mailerFailed(path: String, status: Int32, message: String)
    /// The mailer did not end within `seconds`; it was stopped.
    case mailerTimedOut(path: String, seconds: Int)
    /// The people file cannot be read; `message` is the system's words.
    case peopleUnreadable(path: String, message: String)
    /// A line of the people file is not `name,email`.
    case peopleRow(path: String, line: Int, text: String)
    /// A batch (`remind --mail`) went on past failures: `missed` (each `name <address>`) of
    /// `of` messages were not mailed; each failure was its own warning before.
    case notReached(missed: [String], of: Int)
    /// The ledger of what `remind` sent cannot be read or written (`message`: why); no
    /// message is sent without it, as none could be kept from going twice.
    case ledgerFailed(path: String, message: String)

    public var diagnostic: Diagnostic {
        switch self {
        case .badAddress, .notReached:
            return Diagnostic(self)
        case .mailerMissing(let path), .mailerFailed(let path, _, _), .mailerTimedOut(let path, _), .peopleUnreadable(let path, _),
             .ledgerFailed(let path, _):
            return Diagnostic(self, at: SourceLocation(file: path))
        case .peopleRow(let path, let line, _):
            return Diagnostic(self, at: SourceLocation(file: path, line: line))
        }
    }

    public var code: DiagnosticCode {
        switch self {
        case .badAddress: .mailBadAddress
        case .mailerMissing, .mailerFailed, .mailerTimedOut: .mailFailed
        case .peopleUnreadable, .peopleRow: .mailBadPeople
        case .notReached: .mailNotReached
        case .ledgerFailed: .mailLedgerFailed
        }
    }

    public var text: String {
        switch self {
        case .badAddress(let text):
            return "'\(text)' is not a mail address (name@example.org); nothing was sent"
        case .mailerMissing(let path):
            return "no mailer at \(path): install one that offers sendmail (msmtp-mta, Postfix, Exim; see docs/mail.md) "
                + "or name it with --sendmail PATH or $SENDMAIL; the message was not sent"
        case .mailerFailed(_, let status, let message):
            let said = message.isEmpty ? "and said nothing" : "and said: \(message)"
            return "the mailer failed (exit status \(status)) \(said); the message was not sent"
        case .mailerTimedOut(_, let seconds):
            return "the mailer did not finish within \(seconds) seconds and was stopped; the message may not have been sent"
        case .peopleUnreadable(_, let message):
            return "the people file cannot be read: \(message)"
        case .peopleRow(_, _, let text):
            return "'\(text)' is not 'name,email' with a mail address; fix the line (docs/mail.md)"
        case .notReached(let missed, let count):
            return "\(missed.count) of \(Counted(count, "message")) not mailed, to \(missed.joined(separator: ", ")); the others were sent"
        case .ledgerFailed(_, let message):
            return "the ledger of what remind sent cannot be kept: \(message); nothing more was sent"
        }
    }
}

extension DiagnosticCode {
    public static let mailBadAddress = DiagnosticCode(
        "mail-bad-address", .error, "A mail address given (`--mail-to`, `--mail-from`, the people file) is not one.")
    public static let mailFailed = DiagnosticCode(
        "mail-failed", .error, "The mailer (sendmail, msmtp…) is missing, failed or hung; its own message is quoted.")
    public static let mailBadPeople = DiagnosticCode(
        "mail-bad-people", .error, "The people file cannot be read, or a line is not `name,email`.")

    public static let mailNotReached = DiagnosticCode(
        "mail-not-reached", .error, "`remind --mail`: some reminders were not mailed (each refusal is a `mail-refused` warning); the others were.")

    public static let mailLedgerFailed = DiagnosticCode(
        "mail-ledger-failed", .error, "`remind --mail`: the ledger of what was sent (in the store, or `BOARD.reminded`) cannot be read or written; nothing more is sent.")

    /// Mail's codes, in the order the README lists them.
    public static let mailCodes: [DiagnosticCode] = [.mailBadAddress, .mailFailed, .mailBadPeople, .mailNotReached, .mailLedgerFailed,
                                                     .mailNoAddress, .mailRefused, .mailUnsure]
}
