import ArgumentParser

/// Who sends and through what: the flags every command that mails takes (`report
/// --mail-to`, `remind --mail`). The mailer is the system's, the Unix way (docs/mail.md).
struct MailerFlags: ParsableArguments {
    @Option(name: .customLong("mail-from"), help: ArgumentHelp("The sender (default: the mailer's, usually your account's).", valueName: "ADDRESS"))
    var mailFrom: String?

    @Option(name: .long, help: ArgumentHelp("The mailer, run as 'PATH -t -i' with the message on its input (default: $SENDMAIL, else /usr/sbin/sendmail).", valueName: "PATH"))
    var sendmail: String?

    /// The flags given, as their names (each only goes with mailing).
    var given: [String] {
        [("--mail-from", mailFrom != nil), ("--sendmail", sendmail != nil)].filter(\.1).map(\.0)
    }
}
