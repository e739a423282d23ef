import BoardModel

extension DiagnosticCode {
    /// `serve --config`: the file is not YAML, or holds a setting serve does not take.
    public static let serveConfigInvalid = DiagnosticCode(
        "serve-config-invalid", .error, "A `serve --config` file is not YAML, or holds a setting serve does not take.")

    /// Every code of `serve`'s own (`boardkit codes` lists them after the library's).
    public static let serveCodes: [DiagnosticCode] = [.serveConfigInvalid]
}
