import CXlsxWriter

/// How a sheet prints. Card tables are wide (title, body, dates, labels…): printed as they
/// are, the sample board took 11 pages with its columns cut across them. Landscape, one page
/// wide and as many tall as it takes, with the header row on every page. The report
/// workbook uses it too, so both print alike.
public enum PrintLayout {
    /// Sets the layout; `headerRow` (0-based) repeats at the top of every page, nil for a
    /// sheet without one header (the report's summary holds several small tables).
    public static func apply(to sheet: Worksheet, headerRow: UInt32?) {
        let ws = sheet.pointer
        worksheet_set_landscape(ws)
        // 0 pages tall: as many as the rows need.
        worksheet_fit_to_pages(ws, 1, 0)
        if let headerRow { _ = worksheet_repeat_rows(ws, headerRow, headerRow) }
    }
}
