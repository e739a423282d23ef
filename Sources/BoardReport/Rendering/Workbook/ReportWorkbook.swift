import BoardLocale
import BoardModel
import BoardXLSX
import CXlsxWriter

/// The report's workbook as its sheets write into it: the shared cell writer, the report's
/// own formats and charts, the locale's words, and the list rows cut at a sheet's last row.
struct ReportWorkbook {
    let sink: WorkbookSink
    let cells: CellWriter
    let locale: ReportLocale
    let bold: CellFormat
    let title: CellFormat
    let alert: CellFormat
    let oneDecimal: CellFormat
    let percent: CellFormat
    /// List items left out past a sheet's last row, for the closing warning.
    private(set) var rowsCut = 0

    /// Adds the formats in this order (their order in the workbook's styles part).
    init(sink: WorkbookSink, locale: ReportLocale) {
        self.sink = sink
        self.locale = locale
        cells = sink.cellWriter()
        bold = sink.addFormat { format_set_bold($0) }
        title = sink.addFormat { format_set_bold($0); format_set_font_size($0, 14) }
        alert = sink.addFormat { format_set_font_color($0, lxw_color_t(LXW_COLOR_RED.rawValue)); format_set_bold($0) }
        oneDecimal = sink.addFormat { format_set_num_format($0, "0.0") }
        percent = sink.addFormat { format_set_num_format($0, "0%") }
    }

    /// A label in the report's locale (`label.*` in `ReportLocale`).
    func label(_ key: String) -> String { locale.label(key) }

    /// The sheet row of list item `k` (after the header row), or nil past a sheet's last
    /// row, counted for the closing warning.
    mutating func listRow(_ k: Int) -> UInt32? {
        guard k + 1 < Worksheet.maxRows else { rowsCut += 1; return nil }
        return UInt32(k + 1)
    }

    /// A chart of libxlsxwriter's `type` with its title, axis names and the legend below.
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
