import BoardModel
import BoardStore
import BoardTestSupport
import Foundation
import Testing

/// A store's location, told apart once: a SQLite file or a board in a database.
@Suite struct StoreLocationTests {
    @Test func aFileAndADatabaseAreToldApartByWhatIsWritten() {
        #expect(StoreLocation("team.db") == .file(path: "team.db"))
        #expect(StoreLocation("./postgres://x") == .file(path: "./postgres://x"))
        #expect(StoreLocation("postgres://db/boards?board=team") == .database(url: "postgres://db/boards?board=team"))
        #expect(StoreLocation("postgresql:///boards").isDatabase)
        #expect(!StoreLocation("/srv/boards/team.db").isDatabase)
        #expect(StoreLocation("postgres://db/x?board=ops").text == "postgres://db/x?board=ops")
    }

    @Test func aBoardsOwnNameAndHowMessagesShowIt() {
        #expect(StoreLocation("/srv/boards/team-web.db").boardName == "team-web")
        #expect(StoreLocation("postgres://db/boards?board=ops").boardName == "ops")
        #expect(StoreLocation("postgres://db/boards").boardName == "board")
        #expect(StoreLocation("postgres://mina:s3cret@db/boards").shown == "postgres://mina@db/boards")
        #expect(StoreLocation("team.db").shown == "team.db")
    }

    @Test func aStoreIsSniffedInAFileAndAssumedInADatabase() throws {
        let tmp = try TemporaryFolder()
        let text = tmp.path("notes.txt"), db = tmp.path("team.db")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        _ = try BoardStore.create(db, board: Board(name: "team"), step: StepInfo(actor: "mina", command: "init", at: Instant.now()))
        #expect(!StoreLocation(text).holdsStore)
        #expect(!StoreLocation(tmp.path("missing.db")).holdsStore)
        #expect(StoreLocation(db).holdsStore)
        #expect(StoreLocation("postgres://db/boards").holdsStore)
    }
}
