import BoardLocale
import BoardModel
import BoardXLSX

/// The report as a workbook: a summary sheet, the weekly figures with native Excel charts
/// (throughput as clustered columns, cumulative flow as stacked areas) and the card lists.
/// Written with libxlsxwriter's chart API, so Excel, LibreOffice and Numbers draw the charts
/// from the cells themselves. Each sheet is written by its own part of `ReportWorkbook`
/// (`SummarySheet`, `WeeklySheets`, `ForecastSheet`, `CardListSheets`).
enum ReportXLSX {
    /// Sheet names are ASCII ids whatever the locale, so formulas and scripts can rely on them.
    static let summarySheet = "Summary", throughputSheet = "Throughput", flowSheet = "Flow", forecastSheet = "Forecast"
    static let overdueSheet = "Overdue", dueSoonSheet = "Due soon", doneThisWeekSheet = "Done this week"
    static let finishedSheet = "Finished", agingSheet = "Aging", assigneesSheet = "Per assignee", labelsSheet = "Per label"

    /// Writes the workbook at `path`: the errors that kept it from being written whole, or
    /// the warnings of writing it (texts too long for a cell, list rows cut at a sheet's end).
    static func write(_ r: WeeklyReport, locale: ReportLocale, to path: String) -> [Diagnostic] {
        // Shared strings (not constant memory): the summary's tables are small, and Numbers
        // and older readers show them alike.
        guard let sink = WorkbookSink(path: path, file: path, constantMemory: false) else {
            return [Diagnostic(ReportMessage.cannotCreateWorkbook, at: SourceLocation(file: path))]
        }
        var book = ReportWorkbook(sink: sink, locale: locale)
        let names = [summarySheet, throughputSheet, flowSheet, forecastSheet, overdueSheet, dueSoonSheet, doneThisWeekSheet,
                     finishedSheet, agingSheet, assigneesSheet, labelsSheet]
        let sheets = names.compactMap { name in sink.addSheet(name) }
        guard sheets.count == names.count else {
            _ = sink.close()
            return [Diagnostic(ReportMessage.cannotAddSheets, at: SourceLocation(file: path))]
        }
        PrintLayout.apply(to: sheets[0], headerRow: nil)
        for sheet in sheets.dropFirst() { PrintLayout.apply(to: sheet, headerRow: 0) }
        // In the sheets' order: a text's place in the shared strings is the order it is first
        // written, so this order is part of the workbook's bytes.
        book.writeSummary(r, on: sheets[0])
        book.writeThroughput(r, on: sheets[1])
        book.writeCumulativeFlow(r, on: sheets[2])
        book.writeForecast(r, on: sheets[3])
        let zone = Zone.named(r.timeZone) ?? .utc
        book.writeOverdue(r, zone: zone, on: sheets[4])
        book.writeDueSoon(r, zone: zone, on: sheets[5])
        book.writeDoneThisWeek(r, zone: zone, on: sheets[6])
        book.writeFinished(r, zone: zone, on: sheets[7])
        book.writeAging(r, on: sheets[8])
        book.writeBreakdown(r.perAssignee, head: book.label("assignee"), none: book.label("unassigned"), on: sheets[9])
        book.writeBreakdown(r.perLabel, head: book.label("labelName"), none: book.label("noLabel"), on: sheets[10])

        let (failure, found) = sink.close()
        if let failure {
            return [Diagnostic(ReportMessage.writeFailed(failure), at: SourceLocation(file: path))]
        }
        if let broken = WrittenWorkbookCheck.firstBrokenPart(of: path) {
            return [Diagnostic(ReportMessage.partCutOff(broken), at: SourceLocation(file: path))]
        }
        if book.rowsCut > 0 {
            return found + [Diagnostic(ReportMessage.rowsCut(book.rowsCut), at: SourceLocation(file: path))]
        }
        return found
    }
}
