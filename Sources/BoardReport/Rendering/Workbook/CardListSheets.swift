import BoardModel
import BoardXLSX

/// The sheets that list cards, one card a row under a header, the title column wide, dates
/// as date cells: items past a sheet's last row are left out and counted (`listRow`); and
/// the per-assignee and per-label tables.
extension ReportWorkbook {
    /// Overdue cards: id, title, state, assignees, when each was due and by how many days.
    mutating func writeOverdue(_ r: WeeklyReport, zone: Zone, on sheet: Worksheet) {
        writeDueList(r.overdue.items.map { ($0.card, $0.due, $0.daysOverdue) }, days: label("daysOverdue"), zone: zone, on: sheet)
    }

    /// Cards due from as-of's day through the next days: id, title, state, assignees, due, days left.
    mutating func writeDueSoon(_ r: WeeklyReport, zone: Zone, on sheet: Worksheet) {
        writeDueList(r.dueSoon.items.map { ($0.card, $0.due, $0.daysLeft) }, days: label("daysLeft"), zone: zone, on: sheet)
    }

    /// Cards with their due and a count of days (past it, or left): the overdue and due-soon sheets.
    private mutating func writeDueList(_ items: [(card: ReportCard, due: DueDate, days: Int)], days: String, zone: Zone,
                                       on sheet: Worksheet) {
        cells.headerRow(sheet, ["id", label("card"), label("state"), label("assignees"), label("due"), days])
        for (k, item) in items.enumerated() {
            guard let row = listRow(k) else { continue }
            cells.text(sheet, row, 0, item.card.id)
            cells.text(sheet, row, 1, item.card.title)
            cells.text(sheet, row, 2, item.card.stateName)
            cells.text(sheet, row, 3, item.card.assignees.joined(separator: ", "))
            cells.due(sheet, row, 4, item.due, zone: zone, card: item.card.id, column: label("due"))
            cells.number(sheet, row, 5, Double(item.days))
        }
        sheet.setColumns(1, 1, width: 40)
        sheet.setColumns(4, 4, width: 18)
    }

    /// Finished cards, as `writeFinished` writes them: all of them, or the week's.
    private mutating func writeFinished(_ items: [FlowTimes.Finished], zone: Zone, on sheet: Worksheet) {
        cells.headerRow(sheet, ["id", label("card"), label("completed"), "\(label("cycleTime")) (\(label("days")))",
                                "\(label("leadTime")) (\(label("days")))"])
        for (k, f) in items.enumerated() {
            guard let row = listRow(k) else { continue }
            cells.text(sheet, row, 0, f.card.id)
            cells.text(sheet, row, 1, f.card.title)
            cells.moment(sheet, row, 2, f.completed, zone: zone, card: f.card.id, column: label("completed"))
            if let d = f.cycleDays { cells.number(sheet, row, 3, d, format: oneDecimal) }
            if let d = f.leadDays { cells.number(sheet, row, 4, d, format: oneDecimal) }
        }
        sheet.setColumns(1, 1, width: 40)
        sheet.setColumns(2, 2, width: 18)
    }

    /// The cards finished in as-of's week.
    mutating func writeDoneThisWeek(_ r: WeeklyReport, zone: Zone, on sheet: Worksheet) {
        writeFinished(r.doneThisWeek.items, zone: zone, on: sheet)
    }

    /// Cards per assignee or per label (`none` names the row of cards with none): open by
    /// category, total and overdue.
    mutating func writeBreakdown(_ b: Breakdown, head: String, none: String, on sheet: Worksheet) {
        cells.headerRow(sheet, [head, label("todo"), label("doing"), label("done"), label("total"), label("overdue")])
        for (k, entry) in b.rows.enumerated() {
            guard let row = listRow(k) else { continue }
            cells.text(sheet, row, 0, entry.name.isEmpty ? none : entry.name)
            for (column, n) in [entry.todo, entry.doing, entry.done, entry.total, entry.overdue].enumerated() {
                cells.number(sheet, row, UInt16(column + 1), Double(n))
            }
        }
        sheet.setColumns(0, 0, width: 24)
    }

    /// Finished cards: id, title, when each was completed (a date-time cell in the board's
    /// zone), its cycle and lead time in days.
    mutating func writeFinished(_ r: WeeklyReport, zone: Zone, on sheet: Worksheet) {
        writeFinished(r.flowTimes.finished, zone: zone, on: sheet)
    }

    /// Cards in progress, oldest first: id, title, state, days since work began and days in its
    /// state.
    mutating func writeAging(_ r: WeeklyReport, on sheet: Worksheet) {
        cells.headerRow(sheet, ["id", label("card"), label("state"), label("ageDays"), label("daysInState")])
        for (k, item) in r.aging.items.enumerated() {
            guard let row = listRow(k) else { continue }
            cells.text(sheet, row, 0, item.card.id)
            cells.text(sheet, row, 1, item.card.title)
            cells.text(sheet, row, 2, item.card.stateName)
            if let d = item.ageDays { cells.number(sheet, row, 3, d, format: oneDecimal) }
            if let d = item.daysInState { cells.number(sheet, row, 4, d, format: oneDecimal) }
        }
        sheet.setColumns(1, 1, width: 40)
    }
}
