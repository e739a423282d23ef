import Testing
import Foundation
import BoardKit
import BoardModel
import BoardIO
import BoardTestSupport
@testable import BoardCSV

/// The cards' conversation in the events sidecar: one row per comment, checklist, attachment
/// and link, read back whole; without the sidecar, said in the data-not-written warning.
@Suite("Conversation in the events sidecar")
struct ConversationSidecarTests {
    private func fixture(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("board.json")
        try ConversationFixture.json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("JSON → CSV with its sidecar → JSON: the same bytes", arguments: [false, true])
    func roundTrip(excel: Bool) throws {
        let folder = try TemporaryFolder()
        let json = try fixture(in: folder)
        let csv = folder.path("board.csv"), events = folder.path("events.csv"), back = folder.path("back.json")
        let there = try CommandRunner.boardkit(["convert", json, csv, "--events", events] + (excel ? ["--excel"] : []))
        #expect(there.status == 0 && there.stderr.isEmpty, "\(there.stderr)")
        // The cards file holds no JSON: the conversation is in the sidecar, a row each.
        #expect(!(try String(contentsOfFile: csv, encoding: .utf8)).contains("Okta first"))
        let rows = try String(contentsOfFile: events, encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(rows.filter { $0.hasPrefix("comment,sso,") || $0.hasPrefix("comment,docs,") }.count == 3)
        #expect(rows.filter { $0.hasPrefix("link,") }.count == 4)
        let again = try CommandRunner.boardkit(["convert", csv, back, "--events", events])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: back, encoding: .utf8) == ConversationFixture.json)
    }

    @Test("without the sidecar, what is not written is counted")
    func withoutSidecar() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRunner.boardkit(["convert", try fixture(in: folder), folder.path("board.csv")])
        #expect(run.status == 0)
        #expect(run.stderr.contains("3 comments, 2 checklists, 2 attachments, 4 links of cards not written: a CSV row holds a card's fields only; use --events FILE to keep them [data-not-written]"), "\(run.stderr)")
    }

    @Test("a bad conversation row is an error at its line, and nothing is written")
    func badRows() throws {
        let folder = try TemporaryFolder()
        let csv = folder.path("board.csv"), events = folder.path("events.csv")
        try "id,title,state\na,A,TODO\n".write(toFile: csv, atomically: true, encoding: .utf8)
        try """
            record,card,value
            comment,a,"{""id"": ""1"", ""at"": ""2026-11-20T09:15:00Z"", ""text"": ""fine""}"
            comment,a,"{""id"": ""2"", ""at"": ""someday"", ""text"": ""x""}"
            link,nobody,"{""type"": ""relates"", ""card"": ""a""}"
            attachment,a,not json

            """.write(toFile: events, atomically: true, encoding: .utf8)
        let out = folder.path("out.json")
        let run = try CommandRunner.boardkit(["convert", csv, out, "--events", events])
        #expect(run.status == 1)
        #expect(run.stderr.contains("events.csv:5:14: error: the attachment in value is not a JSON object"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // The bad value mended: the bad time and the unknown card are said at their lines.
        try String(contentsOfFile: events, encoding: .utf8).replacingOccurrences(of: "attachment,a,not json\n", with: "")
            .write(toFile: events, atomically: true, encoding: .utf8)
        let again = try CommandRunner.boardkit(["convert", csv, out, "--events", events])
        #expect(again.status == 1)
        #expect(again.stderr.contains("events.csv:3: error: the comment in value at is \"someday\", not an ISO 8601 date or timestamp"), "\(again.stderr)")
        #expect(again.stderr.contains("events.csv:4: error: names card 'nobody', which the CSV does not have"), "\(again.stderr)")
    }
}
