import BoardModel

/// The language boardkit speaks to people in: the report's labels, how dates and due dates are
/// written, the names of state categories. The report, the terminal's `history` and `show`,
/// and the board page all say them from here; the sentences about what a report noticed and
/// the forecast's sentences extend it in BoardReport, beside what they describe.
public enum ReportLocale: String, Sendable, CaseIterable {
    case en, ko

    /// Every label the templates can use, as `{{label.NAME}}`.
    public var labels: [String: String] {
        switch self {
        case .en: return Self.english
        case .ko: return Self.korean
        }
    }

    public func label(_ key: String) -> String { labels[key] ?? key }

    private static let english: [String: String] = [
        "title": "Weekly report", "asOf": "As of", "timezone": "Time zone", "weeks": "Weeks",
        "counts": "Cards per state", "state": "State", "category": "Category", "count": "Cards",
        "total": "Total", "archived": "Archived", "todo": "To do", "doing": "In progress",
        "done": "Done", "unknown": "Unknown state", "wip": "Work in progress", "limit": "WIP limit",
        "overLimit": "over limit", "overdue": "Overdue", "card": "Card", "assignees": "Assignees",
        "due": "Due", "daysOverdue": "Days overdue", "dueSoon": "Due soon", "daysLeft": "Days left",
        "doneThisWeek": "Done this week", "completed": "Completed", "createdVsCompleted": "Created vs completed",
        "week": "Week", "created": "Created", "net": "Net", "throughput": "Throughput per state per week",
        "cumulativeFlow": "Cumulative flow", "cycleTime": "Cycle time", "leadTime": "Lead time",
        "days": "days", "ageDays": "Age (days)", "daysInState": "Days in state",
        "aging": "Aging work in progress", "perAssignee": "Per assignee", "perLabel": "Per label",
        "assignee": "Assignee", "labelName": "Label", "unassigned": "(unassigned)", "noLabel": "(no label)",
        "notes": "About this report", "none": "None.", "more": "more", "cycleScatter": "Cycle time of finished cards",
        "percentile": "Percentile", "cards": "cards", "events": "events", "board": "Board",
        "finished": "Finished cards", "metric": "Metric", "value": "Value", "summary": "Summary",
        "other": "Other", "today": "today", "weekStart": "Starts",
        "forecast": "Forecast", "chance": "Chance", "doneBy": "Done by", "sample": "Sample",
        "shareFinished": "Share of trials done by each date", "date": "Date",
        "reminder": "Cards due", "reminderFor": "Your cards due on", "dueToday": "Due today",
        "dueThisWeek": "Due this week", "reminderFooter": "Sent by boardkit remind.",
        "reminderUnassignedFor": "Cards due with no assignee on",
        "cardReminder": "Reminder", "cardReminderFor": "a reminder set on a card of",
        "sinceLastWeek": "Since last week", "thisWeek": "This week", "lastWeek": "Last week", "change": "Change",
    ]

    private static let korean: [String: String] = [
        "title": "주간 보고서", "asOf": "기준 시각", "timezone": "시간대", "weeks": "주",
        "counts": "상태별 카드 수", "state": "상태", "category": "분류", "count": "카드",
        "total": "합계", "archived": "보관됨", "todo": "할 일", "doing": "진행 중",
        "done": "완료", "unknown": "알 수 없는 상태", "wip": "진행 중인 작업", "limit": "WIP 한도",
        "overLimit": "한도 초과", "overdue": "기한 지남", "card": "카드", "assignees": "담당자",
        "due": "마감", "daysOverdue": "지난 일수", "dueSoon": "곧 마감", "daysLeft": "남은 일수",
        "doneThisWeek": "이번 주 완료", "completed": "완료", "createdVsCompleted": "생성 대비 완료",
        "week": "주", "created": "생성", "net": "증감", "throughput": "주별 상태 진입 수 (처리량)",
        "cumulativeFlow": "누적 흐름도", "cycleTime": "사이클 타임", "leadTime": "리드 타임",
        "days": "일", "ageDays": "경과 일수", "daysInState": "현 상태 일수",
        "aging": "오래된 진행 중 작업", "perAssignee": "담당자별", "perLabel": "라벨별",
        "assignee": "담당자", "labelName": "라벨", "unassigned": "(담당자 없음)", "noLabel": "(라벨 없음)",
        "notes": "이 보고서에 대하여", "none": "없음.", "more": "건 더", "cycleScatter": "완료 카드의 사이클 타임",
        "percentile": "백분위", "cards": "카드", "events": "이벤트", "board": "보드",
        "finished": "완료된 카드", "metric": "지표", "value": "값", "summary": "요약",
        "other": "기타", "today": "오늘", "weekStart": "시작일",
        "forecast": "완료 예측", "chance": "확률", "doneBy": "완료 예상일", "sample": "표본",
        "shareFinished": "날짜별 완료된 시행의 비율", "date": "날짜",
        "reminder": "마감 알림", "reminderFor": "마감이 다가온 담당 카드:", "dueToday": "오늘 마감",
        "dueThisWeek": "이번 주 마감", "reminderFooter": "boardkit remind가 보낸 메일입니다.",
        "reminderUnassignedFor": "담당자 없이 마감이 다가온 카드:",
        "cardReminder": "알림", "cardReminderFor": "카드에 설정한 알림, 보드:",
        "sinceLastWeek": "지난주 대비", "thisWeek": "이번 주", "lastWeek": "지난주", "change": "변화",
    ]

    private static let weekdaysEN = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let weekdaysKO = ["월", "화", "수", "목", "금", "토", "일"]

    /// `2026-11-20 (Fri)` or `2026년 11월 20일 (금)`.
    public func date(_ d: CalendarDate) -> String {
        switch self {
        case .en: return "\(d) (\(Self.weekdaysEN[d.isoWeekday - 1]))"
        case .ko: return "\(d.year)년 \(d.month)월 \(d.day)일 (\(Self.weekdaysKO[d.isoWeekday - 1]))"
        }
    }

    /// A short day for chart axes and week columns: `Nov 16` or `11/16`.
    public func shortDate(_ d: CalendarDate) -> String {
        switch self {
        case .en:
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            return "\(months[d.month - 1]) \(d.day)"
        case .ko: return "\(d.month)/\(d.day)"
        }
    }

    /// A moment as a wall-clock reading in its own offset: `2026-11-20 18:00 (+09:00)`.
    public func dateTime(_ i: Instant) -> String {
        let t = i.local
        let hm = "\(t.hour < 10 ? "0" : "")\(t.hour):\(t.minute < 10 ? "0" : "")\(t.minute)"
        var offset: [UInt8] = []
        ISO8601.appendOffset(i.offsetSeconds, to: &offset)
        let zone = String(decoding: offset, as: UTF8.self)
        switch self {
        case .en: return "\(date(t.date)) \(hm) (\(zone == "Z" ? "UTC" : zone))"
        case .ko: return "\(date(t.date)) \(hm) (\(zone == "Z" ? "UTC" : zone))"
        }
    }

    /// A due date as the lists show it: the date, plus the time for a due with a time.
    public func due(_ due: DueDate, zone: Zone) -> String {
        switch due {
        case .date(let d): return date(d)
        case .instant(let i):
            let local = zone.local(i)
            let hm = "\(local.hour < 10 ? "0" : "")\(local.hour):\(local.minute < 10 ? "0" : "")\(local.minute)"
            return "\(date(local.date)) \(hm)"
        }
    }

    /// A reminder as people read it: when it goes (`2026-12-03 (Thu) 09:00`), after its
    /// text when it is relative to the due (`-P1D: …`); "no due" when it cannot go.
    public func reminder(_ r: Reminder, due: DueDate?, zone: Zone) -> String {
        let when = r.moment(due: due, zone: zone).map { self.due(.instant($0), zone: zone) } ?? (self == .ko ? "마감 없음" : "no due")
        if case .at = r { return when }
        return "\(r): \(when)"
    }

    /// A category's name.
    public func category(_ c: StateCategory?) -> String {
        switch c {
        case .todo?: return label("todo")
        case .doing?: return label("doing")
        case .done?: return label("done")
        case nil: return label("unknown")
        }
    }
}
