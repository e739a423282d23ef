import BoardLocale
import BoardMail
import BoardModel
import BoardReport
import Foundation

/// `report --mail-to`: the report mailed rather than written. A `multipart/alternative`
/// message (the text report, then the HTML part's tables), inside a `multipart/mixed` with
/// the XLSX report when it is attached; handed to the system's mailer.
public struct ReportMailing: Sendable {
    /// `--mail-to` as typed: addresses separated by commas.
    public var to: String
    public var from: String?
    /// Nil: `Weekly report — BOARD — 2026-W47` in the report's language.
    public var subject: String?
    public var attachXLSX = false
    /// `--sendmail`; nil: `$SENDMAIL`, else /usr/sbin/sendmail.
    public var sendmail: String?

    public init(to: String) { self.to = to }

    /// The recipients and sender, checked before the board is read.
    func addresses() -> Result<(to: [MailAddress], from: MailAddress?), MailError> {
        MailAddress.list(to).flatMap { to in
            guard let from else { return .success((to, nil)) }
            guard let sender = MailAddress(from) else { return .failure(.badAddress(from)) }
            return .success((to, sender))
        }
    }

    /// The subject: the one given, else the report's title, the board's name (and the filter,
    /// as the report's title says it) and its last week.
    static func subject(_ given: String?, report: WeeklyReport, locale: ReportLocale) -> String {
        given ?? "\(locale.label("title")) — \(report.boardName)\(report.filter.map { " (\($0))" } ?? "") — "
            + (report.weeks.last?.label ?? locale.date(report.asOfDate))
    }

    /// Renders the parts and mails them: the diagnostics of rendering or mailing, none when sent.
    func send(_ report: WeeklyReport, locale: ReportLocale, to: [MailAddress], from: MailAddress?, listLimit: Int) -> [Diagnostic] {
        let text: [UInt8], html: String
        switch (ReportRenderer.render(report, format: .text, locale: locale, listLimit: listLimit),
                ReportRenderer.mailHTML(report, locale: locale, listLimit: listLimit)) {
        case (.success(let plain), .success(let rendered)): (text, html) = (plain, rendered)
        case (.failure(let failure), _), (_, .failure(let failure)): return [Self.diagnostic(failure)]
        }
        var body = MIMEPart.multipart(subtype: "alternative", [.text(subtype: "plain", String(decoding: text, as: UTF8.self)),
                                                               .text(subtype: "html", html)])
        if attachXLSX {
            let workbook = Self.workbook(report, locale: locale)
            guard let bytes = workbook.bytes else { return workbook.diagnostics }
            let name = "report-\(report.weeks.last?.label ?? report.asOfDate.description).xlsx"
            body = .multipart(subtype: "mixed", [body, .attachment(
                contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", fileName: name, bytes: bytes)])
        }
        let message = MailMessage(from: from, to: to, subject: Self.subject(subject, report: report, locale: locale),
                                  date: (Zone.named(report.timeZone) ?? .utc).localize(Instant.now()), body: body)
        return Sendmail(sendmail).send(message).map { [$0.diagnostic] } ?? []
    }

    /// A bundled template missing or broken (an installation without its resources).
    private static func diagnostic(_ failure: ReportTemplates.Failure) -> Diagnostic {
        switch failure {
        case .notFound(let why): Diagnostic(why)
        case .invalid(let name, let why): Diagnostic(why, at: SourceLocation(file: name))
        }
    }

    /// The XLSX report's bytes, nil with why when it could not be made (libxlsxwriter writes
    /// a file: a temporary one, removed after).
    private static func workbook(_ report: WeeklyReport, locale: ReportLocale) -> (bytes: [UInt8]?, diagnostics: [Diagnostic]) {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("boardkit-mail-\(UUID().uuidString).xlsx").path
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let written = ReportRenderer.write(report, format: .xlsx, locale: locale, templatePath: nil, to: temp)
        guard !written.hasErrors, let data = FileManager.default.contents(atPath: temp) else {
            return (nil, written.hasErrors ? written : [Diagnostic(BoardKitMessage.noOutputFile, at: SourceLocation(file: temp))])
        }
        return ([UInt8](data), written)
    }
}
