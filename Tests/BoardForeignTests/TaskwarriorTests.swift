import Foundation
import Testing
import BoardValidation
import BoardModel
import BoardSample
import BoardTestSupport
@testable import BoardForeign
@testable import BoardIO

/// The Taskwarrior sample is real `task export` output (Taskwarrior 2.6.2) of invented
/// tasks, plus one task with the `waiting` status older versions export: every status,
/// start, annotations, tags, project, priority, a UDA, depends, and a recurring template
/// with its child.
@Suite struct TaskwarriorTests {
    static let samplePath = CommandRunner.sample("foreign/taskwarrior-tasks.json")
    static func id(_ n: String) -> String { "3f6c1a52-8d0e-4b7a-9c41-0a1b2c3d4e" + n }

    static func readSample() throws -> (Board, ReadResult) {
        let r = TaskwarriorReader().read(BoardInput(path: samplePath), options: ReaderOptions())
        return (try #require(r.board, "\(r.diagnostics)"), r)
    }

    @Test func statusesBecomeStates() throws {
        let (board, result) = try Self.readSample()
        #expect(result.diagnostics.isEmpty)
        func card(_ n: String) -> Card? { board.cards.first { $0.id == Self.id(n) } }
        #expect(card("01")?.state == "todo")                       // pending
        #expect(card("02")?.state == "doing")                      // pending + start
        #expect(card("03")?.state == "todo")                       // pending + wait (2.6's waiting)
        #expect(card("0a")?.state == "todo")                       // waiting
        #expect(card("0a")?.fields[TaskwarriorKeys.statusField] == "waiting")
        #expect(card("04")?.state == "done")                       // completed
        #expect(card("04")?.completed == TaskwarriorDate.parse("20261028T170000Z"))
        #expect(card("06")?.archived == true)                      // deleted
        #expect(card("07")?.fields[TaskwarriorKeys.statusField] == "recurring")
        #expect(board.states.map(\.category) == [.todo, .doing, .done])
    }

    @Test func attributesLandWhereTheModelKeepsThem() throws {
        let (board, _) = try Self.readSample()
        let crash = try #require(board.cards.first { $0.id == Self.id("02") })
        #expect(crash.title == "Fix crash on login (iOS 18)")
        #expect(crash.labels == ["bug", "ios"])
        #expect(crash.fields["project"] == "mobile")
        #expect(crash.fields["priority"] == "H")
        #expect(crash.created == TaskwarriorDate.parse("20261101T080000Z"))
        #expect(crash.updated == TaskwarriorDate.parse("20261104T101500Z"))
        #expect(crash.body == "")
        let notes = try #require(board.cards.first { $0.id == Self.id("01") })
        #expect(notes.due == .instant(TaskwarriorDate.parse("20261130T090000Z")!))
        #expect(notes.fields["estimate"] == "2h")                   // a UDA
        let ship = try #require(board.cards.first { $0.id == Self.id("09") })
        #expect(ship.start == .instant(TaskwarriorDate.parse("20261201T000000Z")!))   // scheduled
        #expect(ship.fields["depends"] == nil)
    }

    @Test func datesTellTheHistory() throws {
        let (board, result) = try Self.readSample()
        let sdk = board.events.filter { $0.card == Self.id("04") }
        #expect(sdk.map(\.type) == [.created, .moved, .moved])
        #expect(sdk.map { $0.to ?? "" } == ["todo", "doing", "done"])
        #expect(board.events.contains { $0.card == Self.id("06") && $0.type == .archived })
        #expect(BoardValidator.validate(board, sourceMap: result.sourceMap).filter { $0.severity == .error }.isEmpty)
    }

    @Test func roundTripGivesTheSameBoard() throws {
        let (first, _) = try Self.readSample()
        let (bytes, warnings) = TaskwarriorWriter().export(first)
        #expect(warnings.isEmpty, "\(warnings)")
        let second = try #require(TaskwarriorReader().read(bytes: bytes, file: "again.json").board)
        #expect(second == first)
    }

    @Test func writtenTasksPassTheTaskwarriorShapeCheck() throws {
        let folder = try TemporaryFolder()
        let board = SampleBoard(cards: 50, weeks: 6, seed: 5).generate()
        let path = folder.path("tasks.json")
        let warnings = TaskwarriorWriter().write(board, to: path, options: WriterOptions()).diagnostics
        #expect(warnings.contains {
            if case .taskwarriorNotWritten(let losses)? = $0.message as? ForeignMessage {
                losses.contains { if case .positions = $0 { true } else { false } }
            } else { false }
        })
        let out = try CommandRunner.python("foreign_taskwarrior_check.py", [path])
        #expect(out.status == 0, "\(out.stdoutText)")
        let summary = try #require(JSONSerialization.jsonObject(with: out.stdout) as? [String: [String: Any]])
        #expect(summary.count == 50)
        let done = board.cards.filter { board.category(ofState: $0.state) == .done }.count
        #expect(summary.values.filter { $0["status"] as? String == "completed" }.count == done)
        // Cards keep their ids through boardkit_id, so the board comes back with the same cards.
        let back = try #require(TaskwarriorReader().read(BoardInput(path: path), options: ReaderOptions()).board)
        #expect(back.cards.map(\.id) == board.cards.map(\.id))
        #expect(back.cards.map(\.title) == board.cards.map(\.title))
        #expect(back.cards.map(\.due?.description) == board.cards.map { c in
            c.due.map { d -> String in
                if case .date(let day) = d { return Zone.named("Asia/Seoul")!.startOfDay(day).utc.description }
                if case .instant(let i) = d { return i.utc.description }
                return ""
            }
        })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/task"), "needs Debian's taskwarrior"))
    func realTaskImportTakesTheOutput() throws {
        let folder = try TemporaryFolder()
        let (board, _) = try Self.readSample()
        let path = folder.path("tasks.json")
        _ = TaskwarriorWriter().write(board, to: path, options: WriterOptions())
        let env = ["TASKDATA": folder.path("data"), "TASKRC": "/dev/null"]
        try FileManager.default.createDirectory(atPath: folder.path("data"), withIntermediateDirectories: true)
        let imported = try CommandRunner.run("/usr/bin/task", ["rc.confirmation=off", "rc.hooks=off", "rc.recurrence=off", "import", path], environment: env)
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try CommandRunner.run("/usr/bin/task", ["rc.hooks=off", "rc.recurrence=off", "rc.json.array=on", "export"], environment: env)
        let tasks = try #require(JSONSerialization.jsonObject(with: exported.stdout) as? [[String: Any]])
        #expect(Set(tasks.compactMap { $0["uuid"] as? String }) == Set(board.cards.map(\.id)))
        let crash = tasks.first { $0["uuid"] as? String == Self.id("02") }
        #expect(crash?["start"] as? String == "20261104T101500Z")
        #expect((crash?["annotations"] as? [[String: Any]])?.map { $0["description"] as? String }
                == ["Reproduced on iPhone 15", "Null session after token refresh"])
        #expect(tasks.first { $0["uuid"] as? String == Self.id("09") }?["depends"] as? [String] == [Self.id("01"), Self.id("02")])
        #expect(tasks.first { $0["uuid"] as? String == Self.id("06") }?["status"] as? String == "deleted")
        // What Taskwarrior exports back reads into the same cards.
        let again = try #require(TaskwarriorReader().read(bytes: [UInt8](exported.stdout), file: "export").board)
        #expect(again.cards.count == board.cards.count)
        // Taskwarrior exports in its own order: compared card by card.
        let byID = Dictionary(uniqueKeysWithValues: again.cards.map { ($0.id, $0) })
        for card in board.cards {
            #expect(byID[card.id]?.comments == card.comments)
            #expect(byID[card.id]?.links == card.links)
        }
    }

    // MARK: Bad input

    private func read(_ text: String) -> ReadResult {
        TaskwarriorReader().read(bytes: Array(text.utf8), file: "bad.json")
    }

    @Test func taskWithoutUUIDIsAnErrorWithItsPath() throws {
        let r = read("[\n{\"uuid\":\"\(Self.id("01"))\",\"description\":\"a\",\"status\":\"pending\",\"entry\":\"20261102T090000Z\"},\n{\"description\":\"b\",\"status\":\"pending\",\"entry\":\"20261102T090000Z\"}\n]")
        let d = try #require(r.diagnostics.first { $0.code == .taskwarriorMissingUUID })
        #expect(d.severity == .error)
        #expect(d.location?.path == "[1]")
        #expect(d.location?.line == 3)
    }

    /// A uuid that comes again replaces the earlier task, history and all, wherever the
    /// repeats are (Taskwarrior keeps the last one it imports).
    @Test func aRepeatedUUIDReplacesTheEarlierTaskAndItsHistory() throws {
        func task(_ n: String, _ title: String, _ status: String, _ extra: String = "") -> String {
            #"{"uuid":"\#(Self.id(n))","description":"\#(title)","status":"\#(status)","entry":"20261102T090000Z"\#(extra)}"#
        }
        let done = #","start":"20261103T090000Z","end":"20261104T090000Z""#
        let r = read("[" + [task("01", "first", "completed", done), task("02", "other", "completed", done),
                            task("01", "again", "pending"), task("02", "other again", "pending", #","start":"20261105T090000Z""#),
                            task("03", "third", "pending")].joined(separator: ",\n") + "]")
        let board = try #require(r.board)
        #expect(board.cards.map(\.title) == ["again", "other again", "third"])
        #expect(r.diagnostics.filter { $0.code == .taskwarriorDuplicateUUID }.map { $0.location?.path } == ["[2].uuid", "[3].uuid"])
        let history = board.events.map { "\($0.card.suffix(2)) \($0.type)" }
        #expect(history.sorted() == ["01 created", "02 created", "02 moved", "03 created"])
        #expect((r.sourceMap as? ForeignSourceMap)?.events.map(\.path).sorted() == ["[2]", "[3]", "[3]", "[4]"])
    }

    @Test func badValuesAreErrors() throws {
        let r = read(#"[{"uuid":"nope","description":"a","status":"pending"},{"uuid":"\#(Self.id("02"))","description":"b","status":"done","entry":"20261102T090000Z"},{"uuid":"\#(Self.id("03"))","description":"c","status":"pending","entry":"2026-13-45"}]"#)
        #expect(r.diagnostics.contains { $0.code == .taskwarriorInvalidUUID && $0.location?.path == "[0].uuid" })
        #expect(r.diagnostics.contains { $0.code == .taskwarriorInvalidStatus && $0.location?.path == "[1].status" })
        #expect(r.diagnostics.contains { $0.code == .taskwarriorInvalidDate && $0.location?.path == "[2].entry" })
    }

    @Test func truncatedExportIsASyntaxError() throws {
        let r = read("[{\"uuid\":\"\(Self.id("01"))\",\"description\":\"a\"")
        #expect(r.board == nil)
        #expect(r.diagnostics.first?.code == .taskwarriorJSONSyntax)
    }

    @Test func oneObjectPerLineIsRead() throws {
        let line = #"{"uuid":"\#(Self.id("01"))","description":"a","status":"pending","entry":"20261102T090000Z"}"#
        let line2 = #"{"uuid":"\#(Self.id("02"))","description":"b","status":"completed","entry":"20261102T090000Z","end":"20261103T090000Z"}"#
        let r = read(line + "\n" + line2 + "\n")
        #expect(r.board?.cards.map(\.state) == ["todo", "done"])
        #expect(TaskwarriorReader().recognizes(head: Array((line + "\n").utf8)))
    }

    @Test func sniffing() throws {
        let head = try Array(Data(contentsOf: URL(fileURLWithPath: Self.samplePath)).prefix(65536))
        #expect(TaskwarriorReader().recognizes(head: head))
        #expect(!TaskwarriorReader().recognizes(head: Array(#"[1, 2]"#.utf8)))
        #expect(!TaskwarriorReader().recognizes(head: Array(#"{"format":"boardkit/1","states":[],"cards":[{"uuid":"x","status":"y"}]}"#.utf8)))
    }

    @Test func dateFormat() {
        let i = TaskwarriorDate.parse("20261122T141500Z")!
        #expect(i == ISO8601.parseInstant("2026-11-22T14:15:00Z"))
        #expect(TaskwarriorDate.format(ISO8601.parseInstant("2026-11-22T23:15:00+09:00")!) == "20261122T141500Z")
        #expect(TaskwarriorDate.parse("20260230T000000Z") == nil)
        #expect(TaskUUID.isValid(TaskUUID.make("c1")))
        #expect(TaskUUID.make("c1") == TaskUUID.make("c1"))
    }

    /// Made UUIDs and attribute names are part of the export: a second export of the same
    /// board must give the same tasks (`task import` matches them by uuid).
    @Test func madeNamesStayTheSame() {
        #expect(TaskUUID.make("c1") == "8b18f19a-8685-42d7-b915-80ea9d868e6d")
        #expect(TaskUUID.make("Ünï") == "3dffdec0-6bff-418c-9809-a0b877b92b08")
        #expect(!TaskUUID.isValid("8b18f19a-8685-42d7-b915-80ea9d868e6d0"))
        #expect(!TaskUUID.isValid("8b18f19a-8685-42d7-b915_80ea9d868e6d"))
        #expect(TaskUUID.isValid("8B18F19A-8685-42D7-B915-80EA9D868E6D"))
        #expect(TaskwarriorWriter.attributeName("Story points", taken: []) == "story_points")
        #expect(TaskwarriorWriter.attributeName("İx", taken: []) == "i_x")
        #expect(TaskwarriorWriter.attributeName("2nd", taken: []) == "field_2nd")
        #expect(TaskwarriorWriter.attributeName("Due", taken: []) == "Due")
        #expect(TaskwarriorWriter.attributeName("due", taken: []) == "field_due")
        #expect(TaskwarriorWriter.attributeName("story_points", taken: ["story_points"]) == "story_points_2")
    }
}
