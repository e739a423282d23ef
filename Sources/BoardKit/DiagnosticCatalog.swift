import BoardModel
import BoardTabular
import BoardCSV

/// Every diagnostic code any part of boardkit can report, for `boardkit codes` and the README.
public enum DiagnosticCatalog {
    public static var all: [DiagnosticCode] {
        DiagnosticCode.modelCodes
            + DiagnosticCode.tabularCodes + DiagnosticCode.csvCodes
    }
}
