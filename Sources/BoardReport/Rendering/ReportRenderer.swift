import BoardLocale
import BoardModel
import Foundation
import Mustache

/// Renders a computed report in any of its formats and writes it to a file.
public enum ReportRenderer {
    /// Longest list the text, Markdown and HTML reports show by default (`--limit`; the JSON
    /// report has everything).
    public static let listLimit = 20

    /// The report as bytes: text, Markdown and HTML through their Mustache template (the
    /// bundled one, or `template` text given by the user), JSON directly. XLSX is a file:
    /// use `write`. `listLimit` is the longest list shown (`Int.max`: all).
    public static func render(_ report: WeeklyReport, format: ReportFormat, locale: ReportLocale = .en,
                              template: String? = nil, templateName: String = "template", listLimit: Int = listLimit)
        -> Result<[UInt8], ReportTemplates.Failure> {
        let flavor: TemplateContext.Flavor
        switch format {
        case .json: return .success(ReportJSON.render(report, locale: locale))
        case .xlsx: return .failure(.notFound(.xlsxHasNoTemplate))
        case .text: flavor = .text
        case .markdown: flavor = .markdown
        case .html: flavor = .html
        }
        let name = template == nil ? (ReportTemplates.fileName(for: format) ?? "") : templateName
        guard let text = template ?? ReportTemplates.bundledText(for: format) else {
            return .failure(.notFound(.bundledTemplateMissing(name)))
        }
        // Text and Markdown are not HTML: `{{x}}` must not turn `<` into `&lt;` there.
        let source = flavor == .html ? text : "{{% CONTENT_TYPE: TEXT }}" + text
        switch ReportTemplates.parse(source, name: name) {
        case .failure(let f): return .failure(f)
        case .success(let parsed):
            let context = TemplateContext(report: report, locale: locale, flavor: flavor, listLimit: listLimit).build()
            return .success(Array(parsed.render(context).utf8))
        }
    }

    /// The report as the HTML part of a mail: the bundled mail template's tables, no SVG, no
    /// script, no images (mail clients show none of them).
    public static func mailHTML(_ report: WeeklyReport, locale: ReportLocale, listLimit: Int = listLimit) -> Result<String, ReportTemplates.Failure> {
        let name = ReportTemplates.mailHTMLName
        guard let text = ReportTemplates.bundledText(named: name) else { return .failure(.notFound(.bundledTemplateMissing(name))) }
        return ReportTemplates.parse(text, name: name).map {
            $0.render(TemplateContext(report: report, locale: locale, flavor: .mail, listLimit: listLimit).build())
        }
    }

    /// Writes the report to `path` (normally a temporary file the caller renames into place).
    /// `templatePath` names a team's own template for text, Markdown and HTML.
    public static func write(_ report: WeeklyReport, format: ReportFormat, locale: ReportLocale,
                             templatePath: String?, to path: String, listLimit: Int = listLimit) -> [Diagnostic] {
        if format == .xlsx {
            return ReportXLSX.write(report, locale: locale, to: path)
        }
        var template: String?
        if let templatePath {
            guard let data = FileManager.default.contents(atPath: templatePath) else {
                return [Diagnostic(ReportMessage.templateUnreadable, at: SourceLocation(file: templatePath))]
            }
            template = String(decoding: data, as: UTF8.self)
        }
        switch render(report, format: format, locale: locale, template: template,
                      templateName: templatePath ?? "template", listLimit: listLimit) {
        case .failure(.notFound(let why)):
            return [Diagnostic(why, at: templatePath.map { SourceLocation(file: $0) })]
        case .failure(.invalid(let name, let why)):
            return [Diagnostic(why, at: SourceLocation(file: name))]
        case .success(let bytes):
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                return [Diagnostic(ReportMessage.cannotWriteReport, at: SourceLocation(file: path))]
            }
            return []
        }
    }
}
