import BoardModel
import BoardEditing
import BoardJSON
import BoardTabular
import BoardXLSX
import BoardCSV
import BoardICS
import BoardReport
import BoardForeign
import BoardStore
import BoardSync
import BoardMail

/// Every diagnostic code the library can report (`boardkit codes` adds serve's own).
public enum DiagnosticCatalog {
    public static var all: [DiagnosticCode] {
        DiagnosticCode.modelCodes
            + DiagnosticCode.editingCodes
            + DiagnosticCode.jsonCodes
            + DiagnosticCode.tabularCodes + DiagnosticCode.csvCodes + DiagnosticCode.xlsxCodes
            + DiagnosticCode.icsCodes
            + DiagnosticCode.reportCodes
            + DiagnosticCode.foreignCodes
            + DiagnosticCode.storeCodes
            + DiagnosticCode.syncCodes
            + DiagnosticCode.mailCodes
    }
}
