import BoardModel
import BoardXLSX
import CXlsxWriter

/// The report as a workbook: a summary sheet, the weekly figures with native Excel charts
/// (throughput as clustered columns, cumulative flow as stacked areas) and the card lists.
/// Written with libxlsxwriter's chart API, so Excel, LibreOffice and Numbers draw the charts
/// from the cells themselves.
enum ReportXLSX {
    /// Sheet names are ASCII ids whatever the locale, so formulas and scripts can rely on them.
    static let summarySheet = "Summary", throughputSheet = "Throughput", flowSheet = "Flow"
    static let overdueSheet = "Overdue", finishedSheet = "Finished", agingSheet = "Aging"

    static func write(_ r: WeeklyReport, locale: ReportLocale, to path: String) -> [Diagnostic] {
        guard let wb = path.withCString({ workbook_new($0) }) else {
            return [Diagnostic(.reportWriteFailed, "libxlsxwriter could not create the workbook",
                               at: SourceLocation(file: path))]
        }
        var book = Book(wb: wb)
        let L = { (k: String) in locale.label(k) }
        let zone = Zone(identifier: r.timeZone) ?? .utc

        // Summary.
        let summary = book.sheet(summarySheet, headerRow: nil)
        var row: UInt32 = 0
        book.text(summary, row, 0, "\(L("title")) — \(r.boardName)", book.title)
        row = 2
        for (k, v) in [(L("board"), r.boardName), (L("asOf"), locale.dateTime(r.asOf)), (L("timezone"), r.timeZone),
                       (L("weeks"), "\(r.weeks.first?.label ?? "") … \(r.weeks.last?.label ?? "")")] {
            book.text(summary, row, 0, k, book.bold)
            book.text(summary, row, 1, v)
            row += 1
        }
        row += 1
        book.header(summary, row, [L("state"), L("category"), L("count")])
        row += 1
        for s in r.counts.rows {
            book.text(summary, row, 0, s.name)
            book.text(summary, row, 1, locale.category(s.category))
            book.number(summary, row, 2, Double(s.count))
            row += 1
        }
        for (k, v) in [(L("todo"), r.counts.todo), (L("doing"), r.counts.doing), (L("done"), r.counts.done),
                       (L("total"), r.counts.total), (L("archived"), r.counts.archived),
                       (L("overdue"), r.overdue.items.count), (L("dueSoon"), r.dueSoon.items.count),
                       (L("doneThisWeek"), r.doneThisWeek.items.count)] {
            book.text(summary, row, 0, k, book.bold)
            book.number(summary, row, 2, Double(v))
            row += 1
        }
        row += 1
        book.header(summary, row, [L("wip"), L("count"), L("limit")])
        row += 1
        for w in r.wip.rows {
            book.text(summary, row, 0, w.name)
            book.number(summary, row, 1, Double(w.count), w.overLimit ? book.alert : nil)
            if let limit = w.limit { book.number(summary, row, 2, Double(limit)) }
            row += 1
        }
        row += 1
        book.header(summary, row, [L("metric"), L("count"), "p50", "p70", "p85", "p95"])
        row += 1
        for (name, s) in [(L("cycleTime"), r.flowTimes.cycleTime), (L("leadTime"), r.flowTimes.leadTime)] {
            book.text(summary, row, 0, "\(name) (\(L("days")))")
            book.number(summary, row, 1, Double(s.count))
            for (k, v) in s.values.enumerated() {
                if let d = v.days { book.number(summary, row, UInt16(2 + k), d, book.oneDecimal) }
                else { book.text(summary, row, UInt16(2 + k), "—") }
            }
            row += 1
        }
        if !r.notes.isEmpty {
            row += 1
            book.text(summary, row, 0, L("notes"), book.bold)
            row += 1
            for note in r.notes {
                book.text(summary, row, 0, locale.sentence(note))
                row += 1
            }
        }
        worksheet_set_column(summary, 0, 0, 28, nil)
        worksheet_set_column(summary, 1, 6, 14, nil)

        // Throughput: one row per week, one column per state, then created/completed.
        let tp = book.sheet(throughputSheet, headerRow: 0)
        let states = r.throughput.rows
        book.header(tp, 0, [L("week"), L("weekStart")] + states.map(\.name) + [L("created"), L("completed")])
        for (k, w) in r.weeks.enumerated() {
            let rr = UInt32(k + 1)
            book.text(tp, rr, 0, w.label)
            book.text(tp, rr, 1, w.monday.description)
            for (s, st) in states.enumerated() { book.number(tp, rr, UInt16(2 + s), Double(st.perWeek[k])) }
            book.number(tp, rr, UInt16(2 + states.count), Double(r.createdVsCompleted.created[k]))
            book.number(tp, rr, UInt16(3 + states.count), Double(r.createdVsCompleted.completed[k]))
        }
        let lastRow = max(1, r.weeks.count)
        let columns = book.chart(UInt8(LXW_CHART_COLUMN.rawValue), title: L("throughput"),
                                 x: L("week"), y: L("count"))
        for s in states.indices {
            book.series(columns, sheet: throughputSheet, nameColumn: 2 + s, valueColumn: 2 + s, lastRow: lastRow)
        }
        worksheet_insert_chart(tp, UInt32(lastRow + 2), 0, columns)
        worksheet_set_column(tp, 0, 1, 12, nil)

        // Cumulative flow: cards per state at each week's end; done drawn first (bottom).
        let flow = book.sheet(flowSheet, headerRow: 0)
        let bands = Array(r.flow.bands.reversed())
        book.header(flow, 0, [L("week"), L("weekStart")] + bands.map(\.name))
        for (k, w) in r.weeks.enumerated() {
            let rr = UInt32(k + 1)
            book.text(flow, rr, 0, w.label)
            book.text(flow, rr, 1, w.monday.description)
            for (s, b) in bands.enumerated() { book.number(flow, rr, UInt16(2 + s), Double(b.atWeekEnd[k])) }
        }
        let areas = book.chart(UInt8(LXW_CHART_AREA_STACKED.rawValue), title: L("cumulativeFlow"),
                               x: L("week"), y: L("count"))
        for s in bands.indices {
            book.series(areas, sheet: flowSheet, nameColumn: 2 + s, valueColumn: 2 + s, lastRow: lastRow)
        }
        worksheet_insert_chart(flow, UInt32(lastRow + 2), 0, areas)
        worksheet_set_column(flow, 0, 1, 12, nil)

        // Lists.
        let od = book.sheet(overdueSheet, headerRow: 0)
        book.header(od, 0, ["id", L("card"), L("state"), L("assignees"), L("due"), L("daysOverdue")])
        for (k, item) in r.overdue.items.enumerated() {
            let rr = UInt32(k + 1)
            book.text(od, rr, 0, item.card.id)
            book.text(od, rr, 1, item.card.title)
            book.text(od, rr, 2, item.card.stateName)
            book.text(od, rr, 3, item.card.assignees.joined(separator: ", "))
            book.text(od, rr, 4, locale.due(item.due, zone: zone))
            book.number(od, rr, 5, Double(item.daysOverdue))
        }
        worksheet_set_column(od, 1, 1, 40, nil)
        let fin = book.sheet(finishedSheet, headerRow: 0)
        book.header(fin, 0, ["id", L("card"), L("completed"), "\(L("cycleTime")) (\(L("days")))",
                             "\(L("leadTime")) (\(L("days")))"])
        for (k, f) in r.flowTimes.finished.enumerated() {
            let rr = UInt32(k + 1)
            book.text(fin, rr, 0, f.card.id)
            book.text(fin, rr, 1, f.card.title)
            book.text(fin, rr, 2, f.completed.description)
            if let d = f.cycleDays { book.number(fin, rr, 3, d, book.oneDecimal) }
            if let d = f.leadDays { book.number(fin, rr, 4, d, book.oneDecimal) }
        }
        worksheet_set_column(fin, 1, 1, 40, nil)
        worksheet_set_column(fin, 2, 2, 26, nil)
        let ag = book.sheet(agingSheet, headerRow: 0)
        book.header(ag, 0, ["id", L("card"), L("state"), L("ageDays"), L("daysInState")])
        for (k, item) in r.aging.items.enumerated() {
            let rr = UInt32(k + 1)
            book.text(ag, rr, 0, item.card.id)
            book.text(ag, rr, 1, item.card.title)
            book.text(ag, rr, 2, item.card.stateName)
            if let d = item.ageDays { book.number(ag, rr, 3, d, book.oneDecimal) }
            if let d = item.daysInState { book.number(ag, rr, 4, d, book.oneDecimal) }
        }
        worksheet_set_column(ag, 1, 1, 40, nil)

        let rc = workbook_close(wb)
        if rc != LXW_NO_ERROR {
            return [Diagnostic(.reportWriteFailed, "libxlsxwriter: \(String(cString: lxw_strerror(rc)))",
                               at: SourceLocation(file: path))]
        }
        if let broken = WrittenWorkbookCheck.firstBrokenPart(of: path) {
            return [Diagnostic(.reportWriteFailed,
                               "the workbook's part \(broken) came out cut off (is the temporary folder, TMPDIR, full?)",
                               at: SourceLocation(file: path))]
        }
        if book.rowsCut > 0 {
            return [Diagnostic(.dataNotWritten, "\(book.rowsCut) list rows did not fit a worksheet (1,048,576 rows) and were left out; the JSON report has them all",
                               at: SourceLocation(file: path))]
        }
        return []
    }

    /// The workbook being written and its formats.
    private struct Book {
        let wb: UnsafeMutablePointer<lxw_workbook>
        let bold: UnsafeMutablePointer<lxw_format>?
        let title: UnsafeMutablePointer<lxw_format>?
        let headerFormat: UnsafeMutablePointer<lxw_format>?
        let alert: UnsafeMutablePointer<lxw_format>?
        let oneDecimal: UnsafeMutablePointer<lxw_format>?
        var rowsCut = 0
        static let maxRow: UInt32 = 1_048_575

        init(wb: UnsafeMutablePointer<lxw_workbook>) {
            self.wb = wb
            bold = workbook_add_format(wb)
            format_set_bold(bold)
            title = workbook_add_format(wb)
            format_set_bold(title)
            format_set_font_size(title, 14)
            headerFormat = workbook_add_format(wb)
            format_set_bold(headerFormat)
            format_set_bottom(headerFormat, UInt8(LXW_BORDER_THIN.rawValue))
            alert = workbook_add_format(wb)
            format_set_font_color(alert, lxw_color_t(LXW_COLOR_RED.rawValue))
            format_set_bold(alert)
            oneDecimal = workbook_add_format(wb)
            format_set_num_format(oneDecimal, "0.0")
        }

        /// A new sheet, laid out for printing (`PrintLayout`, as the board workbook prints);
        /// `headerRow` repeats on every page.
        func sheet(_ name: String, headerRow: UInt32?) -> UnsafeMutablePointer<lxw_worksheet>? {
            let ws = workbook_add_worksheet(wb, name)
            PrintLayout.apply(to: ws, headerRow: headerRow)
            return ws
        }

        mutating func text(_ ws: UnsafeMutablePointer<lxw_worksheet>?, _ row: UInt32, _ col: UInt16, _ value: String,
                           _ format: UnsafeMutablePointer<lxw_format>? = nil) {
            guard row <= Self.maxRow else { if col == 0 { rowsCut += 1 }; return }
            // Excel cells hold at most 32,767 characters.
            let v = value.utf16.count > 32_767 ? String(value.prefix(32_000)) : value
            _ = v.withCString { worksheet_write_string(ws, row, col, $0, format) }
        }

        func number(_ ws: UnsafeMutablePointer<lxw_worksheet>?, _ row: UInt32, _ col: UInt16, _ value: Double,
                    _ format: UnsafeMutablePointer<lxw_format>? = nil) {
            guard row <= Self.maxRow else { return }
            _ = worksheet_write_number(ws, row, col, value, format)
        }

        mutating func header(_ ws: UnsafeMutablePointer<lxw_worksheet>?, _ row: UInt32, _ names: [String]) {
            for (k, n) in names.enumerated() { text(ws, row, UInt16(k), n, headerFormat) }
        }

        func chart(_ type: UInt8, title: String, x: String, y: String) -> UnsafeMutablePointer<lxw_chart>? {
            let chart = workbook_add_chart(wb, type)
            chart_title_set_name(chart, title)
            if let chart {
                chart_axis_set_name(chart.pointee.x_axis, x)
                chart_axis_set_name(chart.pointee.y_axis, y)
            }
            chart_legend_set_position(chart, UInt8(LXW_CHART_LEGEND_BOTTOM.rawValue))
            return chart
        }

        /// A series whose name is the header cell of `valueColumn` and whose categories are
        /// the week labels in column A.
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
