import CXlsxWriter

extension BoardXLSXWriter {
    /// The version of libxlsxwriter this was built with, from its header (`1.1.4`), for
    /// `--version`.
    public static let libxlsxwriterVersion = LXW_VERSION
}
