import BoardLocale
import BoardModel
import BoardIO

/// Inline SVG charts for the HTML report: plain shapes and text, no scripts, no external
/// fonts or files, so the page stays one self-contained file that prints as it shows.
enum SVGCharts {
    static let width = 720.0
    static let height = 260.0
    static let left = 48.0, right = 150.0, top = 16.0, bottom = 36.0
    static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
                          "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]

    /// Grouped columns: entries into each state, per week.
    static func throughput(_ r: WeeklyReport, _ locale: ReportLocale) -> String {
        let rows = r.throughput.rows
        let maxValue = max(1, rows.flatMap(\.perWeek).max() ?? 0)
        let plotW = width - left - right, plotH = height - top - bottom
        let n = max(1, r.weeks.count)
        let groupW = plotW / Double(n)
        let barW = max(1, (groupW * 0.8) / Double(max(1, rows.count)))
        var out = header(locale.label("throughput"))
        out += axes(maxValue: maxValue)
        for (k, w) in r.weeks.enumerated() {
            let gx = left + Double(k) * groupW + groupW * 0.1
            for (s, row) in rows.enumerated() {
                let v = row.perWeek[k]
                let h = plotH * Double(v) / Double(maxValue)
                out += "<rect x=\"\(f(gx + Double(s) * barW))\" y=\"\(f(top + plotH - h))\" width=\"\(f(barW))\" height=\"\(f(h))\" fill=\"\(palette[s % palette.count])\"><title>\(xml(row.name)) \(w.label): \(v)</title></rect>"
            }
            out += weekLabel(w, x: left + Double(k) * groupW + groupW / 2, locale)
        }
        out += legend(rows.map(\.name))
        return out + "</svg>"
    }

    /// Stacked areas: cards in each state at each week's end, done at the bottom.
    static func cumulativeFlow(_ r: WeeklyReport, _ locale: ReportLocale) -> String {
        let bands = r.flow.bands
        let totals = r.flow.totals
        let maxValue = max(1, totals.max() ?? 0)
        let plotW = width - left - right, plotH = height - top - bottom
        let n = r.weeks.count
        func x(_ k: Int) -> Double { n <= 1 ? left + plotW / 2 : left + plotW * Double(k) / Double(n - 1) }
        func y(_ v: Int) -> Double { top + plotH - plotH * Double(v) / Double(maxValue) }
        var out = header(locale.label("cumulativeFlow"))
        out += axes(maxValue: maxValue)
        var below = Array(repeating: 0, count: n)
        for (s, band) in bands.enumerated().reversed() {
            let above = zip(below, band.atWeekEnd).map { $0 + $1 }
            var points: [String] = []
            for k in 0..<n { points.append("\(f(x(k))),\(f(y(above[k])))") }
            for k in (0..<n).reversed() { points.append("\(f(x(k))),\(f(y(below[k])))") }
            out += "<polygon points=\"\(points.joined(separator: " "))\" fill=\"\(palette[s % palette.count])\" fill-opacity=\"0.85\" stroke=\"#fff\" stroke-width=\"0.5\"><title>\(xml(band.name))</title></polygon>"
            below = above
        }
        for (k, w) in r.weeks.enumerated() { out += weekLabel(w, x: x(k), locale) }
        out += legend(bands.map(\.name))
        return out + "</svg>"
    }

    /// Each finished card's cycle time against its completion day, with the percentile lines.
    static func cycleScatter(_ r: WeeklyReport, _ locale: ReportLocale) -> String {
        let points = r.flowTimes.finished.compactMap { f in f.cycleDays.map { (f.completed.epochMilliseconds, $0, f.card.title) } }
        let summary = r.flowTimes.cycleTime
        let maxDays = max(1, (points.map(\.1).max() ?? 0) * 1.05)
        let plotW = width - left - right, plotH = height - top - bottom
        let t0 = Double(r.windowStart.epochMilliseconds)
        let t1 = Double(r.windowEnd.epochMilliseconds)
        func x(_ t: Int64) -> Double { left + plotW * max(0, min(1, (Double(t) - t0) / max(1, t1 - t0))) }
        func y(_ d: Double) -> Double { top + plotH - plotH * d / maxDays }
        var out = header(locale.label("cycleScatter"))
        out += axes(maxValue: Int(maxDays.rounded(.up)))
        // Draw at most 5,000 dots: beyond that the cloud looks the same and the file stays small.
        let step = max(1, points.count / 5000)
        for k in stride(from: 0, to: points.count, by: step) {
            let p = points[k]
            out += "<circle cx=\"\(f(x(p.0)))\" cy=\"\(f(y(p.1)))\" r=\"2.5\" fill=\"#4e79a7\" fill-opacity=\"0.7\"><title>\(xml(p.2)): \(DayFormat.oneDecimal(p.1))</title></circle>"
        }
        var labelY = Double.infinity
        for (level, value) in summary.values {
            guard let value else { continue }
            let yy = f(y(value))
            out += "<line x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(yy)\" y2=\"\(yy)\" stroke=\"#e15759\" stroke-dasharray=\"4 3\"/>"
            // Close percentiles would print their labels on top of each other: keep 12 px apart.
            labelY = min(y(value), labelY - 12)
            out += "<text x=\"\(f(width - right + 4))\" y=\"\(f(labelY))\" font-size=\"11\" dominant-baseline=\"middle\">p\(level) \(DayFormat.oneDecimal(value)) \(xml(locale.label("days")))</text>"
        }
        let groupW = plotW / Double(max(1, r.weeks.count))
        for (k, w) in r.weeks.enumerated() { out += weekLabel(w, x: left + Double(k) * groupW + groupW / 2, locale) }
        return out + "</svg>"
    }

    /// The share of trials finished by each day after as-of (a rising line), with the
    /// forecast's dates marked.
    static func forecast(_ forecast: Forecast, _ locale: ReportLocale) -> String {
        let finished = forecast.when.finishedBy
        let trials = Double(max(1, forecast.when.trials))
        let lastDay = max(1, finished.count - 1)
        let plotW = width - left - right, plotH = height - top - bottom
        func x(_ day: Int) -> Double { left + plotW * Double(day) / Double(lastDay) }
        func y(_ share: Double) -> Double { top + plotH - plotH * share }
        var out = header(locale.label("shareFinished"))
        out += axes(maxValue: 100)
        // At most about 300 points: a ten-year line looks the same and the file stays small.
        let step = max(1, lastDay / 300)
        var points: [String] = []
        for day in stride(from: 0, through: lastDay, by: step) {
            points.append("\(f(x(day))),\(f(y(Double(finished[min(day, finished.count - 1)]) / trials)))")
        }
        if lastDay % step != 0 { points.append("\(f(x(lastDay))),\(f(y(Double(finished.last ?? 0) / trials)))") }
        out += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"#4e79a7\" stroke-width=\"2\"/>"
        var labelY = Double.infinity
        for (level, day) in zip(ThroughputForecast.levels, forecast.when.days) {
            guard let day else { continue }
            let xx = f(x(day))
            let date = locale.shortDate(forecast.asOfDate.addingDays(day))
            out += "<line x1=\"\(xx)\" x2=\"\(xx)\" y1=\"\(f(top))\" y2=\"\(f(top + plotH))\" stroke=\"#e15759\" stroke-dasharray=\"4 3\"><title>\(level)%: \(xml(date))</title></line>"
            // Labels to the right of the plot, kept 12 px apart as the dates may be close.
            labelY = min(y(Double(level) / 100), labelY - 12)
            out += "<text x=\"\(f(width - right + 4))\" y=\"\(f(labelY))\" font-size=\"11\" dominant-baseline=\"middle\">\(level)% \(xml(date))</text>"
        }
        for day in [1, (lastDay + 1) / 2, lastDay] where day >= 1 {
            out += "<text x=\"\(f(x(day)))\" y=\"\(f(height - bottom + 14))\" font-size=\"10\" text-anchor=\"middle\">\(xml(locale.shortDate(forecast.asOfDate.addingDays(day))))</text>"
        }
        return out + "</svg>"
    }

    // MARK: Pieces

    private static func header(_ title: String) -> String {
        "<svg viewBox=\"0 0 \(f(width)) \(f(height))\" width=\"100%\" role=\"img\" aria-label=\"\(xml(title))\" font-family=\"sans-serif\">"
    }

    private static func axes(maxValue: Int) -> String {
        let plotH = height - top - bottom
        var out = "<line x1=\"\(f(left))\" y1=\"\(f(top + plotH))\" x2=\"\(f(width - right))\" y2=\"\(f(top + plotH))\" stroke=\"#333\"/>"
        out += "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(top + plotH))\" stroke=\"#333\"/>"
        for tick in [0, maxValue / 2, maxValue] {
            let yy = top + plotH - plotH * Double(tick) / Double(max(1, maxValue))
            out += "<text x=\"\(f(left - 6))\" y=\"\(f(yy))\" font-size=\"11\" text-anchor=\"end\" dominant-baseline=\"middle\">\(tick)</text>"
            out += "<line x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(yy))\" y2=\"\(f(yy))\" stroke=\"#ddd\"/>"
        }
        return out
    }

    private static func weekLabel(_ w: ReportWeeks.Week, x: Double, _ locale: ReportLocale) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(height - bottom + 14))\" font-size=\"10\" text-anchor=\"middle\">W\(w.isoWeek)</text>"
            + "<text x=\"\(f(x))\" y=\"\(f(height - bottom + 27))\" font-size=\"9\" fill=\"#666\" text-anchor=\"middle\">\(xml(locale.shortDate(w.monday)))</text>"
    }

    private static func legend(_ names: [String]) -> String {
        var out = ""
        for (k, name) in names.enumerated() {
            let y = top + Double(k) * 18
            out += "<rect x=\"\(f(width - right + 12))\" y=\"\(f(y))\" width=\"12\" height=\"12\" fill=\"\(palette[k % palette.count])\"/>"
            out += "<text x=\"\(f(width - right + 30))\" y=\"\(f(y + 10))\" font-size=\"11\">\(xml(name))</text>"
        }
        return out
    }

    static func f(_ v: Double) -> String { DayFormat.oneDecimal(v) }

    static func xml(_ s: String) -> String { MarkupText.escape(s) }
}
