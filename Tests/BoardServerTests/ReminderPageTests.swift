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

/// A met due from the page and the API: the card page offers it as a choice (a checkbox
/// left unticked sends nothing, so a mark could never be taken back), the chip says it, and
/// the card is no longer overdue.
@Suite(.serialized) struct DueCompletePageTests {
    @Test func aDueIsMarkedMetThroughTheAPIAndTheCardsForm() throws {
        let s = try ServedStore()
        let mina = ["X-Boardkit-Actor": "mina"]
        let added = try s.call("POST", "api/cards", headers: mina, body: #"{"title": "Pay rent", "due": "2020-12-04"}"#)
        #expect(added.status == 201, "\(added.text)")
        let id = try #require(added.json["id"] as? String)
        #expect(try s.call("GET", "?due=overdue").text.contains("Pay rent"))
        let change = mina.merging(["If-Match": "*"]) { a, _ in a }
        let marked = try s.call("PATCH", "api/cards/\(id)", headers: change, body: #"{"dueComplete": true}"#)
        #expect(marked.status == 200, "\(marked.text)")
        #expect(try s.cards()[id]?["dueComplete"] as? Bool == true)
        let bad = try s.call("PATCH", "api/cards/\(id)", headers: change, body: #"{"dueComplete": "maybe"}"#)
        #expect(bad.status == 422 && (bad.json["error"] as? [String: Any])?["field"] as? String == "dueComplete", "\(bad.text)")

        let form = ["Cookie": "boardkit-actor=jisoo", "Content-Type": "application/x-www-form-urlencoded"]
        let page = try s.call("GET", "cards/\(id)", headers: form).text
        #expect(page.contains("<select name=\"dueComplete\"><option value=\"false\">No</option><option value=\"true\" selected>Yes</option></select>"), "\(page)")
        #expect(page.contains("due-done") && page.contains(" · met</span>"), "\(page)")
        #expect(try s.call("GET", "cards/\(id)?lang=ko", headers: form).text.contains("<label>마감 지킴 <select name=\"dueComplete\">"))
        #expect(try !s.call("GET", "?due=overdue").text.contains("Pay rent"))
        let saved = try s.call("POST", "cards/\(id)", headers: form, body: "dueComplete=false")
        #expect(saved.status == 303, "\(saved.text)")
        #expect(try s.cards()[id]?["dueComplete"] == nil)
        let history = try CommandRunner.boardkit(["history", "-b", s.store]).stdoutText
        #expect(history.contains("mina changed") && history.contains("due marked met"), "\(history)")
        #expect(history.contains("jisoo changed") && history.contains("due no longer marked met"), "\(history)")
    }
}
