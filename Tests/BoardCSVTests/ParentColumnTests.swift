import Foundation
import Testing
import BoardModel
import BoardTestSupport
@testable import BoardTabular
@testable import BoardCSV
@testable import BoardIO

/// A parent column read without a preset's own rule (#44): Asana's `Parent task` names the
/// parent by its name, and a sheet made for Asana's importer does so under `Parent Task`.
@Suite struct ParentColumnTests {
    /// dev_crm's task list, made for Asana's CSV importer: three milestones, each the
    /// parent of two tasks, named by title.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: JiraConversationTests.corpusFile("csv/dev-crm__asana_tasks.csv")),
                   "the corpus's data files are not here"))
    func aRealSheetsParentTaskNamesItsParentByTitle() throws {
        let path = JiraConversationTests.corpusFile("csv/dev-crm__asana_tasks.csv")
        let r = CSVReader().read(BoardInput(path: path), options: ReaderOptions())
        let board = try #require(r.board, "\(r.diagnostics)")
        let milestone = try #require(board.cards.first { $0.title == "Projects Module MVP" })
        let ui = try #require(board.cards.first { $0.title == "Implement Project UI" })
        #expect(ui.links == [CardLink(.parent, milestone.id)])
        #expect(milestone.links.filter { $0.type == .child }.count == 2)
        #expect(board.cards.reduce(0) { $0 + $1.links.count { $0.type == .parent } } == 6)
        #expect(ui.fields["Parent Task"] == nil)
    }

    /// Asana's preset writes the parent back, and reads it again.
    @Test func asanasParentTaskIsAParentLinkBothWays() throws {
        var board = Board(cards: [Card(id: "1209876543210001", title: "Hiring plan", state: "todo"),
                                  Card(id: "1209876543210002", title: "Interview loop", state: "todo")])
        board.link("1209876543210002", .parent, "1209876543210001")
        let text = String(decoding: CSVWriter().encode(board, options: WriterOptions(mapping: "asana")), as: UTF8.self)
        #expect(text.hasPrefix("Task ID,"))
        let folder = try TemporaryFolder()
        let path = folder.path("asana.csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var options = ReaderOptions()
        options.mapping = "asana"
        let back = try #require(CSVReader().read(BoardInput(path: path), options: options).board)
        #expect(back.cards.map(\.links) == board.cards.map(\.links))
    }

    /// Asana's dependencies (#44): `Blocked By (Dependencies)` and `Blocking (Dependencies)`
    /// are blocked-by and blocks links, both ways round, read from Asana's export and written
    /// back in its two columns (they were kept as two text fields, linking nothing).
    @Test func asanasDependenciesAreBlockingLinksBothWays() throws {
        var options = ReaderOptions()
        options.mapping = "asana"
        let sample = try #require(CSVReader().read(BoardInput(path: CommandRunner.sample("foreign/asana.csv")), options: options).board)
        let plan = try #require(sample.cards.first { $0.title == "Draft Q1 hiring plan" })
        let post = try #require(sample.cards.first { $0.title == "Publish the job post" })
        #expect(plan.links == [CardLink(.blocks, post.id)])
        #expect(post.links == [CardLink(.blockedBy, plan.id)])
        #expect(plan.fields["Blocking (Dependencies)"] == nil && post.fields["Blocked By (Dependencies)"] == nil)

        // A dependency named by its task's name, as a hand-made sheet for Asana's importer has it.
        let folder = try TemporaryFolder()
        let named = folder.path("named.csv")
        try Data("Name,Blocked By\nShip,\"Write docs, Test\"\nWrite docs,\nTest,\n".utf8).write(to: URL(fileURLWithPath: named))
        let read = try #require(CSVReader().read(BoardInput(path: named), options: ReaderOptions()).board)
        #expect(read.cards[0].links.map(\.type) == [.blockedBy, .blockedBy])
        #expect(read.cards[1].links == [CardLink(.blocks, read.cards[0].id)] && read.cards[2].links == [CardLink(.blocks, read.cards[0].id)])

        let text = String(decoding: CSVWriter().encode(sample, options: WriterOptions(mapping: "asana")), as: UTF8.self)
        #expect(text.hasPrefix("Task ID,") && text.contains(",Blocked By (Dependencies),Blocking (Dependencies)"))
        let written = folder.path("asana.csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: written))
        let back = try #require(CSVReader().read(BoardInput(path: written), options: options).board)
        #expect(back.cards.map(\.links) == sample.cards.map(\.links))
    }

    /// Two cards of one title: a parent named by it is neither, and stays as written.
    @Test func aTitleTwoCardsShareNamesNeither() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("tasks.csv")
        try Data("Name,Parent task\nSetup,\nSetup,\nDeploy,Setup\n".utf8).write(to: URL(fileURLWithPath: path))
        let r = CSVReader().read(BoardInput(path: path), options: ReaderOptions())
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards[2].links == [CardLink(.parent, "Setup")])
        #expect(board.cards[0].links.isEmpty && board.cards[1].links.isEmpty)
    }
}
