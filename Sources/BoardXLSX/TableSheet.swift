import CXlsxWriter

/// A sheet laid out as a table a person can filter (Cards, History, the conversation
/// sheets): its `boardkit:` columns from `hiddenFrom` on hidden, the header row written and
/// frozen, an autofilter over the rows, and the print layout every sheet has. The caller
/// sets its columns' widths and formats first.
enum TableSheet {
    static func setUp(_ ws: Worksheet, header: [String], hiddenFrom: Int, rows: Int, cells: CellWriter) {
        if header.count > hiddenFrom {
            var hide = lxw_row_col_options(hidden: 1, level: 0, collapsed: 0)
            worksheet_set_column_opt(ws.pointer, UInt16(hiddenFrom), UInt16(header.count - 1), 24, nil, &hide)
        }
        cells.headerRow(ws, header)
        worksheet_freeze_panes(ws.pointer, 1, 0)
        PrintLayout.apply(to: ws, headerRow: 0)
        worksheet_autofilter(ws.pointer, 0, 0, UInt32(max(rows, 1)), UInt16(header.count - 1))
    }
}
