import BoardLocale
import BoardModel
import Foundation

/// The values a report template sees. Keys are documented in docs/report.md; every template,
/// bundled or a team's own, gets the same ones. Values are plain dictionaries, arrays and
/// strings so that Mustache reaches them by name.
struct TemplateContext {
    /// How user text (titles, names) is made safe for the output: Markdown needs `|` escaped
    /// inside tables; all flavours fold line breaks. HTML escaping is Mustache's own.
    /// `mail` is HTML without the SVG charts mail clients do not show.
    enum Flavor: Sendable { case text, markdown, html, mail }

    let report: WeeklyReport
    let locale: ReportLocale
    let flavor: Flavor
    /// Longest list the text, Markdown and HTML reports show; the JSON report has everything.
    let listLimit: Int

    func build() -> [String: Any] {
        let r = report
        let zone = Zone.named(r.timeZone) ?? .utc
        let L = locale.labels
        var c: [String: Any] = [:]
        c["label"] = L
        c["locale"] = locale.rawValue
        var board: [String: Any] = ["id": clean(r.boardID), "name": clean(r.boardName), "timezone": r.timeZone,
                                    "cards": r.cardCount, "events": r.eventCount]
        if let filter = r.filter { board["filter"] = clean(filter) }
        c["board"] = board
        c["asOf"] = locale.dateTime(r.asOf)
        c["asOfDate"] = locale.date(r.asOfDate)
        c["asOfISO"] = r.asOf.description
        c["weekCount"] = r.weeks.count
        c["weeks"] = r.weeks.map { ["label": $0.label, "start": locale.shortDate($0.monday),
                                    "startISO": $0.monday.description] }
        c["firstWeek"] = r.weeks.first?.label ?? ""
        c["lastWeek"] = r.weeks.last?.label ?? ""

        // Counts and WIP.
        let countRows: [[String: Any]] = r.counts.rows.map {
            ["id": clean($0.stateID), "name": clean($0.name), "category": locale.category($0.category),
             "count": $0.count]
        }
        c["counts"] = ["total": r.counts.total, "archived": r.counts.archived, "todo": r.counts.todo,
                       "doing": r.counts.doing, "done": r.counts.done, "unknown": r.counts.unknown,
                       "hasUnknown": r.counts.unknown > 0, "rows": countRows] as [String: Any]
        let wipRows: [[String: Any]] = r.wip.rows.map {
            ["id": clean($0.stateID), "name": clean($0.name), "count": $0.count,
             "limit": $0.limit.map(String.init) ?? "—", "hasLimit": $0.limit != nil, "over": $0.overLimit]
        }
        c["wip"] = ["rows": wipRows, "any": !wipRows.isEmpty, "total": r.wip.total,
                    "statesOverLimit": r.wip.statesOverLimit] as [String: Any]
        c["sinceLastWeek"] = sinceLastWeekRows.map { name, figure -> [String: Any] in
            ["name": name, "now": figure.now, "lastWeek": figure.lastWeek, "change": signed(figure.change)]
        }

        // Lists.
        c["overdue"] = list(r.overdue.items) { item -> [String: Any] in
            card(item.card).merging(["due": locale.due(item.due, zone: zone), "dueISO": item.due.description,
                                     "days": item.daysOverdue]) { $1 }
        }
        var soon = list(r.dueSoon.items) { item -> [String: Any] in
            card(item.card).merging(["due": locale.due(item.due, zone: zone), "dueISO": item.due.description,
                                     "days": item.daysLeft,
                                     "daysText": item.daysLeft == 0 ? L["today"] ?? "today" : String(item.daysLeft)]) { $1 }
        }
        soon["days"] = r.dueSoon.days
        c["dueSoon"] = soon
        c["doneThisWeek"] = list(r.doneThisWeek.items, finished)
        c["finished"] = list(r.flowTimes.finished, finished)
        c["aging"] = list(r.aging.items) { item -> [String: Any] in
            card(item.card).merging(["age": days(item.ageDays), "inState": days(item.daysInState)]) { $1 }
        }

        // Weekly figures.
        let cvc = r.createdVsCompleted
        c["createdVsCompleted"] = r.weeks.indices.map { k -> [String: Any] in
            ["week": r.weeks[k].label, "start": locale.shortDate(r.weeks[k].monday),
             "created": cvc.created[k], "completed": cvc.completed[k], "net": signed(cvc.net[k])]
        }
        c["throughput"] = ["rows": r.throughput.rows.map { row -> [String: Any] in
            ["id": clean(row.stateID), "name": clean(row.name), "category": locale.category(row.category),
             "cells": row.perWeek.map { ["value": $0] }, "total": row.total]
        }, "completed": r.throughput.completedPerWeek.map { ["value": $0] },
           "completedTotal": r.throughput.completedPerWeek.reduce(0, +)] as [String: Any]
        c["flow"] = ["rows": r.flow.bands.map { band -> [String: Any] in
            ["id": clean(band.stateID), "name": clean(band.name), "cells": band.atWeekEnd.map { ["value": $0] }]
        }] as [String: Any]

        // Flow times.
        c["cycleTime"] = summary(r.flowTimes.cycleTime)
        c["leadTime"] = summary(r.flowTimes.leadTime)

        // Forecast.
        if let f = r.forecast, f.when.remaining == 0 {
            c["forecast"] = ["any": false, "none": locale.forecastNothingLeft(f)]
        } else if let f = r.forecast {
            c["forecast"] = ["any": true, "remaining": f.when.remaining,
                             "when": locale.forecastWhen(remaining: f.when.remaining),
                             "rows": ForecastOutput.dateRows(f, locale).map { ["chance": $0[0], "date": $0[1]] },
                             "sample": locale.forecastSample(f),
                             "method": locale.forecastMethod(f.trials)] as [String: Any]
        } else {
            c["forecast"] = ["any": false, "none": locale.label("none")]
        }

        // Breakdowns.
        c["perAssignee"] = breakdown(r.perAssignee, none: L["unassigned"] ?? "")
        c["perLabel"] = breakdown(r.perLabel, none: L["noLabel"] ?? "")

        // Notes.
        let notes = r.notes.map { ["code": $0.code, "text": clean(locale.sentence($0))] }
        c["notes"] = notes
        c["hasNotes"] = !notes.isEmpty

        if flavor == .text { c["tables"] = textTables(c) }
        if flavor == .html {
            c["charts"] = ["throughput": SVGCharts.throughput(r, locale),
                           "flow": SVGCharts.cumulativeFlow(r, locale),
                           "cycle": SVGCharts.cycleScatter(r, locale),
                           "forecast": r.forecast.map { SVGCharts.forecast($0, locale) } ?? ""]
        }
        return c
    }

    // MARK: Pieces

    private func clean(_ s: String) -> String {
        var out = s
        if out.contains(where: { $0.isNewline }) {
            out = out.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        if flavor == .markdown {
            out = out.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
        }
        return out
    }

    private func card(_ c: ReportCard) -> [String: Any] {
        var values: [String: Any] = ["id": clean(c.id), "title": clean(c.title), "name": name(c), "state": clean(c.stateName),
                                     "stateID": clean(c.stateID), "assignees": clean(c.assignees.joined(separator: ", ")),
                                     "labels": clean(c.labels.joined(separator: ", "))]
        if let number = report.cardNumbers[c.id] { values["ref"] = "#\(number)" }
        if let url = c.url, WebAddress.isWeb(url) { values["url"] = clean(url) }
        return values
    }

    /// The card as the lists name it: `#12 Fix login` in a store (the number its commands
    /// take), else its title; with its checklists' progress where it has any (`☑ 2/5`).
    private func name(_ c: ReportCard) -> String {
        let named = report.cardNumbers[c.id].map { "#\($0) \(c.title)" } ?? c.title
        return clean(c.checklistItems > 0 ? "\(named) ☑ \(c.checklistDone)/\(c.checklistItems)" : named)
    }

    private func finished(_ f: FlowTimes.Finished) -> [String: Any] {
        card(f.card).merging(["completed": locale.dateTime(f.completed), "completedISO": f.completed.description,
                              "cycle": days(f.cycleDays), "lead": days(f.leadDays)]) { $1 }
    }

    /// A list cut to `listLimit`, with how many were left out. Only the shown entries are
    /// turned into template values (a big board's lists run to hundreds of thousands).
    private func list<T>(_ items: [T], _ value: (T) -> [String: Any]) -> [String: Any] {
        let shown = items.prefix(listLimit).map(value)
        let more = items.count - shown.count
        return ["count": items.count, "any": !items.isEmpty, "items": shown, "more": more, "hasMore": more > 0]
    }

    private func days(_ d: Double?) -> String { d.map(DayFormat.oneDecimal) ?? "—" }

    private func signed(_ n: Int) -> String { n > 0 ? "+\(n)" : String(n) }

    private func summary(_ s: PercentileSummary) -> [String: Any] {
        ["count": s.count, "hasValues": s.count > 0, "p50": days(s.p50), "p70": days(s.p70),
         "p85": days(s.p85), "p95": days(s.p95)]
    }

    private func breakdown(_ b: Breakdown, none: String) -> [String: Any] {
        list(b.rows) {
            ["name": $0.name.isEmpty ? none : clean($0.name), "todo": $0.todo, "doing": $0.doing,
             "done": $0.done, "other": $0.other, "total": $0.total, "overdue": $0.overdue]
        }
    }

    /// The rows of "since last week", each named in the locale's words.
    private var sinceLastWeekRows: [(name: String, figure: SinceLastWeek.Figure)] {
        let s = report.sinceLastWeek
        return [(locale.label("created"), s.created), (locale.label("completed"), s.completed),
                (locale.label("overdue"), s.overdue), (locale.label("doing"), s.inProgress)]
    }

    /// Aligned plain-text tables (`{{{tables.NAME}}}`) for the terminal template.
    private func textTables(_ c: [String: Any]) -> [String: String] {
        let r = report
        let L = locale.labels
        func l(_ k: String) -> String { L[k] ?? k }
        let weekHeads = r.weeks.map { "W\($0.isoWeek)" }
        var t: [String: String] = [:]
        t["counts"] = TextTable(header: [l("state"), l("category"), l("count")],
                                rows: r.counts.rows.map { [clean($0.name), locale.category($0.category), String($0.count)] },
                                rightAligned: [2]).text
        t["wip"] = TextTable(header: [l("state"), l("count"), l("limit")],
                             rows: r.wip.rows.map { [clean($0.name), String($0.count),
                                                     ($0.limit.map(String.init) ?? "—") + ($0.overLimit ? " ⚠ " + l("overLimit") : "")] },
                             rightAligned: [1]).text
        t["sinceLastWeek"] = TextTable(header: ["", l("thisWeek"), l("lastWeek"), l("change")],
                                       rows: sinceLastWeekRows.map { [$0.name, String($0.figure.now), String($0.figure.lastWeek), signed($0.figure.change)] },
                                       rightAligned: [1, 2, 3]).text
        t["overdue"] = TextTable(header: [l("daysOverdue"), l("card"), l("state"), l("assignees"), l("due")],
                                 rows: r.overdue.items.prefix(listLimit).map {
                                     [String($0.daysOverdue), TextTable.clip(name($0.card), 40), clean($0.card.stateName),
                                      clean($0.card.assignees.joined(separator: ", ")), locale.due($0.due, zone: Zone.named(r.timeZone) ?? .utc)]
                                 }, rightAligned: [0]).text
        t["dueSoon"] = TextTable(header: [l("daysLeft"), l("card"), l("state"), l("assignees"), l("due")],
                                 rows: r.dueSoon.items.prefix(listLimit).map {
                                     [$0.daysLeft == 0 ? l("today") : String($0.daysLeft), TextTable.clip(name($0.card), 40),
                                      clean($0.card.stateName), clean($0.card.assignees.joined(separator: ", ")),
                                      locale.due($0.due, zone: Zone.named(r.timeZone) ?? .utc)]
                                 }, rightAligned: [0]).text
        t["doneThisWeek"] = TextTable(header: [l("completed"), l("card"), l("cycleTime"), l("leadTime")],
                                      rows: r.doneThisWeek.items.prefix(listLimit).map {
                                          [locale.dateTime($0.completed), TextTable.clip(name($0.card), 40),
                                           days($0.cycleDays), days($0.leadDays)]
                                      }, rightAligned: [2, 3]).text
        let cvc = r.createdVsCompleted
        t["createdVsCompleted"] = TextTable(header: [l("week"), l("created"), l("completed"), l("net")],
                                            rows: r.weeks.indices.map { k in
                                                ["\(r.weeks[k].label) \(locale.shortDate(r.weeks[k].monday))",
                                                 String(cvc.created[k]), String(cvc.completed[k]), signed(cvc.net[k])]
                                            }, rightAligned: [1, 2, 3]).text
        t["throughput"] = TextTable(header: [l("state")] + weekHeads + [l("total")],
                                    rows: r.throughput.rows.map { [clean($0.name)] + $0.perWeek.map(String.init) + [String($0.total)] },
                                    rightAligned: Set(1...(weekHeads.count + 1))).text
        t["flow"] = TextTable(header: [l("state")] + weekHeads,
                              rows: r.flow.bands.map { [clean($0.name)] + $0.atWeekEnd.map(String.init) },
                              rightAligned: Set(1...max(1, weekHeads.count))).text
        t["flowTimes"] = TextTable(header: ["", l("count"), "p50", "p70", "p85", "p95"],
                                   rows: [(l("cycleTime"), r.flowTimes.cycleTime), (l("leadTime"), r.flowTimes.leadTime)].map { name, s in
                                       [name, String(s.count), days(s.p50), days(s.p70), days(s.p85), days(s.p95)]
                                   }, rightAligned: [1, 2, 3, 4, 5]).text
        t["aging"] = TextTable(header: [l("ageDays"), l("daysInState"), l("card"), l("state"), l("assignees")],
                               rows: r.aging.items.prefix(listLimit).map {
                                   [days($0.ageDays), days($0.daysInState), TextTable.clip(name($0.card), 40),
                                    clean($0.card.stateName), clean($0.card.assignees.joined(separator: ", "))]
                               }, rightAligned: [0, 1]).text
        func breakdownTable(_ b: Breakdown, _ head: String, _ none: String) -> String {
            TextTable(header: [head, l("todo"), l("doing"), l("done"), l("total"), l("overdue")],
                      rows: b.rows.prefix(listLimit).map {
                          [$0.name.isEmpty ? none : clean($0.name), String($0.todo), String($0.doing), String($0.done),
                           String($0.total), String($0.overdue)]
                      }, rightAligned: [1, 2, 3, 4, 5]).text
        }
        t["perAssignee"] = breakdownTable(r.perAssignee, l("assignee"), l("unassigned"))
        t["perLabel"] = breakdownTable(r.perLabel, l("labelName"), l("noLabel"))
        t["forecast"] = r.forecast.map {
            TextTable(header: [l("chance"), l("doneBy")], rows: ForecastOutput.dateRows($0, locale), rightAligned: [0]).text
        } ?? ""
        return t
    }
}
