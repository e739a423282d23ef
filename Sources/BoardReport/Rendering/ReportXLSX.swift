import BoardModel
import BoardXLSX
import CXlsxWriter

/// The report as a workbook: a summary sheet, the weekly figures with native Excel charts
/// (throughput as clustered columns, cumulative flow as stacked areas) and the card lists.
/// Written with libxlsxwriter's chart API, so Excel, LibreOffice and Numbers draw the charts
/// from the cells themselves.
enum ReportXLSX {
    /// Sheet names are ASCII ids whatever the locale, so formulas and scripts can rely on them.
    static let summarySheet = "Summary", throughputSheet = "Throughput", flowSheet = "Flow", forecastSheet = "Forecast"
    static let overdueSheet = "Overdue", finishedSheet = "Finished", agingSheet = "Aging"

    static func write(_ r: WeeklyReport, locale: ReportLocale, to path: String) -> [Diagnostic] {
        // Shared strings (not constant memory): the summary's tables are small, and Numbers
        // and older readers show them alike.
        guard let sink = WorkbookSink(path: path, file: path, constantMemory: false) else {
            return [Diagnostic(ReportMessage.cannotCreateWorkbook, at: SourceLocation(file: path))]
        }
        var book = Book(sink: sink)
        let L = { (k: String) in locale.label(k) }
        let zone = Zone.named(r.timeZone) ?? .utc
        let sheets = [summarySheet, throughputSheet, flowSheet, forecastSheet, overdueSheet, finishedSheet, agingSheet]
            .compactMap { name in sink.addSheet(name) }
        guard sheets.count == 7 else {
            _ = sink.close()
            return [Diagnostic(ReportMessage.cannotAddSheets, at: SourceLocation(file: path))]
        }
        let (summary, tp, flow, fc, od, fin, ag) = (sheets[0], sheets[1], sheets[2], sheets[3], sheets[4], sheets[5], sheets[6])
        PrintLayout.apply(to: summary, headerRow: nil)
        for sheet in sheets.dropFirst() { PrintLayout.apply(to: sheet, headerRow: 0) }
        let cells = book.cells

        // Summary.
        var row: UInt32 = 0
        cells.text(summary, row, 0, "\(L("title")) — \(r.boardName)\(r.filter.map { " (\($0))" } ?? "")", format: book.title)
        row = 2
        for (k, v) in [(L("board"), r.boardName), (L("asOf"), locale.dateTime(r.asOf)), (L("timezone"), r.timeZone),
                       (L("weeks"), "\(r.weeks.first?.label ?? "") … \(r.weeks.last?.label ?? "")")] {
            cells.text(summary, row, 0, k, format: book.bold)
            cells.text(summary, row, 1, v)
            row += 1
        }
        row += 1
        cells.headerRow(summary, [L("state"), L("category"), L("count")], row: row)
        row += 1
        for s in r.counts.rows {
            cells.text(summary, row, 0, s.name)
            cells.text(summary, row, 1, locale.category(s.category))
            cells.number(summary, row, 2, Double(s.count))
            row += 1
        }
        for (k, v) in [(L("todo"), r.counts.todo), (L("doing"), r.counts.doing), (L("done"), r.counts.done),
                       (L("total"), r.counts.total), (L("archived"), r.counts.archived),
                       (L("overdue"), r.overdue.items.count), (L("dueSoon"), r.dueSoon.items.count),
                       (L("doneThisWeek"), r.doneThisWeek.items.count)] {
            cells.text(summary, row, 0, k, format: book.bold)
            cells.number(summary, row, 2, Double(v))
            row += 1
        }
        row += 1
        cells.headerRow(summary, [L("wip"), L("count"), L("limit")], row: row)
        row += 1
        for w in r.wip.rows {
            cells.text(summary, row, 0, w.name)
            cells.number(summary, row, 1, Double(w.count), format: w.overLimit ? book.alert : nil)
            if let limit = w.limit { cells.number(summary, row, 2, Double(limit)) }
            row += 1
        }
        row += 1
        cells.headerRow(summary, [L("metric"), L("count"), "p50", "p70", "p85", "p95"], row: row)
        row += 1
        for (name, s) in [(L("cycleTime"), r.flowTimes.cycleTime), (L("leadTime"), r.flowTimes.leadTime)] {
            cells.text(summary, row, 0, "\(name) (\(L("days")))")
            cells.number(summary, row, 1, Double(s.count))
            for (k, v) in s.values.enumerated() {
                if let d = v.days { cells.number(summary, row, UInt16(2 + k), d, format: book.oneDecimal) }
                else { cells.text(summary, row, UInt16(2 + k), "—") }
            }
            row += 1
        }
        if !r.notes.isEmpty {
            row += 1
            cells.text(summary, row, 0, L("notes"), format: book.bold)
            row += 1
            for note in r.notes {
                cells.text(summary, row, 0, locale.sentence(note))
                row += 1
            }
        }
        summary.setColumns(0, 0, width: 28)
        summary.setColumns(1, 6, width: 14)

        // Throughput: one row per week, one column per state, then created/completed.
        let states = r.throughput.rows
        cells.headerRow(tp, [L("week"), L("weekStart")] + states.map(\.name) + [L("created"), L("completed")])
        for (k, w) in r.weeks.enumerated() {
            let rr = UInt32(k + 1)
            cells.text(tp, rr, 0, w.label)
            cells.text(tp, rr, 1, w.monday.description)
            for (s, st) in states.enumerated() { cells.number(tp, rr, UInt16(2 + s), Double(st.perWeek[k])) }
            cells.number(tp, rr, UInt16(2 + states.count), Double(r.createdVsCompleted.created[k]))
            cells.number(tp, rr, UInt16(3 + states.count), Double(r.createdVsCompleted.completed[k]))
        }
        let lastRow = max(1, r.weeks.count)
        let columns = book.chart(UInt8(LXW_CHART_COLUMN.rawValue), title: L("throughput"),
                                 x: L("week"), y: L("count"))
        for s in states.indices {
            book.series(columns, sheet: throughputSheet, nameColumn: 2 + s, valueColumn: 2 + s, lastRow: lastRow)
        }
        worksheet_insert_chart(tp.pointer, UInt32(lastRow + 2), 0, columns)
        tp.setColumns(0, 1, width: 12)

        // Cumulative flow: cards per state at each week's end; done drawn first (bottom).
        let bands = Array(r.flow.bands.reversed())
        cells.headerRow(flow, [L("week"), L("weekStart")] + bands.map(\.name))
        for (k, w) in r.weeks.enumerated() {
            let rr = UInt32(k + 1)
            cells.text(flow, rr, 0, w.label)
            cells.text(flow, rr, 1, w.monday.description)
            for (s, b) in bands.enumerated() { cells.number(flow, rr, UInt16(2 + s), Double(b.atWeekEnd[k])) }
        }
        let areas = book.chart(UInt8(LXW_CHART_AREA_STACKED.rawValue), title: L("cumulativeFlow"),
                               x: L("week"), y: L("count"))
        for s in bands.indices {
            book.series(areas, sheet: flowSheet, nameColumn: 2 + s, valueColumn: 2 + s, lastRow: lastRow)
        }
        worksheet_insert_chart(flow.pointer, UInt32(lastRow + 2), 0, areas)
        flow.setColumns(0, 1, width: 12)

        // Forecast: the share of trials done by each day after as-of, as a line chart, with
        // the three dates and the sample beside it.
        cells.headerRow(fc, [L("date"), L("shareFinished")])
        if let f = r.forecast {
            let finished = f.when.finishedBy
            let lastDay = max(1, finished.count - 1)
            for day in 1...lastDay {
                cells.text(fc, UInt32(day), 0, f.asOfDate.addingDays(day).description)
                let done = finished[min(day, finished.count - 1)]
                cells.number(fc, UInt32(day), 1, Double(done) / Double(max(1, f.when.trials)), format: book.percent)
            }
            cells.text(fc, 0, 3, locale.forecastWhen(remaining: f.when.remaining), format: book.bold)
            for (k, row) in ForecastOutput.dateRows(f, locale).enumerated() {
                cells.text(fc, UInt32(k + 1), 3, row[0])
                cells.text(fc, UInt32(k + 1), 4, row[1])
            }
            cells.text(fc, 4, 3, "\(L("sample")): \(locale.forecastSample(f.sample))")
            cells.text(fc, 5, 3, locale.forecastMethod(f.trials))
            let line = book.chart(UInt8(LXW_CHART_LINE.rawValue), title: L("shareFinished"), x: L("date"), y: L("shareFinished"))
            book.series(line, sheet: forecastSheet, nameColumn: 1, valueColumn: 1, lastRow: lastDay)
            worksheet_insert_chart(fc.pointer, 7, 3, line)
        } else {
            cells.text(fc, 1, 0, locale.sentence(.forecastNothingDone))
        }
        fc.setColumns(0, 1, width: 14)
        fc.setColumns(3, 4, width: 22)

        // Lists.
        cells.headerRow(od, ["id", L("card"), L("state"), L("assignees"), L("due"), L("daysOverdue")])
        for (k, item) in r.overdue.items.enumerated() {
            guard let rr = book.listRow(k) else { continue }
            cells.text(od, rr, 0, item.card.id)
            cells.text(od, rr, 1, item.card.title)
            cells.text(od, rr, 2, item.card.stateName)
            cells.text(od, rr, 3, item.card.assignees.joined(separator: ", "))
            cells.text(od, rr, 4, locale.due(item.due, zone: zone))
            cells.number(od, rr, 5, Double(item.daysOverdue))
        }
        od.setColumns(1, 1, width: 40)
        cells.headerRow(fin, ["id", L("card"), L("completed"), "\(L("cycleTime")) (\(L("days")))",
                              "\(L("leadTime")) (\(L("days")))"])
        for (k, f) in r.flowTimes.finished.enumerated() {
            guard let rr = book.listRow(k) else { continue }
            cells.text(fin, rr, 0, f.card.id)
            cells.text(fin, rr, 1, f.card.title)
            cells.text(fin, rr, 2, f.completed.description)
            if let d = f.cycleDays { cells.number(fin, rr, 3, d, format: book.oneDecimal) }
            if let d = f.leadDays { cells.number(fin, rr, 4, d, format: book.oneDecimal) }
        }
        fin.setColumns(1, 1, width: 40)
        fin.setColumns(2, 2, width: 26)
        cells.headerRow(ag, ["id", L("card"), L("state"), L("ageDays"), L("daysInState")])
        for (k, item) in r.aging.items.enumerated() {
            guard let rr = book.listRow(k) else { continue }
            cells.text(ag, rr, 0, item.card.id)
            cells.text(ag, rr, 1, item.card.title)
            cells.text(ag, rr, 2, item.card.stateName)
            if let d = item.ageDays { cells.number(ag, rr, 3, d, format: book.oneDecimal) }
            if let d = item.daysInState { cells.number(ag, rr, 4, d, format: book.oneDecimal) }
        }
        ag.setColumns(1, 1, width: 40)

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

    /// The report's own formats and charts over the shared workbook writer, and the list
    /// rows cut at a sheet's last row.
    private struct Book {
        let sink: WorkbookSink
        let cells: CellWriter
        let bold: CellFormat
        let title: CellFormat
        let alert: CellFormat
        let oneDecimal: CellFormat
        let percent: CellFormat
        var rowsCut = 0

        init(sink: WorkbookSink) {
            self.sink = sink
            cells = sink.cellWriter()
            bold = sink.addFormat { format_set_bold($0) }
            title = sink.addFormat { format_set_bold($0); format_set_font_size($0, 14) }
            alert = sink.addFormat { format_set_font_color($0, lxw_color_t(LXW_COLOR_RED.rawValue)); format_set_bold($0) }
            oneDecimal = sink.addFormat { format_set_num_format($0, "0.0") }
            percent = sink.addFormat { format_set_num_format($0, "0%") }
        }

        /// The sheet row of list item `k` (after the header row), or nil past a sheet's last
        /// row, counted for the closing warning.
        mutating func listRow(_ k: Int) -> UInt32? {
            guard k + 1 < Worksheet.maxRows else { rowsCut += 1; return nil }
            return UInt32(k + 1)
        }

        func chart(_ type: UInt8, title: String, x: String, y: String) -> UnsafeMutablePointer<lxw_chart>? {
            let chart = sink.addChart(type)
            chart_title_set_name(chart, title)
            if let chart {
                chart_axis_set_name(chart.pointee.x_axis, x)
                chart_axis_set_name(chart.pointee.y_axis, y)
            }
            chart_legend_set_position(chart, UInt8(LXW_CHART_LEGEND_BOTTOM.rawValue))
            return chart
        }

        /// A series whose name is the header cell of `valueColumn` and whose categories are
        /// column A (the week labels; the Forecast sheet's days).
        func series(_ chart: UnsafeMutablePointer<lxw_chart>?, sheet: String, nameColumn: Int, valueColumn: Int, lastRow: Int) {
            let categories = "='\(sheet)'!$A$2:$A$\(lastRow + 1)"
            let column = Self.columnName(valueColumn)
            let values = "='\(sheet)'!$\(column)$2:$\(column)$\(lastRow + 1)"
            let series = chart_add_series(chart, categories, values)
            chart_series_set_name(series, "='\(sheet)'!$\(Self.columnName(nameColumn))$1")
        }

        /// 0 → A, 25 → Z, 26 → AA.
        static func columnName(_ index: Int) -> String {
            var n = index + 1
            var out = ""
            while n > 0 {
                let r = (n - 1) % 26
                out = String(UnicodeScalar(UInt8(65 + r))) + out
                n = (n - 1) / 26
            }
            return out
        }
    }
}
