import BoardLocale
import BoardModel
import BoardIO

/// The whole computed report as JSON (`boardkit-report/1`), for scripts and dashboards. The
/// schema is templates/schema/report-1.schema.json; docs/report.md explains every field.
public enum ReportJSON {
    public static let formatID = "boardkit-report/1"

    public static func render(_ r: WeeklyReport, locale: ReportLocale = .en) -> [UInt8] {
        let zone = Zone.named(r.timeZone) ?? .utc
        var j = JSONWriter(capacity: 4096 + r.overdue.items.count * 200 + r.flowTimes.finished.count * 220)
        j.beginObject()
        j.member("format", formatID)
        j.key("board")
        j.beginObject()
        j.member("id", r.boardID)
        j.member("name", r.boardName)
        if let filter = r.filter { j.member("filter", filter) }
        j.member("timezone", r.timeZone)
        j.member("cards", r.cardCount)
        j.member("cardsWithHistory", r.cardsWithHistory)
        j.member("events", r.eventCount)
        j.endObject()
        j.member("asOf", r.asOf.description)
        j.member("asOfDate", r.asOfDate.description)
        j.member("locale", locale.rawValue)
        j.key("weeks")
        j.beginArray()
        for w in r.weeks {
            j.beginObject(.compact)
            j.member("week", w.label)
            j.member("start", w.monday.description)
            j.member("end", w.monday.addingDays(6).description)
            j.endObject()
        }
        j.endArray()

        j.key("counts")
        j.beginObject()
        j.member("total", r.counts.total)
        j.member("archived", r.counts.archived)
        j.key("byCategory")
        j.beginObject()
        j.member("todo", r.counts.todo)
        j.member("doing", r.counts.doing)
        j.member("done", r.counts.done)
        j.member("unknown", r.counts.unknown)
        j.endObject()
        j.key("byState")
        j.beginArray()
        for row in r.counts.rows {
            j.beginObject()
            j.member("state", row.stateID)
            j.member("name", row.name)
            j.member("category", row.category?.rawValue)
            j.member("count", row.count)
            j.endObject()
        }
        j.endArray()
        j.endObject()

        j.key("wip")
        j.beginArray()
        for row in r.wip.rows {
            j.beginObject()
            j.member("state", row.stateID)
            j.member("name", row.name)
            j.member("count", row.count)
            j.member("limit", row.limit)
            j.member("overLimit", row.overLimit)
            j.endObject()
        }
        j.endArray()

        j.key("sinceLastWeek")
        j.beginObject()
        for (name, figure) in [("created", r.sinceLastWeek.created), ("completed", r.sinceLastWeek.completed),
                               ("overdue", r.sinceLastWeek.overdue), ("inProgress", r.sinceLastWeek.inProgress)] {
            j.key(named: name)
            j.beginObject(.line)
            j.member("thisWeek", figure.now)
            j.member("lastWeek", figure.lastWeek)
            j.member("change", figure.change)
            j.endObject()
        }
        j.endObject()

        j.key("overdue")
        j.beginObject()
        j.member("count", r.overdue.items.count)
        j.key("items")
        j.beginArray()
        for item in r.overdue.items {
            j.beginObject(.compact)
            card(item.card, into: &j)
            j.member("due", item.due.description)
            j.member("dueLocal", localDue(item.due, zone))
            j.member("daysOverdue", item.daysOverdue)
            j.endObject()
        }
        j.endArray()
        j.endObject()

        j.key("dueSoon")
        j.beginObject()
        j.member("days", r.dueSoon.days)
        j.member("count", r.dueSoon.items.count)
        j.key("items")
        j.beginArray()
        for item in r.dueSoon.items {
            j.beginObject(.compact)
            card(item.card, into: &j)
            j.member("due", item.due.description)
            j.member("dueLocal", localDue(item.due, zone))
            j.member("daysLeft", item.daysLeft)
            j.endObject()
        }
        j.endArray()
        j.endObject()

        j.key("doneThisWeek")
        j.beginObject()
        j.member("count", r.doneThisWeek.items.count)
        j.key("items")
        j.beginArray()
        for f in r.doneThisWeek.items { finished(f, into: &j) }
        j.endArray()
        j.endObject()

        j.key("createdVsCompleted")
        j.beginArray()
        for (k, w) in r.weeks.enumerated() {
            j.beginObject(.compact)
            j.member("week", w.label)
            j.member("created", r.createdVsCompleted.created[k])
            j.member("completed", r.createdVsCompleted.completed[k])
            j.member("net", r.createdVsCompleted.net[k])
            j.endObject()
        }
        j.endArray()

        j.key("throughput")
        j.beginObject()
        j.key("states")
        j.beginArray()
        for row in r.throughput.rows {
            j.beginObject()
            j.member("state", row.stateID)
            j.member("name", row.name)
            j.member("category", row.category?.rawValue)
            j.member("perWeek", row.perWeek)
            j.member("total", row.total)
            j.endObject()
        }
        j.endArray()
        j.member("completedPerWeek", r.throughput.completedPerWeek)
        j.endObject()

        j.key("cumulativeFlow")
        j.beginObject()
        j.key("states")
        j.beginArray()
        for band in r.flow.bands {
            j.beginObject()
            j.member("state", band.stateID)
            j.member("name", band.name)
            j.member("category", band.category?.rawValue)
            j.member("atWeekEnd", band.atWeekEnd)
            j.endObject()
        }
        j.endArray()
        j.endObject()

        summary("cycleTime", r.flowTimes.cycleTime, into: &j)
        summary("leadTime", r.flowTimes.leadTime, into: &j)
        j.key("finished")
        j.beginArray()
        for f in r.flowTimes.finished { finished(f, into: &j) }
        j.endArray()

        j.key("aging")
        j.beginArray()
        for item in r.aging.items {
            j.beginObject(.compact)
            card(item.card, into: &j)
            j.member("ageDays", days: item.ageDays)
            j.member("daysInState", days: item.daysInState)
            j.endObject()
        }
        j.endArray()

        breakdown("perAssignee", r.perAssignee, into: &j)
        breakdown("perLabel", r.perLabel, into: &j)

        j.key("forecast")
        if let forecast = r.forecast {
            j.beginObject()
            ForecastOutput.members(forecast, into: &j)
            j.endObject()
        } else {
            j.null()
        }
        j.key("notes")
        j.beginArray()
        for note in r.notes {
            j.beginObject()
            j.member("code", note.code)
            if let n = note.count { j.member("count", n) }
            if case .unknownStates(let ids) = note { j.member("states", ids) }
            j.member("message", locale.sentence(note))
            j.endObject()
        }
        j.endArray()
        j.endObject()
        j.endDocument()
        return j.finish()
    }

    private static func localDue(_ due: DueDate, _ zone: Zone) -> String {
        switch due {
        case .date(let d): return d.description
        case .instant(let i): return zone.localize(i).description
        }
    }

    private static func card(_ c: ReportCard, into j: inout JSONWriter) {
        j.member("id", c.id)
        j.member("title", c.title)
        j.member("state", c.stateID)
        j.member("stateName", c.stateName)
        j.member("assignees", c.assignees)
        j.member("labels", c.labels)
        if c.checklistItems > 0 {
            j.key("checklist")
            j.beginObject(.compact)
            j.member("done", c.checklistDone)
            j.member("items", c.checklistItems)
            j.endObject()
        }
    }

    private static func finished(_ f: FlowTimes.Finished, into j: inout JSONWriter) {
        j.beginObject(.compact)
        card(f.card, into: &j)
        j.member("completed", f.completed.description)
        j.member("cycleDays", days: f.cycleDays)
        j.member("leadDays", days: f.leadDays)
        j.endObject()
    }

    private static func summary(_ key: StaticString, _ s: PercentileSummary, into j: inout JSONWriter) {
        j.key(key)
        j.beginObject()
        j.member("count", s.count)
        j.member("p50", days: s.p50)
        j.member("p70", days: s.p70)
        j.member("p85", days: s.p85)
        j.member("p95", days: s.p95)
        j.endObject()
    }

    private static func breakdown(_ key: StaticString, _ b: Breakdown, into j: inout JSONWriter) {
        j.key(key)
        j.beginArray()
        for row in b.rows {
            j.beginObject(.compact)
            j.member("name", row.name.isEmpty ? nil : row.name)
            j.member("todo", row.todo)
            j.member("doing", row.doing)
            j.member("done", row.done)
            j.member("other", row.other)
            j.member("total", row.total)
            j.member("overdue", row.overdue)
            j.endObject()
        }
        j.endArray()
    }
}

extension JSONWriter {
    /// `"name": 12.5`: a day count with one decimal (`DayFormat`), or null when absent.
    fileprivate mutating func member(_ name: StaticString, days value: Double?) {
        key(name)
        if let value, value.isFinite { json(DayFormat.oneDecimal(value)) } else { null() }
    }
}
