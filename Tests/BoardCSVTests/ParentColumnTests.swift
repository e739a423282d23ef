import Foundation
import Testing
import BoardValidation
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

    /// A ZenHub/GitHub issue export names each story's epic by its issue number (`epic_id`):
    /// the epic is its parent, as in the corpus's `github_issues.csv` (before, a text field).
    @Test func anEpicIdIsTheParent() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("github_issues.csv")
        try Data("issue_id,epic_id,title,state\n225,,Retire the old filters,open\n439,225,Retire /filter-auto-populate-values,open\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let r = CSVReader().read(BoardInput(path: path), options: ReaderOptions())
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards[0].links == [CardLink(.child, "439")])
        #expect(board.cards[1].links == [CardLink(.parent, "225")])
        #expect(board.cards[1].fields["epic_id"] == nil)
    }

    /// Notion's CSV names a related page by its title and its Markdown file's path
    /// (`Research study (Projects%20&%20Tasks/…/Research%20study%20e445….md)`): the page of
    /// that title is the link's card, as in AppFlowy's Notion-import test file (before, each
    /// such link named no card).
    @Test func aNotionRelationNamesItsPageByTitle() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("projects.csv")
        try Data("""
            Name,Status,Blocked By,Is Blocking
            Research study,In Progress,,"Marketing campaign (Projects%20&%20Tasks%20104d/Projects%2058b8/Marketing%20campaign%2088ac.md), Fix (urgent) (Projects%20&%20Tasks%20104d/Projects%2058b8/Fix%20(urgent)%2011aa.md)"
            Marketing campaign,Planning,Research study (Projects%20&%20Tasks%20104d/Projects%2058b8/Research%20study%20e445.md),
            Fix (urgent),Planning,,

            """.utf8).write(to: URL(fileURLWithPath: path))
        let r = CSVReader().read(BoardInput(path: path), options: ReaderOptions())
        let board = try #require(r.board, "\(r.diagnostics)")
        let (study, campaign, fix) = (board.cards[0].id, board.cards[1].id, board.cards[2].id)
        #expect(board.cards[0].links == [CardLink(.blocks, campaign), CardLink(.blocks, fix)])
        #expect(board.cards[1].links == [CardLink(.blockedBy, study)])
        #expect(board.cards[2].links == [CardLink(.blockedBy, study)])
        #expect(BoardValidator.validate(board, sourceMap: r.sourceMap).isEmpty)
        #expect(TabularBoardBuilder.notionPageTitle("Plain title") == nil && TabularBoardBuilder.notionPageTitle(" (a.md)") == nil)
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
