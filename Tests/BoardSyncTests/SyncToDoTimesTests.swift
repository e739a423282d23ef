import BoardTestSupport
import Foundation
import Testing

/// The times a sync writes into a to-do.
extension SyncTests {
    /// An iCalendar time as the other client gives it (`2026-11-20T08:00:00+00:00`).
    static func instant(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions.insert(.withFractionalSeconds)
        return ISO8601DateFormatter().date(from: text) ?? fractional.date(from: text)
    }

    /// A pushed to-do's LAST-MODIFIED and DTSTAMP are the card's last change and its COMPLETED
    /// the card's completion, not the push's time: a card finished here and pushed later does
    /// not claim to have changed at the push. (LAST-MODIFIED and DTSTAMP were the push's time.)
    @Test(arguments: servers) func aPushedToDoCarriesTheCardsOwnTimes(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        let before = Date().addingTimeInterval(-1)
        try board.bk(["move", "c3", "done"])
        let after = Date().addingTimeInterval(1)
        Thread.sleep(forTimeInterval: 2.5)
        #expect(try board.sync().stdoutText.contains("1 to-do changed"))
        let todo = try #require(try server.todos()[Self.uid("c3")])
        let card = try #require(try board.cards()["c3"])
        for time in ["last_modified", "dtstamp", "completed"] {
            let written = try #require(Self.instant(todo[time]), "\(time): \(todo)")
            #expect(written >= before && written <= after, "\(time) \(written) is not the move's time (\(before)–\(after))")
        }
        let completed = try #require(Self.instant(card["completed"]), "\(card)")
        #expect(abs(try #require(Self.instant(todo["completed"])).timeIntervalSince(completed)) < 1, "\(todo) \(card)")
    }
}
