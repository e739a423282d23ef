/// What a report is written as.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, markdown = "md", html, json, xlsx

    /// The format a file name's extension asks for (`.md`, `.html`, `.json`, `.xlsx`, `.txt`).
    public static func forPath(_ path: String) -> ReportFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "txt", "text": return .text
        case "md", "markdown": return .markdown
        case "html", "htm": return .html
        case "json": return .json
        case "xlsx": return .xlsx
        default: return nil
        }
    }
}
