import BoardModel

extension DiagnosticCode {
    /// `serve --config`: the file is not YAML, or holds a setting serve does not take.
    public static let serveConfigInvalid = DiagnosticCode(
        "serve-config-invalid", .error, "What serve is to do cannot be done as given: a `--config` file that is not YAML or holds a setting serve does not take, a board name unfit for a URL or given twice, a `--trust-proxy` range or `--user-header` name that is not one.")

    /// `serve`: the boards would leave too few open files for connections under the process's limit.
    public static let serveOpenFiles = DiagnosticCode(
        "serve-open-files", .error, "`serve` cannot open even one board's store and leave enough open files for connections under the process's limit (ulimit -n).")

    /// Every code of `serve`'s own (`boardkit codes` lists them after the library's).
    public static let serveCodes: [DiagnosticCode] = [.serveConfigInvalid, .serveOpenFiles]
}
