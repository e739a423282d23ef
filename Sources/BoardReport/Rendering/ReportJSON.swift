import BoardModel

/// The whole computed report as JSON (`boardkit-report/1`), for scripts and dashboards. The
/// schema is templates/schema/report-1.schema.json; docs/report.md explains every field.
public enum ReportJSON {
    public static let formatID = "boardkit-report/1"

    public static func render(_ r: WeeklyReport, locale: ReportLocale = .en) -> [UInt8] {
        let zone = Zone(identifier: r.timeZone) ?? .utc
        var j = JSONBuffer(capacity: 4096 + r.overdue.items.count * 200 + r.flowTimes.finished.count * 220)
        j.beginObject()
        j.string("format", formatID)
        j.beginObject("board")
        j.string("id", r.boardID)
        j.string("name", r.boardName)
        j.string("timezone", r.timeZone)
        j.int("cards", r.cardCount)
        j.int("cardsWithHistory", r.cardsWithHistory)
        j.int("events", r.eventCount)
        j.endObject()
        j.string("asOf", r.asOf.description)
        j.string("asOfDate", r.asOfDate.description)
        j.string("locale", locale.rawValue)
        j.beginArray("weeks")
        for w in r.weeks {
            j.beginObject(inline: true)
            j.string("week", w.label)
            j.string("start", w.monday.description)
            j.string("end", w.monday.addingDays(6).description)
            j.endObject()
        }
        j.endArray()

        j.beginObject("counts")
        j.int("total", r.counts.total)
        j.int("archived", r.counts.archived)
        j.beginObject("byCategory")
        j.int("todo", r.counts.todo)
        j.int("doing", r.counts.doing)
        j.int("done", r.counts.done)
        j.int("unknown", r.counts.unknown)
        j.endObject()
        j.beginArray("byState")
        for row in r.counts.rows {
            j.beginObject()
            j.string("state", row.stateID)
            j.string("name", row.name)
            j.string("category", row.category?.rawValue)
            j.int("count", row.count)
            j.endObject()
        }
        j.endArray()
        j.endObject()

        j.beginArray("wip")
        for row in r.wip.rows {
            j.beginObject()
            j.string("state", row.stateID)
            j.string("name", row.name)
            j.int("count", row.count)
            j.int("limit", row.limit)
            j.bool("overLimit", row.overLimit)
            j.endObject()
        }
        j.endArray()

        j.beginObject("overdue")
        j.int("count", r.overdue.items.count)
        j.beginArray("items")
        for item in r.overdue.items {
            j.beginObject(inline: true)
            card(item.card, into: &j)
            j.string("due", item.due.description)
            j.string("dueLocal", localDue(item.due, zone))
            j.int("daysOverdue", item.daysOverdue)
            j.endObject()
        }
        j.endArray()
        j.endObject()

        j.beginObject("dueSoon")
        j.int("days", r.dueSoon.days)
        j.int("count", r.dueSoon.items.count)
        j.beginArray("items")
        for item in r.dueSoon.items {
            j.beginObject(inline: true)
            card(item.card, into: &j)
            j.string("due", item.due.description)
            j.string("dueLocal", localDue(item.due, zone))
            j.int("daysLeft", item.daysLeft)
            j.endObject()
        }
        j.endArray()
        j.endObject()

        j.beginObject("doneThisWeek")
        j.int("count", r.doneThisWeek.items.count)
        j.beginArray("items")
        for f in r.doneThisWeek.items { finished(f, into: &j) }
        j.endArray()
        j.endObject()

        j.beginArray("createdVsCompleted")
        for (k, w) in r.weeks.enumerated() {
            j.beginObject(inline: true)
            j.string("week", w.label)
            j.int("created", r.createdVsCompleted.created[k])
            j.int("completed", r.createdVsCompleted.completed[k])
            j.int("net", r.createdVsCompleted.net[k])
            j.endObject()
        }
        j.endArray()

        j.beginObject("throughput")
        j.beginArray("states")
        for row in r.throughput.rows {
            j.beginObject()
            j.string("state", row.stateID)
            j.string("name", row.name)
            j.string("category", row.category?.rawValue)
            j.ints("perWeek", row.perWeek)
            j.int("total", row.total)
            j.endObject()
        }
        j.endArray()
        j.ints("completedPerWeek", r.throughput.completedPerWeek)
        j.endObject()

        j.beginObject("cumulativeFlow")
        j.beginArray("states")
        for band in r.flow.bands {
            j.beginObject()
            j.string("state", band.stateID)
            j.string("name", band.name)
            j.string("category", band.category?.rawValue)
            j.ints("atWeekEnd", band.atWeekEnd)
            j.endObject()
        }
        j.endArray()
        j.endObject()

        summary("cycleTime", r.flowTimes.cycleTime, into: &j)
        summary("leadTime", r.flowTimes.leadTime, into: &j)
        j.beginArray("finished")
        for f in r.flowTimes.finished { finished(f, into: &j) }
        j.endArray()

        j.beginArray("aging")
        for item in r.aging.items {
            j.beginObject(inline: true)
            card(item.card, into: &j)
            j.days("ageDays", item.ageDays)
            j.days("daysInState", item.daysInState)
            j.endObject()
        }
        j.endArray()

        breakdown("perAssignee", r.perAssignee, into: &j)
        breakdown("perLabel", r.perLabel, into: &j)

        j.beginArray("notes")
        for note in r.notes {
            j.beginObject()
            j.string("code", note.code)
            if let n = note.count { j.int("count", n) }
            if case .unknownStates(let ids) = note { j.strings("states", ids) }
            j.string("message", locale.sentence(note))
            j.endObject()
        }
        j.endArray()
        j.endObject()
        return j.finish()
    }

    private static func localDue(_ due: DueDate, _ zone: Zone) -> String {
        switch due {
        case .date(let d): return d.description
        case .instant(let i): return zone.localize(i).description
        }
    }

    private static func card(_ c: ReportCard, into j: inout JSONBuffer) {
        j.string("id", c.id)
        j.string("title", c.title)
        j.string("state", c.stateID)
        j.string("stateName", c.stateName)
        j.strings("assignees", c.assignees)
        j.strings("labels", c.labels)
    }

    private static func finished(_ f: FlowTimes.Finished, into j: inout JSONBuffer) {
        j.beginObject(inline: true)
        card(f.card, into: &j)
        j.string("completed", f.completed.description)
        j.days("cycleDays", f.cycleDays)
        j.days("leadDays", f.leadDays)
        j.endObject()
    }

    private static func summary(_ key: String, _ s: PercentileSummary, into j: inout JSONBuffer) {
        j.beginObject(key)
        j.int("count", s.count)
        j.days("p50", s.p50)
        j.days("p70", s.p70)
        j.days("p85", s.p85)
        j.days("p95", s.p95)
        j.endObject()
    }

    private static func breakdown(_ key: String, _ b: Breakdown, into j: inout JSONBuffer) {
        j.beginArray(key)
        for row in b.rows {
            j.beginObject(inline: true)
            j.string("name", row.name.isEmpty ? nil : row.name)
            j.int("todo", row.todo)
            j.int("doing", row.doing)
            j.int("done", row.done)
            j.int("other", row.other)
            j.int("total", row.total)
            j.int("overdue", row.overdue)
            j.endObject()
        }
        j.endArray()
    }
}
