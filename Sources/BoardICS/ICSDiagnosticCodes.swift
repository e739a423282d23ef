import BoardModel

// Codes of the iCalendar reader and writer (RFC 5545). Locations are `file:line`, the line
// being the physical line where the content line (or the component) starts.
extension DiagnosticCode {
    public static let icsNotICalendar = DiagnosticCode(
        "ics-not-icalendar", .error, "The file does not start with BEGIN:VCALENDAR.")
    public static let icsNotText = DiagnosticCode(
        "ics-not-text", .error, "The file holds binary data (NUL bytes or invalid UTF-8), not iCalendar text.")
    public static let icsLineTooLong = DiagnosticCode(
        "ics-line-too-long", .error, "A content line (after unfolding) is longer than 1 MiB; reading stopped.")
    public static let icsMalformedLine = DiagnosticCode(
        "ics-malformed-line", .error, "A content line is not NAME[;PARAM=VALUE…]:VALUE.")
    public static let icsComponentMismatch = DiagnosticCode(
        "ics-component-mismatch", .error, "An END does not match the BEGIN it closes.")
    public static let icsUnterminatedComponent = DiagnosticCode(
        "ics-unterminated-component", .error, "The file ends inside a component (a BEGIN without its END).")
    public static let icsContentOutsideCalendar = DiagnosticCode(
        "ics-content-outside-calendar", .warning,
        "Components or properties outside any VCALENDAR (after its END, with no BEGIN:VCALENDAR around them) are not read; the message counts them. A second calendar is read.")
    public static let icsUnknownTZID = DiagnosticCode(
        "ics-unknown-tzid", .warning,
        "A TZID names neither a VTIMEZONE of the file nor an IANA zone; the time was read in the board's zone.")
    public static let icsRecurrenceNotExpanded = DiagnosticCode(
        "ics-recurrence-not-expanded", .warning,
        "A recurring item (RRULE/RDATE) became one card due at its first occurrence; overrides (RECURRENCE-ID) were left out.")
    public static let icsDuplicateUID = DiagnosticCode(
        "ics-duplicate-uid", .warning, "Two items share a UID; the later one got a suffixed card id.")
    public static let icsNoDate = DiagnosticCode(
        "ics-no-date", .warning, "An event or to-do has no date; it became a card without a due date.")
    public static let icsComponentIgnored = DiagnosticCode(
        "ics-component-ignored", .warning, "Components other than VEVENT and VTODO (VJOURNAL, VFREEBUSY…) are not read; the message counts them.")
    public static let icsBadAlarm = DiagnosticCode(
        "ics-bad-alarm", .error, "An --alarm value is not an ISO 8601 duration such as -P1D or -PT2H.")

    /// The iCalendar codes, for `boardkit codes` and the documentation.
    public static let icsCodes: [DiagnosticCode] = [
        .icsNotICalendar, .icsNotText, .icsLineTooLong, .icsMalformedLine, .icsComponentMismatch,
        .icsUnterminatedComponent, .icsContentOutsideCalendar, .icsUnknownTZID,
        .icsRecurrenceNotExpanded, .icsDuplicateUID, .icsNoDate, .icsComponentIgnored, .icsBadAlarm,
    ]
}
