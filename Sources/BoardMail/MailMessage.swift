import BoardModel

/// A whole mail as `sendmail -t` reads it: the headers (RFC 5322: From, To, Subject, Date,
/// Message-ID, MIME-Version), then the body part.
public struct MailMessage: Sendable, Equatable {
    /// Nil leaves `From` to the mailer (sendmail and msmtp put the sending account's).
    public var from: MailAddress?
    public var to: [MailAddress]
    public var subject: String
    public var date: Instant
    public var messageID: MessageID
    public var body: MIMEPart

    /// A message dated `date`, with a new Message-ID unless one is given.
    public init(from: MailAddress?, to: [MailAddress], subject: String, date: Instant, messageID: MessageID? = nil, body: MIMEPart) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.messageID = messageID ?? MessageID(moment: date)
        self.body = body
    }

    /// The message as text, lines ending in `\n`, none longer than 78 characters.
    public var rendered: String {
        var headers: [String] = []
        if let from { headers.append("From: \(from)") }
        headers.append(EncodedWord.header("To", to.map(\.text).joined(separator: ", ")))
        headers.append(EncodedWord.header("Subject", subject))
        headers.append("Date: \(MailDate.format(date))")
        headers.append("Message-ID: \(messageID)")
        headers.append("MIME-Version: 1.0")
        return headers.joined(separator: "\n") + "\n" + body.rendered(boundary: messageID.unique)
    }
}
