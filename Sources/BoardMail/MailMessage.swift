import BoardModel

/// A whole mail as `sendmail -t` reads it: the headers (RFC 5322: From, To, Subject, Date,
/// Message-ID, MIME-Version; RFC 3834's Auto-Submitted), then the body part.
public struct MailMessage: Sendable, Equatable {
    /// Nil leaves `From` to the mailer (sendmail and msmtp put the sending account's).
    public var from: MailAddress?
    public var to: [MailAddress]
    public var subject: String
    public var date: Instant
    public var messageID: MessageID
    public var body: MIMEPart

    /// A message dated `date`, with a new Message-ID on the sender's domain unless one is given.
    public init(from: MailAddress?, to: [MailAddress], subject: String, date: Instant, messageID: MessageID? = nil, body: MIMEPart) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.messageID = messageID ?? MessageID(moment: date, domain: from?.domain)
        self.body = body
    }

    /// The message as text, lines ending in `\n`, none longer than 78 characters.
    public var rendered: String {
        var headers: [String] = []
        if let from { headers.append(EncodedWord.addressHeader("From", [from])) }
        headers.append(EncodedWord.addressHeader("To", to))
        headers.append(EncodedWord.header("Subject", subject))
        headers.append("Date: \(MailDate.format(date))")
        headers.append("Message-ID: \(messageID)")
        headers.append("MIME-Version: 1.0")
        // Sent by a program, not a person (RFC 3834): vacation responders and auto-replies
        // must not answer it; Exchange and Outlook read their own header for the same.
        headers.append("Auto-Submitted: auto-generated")
        headers.append("X-Auto-Response-Suppress: All")
        return headers.joined(separator: "\n") + "\n" + body.rendered(boundary: messageID.unique)
    }
}
