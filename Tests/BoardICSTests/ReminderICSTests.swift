import BoardTestSupport
import Foundation
import Testing

/// A card's reminders in calendars: one VALARM each, read by `icalendar` (not boardkit's
/// code) at the moments they name, and read back as set; another app's alarms become the
/// card's reminders.
@Suite struct ReminderICSTests {
    static let board = """
        {"format": "boardkit/2", "board": {"id": "t", "name": "T", "timezone": "Asia/Seoul"},
         "states": [{"id": "todo", "name": "To do", "category": "todo"}],
         "cards": [
          {"id": "a", "title": "A", "state": "todo", "due": "2026-12-04T18:00:00+09:00", "reminders": ["-PT2H", "2026-12-01T09:00:00+09:00"]},
          {"id": "b", "title": "B", "state": "todo", "due": "2026-12-04", "reminders": ["-P1D"]},
          {"id": "c", "title": "C", "state": "todo", "due": "2026-12-05"}
         ]}
        """

    func reminders(_ json: Data) throws -> [String: [String]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let cards = doc["cards"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: cards.map { ($0["title"] as? String ?? "", $0["reminders"] as? [String] ?? []) })
    }

    @Test(arguments: ["event", "todo"]) func aCardsOwnRemindersReplaceTheFeedsAlarmAndReadBack(_ component: String) throws {
        let tmp = try TemporaryFolder()
        try Self.board.write(toFile: tmp.path("b.json"), atomically: true, encoding: .utf8)
        let written = try CommandRunner.boardkit(["convert", tmp.path("b.json"), tmp.path("b.ics"), "--alarm=-PT30M", "--component", component])
        #expect(written.status == 0, "\(written.stderr)")
        let oracle = try CommandRunner.python("ics_icalendar_check.py", [tmp.path("b.ics")])
        let items = try #require((try JSONSerialization.jsonObject(with: oracle.stdout) as? [String: Any])?["items"] as? [[String: Any]])
        let alarms = Dictionary(uniqueKeysWithValues: items.map { ($0["summary"] as? String ?? "", $0["alarms"] as? [String] ?? []) })
        // A: two hours before its due, and Tuesday 09:00 in Seoul; B, due on a day: Thursday
        // 09:00 in Seoul (00:00 UTC); C has none of its own: the feed's half hour.
        #expect(alarms["A"] == ["-PT2H", "20261201T000000Z"], "\(alarms)")
        #expect(alarms["B"] == ["20261203T000000Z"])
        #expect(alarms["C"] == ["-PT30M"])
        #expect(try CommandRunner.boardkit(["convert", tmp.path("b.ics"), tmp.path("back.json")]).status == 0)
        let back = try reminders(Data(contentsOf: URL(fileURLWithPath: tmp.path("back.json"))))
        #expect(back["A"] == ["-PT2H", "2026-12-01T09:00:00+09:00"] && back["B"] == ["-P1D"], "\(back)")
    }

    @Test func anotherAppsAlarmsAreTheCardsReminders() throws {
        let tmp = try TemporaryFolder()
        // Thunderbird's kind (relative to the due) and Apple Reminders' (a moment), and a
        // sync's feed-wide alarm, which is the sync's setting, not the card's.
        let ics = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
            "BEGIN:VTODO", "UID:t1", "SUMMARY:Renew passport", "DUE:20261210T090000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:-PT15M", "END:VALARM",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;VALUE=DATE-TIME:20261130T010000Z", "END:VALARM",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:-P1D", "X-BOARDKIT-ALARM:TRUE", "END:VALARM",
            "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        try ics.write(toFile: tmp.path("t.ics"), atomically: true, encoding: .utf8)
        #expect(try CommandRunner.boardkit(["convert", tmp.path("t.ics"), tmp.path("t.json")]).status == 0)
        let read = try reminders(Data(contentsOf: URL(fileURLWithPath: tmp.path("t.json"))))
        #expect(read["Renew passport"]?.count == 2 && read["Renew passport"]?.first == "-PT15M", "\(read)")
        #expect(read["Renew passport"]?.last?.hasPrefix("2026-11-30T") == true)
    }
}
