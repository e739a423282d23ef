import BoardModel
import BoardXLSX
import CXlsxWriter

/// The two sheets of weekly figures, one row per week (its label and its Monday) under a
/// header, with a native chart drawn from those cells below the table.
extension ReportWorkbook {
    /// Throughput: cards finished per state each week, then created and completed, with the
    /// states as clustered columns.
    func writeThroughput(_ r: WeeklyReport, on sheet: Worksheet) {
        let states = r.throughput.rows
        cells.headerRow(sheet, [label("week"), label("weekStart")] + states.map(\.name) + [label("created"), label("completed")])
        for (k, week) in r.weeks.enumerated() {
            let row = UInt32(k + 1)
            cells.text(sheet, row, 0, week.label)
            cells.text(sheet, row, 1, week.monday.description)
            for (s, state) in states.enumerated() { cells.number(sheet, row, UInt16(2 + s), Double(state.perWeek[k])) }
            cells.number(sheet, row, UInt16(2 + states.count), Double(r.createdVsCompleted.created[k]))
            cells.number(sheet, row, UInt16(3 + states.count), Double(r.createdVsCompleted.completed[k]))
        }
        let columns = chart(UInt8(LXW_CHART_COLUMN.rawValue), title: label("throughput"), x: label("week"), y: label("count"))
        for s in states.indices {
            series(columns, sheet: sheet.name, nameColumn: 2 + s, valueColumn: 2 + s, lastRow: Self.lastWeekRow(r))
        }
        worksheet_insert_chart(sheet.pointer, UInt32(Self.lastWeekRow(r) + 2), 0, columns)
        sheet.setColumns(0, 1, width: 12)
    }

    /// Cumulative flow: cards per state at each week's end as stacked areas, done first so
    /// that it is drawn at the bottom.
    func writeCumulativeFlow(_ r: WeeklyReport, on sheet: Worksheet) {
        let bands = Array(r.flow.bands.reversed())
        cells.headerRow(sheet, [label("week"), label("weekStart")] + bands.map(\.name))
        for (k, week) in r.weeks.enumerated() {
            let row = UInt32(k + 1)
            cells.text(sheet, row, 0, week.label)
            cells.text(sheet, row, 1, week.monday.description)
            for (s, band) in bands.enumerated() { cells.number(sheet, row, UInt16(2 + s), Double(band.atWeekEnd[k])) }
        }
        let areas = chart(UInt8(LXW_CHART_AREA_STACKED.rawValue), title: label("cumulativeFlow"),
                          x: label("week"), y: label("count"))
        for s in bands.indices {
            series(areas, sheet: sheet.name, nameColumn: 2 + s, valueColumn: 2 + s, lastRow: Self.lastWeekRow(r))
        }
        worksheet_insert_chart(sheet.pointer, UInt32(Self.lastWeekRow(r) + 2), 0, areas)
        sheet.setColumns(0, 1, width: 12)
    }

    /// The last week's row (0-based, after the header); at least 1, so that a chart's range
    /// is never empty.
    private static func lastWeekRow(_ r: WeeklyReport) -> Int { max(1, r.weeks.count) }
}
