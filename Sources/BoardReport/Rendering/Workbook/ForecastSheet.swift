import BoardModel
import BoardXLSX
import CXlsxWriter

extension ReportWorkbook {
    /// The Forecast sheet: the share of trials finished by each day after as-of in columns A
    /// and B, drawn as a line; beside them the question, the three dates, the sample and the
    /// method. Without finished cards to sample, one sentence says so.
    func writeForecast(_ r: WeeklyReport, on sheet: Worksheet) {
        cells.headerRow(sheet, [label("date"), label("shareFinished")])
        guard let f = r.forecast else {
            cells.text(sheet, 1, 0, locale.sentence(.forecastNothingDone))
            Self.setForecastColumns(sheet)
            return
        }
        let finished = f.when.finishedBy
        let lastDay = max(1, finished.count - 1)
        for day in 1...lastDay {
            cells.text(sheet, UInt32(day), 0, f.asOfDate.addingDays(day).description)
            let done = finished[min(day, finished.count - 1)]
            cells.number(sheet, UInt32(day), 1, Double(done) / Double(max(1, f.when.trials)), format: percent)
        }
        cells.text(sheet, 0, 3, locale.forecastWhen(remaining: f.when.remaining), format: bold)
        for (k, dates) in ForecastOutput.dateRows(f, locale).enumerated() {
            cells.text(sheet, UInt32(k + 1), 3, dates[0])
            cells.text(sheet, UInt32(k + 1), 4, dates[1])
        }
        cells.text(sheet, 4, 3, "\(label("sample")): \(locale.forecastSample(f))")
        cells.text(sheet, 5, 3, locale.forecastMethod(f.trials))
        let line = chart(UInt8(LXW_CHART_LINE.rawValue), title: label("shareFinished"), x: label("date"), y: label("shareFinished"))
        series(line, sheet: sheet.name, nameColumn: 1, valueColumn: 1, lastRow: lastDay)
        worksheet_insert_chart(sheet.pointer, 7, 3, line)
        Self.setForecastColumns(sheet)
    }

    private static func setForecastColumns(_ sheet: Worksheet) {
        sheet.setColumns(0, 1, width: 14)
        sheet.setColumns(3, 4, width: 22)
    }
}
