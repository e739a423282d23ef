import BoardModel
import BoardJSON
import BoardTabular
import BoardXLSX
import BoardCSV
import BoardICS
import BoardReport
import BoardForeign
import BoardStore
import BoardSync

/// Every diagnostic code any part of boardkit can report, for `boardkit codes` and the README.
public enum DiagnosticCatalog {
    public static var all: [DiagnosticCode] {
        DiagnosticCode.modelCodes
            + DiagnosticCode.jsonCodes
            + DiagnosticCode.tabularCodes + DiagnosticCode.csvCodes + DiagnosticCode.xlsxCodes
            + DiagnosticCode.icsCodes
            + DiagnosticCode.reportCodes
            + DiagnosticCode.foreignCodes
            + DiagnosticCode.storeCodes
            + DiagnosticCode.syncCodes
            + [.serveConfigInvalid]
    }
}

extension DiagnosticCode {
    /// `serve --config`: the file is not YAML, or holds a setting serve does not take.
    public static let serveConfigInvalid = DiagnosticCode(
        "serve-config-invalid", .error, "A `serve --config` file is not YAML, or holds a setting serve does not take.")
}
