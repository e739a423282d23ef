import Foundation
import Testing
import BoardModel
import BoardTestSupport
@testable import BoardTabular
@testable import BoardCSV
@testable import BoardIO

/// The conversation on a Plane issue through Plane's CSV export (#44): `Comments` holds a
/// card's comments as one JSON array (`comment`, `created_by`, `created_at` without a zone),
/// `Links` its links as one JSON array (`url`, `title`: attachments, references only), and
/// `Parent` the parent's identifier. Written back in the same form.
@Suite struct PlaneConversationTests {
    static func read(_ path: String) throws -> (Board, ReadResult) {
        let r = CSVReader().read(BoardInput(path: path, displayName: (path as NSString).lastPathComponent),
                                 options: ReaderOptions(timeZone: "Asia/Seoul"))
        return (try #require(r.board, "\(r.diagnostics)"), r)
    }

    static func card(_ board: Board, _ id: String) throws -> Card {
        try #require(board.cards.first { $0.id == id }, "no card \(id)")
    }

    static func seoul(_ day: Int, _ hour: Int, _ minute: Int) -> Instant {
        Zone.named("Asia/Seoul")!.instant(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: day)!, hour: hour, minute: minute))
    }

    @Test func commentsLinksAndParentOfTheSample() throws {
        let (board, result) = try Self.read(CommandRunner.sample("foreign/plane.csv"))
        let login = try Self.card(board, "WEB-2")
        #expect(login.comments.map(\.text) == [#"Reproduced with a password that has a "quote"; fix in review."#,
                                               "확인했습니다 👍\nDeploying tonight."])
        #expect(login.comments.map(\.author) == ["mina", "jisoo"])
        #expect(login.comments.map(\.at) == [Self.seoul(18, 10, 5), Self.seoul(19, 8, 40)])
        #expect(login.attachments == [Attachment(name: "Sentry: login 401s", url: "https://sentry.example.com/issues/4242")])
        #expect(login.links == [CardLink(.child, "WEB-5")])
        #expect(try Self.card(board, "WEB-5").links == [CardLink(.parent, "WEB-2")])
        // Not kept as fields any more.
        #expect(login.fields["Comments"] == nil && login.fields["Links"] == nil)
        #expect(try Self.card(board, "WEB-1").comments.isEmpty)
        #expect(!result.diagnostics.contains { $0.code == .tabularValueKept }, "\(result.diagnostics)")
    }

    /// Written with the preset, the cells are Plane's JSON again, and read back the same.
    @Test func planeToBoardToPlaneToBoardKeepsTheConversation() throws {
        let (board, _) = try Self.read(CommandRunner.sample("foreign/plane.csv"))
        let folder = try TemporaryFolder()
        let path = folder.path("plane.csv")
        let written = CSVWriter().write(board, to: path, options: WriterOptions(mapping: "plane"))
        #expect(!written.diagnostics.contains { ($0.message as? CSVMessage).map { if case .conversationNotWritten = $0 { true } else { false } } ?? false },
                "\(written.diagnostics)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#"{""comment"": ""확인했습니다 👍\nDeploying tonight."", ""created_by"": ""jisoo"", ""created_at"": ""2026-11-19 08:40:00""}]"#))
        let (back, _) = try Self.read(path)
        #expect(back.cards.map(\.comments) == board.cards.map(\.comments))
        #expect(back.cards.map(\.attachments) == board.cards.map(\.attachments))
        #expect(back.cards.map(\.links) == board.cards.map(\.links))
    }

    @Test func aCommentsCellThatIsNotPlanesArrayIsKeptWithAWarning() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("plane.csv")
        try Data("""
        "Project Identifier","Sequence Id","State Name","Identifier","Name","Comments"
        "WEB","1","Todo","WEB-1","One","[{""comment"": ""no time""}]"

        """.utf8).write(to: URL(fileURLWithPath: path))
        let (board, result) = try Self.read(path)
        #expect(try Self.card(board, "WEB-1").fields["Comments"] == #"[{"comment": "no time"}]"#)
        #expect(result.diagnostics.contains { $0.code == .tabularValueKept })
    }

    /// Linear's importer test keeps a real Plane export: two issues with comments, one with a
    /// link, one a sub-issue of TEST-2.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: JiraConversationTests.corpusFile("csv/linear__sample.csv")),
                   "the corpus's data files are not here"))
    func aRealPlaneExportsConversation() throws {
        let (board, result) = try Self.read(JiraConversationTests.corpusFile("csv/linear__sample.csv"))
        let dashboard = try Self.card(board, "TEST-2")
        #expect(dashboard.comments.map(\.author) == ["Jane Smith", "John Doe"])
        #expect(dashboard.comments.map(\.text) == ["Started investigating the root cause", "Found the issue - missing index on queries"])
        #expect(dashboard.links == [CardLink(.child, "TEST-7")])
        #expect(try Self.card(board, "TEST-3").attachments == [Attachment(name: "API Docs", url: "https://docs.example.com/api")])
        #expect(try Self.card(board, "TEST-6").comments.map(\.author) == ["Alice Brown"])
        #expect(!result.diagnostics.contains { $0.code == .tabularValueKept }, "\(result.diagnostics)")
    }
}
