import BoardTestSupport
import Foundation
import Testing

/// Reminders set from the page and the API: each as typed on the command line, in the
/// board's zone, shown back in the edit form on the board's clock, in English and Korean.
@Suite(.serialized) struct ReminderPageTests {
    @Test func remindersAreSetThroughTheAPIAndTheCardsForm() throws {
        let s = try ServedStore()
        let mina = ["X-Boardkit-Actor": "mina"]
        let added = try s.call("POST", "api/cards", headers: mina,
                               body: #"{"title": "Pay rent", "due": "2026-12-04", "reminders": ["-P1D", "2h", "2026-12-03 18:30"]}"#)
        #expect(added.status == 201, "\(added.text)")
        let id = try #require(added.json["id"] as? String)
        let reminders = added.json["reminders"] as? [String] ?? []
        #expect(reminders.count == 3 && reminders[0] == "-P1D" && reminders[1] == "-PT2H" && reminders[2].hasPrefix("2026-12-03T18:30:00"), "\(reminders)")
        let bad = try s.call("POST", "api/cards", headers: mina, body: #"{"title": "x", "reminders": ["someday"]}"#)
        #expect(bad.status == 422 && (bad.json["error"] as? [String: Any])?["field"] as? String == "reminders")

        // The form shows them as they can be typed again, and takes a new list.
        let form = ["Cookie": "boardkit-actor=jisoo", "Content-Type": "application/x-www-form-urlencoded"]
        let page = try s.call("GET", "cards/\(id)", headers: form).text
        #expect(page.contains("name=\"reminders\" value=\"-P1D, -PT2H, 2026-12-03 18:30\""), "\(page)")
        #expect(try s.call("GET", "cards/\(id)?lang=ko", headers: form).text.contains("<label>알림 <input name=\"reminders\""))
        let saved = try s.call("POST", "cards/\(id)", headers: form, body: "reminders=-P1D%2C+30m")
        #expect(saved.status == 303, "\(saved.text)")
        #expect(try s.cards()[id]?["reminders"] as? [String] == ["-P1D", "-PT30M"])
        let history = try CommandRunner.boardkit(["history", "-b", s.store]).stdoutText
        #expect(history.contains("jisoo changed") && history.contains("reminders"))
    }
}
