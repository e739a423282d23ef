import BoardModel
import BoardXLSX

/// The report writer's diagnostics (`Diagnostic` tells where a target's messages go).
public enum ReportMessage: DiagnosticMessage, Equatable {
    /// `--template FILE` cannot be read.
    case templateUnreadable
    /// XLSX has no template: it is written as a file.
    case xlsxHasNoTemplate
    /// The bundled template of this name is missing from the installation.
    case bundledTemplateMissing(String)
    /// The template does not parse; `error` is Mustache's own description.
    case templateInvalid(error: String)
    case cannotWriteReport
    case cannotCreateWorkbook
    case cannotAddSheets
    /// libxlsxwriter failed, in the workbook writer's words.
    case writeFailed(XLSXMessage.WriteFailure)
    /// A part of the written workbook is cut off.
    case partCutOff(String)
    /// List rows past a worksheet's last were left out.
    case rowsCut(Int)
    /// A forecast's sample (these days) has no finished card.
    case forecastNothingDone(from: CalendarDate, to: CalendarDate)
    /// A forecast's sample has few finished cards or few days.
    case forecastThinSample(done: Int, days: Int)
    /// `--date` is not after as-of's date, or past the forecast's horizon.
    case forecastDateOutOfRange(CalendarDate, asOf: CalendarDate)
    /// `--state` names no state.
    case forecastUnknownState(String)

    public var code: DiagnosticCode {
        switch self {
        case .templateUnreadable, .xlsxHasNoTemplate, .bundledTemplateMissing: .reportTemplateNotFound
        case .templateInvalid: .reportTemplateInvalid
        case .cannotWriteReport: .ioError
        case .cannotCreateWorkbook, .cannotAddSheets, .writeFailed, .partCutOff: .reportWriteFailed
        case .rowsCut: .dataNotWritten
        case .forecastNothingDone: .forecastNothingDone
        case .forecastThinSample: .forecastThinSample
        case .forecastDateOutOfRange: .forecastDateOutOfRange
        case .forecastUnknownState: .forecastUnknownState
        }
    }

    public var text: String {
        switch self {
        case .templateUnreadable: "cannot read the template"
        case .xlsxHasNoTemplate: "xlsx is written with ReportRenderer.write"
        case .bundledTemplateMissing(let name): "the bundled template \(name) is missing; pass --template FILE"
        case .templateInvalid(let error): error
        case .cannotWriteReport: "cannot write the report"
        case .cannotCreateWorkbook: "libxlsxwriter could not create the workbook"
        case .cannotAddSheets: "libxlsxwriter could not add the sheets"
        case .writeFailed(let failure): XLSXMessage.writeFailed(failure).text
        case .partCutOff(let part): "the workbook's part \(part) came out cut off (is the temporary folder, TMPDIR, full?)"
        case .rowsCut(let n): "\(n) list rows did not fit a worksheet (1,048,576 rows) and were left out; the JSON report has them all"
        case .forecastNothingDone(let from, let to):
            "no card was finished from \(from) to \(to), so the board's throughput cannot say when anything will be done; a longer --history or a later --as-of may find some"
        case .forecastThinSample(let done, let days):
            "the forecast draws from only \(Counted(done, "finished card")) in \(Counted(days, "day")) of history (it wants at least \(Forecast.fewestDone) cards and \(Forecast.fewestDays / 7) weeks): read its dates as rough"
        case .forecastDateOutOfRange(let date, let asOf):
            "--date \(date) is not after as-of (\(asOf)) or is more than ten years after it"
        case .forecastUnknownState(let name):
            "--state '\(name)' names no state of the board"
        }
    }
}
