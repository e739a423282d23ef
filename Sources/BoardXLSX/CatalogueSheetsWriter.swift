import Foundation
import BoardModel
import CXlsxWriter

/// Writes the States sheet (id, name, category, WIP limit; the category a dropdown of
/// todo/doing/done) and the Board sheet (key/value rows).
struct CatalogueSheetsWriter {
    let sink: WorkbookSink
    let cells: CellWriter
    let board: Board
    let zone: Zone

    /// `stateTexts`: how the Cards sheet writes each state (its name, or its id when names
    /// clash). When that differs from the names, a hidden column lists it for the dropdown.
    /// Returns the ranges the Cards dropdown and overdue rule use.
    func writeStates(_ ws: Worksheet, stateTexts: [String]) -> (list: String, categories: String)? {
        let name = ws.name
        var header = WorkbookSchema.statesHeader
        let needsShownAs = zip(board.states, stateTexts).contains { $0.name != $1 }
        if needsShownAs { header.append(ExactColumn.prefix + "shown-as") }
        for (k, w) in [12.0, 24, 12, 10].enumerated() { ws.setColumns(k, k, width: w) }
        var hide = lxw_row_col_options(hidden: 1, level: 0, collapsed: 0)
        worksheet_set_column_opt(ws.pointer, 4, UInt16(header.count - 1), 24, nil, &hide)
        cells.headerRow(ws, header)
        worksheet_freeze_panes(ws.pointer, 1, 0)
        PrintLayout.apply(to: ws, headerRow: 0)
        for (n, s) in board.states.enumerated() {
            let row = UInt32(n + 1)
            let key = "row:\(row + 1)"
            cells.text(ws, row, 0, s.id, key: key, columnName: header[0])
            cells.text(ws, row, 1, s.name, key: key, columnName: header[1])
            cells.text(ws, row, 2, s.category.rawValue, key: key)
            if let w = s.wipLimit { cells.number(ws, row, 3, Double(w)) }
            if !s.extras.isEmpty { cells.text(ws, row, 4, ExtrasText.encode(s.extras), key: key, columnName: header[4]) }
            if needsShownAs { cells.text(ws, row, 5, stateTexts[n], key: key, columnName: header[5]) }
        }
        guard !board.states.isEmpty else { return nil }
        let last = board.states.count + 1
        var dv = lxw_data_validation()
        dv.validate = UInt8(LXW_VALIDATION_TYPE_LIST.rawValue)
        let items = StateCategory.allCases.map { strdup($0.rawValue) } + [nil]
        defer { items.forEach { free($0) } }
        var list = items
        list.withUnsafeMutableBufferPointer { buf in
            dv.value_list = buf.baseAddress
            _ = worksheet_data_validation_range(ws.pointer, 1, 2, UInt32(max(last - 1, 1)), 2, &dv)
        }
        let listColumn = needsShownAs ? "F" : "B"
        return ("\(name)!$\(listColumn)$2:$\(listColumn)$\(last)", "\(name)!$C$2:$C$\(last)")
    }

    func writeBoard(_ ws: Worksheet, exportedAt: Instant) {
        ws.setColumns(0, 0, width: 24)
        ws.setColumns(1, 1, width: 50, format: sink.wrapped)
        cells.headerRow(ws, ["key", "value"])
        PrintLayout.apply(to: ws, headerRow: 0)
        typealias K = WorkbookSchema.BoardKey
        var row: UInt32 = 1
        func put(_ key: String, _ value: String) {
            cells.text(ws, row, 0, key, key: "row:\(row + 1)", columnName: "key")
            cells.text(ws, row, 1, value, key: "row:\(row + 1)", columnName: "value")
            row += 1
        }
        put(K.format, WorkbookSchema.formatMarker)
        put(K.id, board.id)
        put(K.name, board.name)
        put(K.timeZone, board.timeZone)
        cells.text(ws, row, 0, K.exported, key: "")
        cells.localDateTime(ws, row, 1, zone.local(exportedAt), iso: exportedAt.description, what: .exportTime)
        row += 1
        for key in board.metadata.keys.sorted() { put(K.metadataPrefix + key, board.metadata[key] ?? "") }
        for key in board.extras.keys.sorted() { put(K.extrasPrefix + key, board.extras[key] ?? "") }
    }
}
