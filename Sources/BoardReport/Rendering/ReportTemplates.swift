import Foundation
import Mustache

/// Finds and parses the Mustache templates of the text, Markdown and HTML reports.
///
/// The bundled templates live in Sources/BoardReport/Templates (templates/report/ in the
/// repository points there) and are copied beside the built `boardkit` as its resource
/// bundle. `--template FILE` renders a team's own instead.
public enum ReportTemplates {
    /// The bundled template's file name for a format.
    public static func fileName(for format: ReportFormat) -> String? {
        switch format {
        case .text: return "report.txt.mustache"
        case .markdown: return "report.md.mustache"
        case .html: return "report.html.mustache"
        case .json, .xlsx: return nil
        }
    }

    /// Folders the bundled templates may be in, most specific first. Found without
    /// `Bundle.module`, which stops the program when its bundle was not installed.
    static var folders: [String] {
        var out: [String] = []
        let bundleName = "boardkit_BoardReport.resources"
        out.append(Bundle.main.bundleURL.appendingPathComponent(bundleName).appendingPathComponent("Templates").path)
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        out.append(exe.appendingPathComponent(bundleName).appendingPathComponent("Templates").path)
        // A build run from its checkout: the sources are still there.
        out.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates").path)
        return out
    }

    /// The text of the bundled template for `format`, or nil when it cannot be found.
    public static func bundledText(for format: ReportFormat) -> String? {
        fileName(for: format).flatMap(bundledText(named:))
    }

    /// The HTML part of a mailed report: tables only, no charts (see the template's comment).
    public static let mailHTMLName = "report.mail.html.mustache"

    /// The text of the bundled template `name`, or nil when it cannot be found.
    static func bundledText(named name: String) -> String? {
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(name)
            if let data = FileManager.default.contents(atPath: path) { return String(decoding: data, as: UTF8.self) }
        }
        return nil
    }

    /// Why a template could not be used.
    public enum Failure: Error, Sendable {
        /// No template for the format.
        case notFound(ReportMessage)
        /// The template (named by the first value) does not parse.
        case invalid(String, ReportMessage)
    }

    /// Parses a template. Mustache's own errors become a message naming the template.
    static func parse(_ text: String, name: String) -> Result<MustacheTemplate, Failure> {
        do {
            return .success(try MustacheTemplate(string: text))
        } catch {
            return .failure(.invalid(name, .templateInvalid(error: "\(error)")))
        }
    }
}
