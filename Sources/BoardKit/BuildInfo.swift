import BoardCSV
import BoardStore
import BoardXLSX

/// The version of boardkit and of the C libraries it was built with, for `--version`.
///
/// `version` is the one place the version is written: the Makefile and the README's install
/// section read it from here.
public enum BuildInfo {
    public static let version = "0.6.0"

    /// libxlsxwriter's and libcsv's versions from their headers; SQLite's from the library
    /// linked.
    public static var libraries: [(name: String, version: String)] {
        [("libxlsxwriter", BoardXLSXWriter.libxlsxwriterVersion), ("libcsv", CSVReader.libcsvVersion),
         ("SQLite", BoardStore.sqliteVersion)]
    }

    /// `boardkit 0.6.0 (libxlsxwriter 1.1.4, libcsv 3.0.3, SQLite 3.40.1)`.
    public static var line: String {
        "boardkit \(version) (" + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ") + ")"
    }
}
