import Foundation
import Testing
import BoardValidation
import BoardModel
import BoardTestSupport
@testable import BoardForeign
@testable import BoardIO

/// A task's annotations are the card's comments, its `depends` the card's `blocked-by`
/// links (#44); what Taskwarrior has no attribute for is counted in `data-not-written`.
@Suite struct TaskwarriorConversationTests {
    static func id(_ n: String) -> String { TaskwarriorTests.id(n) }
    static func instant(_ text: String) -> Instant { ISO8601.parseInstant(text)! }

    /// `path` through Debian's Taskwarrior: `task import` into a data folder in `folder`, then
    /// what `task export` gives back.
    static func throughTaskwarrior(_ path: String, in folder: TemporaryFolder) throws -> Data {
        let env = ["TASKDATA": folder.path("data"), "TASKRC": "/dev/null"]
        try FileManager.default.createDirectory(atPath: folder.path("data"), withIntermediateDirectories: true)
        let imported = try CommandRunner.run("/usr/bin/task", ["rc.confirmation=off", "rc.hooks=off", "import", path], environment: env)
        #expect(imported.status == 0, "\(imported.stderr)")
        return try CommandRunner.run("/usr/bin/task", ["rc.hooks=off", "rc.json.array=on", "export"], environment: env).stdout
    }

    @Test func annotationsAreCommentsWithTheirTimeAndText() throws {
        let (board, _) = try TaskwarriorTests.readSample()
        let crash = try #require(board.cards.first { $0.id == Self.id("02") })
        #expect(crash.comments.map(\.text) == ["Reproduced on iPhone 15", "Null session after token refresh"])
        #expect(crash.comments.map(\.at) == [Self.instant("2026-11-04T10:16:00Z"), Self.instant("2026-11-05T08:30:00Z")])
        #expect(crash.comments.allSatisfy { $0.author == nil && $0.edited == nil })
        // Ids made from the uuid and the entry time: the same export gives the same ids.
        let again = try TaskwarriorTests.readSample().0
        #expect(again.cards.first { $0.id == Self.id("02") }?.comments.map(\.id) == crash.comments.map(\.id))
        #expect(Set(crash.comments.map(\.id)).count == 2)
    }

    @Test func annotationsAtTheSameTimeGetTheirOwnIdsAndComeOldestFirst() throws {
        let task = #"{"uuid":"\#(Self.id("01"))","description":"a","status":"pending","entry":"20261102T090000Z","annotations":[{"entry":"20261104T090000Z","description":"later"},{"entry":"20261103T090000Z","description":"one"},{"entry":"20261103T090000Z","description":"two"}]}"#
        let r = TaskwarriorReader().read(bytes: Array("[\(task)]".utf8), file: "t.json")
        let board = try #require(r.board)
        #expect(board.cards[0].comments.map(\.text) == ["one", "two", "later"])
        #expect(Set(board.cards[0].comments.map(\.id)).count == 3)
        #expect(BoardValidator.validate(board, sourceMap: r.sourceMap).filter { $0.severity == .error }.isEmpty)
    }

    @Test func dependsAreBlockedByLinksKeptBothWaysRound() throws {
        let (board, result) = try TaskwarriorTests.readSample()
        let ship = try #require(board.cards.first { $0.id == Self.id("09") })
        #expect(ship.links == [CardLink(.blockedBy, Self.id("01")), CardLink(.blockedBy, Self.id("02"))])
        #expect(board.cards.first { $0.id == Self.id("01") }?.links == [CardLink(.blocks, Self.id("09"))])
        #expect(board.cards.first { $0.id == Self.id("02") }?.links == [CardLink(.blocks, Self.id("09"))])
        #expect(!BoardValidator.validate(board, sourceMap: result.sourceMap).contains { $0.code == .linkUnknownCard })
    }

    /// Taskwarrior 2.5 and earlier write `depends` as one comma-separated string; a task
    /// may name a card by its `boardkit_id`.
    @Test func dependsAsACommaStringAndOnCardsWithTheirOwnIds() throws {
        let text = """
        [{"uuid":"\(Self.id("01"))","description":"a","status":"pending","entry":"20261102T090000Z","boardkit_id":"card-a"},
        {"uuid":"\(Self.id("02"))","description":"b","status":"pending","entry":"20261102T090000Z","depends":"\(Self.id("01")),\(Self.id("03"))"},
        {"uuid":"\(Self.id("03"))","description":"c","status":"pending","entry":"20261102T090000Z"}]
        """
        let board = try #require(TaskwarriorReader().read(bytes: Array(text.utf8), file: "t.json").board)
        #expect(board.cards[1].links == [CardLink(.blockedBy, "card-a"), CardLink(.blockedBy, Self.id("03"))])
        #expect(board.cards[0].links == [CardLink(.blocks, Self.id("02"))])
        #expect(board.cards[1].fields["depends"] == nil)
        // Written back: the uuid boardkit made for card-a is the one depends names.
        let (bytes, _) = TaskwarriorWriter().export(board)
        let tasks = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        #expect(tasks[1]["depends"] as? [String] == [TaskUUID.make("card-a"), Self.id("03")])
        let back = try #require(TaskwarriorReader().read(bytes: bytes, file: "again.json").board)
        #expect(back.cards.map(\.links) == board.cards.map(\.links))
    }

    @Test func commentsAndBlockedByAreWrittenAndTheRestIsCounted() throws {
        let (trello, _) = try TrelloConversationTests.read()
        let (bytes, warnings) = TaskwarriorWriter().export(trello)
        let losses = warnings.compactMap { d -> [ForeignMessage.TaskwarriorLoss]? in
            if case .taskwarriorNotWritten(let l)? = d.message as? ForeignMessage { l } else { nil }
        }.flatMap { $0 }
        // Three checklists, four attachments, the two `relates` links, and the authors of the five comments.
        #expect(losses.contains(.checklists(3)))
        #expect(losses.contains(.attachments(4)))
        #expect(losses.contains(.links(2)))
        #expect(losses.contains(.commentDetails(5)))
        let text = try #require(warnings.first { $0.code == .dataNotWritten }?.message.text)
        #expect(text.contains("3 checklists (Taskwarrior has none)") && text.contains("4 attachments (Taskwarrior has none)"))
        #expect(losses.contains(.bodies(1)))
        // The comments' text and time are the annotations, after the body's (at the card's creation).
        let back = try #require(TaskwarriorReader().read(bytes: bytes, file: "tasks.json").board)
        for (card, read) in zip(trello.cards, back.cards) {
            let body = card.body.isEmpty ? [] : [(card.created!.epochSeconds, card.body)]
            #expect(read.comments.map { [$0.at.epochSeconds: $0.text] } == (body + card.comments.map { ($0.at.epochSeconds, $0.text) }).map { [$0.0: $0.1] })
        }
    }

    @Test func blocksWithoutTheOtherSideIsStillWritten() throws {
        var a = Card(id: Self.id("01"), title: "a", state: "todo")
        a.links = [CardLink(.blocks, Self.id("02")), CardLink(.blocks, "elsewhere"), CardLink(.parent, Self.id("02"))]
        let b = Card(id: Self.id("02"), title: "b", state: "todo", created: Self.instant("2026-11-02T09:00:00Z"))
        a.created = b.created
        let board = Board(id: "taskwarrior", name: "Taskwarrior", timeZone: "UTC", states: TaskwarriorKeys.states, cards: [a, b])
        let (bytes, warnings) = TaskwarriorWriter().export(board)
        let tasks = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        #expect(tasks[1]["depends"] as? [String] == [Self.id("01")])
        // The block on a card not on the board and the parent link have no attribute.
        #expect(warnings.contains { d in
            if case .taskwarriorNotWritten(let l)? = d.message as? ForeignMessage { l.contains(.links(2)) } else { false }
        })
    }

    /// What boardkit writes from a Trello board's conversation goes through the real
    /// `task import`, and Taskwarrior's export of it reads back with the same comments.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/task"), "needs Debian's taskwarrior"))
    func realTaskImportKeepsTheComments() throws {
        let folder = try TemporaryFolder()
        let (trello, _) = try TrelloConversationTests.read()
        let path = folder.path("tasks.json")
        _ = TaskwarriorWriter().write(trello, to: path, options: WriterOptions())
        let again = try #require(TaskwarriorReader().read(bytes: [UInt8](try Self.throughTaskwarrior(path, in: folder)), file: "export").board)
        let byID = Dictionary(uniqueKeysWithValues: again.cards.map { ($0.id, $0) })
        for card in trello.cards {
            let body = card.body.isEmpty ? [] : [card.body]
            #expect(byID[card.id]?.comments.map(\.text) == body + card.comments.map(\.text), "\(card.title)")
        }
    }
}
