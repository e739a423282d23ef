import BoardModel
import BoardXLSX

/// The Summary sheet, top to bottom: the report's title, what it is about, the cards per
/// state with the totals under them, this week's figures beside last week's, work in progress against the limits, cycle and lead
/// time percentiles, and the report's notes. Each is a small table under its own header,
/// one empty row between two.
extension ReportWorkbook {
    func writeSummary(_ r: WeeklyReport, on sheet: Worksheet) {
        var rows = RowCursor()
        cells.text(sheet, rows.take(), 0, "\(label("title")) — \(r.boardName)\(r.filter.map { " (\($0))" } ?? "")",
                   format: title)
        rows.skipRow()
        writeAbout(r, on: sheet, rows: &rows)
        rows.skipRow()
        writeCardsPerState(r, on: sheet, rows: &rows)
        rows.skipRow()
        writeSinceLastWeek(r, on: sheet, rows: &rows)
        rows.skipRow()
        writeWorkInProgress(r, on: sheet, rows: &rows)
        rows.skipRow()
        writeFlowTimes(r, on: sheet, rows: &rows)
        if !r.notes.isEmpty {
            rows.skipRow()
            writeNotes(r, on: sheet, rows: &rows)
        }
        sheet.setColumns(0, 0, width: 28)
        sheet.setColumns(1, 6, width: 14)
    }

    /// The board, the moment the report was made, its zone and the weeks it covers.
    private func writeAbout(_ r: WeeklyReport, on sheet: Worksheet, rows: inout RowCursor) {
        for (name, value) in [(label("board"), r.boardName), (label("asOf"), locale.dateTime(r.asOf)),
                              (label("timezone"), r.timeZone),
                              (label("weeks"), "\(r.weeks.first?.label ?? "") … \(r.weeks.last?.label ?? "")")] {
            let row = rows.take()
            cells.text(sheet, row, 0, name, format: bold)
            cells.text(sheet, row, 1, value)
        }
    }

    /// Each state's name, category and cards, then the counts by category, the total, the
    /// archived, overdue, due-soon and done-this-week cards under them.
    private func writeCardsPerState(_ r: WeeklyReport, on sheet: Worksheet, rows: inout RowCursor) {
        cells.headerRow(sheet, [label("state"), label("category"), label("count")], row: rows.take())
        for s in r.counts.rows {
            let row = rows.take()
            cells.text(sheet, row, 0, s.name)
            cells.text(sheet, row, 1, locale.category(s.category))
            cells.number(sheet, row, 2, Double(s.count))
        }
        for (name, count) in [(label("todo"), r.counts.todo), (label("doing"), r.counts.doing),
                              (label("done"), r.counts.done), (label("total"), r.counts.total),
                              (label("archived"), r.counts.archived), (label("overdue"), r.overdue.items.count),
                              (label("dueSoon"), r.dueSoon.items.count),
                              (label("doneThisWeek"), r.doneThisWeek.items.count)] {
            let row = rows.take()
            cells.text(sheet, row, 0, name, format: bold)
            cells.number(sheet, row, 2, Double(count))
        }
    }

    /// Created, completed, overdue and in progress: this week, last week and the change, as
    /// numbers (a spreadsheet user charts or sums them).
    private func writeSinceLastWeek(_ r: WeeklyReport, on sheet: Worksheet, rows: inout RowCursor) {
        cells.headerRow(sheet, [label("sinceLastWeek"), label("thisWeek"), label("lastWeek"), label("change")], row: rows.take())
        let s = r.sinceLastWeek
        for (name, figure) in [(label("created"), s.created), (label("completed"), s.completed),
                               (label("overdue"), s.overdue), (label("doing"), s.inProgress)] {
            let row = rows.take()
            cells.text(sheet, row, 0, name)
            cells.number(sheet, row, 1, Double(figure.now))
            cells.number(sheet, row, 2, Double(figure.lastWeek))
            cells.number(sheet, row, 3, Double(figure.change))
        }
    }

    /// Work in progress: each row's cards against its limit, a count over the limit in red.
    private func writeWorkInProgress(_ r: WeeklyReport, on sheet: Worksheet, rows: inout RowCursor) {
        cells.headerRow(sheet, [label("wip"), label("count"), label("limit")], row: rows.take())
        for w in r.wip.rows {
            let row = rows.take()
            cells.text(sheet, row, 0, w.name)
            cells.number(sheet, row, 1, Double(w.count), format: w.overLimit ? alert : nil)
            if let limit = w.limit { cells.number(sheet, row, 2, Double(limit)) }
        }
    }

    /// Cycle and lead time: how many cards they were measured on and their percentiles in
    /// days (a dash where there is none).
    private func writeFlowTimes(_ r: WeeklyReport, on sheet: Worksheet, rows: inout RowCursor) {
        cells.headerRow(sheet, [label("metric"), label("count"), "p50", "p70", "p85", "p95"], row: rows.take())
        for (name, times) in [(label("cycleTime"), r.flowTimes.cycleTime), (label("leadTime"), r.flowTimes.leadTime)] {
            let row = rows.take()
            cells.text(sheet, row, 0, "\(name) (\(label("days")))")
            cells.number(sheet, row, 1, Double(times.count))
            for (k, v) in times.values.enumerated() {
                if let d = v.days { cells.number(sheet, row, UInt16(2 + k), d, format: oneDecimal) }
                else { cells.text(sheet, row, UInt16(2 + k), "—") }
            }
        }
    }

    /// What the report noticed about the board's data (no due dates, cards without history…),
    /// one a row.
    private func writeNotes(_ r: WeeklyReport, on sheet: Worksheet, rows: inout RowCursor) {
        cells.text(sheet, rows.take(), 0, label("notes"), format: bold)
        for note in r.notes {
            cells.text(sheet, rows.take(), 0, locale.sentence(note))
        }
    }
}
