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

/// Trello's one reminder (`dueReminder`, minutes before the due) and boardkit's exact list
/// beside it when a card has more, or one Trello cannot hold.
@Suite struct ReminderTrelloTests {
    @Test func trellosDueReminderIsTheCardsAndMoreTravelBesideIt() throws {
        let tmp = try TemporaryFolder()
        try ReminderICSTests.board.write(toFile: tmp.path("b.json"), atomically: true, encoding: .utf8)
        #expect(try CommandRunner.boardkit(["convert", tmp.path("b.json"), tmp.path("t.json"), "--to", "trello"]).status == 0)
        let trello = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.path("t.json")))) as? [String: Any])
        let cards = Dictionary(uniqueKeysWithValues: (trello["cards"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "", $0) })
        // A: two hours before (120 minutes), its moment beside it; B: a day before (1,440); C: none.
        #expect(cards["A"]?["dueReminder"] as? Int == 120 && cards["B"]?["dueReminder"] as? Int == 1440, "\(cards["A"] ?? [:])")
        #expect(cards["C"]?["dueReminder"] is NSNull)
        #expect(try CommandRunner.boardkit(["convert", tmp.path("t.json"), tmp.path("back.json")]).status == 0)
        let back = try ReminderICSTests().reminders(Data(contentsOf: URL(fileURLWithPath: tmp.path("back.json"))))
        #expect(back["A"] == ["-PT2H", "2026-12-01T09:00:00+09:00"] && back["B"] == ["-P1D"] && back["C"] == [], "\(back)")
        // A card from Trello itself: its reminder, in minutes.
        var fromTrello = trello
        fromTrello["cards"] = (trello["cards"] as? [[String: Any]] ?? []).map { card in
            var c = card
            c["dueReminder"] = 30
            if var ext = c["boardkit"] as? [String: Any] { ext["reminders"] = nil; c["boardkit"] = ext }
            return c
        }
        try JSONSerialization.data(withJSONObject: fromTrello).write(to: URL(fileURLWithPath: tmp.path("t2.json")))
        #expect(try CommandRunner.boardkit(["convert", tmp.path("t2.json"), tmp.path("b2.json")]).status == 0)
        let read = try ReminderICSTests().reminders(Data(contentsOf: URL(fileURLWithPath: tmp.path("b2.json"))))
        #expect(read["C"] == ["-PT30M"], "\(read)")
    }
}
