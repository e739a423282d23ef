import BoardLocale
import BoardModel
import BoardIO

/// `boardkit forecast`'s output: text for the terminal, Markdown, or JSON
/// (`templates/schema/forecast-1.schema.json`; docs/report.md explains it).
public enum ForecastOutput {
    /// The forecast as bytes in `format` (text, md or json; the others are the report's).
    public static func render(_ f: Forecast, asOf: Instant, format: ReportFormat, locale: ReportLocale) -> [UInt8] {
        switch format {
        case .json: return json(f, asOf: asOf)
        case .markdown: return Array(markdown(f, locale: locale).utf8)
        case .text, .html, .xlsx: return Array(text(f, locale: locale).utf8)
        }
    }

    static func text(_ f: Forecast, locale: ReportLocale) -> String {
        let l = locale.label
        var out = "\(l("forecast")) · \(l("asOf")) \(locale.date(f.asOfDate))\n"
        out += "\(l("sample")): \(locale.forecastSample(f))\n"
        if let end = f.sample.historyEnd { out += "⚠ \(locale.forecastHistoryEnds(end, days: f.asOfDate.daysSinceEpoch - end.daysSinceEpoch))\n" }
        if f.isThin { out += "⚠ \(locale.forecastThin(done: f.sample.done, days: f.sample.days))\n" }
        if f.when.remaining == 0 {
            out += "\n\(locale.forecastNothingLeft(f))"
        } else {
            out += "\n\(locale.forecastWhen(remaining: f.when.remaining))\n"
            out += TextTable(header: [l("chance"), l("doneBy")], rows: dateRows(f, locale), rightAligned: [0]).text
        }
        if let byDate = f.howMany {
            out += "\n\n\(locale.forecastHowMany(by: byDate.date))\n"
            out += TextTable(header: [l("chance"), l("count")], rows: countRows(byDate, locale), rightAligned: [0]).text
        }
        out += "\n\n\(locale.forecastMethod(f.trials))\n"
        return out
    }

    static func markdown(_ f: Forecast, locale: ReportLocale) -> String {
        let l = locale.label
        func table(_ heads: [String], _ rows: [[String]]) -> String {
            "| \(heads.joined(separator: " | ")) |\n| ---: | --- |\n"
                + rows.map { "| \($0.joined(separator: " | ")) |\n" }.joined()
        }
        var out = "# \(l("forecast"))\n\n\(l("asOf")): \(locale.date(f.asOfDate))  \n"
        out += "\(l("sample")): \(locale.forecastSample(f))\n"
        if let end = f.sample.historyEnd { out += "\n> ⚠ \(locale.forecastHistoryEnds(end, days: f.asOfDate.daysSinceEpoch - end.daysSinceEpoch))\n" }
        if f.isThin { out += "\n> ⚠ \(locale.forecastThin(done: f.sample.done, days: f.sample.days))\n" }
        if f.when.remaining == 0 {
            out += "\n\(locale.forecastNothingLeft(f))\n"
        } else {
            out += "\n## \(locale.forecastWhen(remaining: f.when.remaining))\n\n"
            out += table([l("chance"), l("doneBy")], dateRows(f, locale))
        }
        if let byDate = f.howMany {
            out += "\n## \(locale.forecastHowMany(by: byDate.date))\n\n"
            out += table([l("chance"), l("count")], countRows(byDate, locale))
        }
        out += "\n\(locale.forecastMethod(f.trials))\n"
        return out
    }

    /// One row per level: the share and the date.
    static func dateRows(_ f: Forecast, _ locale: ReportLocale) -> [[String]] {
        zip(ThroughputForecast.levels, f.dates).map { [locale.percent($0), locale.forecastDate($1, horizon: f.horizon)] }
    }

    static func countRows(_ byDate: Forecast.ByDate, _ locale: ReportLocale) -> [[String]] {
        zip(ThroughputForecast.levels, byDate.counts).map { [locale.percent($0), locale.atLeast($1)] }
    }

    static func json(_ f: Forecast, asOf: Instant) -> [UInt8] {
        var j = JSONWriter(capacity: 512)
        j.beginObject()
        j.member("asOf", asOf.description)
        members(f, into: &j)
        j.endObject()
        j.endDocument()
        return j.finish()
    }

    /// `sample`, `when` and (with a date) `howMany`: the command's JSON and the report's
    /// `forecast` object share them.
    static func members(_ f: Forecast, into j: inout JSONWriter) {
        j.key("sample")
        j.beginObject(.compact)
        j.member("from", f.sample.from.description)
        j.member("to", f.sample.to.description)
        j.member("days", f.sample.days)
        j.member("done", f.sample.done)
        j.member("pace", f.pace.rawValue)
        j.member("filter", f.described)
        j.member("historyEnd", f.sample.historyEnd?.description)
        j.endObject()
        j.key("when")
        j.beginObject()
        j.member("remaining", f.when.remaining)
        j.key("dates")
        j.beginObject(.compact)
        let dates = f.dates
        j.member("50", dates[0]?.description)
        j.member("85", dates[1]?.description)
        j.member("95", dates[2]?.description)
        j.endObject()
        j.endObject()
        if let byDate = f.howMany {
            j.key("howMany")
            j.beginObject()
            j.member("date", byDate.date.description)
            j.key("counts")
            j.beginObject(.compact)
            j.member("50", byDate.counts[0])
            j.member("85", byDate.counts[1])
            j.member("95", byDate.counts[2])
            j.endObject()
            j.endObject()
        }
    }
}
