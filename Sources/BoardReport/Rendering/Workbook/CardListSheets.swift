import BoardModel
import BoardXLSX

/// The three sheets that list cards, one card a row under a header, the title column wide:
/// items past a sheet's last row are left out and counted (`listRow`).
extension ReportWorkbook {
    /// Overdue cards: id, title, state, assignees, when each was due and by how many days.
    mutating func writeOverdue(_ r: WeeklyReport, zone: Zone, on sheet: Worksheet) {
        cells.headerRow(sheet, ["id", label("card"), label("state"), label("assignees"), label("due"), label("daysOverdue")])
        for (k, item) in r.overdue.items.enumerated() {
            guard let row = listRow(k) else { continue }
            cells.text(sheet, row, 0, item.card.id)
            cells.text(sheet, row, 1, item.card.title)
            cells.text(sheet, row, 2, item.card.stateName)
            cells.text(sheet, row, 3, item.card.assignees.joined(separator: ", "))
            cells.text(sheet, row, 4, locale.due(item.due, zone: zone))
            cells.number(sheet, row, 5, Double(item.daysOverdue))
        }
        sheet.setColumns(1, 1, width: 40)
    }

    /// Finished cards: id, title, when each was completed, its cycle and lead time in days.
    mutating func writeFinished(_ r: WeeklyReport, on sheet: Worksheet) {
        cells.headerRow(sheet, ["id", label("card"), label("completed"), "\(label("cycleTime")) (\(label("days")))",
                                "\(label("leadTime")) (\(label("days")))"])
        for (k, f) in r.flowTimes.finished.enumerated() {
            guard let row = listRow(k) else { continue }
            cells.text(sheet, row, 0, f.card.id)
            cells.text(sheet, row, 1, f.card.title)
            cells.text(sheet, row, 2, f.completed.description)
            if let d = f.cycleDays { cells.number(sheet, row, 3, d, format: oneDecimal) }
            if let d = f.leadDays { cells.number(sheet, row, 4, d, format: oneDecimal) }
        }
        sheet.setColumns(1, 1, width: 40)
        sheet.setColumns(2, 2, width: 26)
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
