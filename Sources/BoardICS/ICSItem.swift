import BoardModel

/// A VEVENT or VTODO as read, before dates are resolved and it becomes a card.
struct ICSItem {
    var isTodo: Bool
    /// Line of its BEGIN.
    var line: Int
    var uid: String?
    var summary = ""
    var description = ""
    var start: ICSRawDate?
    var end: ICSRawDate?
    var due: ICSRawDate?
    /// A VTODO's DURATION as written: with DTSTART and no DUE, it is due at their sum.
    var duration: String?
    var created: ICSRawDate?
    var lastModified: ICSRawDate?
    var completed: ICSRawDate?
    /// STATUS, upper-cased.
    var status: String?
    var categories: [String] = []
    var url: String?
    /// RRULE or RDATE seen: one card stands for the whole series.
    var recurs = false
    /// RECURRENCE-ID seen (kept as written in `fields`): a changed occurrence of the series
    /// with the same UID, left out when that series is in the file, a card of its own when not.
    var changesOccurrence = false
    // boardkit's own properties.
    var boardkitState: String?
    var boardkitStart: String?
    var assignees: [String] = []
    var dueComplete = false
    /// The conversation: COMMENT, ATTACH (by reference) and RELATED-TO (`RELTYPE`, the UID).
    var comments: [ICSConversation.Comment] = []
    var attachments: [Attachment] = []
    var relations: [(type: LinkType, uid: String)] = []
    /// Every other property, by name (repeats joined by a line break).
    var fields: [String: String] = [:]
    /// Its VALARMs, in order.
    var alarms: [ICSAlarm] = []

    init(isTodo: Bool, line: Int) {
        self.isTodo = isTodo
        self.line = line
    }

    mutating func keep(_ name: String, _ value: String) {
        if let old = fields[name] { fields[name] = old + "\n" + value } else { fields[name] = value }
    }
}

/// A state a boardkit feed declares (`X-BOARDKIT-STATE-DEF`).
struct ICSStateDefinition {
    var id: String
    var name: String
    var category: StateCategory
    var wipLimit: Int?
}

/// A VTIMEZONE as read.
struct ICSZoneDefinition {
    var tzid: String
    var location: String?
    var rules = ICSTimeZoneRules()
}

/// One VALARM of an item, as much as a reminder needs of it.
struct ICSAlarm {
    /// TRIGGER's duration as written (`-P1D`), relative to the item's start or end.
    var trigger: String?
    /// TRIGGER's RELATED (START, the default, or END).
    var relatedToEnd = false
    /// TRIGGER with `VALUE=DATE-TIME`: the moment itself.
    var at: ICSRawDate?
    /// The reminder boardkit wrote (`X-BOARDKIT-REMINDER`), exactly, where TRIGGER had to be a
    /// moment (a date-only due counts from 09:00 in the board's zone).
    var boardkitReminder: String?
    /// A reminder written for every to-do from a sync's `--alarm` (`X-BOARDKIT-ALARM`): the
    /// sync's setting, not the card's.
    var isFeedAlarm = false
}
