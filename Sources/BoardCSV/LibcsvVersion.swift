import CCsv

extension CSVReader {
    /// The version of libcsv this was built with, from its header (`3.0.3`), for `--version`.
    public static let libcsvVersion = "\(CSV_MAJOR).\(CSV_MINOR).\(CSV_RELEASE)"
}
