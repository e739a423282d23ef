import BoardTestSupport
import Foundation
import Testing

/// A real CalDAV server on 127.0.0.1 (Tests/Oracles/caldav_server.py: Radicale or Xandikos,
/// password authentication, an empty to-do collection), and the `caldav` library as a
/// second client on the same collection (caldav_client.py).
final class CalDAVServer: @unchecked Sendable {
    let server: ScriptServer
    let url: String
    let eventsURL: String
    let folder: TemporaryFolder
    /// HTTPS with a self-signed certificate (Radicale only).
    let tls: Bool

    init(_ kind: String, tls: Bool = false) throws {
        folder = try TemporaryFolder()
        self.tls = tls
        server = try ScriptServer("caldav_server.py", [kind, folder.path("server"), "--second", "events"] + (tls ? ["--tls"] : []))
        url = server.url
        eventsURL = server.info["events_url"] as? String ?? ""
        guard !url.isEmpty else { throw POSIXError(.EIO) }
    }

    /// The other client: `list`, `create …`, `edit …`, `complete`, `delete`, `add-alarm`, `set-x`.
    @discardableResult
    func client(_ args: String...) throws -> Any {
        try client(at: url, args)
    }

    /// The other client on another collection of the server.
    @discardableResult
    func client(at url: String, _ args: [String]) throws -> Any {
        let script = CommandRunner.packageRoot.appendingPathComponent("Tests/Oracles/caldav_client.py").path
        // The other client trusts the self-signed certificate only when told to.
        let run = try CommandRunner.run("/usr/bin/env", (tls ? ["CALDAV_INSECURE=1"] : []) + ["python3", script, url, "mina", "secret"] + args)
        guard run.status == 0 else { throw ClientFailure(message: run.stderr) }
        return try JSONSerialization.jsonObject(with: run.stdout)
    }

    /// The to-dos the other client sees, by UID.
    func todos() throws -> [String: [String: Any]] {
        let list = try client("list") as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["uid"] as? String ?? "", $0) })
    }

    struct ClientFailure: Error { var message: String }
}

/// A store made from the sample board, and `boardkit sync` run on it as a person would.
struct SyncedBoard {
    let folder: TemporaryFolder
    let store: String
    let password: String

    /// A store of the sample board, or of `boardkit sample --cards N`, on either engine.
    init(cards: Int? = nil, engine: StoreEngineUnderTest = .sqlite) throws {
        folder = try TemporaryFolder()
        store = try engine.location("team.db", in: folder)
        password = folder.path("password")
        try "secret\n".write(toFile: password, atomically: true, encoding: .utf8)
        var source = CommandRunner.sample("board.json")
        if let cards {
            source = folder.path("sample.json")
            try CommandRunner.boardkit(["sample", "--cards", String(cards), "--seed", "7", "-o", source])
        }
        let made = try CommandRunner.boardkit(["init", "-b", store, "--from", source])
        guard made.status == 0 else { throw POSIXError(.EIO) }
    }

    @discardableResult
    func sync(_ args: [String] = [], status: Int32 = 0) throws -> ProcessOutput {
        let run = try CommandRunner.boardkit(["sync", "-b", store, "--password-file", password] + args)
        #expect(run.status == status, "boardkit sync \(args): \(run.stderr)")
        #expect(!run.stdoutText.contains("secret") && !run.stderr.contains("secret"))
        return run
    }

    @discardableResult
    func bk(_ args: [String]) throws -> ProcessOutput {
        let run = try CommandRunner.boardkit(args + ["-b", store])
        #expect(run.status == 0, "boardkit \(args): \(run.stderr)")
        return run
    }

    /// The board as JSON: cards by id.
    func cards() throws -> [String: [String: Any]] {
        let run = try CommandRunner.boardkit(["convert", store, "-", "--to", "json"])
        let board = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any] ?? [:]
        let cards = board["cards"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: cards.map { ($0["id"] as? String ?? "", $0) })
    }

    func history(_ limit: Int = 20) throws -> String {
        try bk(["history", "--limit", String(limit)]).stdoutText
    }
}

/// `boardkit sync` against Radicale and Xandikos, with the `caldav` library as the other app.
/// Each test has its own server and store, so they run side by side: one after another they
/// were `make test`'s longest chain (1,060 s, the last 480 s with nothing else running).
@Suite struct SyncTests {
    static let servers = ["radicale", "xandikos"]
    /// Both servers with a store in a file, and Radicale with a store in PostgreSQL.
    static let serversAndEngines: [(String, StoreEngineUnderTest)] = [("radicale", .sqlite), ("xandikos", .sqlite), ("radicale", .postgres)]
    static func uid(_ card: String) -> String { "\(card).todo@team-web.boardkit" }

    @Test(arguments: serversAndEngines) func theFirstSyncPutsEveryCardThereAndTheNextChangesNothing(server kind: String, engine: StoreEngineUnderTest) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard(engine: engine)
        let first = try board.sync([server.url, "--user", "mina", "--alarm=-P1D"])
        #expect(first.stdoutText.contains("to the server 38 new to-dos"))
        let todos = try server.todos()
        let cards = try board.cards()
        let shown = cards.values.filter { $0["archived"] == nil }
        #expect(todos.count == shown.count)
        // A date stays a date; a time keeps its zone, with the VTIMEZONE.
        let c1 = try #require(todos[Self.uid("c1")])
        #expect(c1["due"] as? String == "2026-10-03T18:00:00+09:00")
        #expect(c1["tzids"] as? [String] == ["Asia/Seoul"])
        #expect(c1["status"] as? String == "IN-PROCESS")
        #expect(c1["state"] as? String == "review")
        #expect(c1["alarms"] as? Int == 1)
        let dated = try #require(cards.first { ($0.value["due"] as? String)?.count == 10 && $0.value["archived"] == nil })
        #expect(todos[Self.uid(dated.key)]?["due_is_date"] as? Bool == true)
        let done = try #require(todos.values.first { $0["state"] as? String == "done" })
        #expect(done["status"] as? String == "COMPLETED")
        #expect(done["percent"] as? Int == 100)
        // Remembered: a plain sync (no URL, no user) finds nothing to do either way.
        let second = try board.sync()
        #expect(second.stdoutText.contains("0 new cards, 0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed"))
    }

    @Test(arguments: serversAndEngines) func changesMadeInAnotherAppArriveInTheHistoryAndUndo(server kind: String, engine: StoreEngineUnderTest) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard(engine: engine)
        try board.sync([server.url, "--user", "mina"])
        try server.client("complete", Self.uid("c3"))
        try server.client("edit", Self.uid("c1"), "--summary", "Renamed on the phone", "--category", "phone")
        try server.client("create", "Made in another app", "--due", "2026-12-24", "--status", "IN-PROCESS")
        try server.client("delete", Self.uid("c6"))
        let before = try board.cards()
        let run = try board.sync()
        #expect(run.stdoutText.contains("from the server 1 new card, 2 cards changed, 1 deleted"))
        let cards = try board.cards()
        #expect(cards["c3"]?["state"] as? String == "done")
        #expect(cards["c1"]?["title"] as? String == "Renamed on the phone")
        #expect(cards["c1"]?["labels"] as? [String] == ["phone"])
        #expect(cards["c6"]?["archived"] as? Bool == true) // deleted: kept in the export as archived
        let made = try #require(cards.values.first { $0["title"] as? String == "Made in another app" })
        #expect(made["due"] as? String == "2026-12-24")
        #expect(made["state"] as? String == "doing")
        let history = try board.history()
        #expect(history.contains("mina moved #3"))
        #expect(history.contains("mina created #41 'Made in another app'"))
        #expect(history.contains("mina deleted #6"))
        // One undo takes the whole sync back; the next sync puts those changes on the server.
        try board.bk(["undo"])
        let undone = try board.cards()
        #expect(undone["c1"]?["title"] as? String == before["c1"]?["title"] as? String)
        #expect(undone["c3"]?["state"] as? String == before["c3"]?["state"] as? String)
        try board.sync()
        let todos = try server.todos()
        #expect(todos[Self.uid("c1")]?["summary"] as? String == before["c1"]?["title"] as? String)
        #expect(todos[Self.uid("c6")] != nil)
    }

    @Test(arguments: serversAndEngines) func localChangesReachTheOtherAppKeepingWhatItAdded(server kind: String, engine: StoreEngineUnderTest) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard(engine: engine)
        try board.sync([server.url, "--user", "mina"])
        try server.client("add-alarm", Self.uid("c4"))
        try server.client("set-x", Self.uid("c4"), "kept by the other app")
        try board.sync()
        try board.bk(["edit", "c4", "--title", "Edited here", "--due", "2026-12-31"])
        try board.bk(["move", "c5", "done"])
        try board.bk(["archive", "c7"])
        try board.bk(["delete", "c8"])
        try board.bk(["add", "New here", "--label", "web"])
        let run = try board.sync()
        #expect(run.stdoutText.contains("to the server 1 new to-do, 2 to-dos changed, 2 removed"))
        let todos = try server.todos()
        let c4 = try #require(todos[Self.uid("c4")])
        #expect(c4["summary"] as? String == "Edited here")
        #expect(c4["due"] as? String == "2026-12-31")
        #expect(c4["alarms"] as? Int == 1)
        #expect(c4["x_other"] as? String == "kept by the other app")
        #expect(todos[Self.uid("c5")]?["status"] as? String == "COMPLETED")
        #expect(todos[Self.uid("c7")] == nil)
        #expect(todos[Self.uid("c8")] == nil)
        #expect(todos.values.contains { $0["summary"] as? String == "New here" && $0["categories"] as? [String] == ["web"] })
        // Restored here: back there.
        try board.bk(["restore", "c7"])
        try board.sync()
        #expect(try server.todos()[Self.uid("c7")] != nil)
    }

    @Test(arguments: serversAndEngines) func aFieldChangedOnBothSidesKeepsTheLaterAndRecordsTheOther(server kind: String, engine: StoreEngineUnderTest) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard(engine: engine)
        try board.sync([server.url, "--user", "mina"])
        // Here first, there later: the server's value wins.
        try board.bk(["edit", "c5", "--title", "Title from here", "--actor", "jisoo"])
        try board.bk(["move", "c6", "done", "--actor", "jisoo"])
        Thread.sleep(forTimeInterval: 1.1)
        try server.client("edit", Self.uid("c5"), "--summary", "Title from the phone")
        try server.client("edit", Self.uid("c6"), "--status", "NEEDS-ACTION")
        // There first, here later: this store's value wins.
        try server.client("edit", Self.uid("c9"), "--summary", "Phone says")
        Thread.sleep(forTimeInterval: 1.1)
        try board.bk(["edit", "c9", "--title", "Here says", "--actor", "jisoo"])
        let run = try board.sync()
        #expect(run.stdoutText.contains("3 conflicts"))
        let cards = try board.cards()
        #expect(cards["c5"]?["title"] as? String == "Title from the phone")
        #expect(cards["c9"]?["title"] as? String == "Here says")
        let todos = try server.todos()
        #expect(todos[Self.uid("c5")]?["summary"] as? String == "Title from the phone")
        #expect(todos[Self.uid("c9")]?["summary"] as? String == "Here says")
        let history = try board.history()
        #expect(history.contains("jisoo's title Title from here lost to the server's Title from the phone"))
        #expect(history.contains("the server's title Phone says lost to jisoo's Here says"))
        // A state conflict is a sentence too (it used to be the card's name alone).
        #expect(cards["c6"]?["state"] as? String == "todo")
        #expect(history.contains("jisoo's state DONE lost to the server's TODO"), "\(history)")
    }

    /// What another app writes is held to the rules the terminal and the page keep (CardText):
    /// a value no card may hold is not taken, the card keeps its own and the push puts it back
    /// there, and the history keeps the server's word for word.
    @Test(arguments: servers) func whatNoCardMayHoldIsNotTakenFromTheServer(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        let before = try board.cards()
        let long = String(repeating: "x", count: 600)
        try server.client("edit", Self.uid("c5"), "--summary", "Two\nlines")
        try server.client("edit", Self.uid("c6"), "--summary", long)
        try server.client(at: server.url, ["edit", Self.uid("c7")] + (1...51).flatMap { ["--category", "l\($0)"] })
        try server.client("edit", Self.uid("c8"), "--summary", "A fine new title")
        try server.client("create", "Made\nthere")
        let run = try board.sync()
        #expect(run.stderr.contains("sync-refused"), "\(run.stderr)")
        #expect(run.stderr.contains("holds a control character (U+000A)"), "\(run.stderr)")
        #expect(run.stderr.contains("is 600 characters; at most 500"), "\(run.stderr)")
        #expect(run.stderr.contains("has 51 entries; at most 50"), "\(run.stderr)")
        #expect(run.stderr.contains("not taken as a card"), "\(run.stderr)")
        let cards = try board.cards()
        for id in ["c5", "c6"] { #expect(cards[id]?["title"] as? String == before[id]?["title"] as? String) }
        #expect((cards["c7"]?["labels"] as? [String] ?? []) == (before["c7"]?["labels"] as? [String] ?? []))
        #expect(cards["c8"]?["title"] as? String == "A fine new title")
        #expect(!cards.values.contains { ($0["title"] as? String ?? "").hasPrefix("Made") })
        // The push put this store's values back; the to-do made there stays as it was.
        let todos = try server.todos()
        #expect(todos[Self.uid("c5")]?["summary"] as? String == before["c5"]?["title"] as? String)
        #expect(todos[Self.uid("c6")]?["summary"] as? String == before["c6"]?["title"] as? String)
        #expect((todos[Self.uid("c7")]?["categories"] as? [String] ?? []).count == (before["c7"]?["labels"] as? [String] ?? []).count)
        #expect(todos.values.contains { $0["summary"] as? String == "Made\nthere" })
        let history = try board.history(40)
        #expect(history.contains("sync refused on #6 '\(before["c6"]?["title"] as? String ?? "")': the server's title \(long) is 600 characters; at most 500; kept"), "\(history)")
        #expect(history.contains("the server's title Two\\nlines holds a control character (U+000A)"), "\(history)")
        let korean = try board.bk(["history", "--limit", "40", "--locale", "ko"]).stdoutText
        #expect(korean.contains("동기화 거부: 서버의 제목 Two\\nlines(은)는 제어 문자(U+000A)가 들어 있습니다."), "\(korean)")
        // Both sides agree now: the next sync changes nothing.
        let again = try board.sync()
        #expect(again.stdoutText.contains("0 cards changed") && again.stdoutText.contains("0 to-dos changed")
                && again.stdoutText.contains("0 conflicts"), "\(again.stdoutText)")
        #expect(!again.stderr.contains("sync-refused"))
    }

    @Test(arguments: servers) func aCutOffSyncIsFinishedByTheNextWithoutDuplicates(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        // A collection that already holds to-dos: they become cards, the cards become to-dos.
        try server.client("create", "Was there first", "--due", "2026-12-02")
        try board.sync([server.url, "--user", "mina"])
        let cardCount = try board.cards().count
        #expect(try board.cards().values.contains { $0["title"] as? String == "Was there first" })
        let count = try server.todos().count
        #expect(count == 39)
        // As if the last sync had been killed after its PUTs, before it remembered them.
        try board.bk(["edit", "c10", "--title", "Changed before the cut"])
        try board.sync()
        let forget = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('delete from sync_items'); c.execute('update sync_remote set token = null'); c.commit()"
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", forget, board.store]).status == 0)
        try board.bk(["edit", "c11", "--title", "Changed after the cut"])
        let again = try board.sync()
        #expect(try server.todos().count == count)
        #expect(try board.cards().count == cardCount)
        #expect(try server.todos()[Self.uid("c11")]?["summary"] as? String == "Changed after the cut")
        #expect(again.stdoutText.contains("from the server 0 new cards") && again.stdoutText.contains("to the server 0 new to-dos"))
        // Paired with no base, a to-do is a conflict only where it and its card differ: c11's
        // title, edited here since (the later change, kept).
        #expect(again.stdoutText.contains("; 1 conflict ("), "\(again.stdoutText)")
        // A stale entity tag (the resource changed since the ledger saw it): a 412, read again, merged.
        let stale = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"update sync_items set etag = '\\\"stale\\\"'\"); c.commit()"
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", stale, board.store]).status == 0)
        try board.bk(["edit", "c12", "--title", "Pushed past a 412"])
        try board.sync()
        #expect(try server.todos()[Self.uid("c12")]?["summary"] as? String == "Pushed past a 412")
        #expect(try server.todos().count == count)
    }

    /// On a terminal the first sync shows how many cards it has been through (#18), and
    /// clears the bar before its summary.
    @Test func aSyncOnATerminalShowsItsProgress() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        let run = try CommandRunner.boardkitOnTerminal(["sync", "-b", board.store, "--password-file", board.password,
                                                        server.url, "--user", "mina"])
        #expect(run.status == 0, "\(run.stdoutText)")
        #expect(run.stdoutText.contains("sending changed cards") && run.stdoutText.contains("%"), "\(run.stdoutText.prefix(300))")
        #expect(run.stdoutText.contains("\r\u{1B}[K") && run.stdoutText.contains("to the server 38 new to-dos"))
        #expect(try server.todos().count == 38)
    }

    @Test func aSyncKilledHalfWayIsFinishedByTheNext() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard(cards: 400)
        let open = try board.cards().values.filter { $0["archived"] == nil }.count
        let sync = Process()
        sync.executableURL = URL(fileURLWithPath: CommandRunner.boardkit)
        sync.arguments = ["sync", "-b", board.store, server.url, "--user", "mina", "--password-file", board.password]
        sync.standardOutput = FileHandle.nullDevice
        sync.standardError = FileHandle.nullDevice
        try sync.run()
        Thread.sleep(forTimeInterval: 0.5)
        kill(sync.processIdentifier, SIGKILL)
        sync.waitUntilExit()
        // Wherever it was cut off, the next sync finishes: every card there once, no card twice.
        try board.sync([server.url, "--user", "mina"])
        #expect(try server.todos().count == open)
        #expect(try board.cards().count == 400)
        let again = try board.sync()
        #expect(again.stdoutText.contains("from the server 0 new cards, 0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed"))
    }

    @Test func httpsCertificatesAreCheckedUnlessInsecureIsAskedForByName() throws {
        let server = try CalDAVServer("radicale", tls: true)
        #expect(server.url.hasPrefix("https://"))
        let board = try SyncedBoard()
        let before = try Data(contentsOf: URL(fileURLWithPath: board.store))
        let refused = try board.sync([server.url, "--user", "mina"], status: 1)
        #expect(refused.stderr.contains("[sync-unreachable]"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--insecure"))
        // In words: no TLS library's error enum or source path.
        #expect(refused.stderr.contains("not signed by an authority this machine trusts"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(".cc") && !refused.stderr.contains("BoringSSL"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.store)) == before)
        try board.sync([server.url, "--user", "mina", "--insecure"])
        #expect(try server.todos().count == 38)
    }

    /// A server that lists none or most of the to-dos the store synced with it (emptied,
    /// re-created, another collection) deletes no card unless asked; switching to another
    /// collection is said explicitly and deletes nothing on either side.
    @Test(arguments: servers) func anEmptiedOrOtherCollectionDeletesNothingUnlessAsked(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        let synced = try server.todos().count
        let cards = try board.cards().count
        let before = try Data(contentsOf: URL(fileURLWithPath: board.store))
        let other = try #require((try server.client("make-sibling", "board2") as? [String: Any])?["url"] as? String)
        let elsewhere = try board.sync([other], status: 1)
        #expect(elsewhere.stderr.contains("[sync-other-remote]") && elsewhere.stderr.contains("--new-remote"), "\(elsewhere.stderr)")

        try server.client("delete-all")
        for args in [[], ["--dry-run"]] {
            let run = try board.sync(args, status: 1)
            #expect(run.stderr.contains("[sync-remote-emptied]") && run.stderr.contains("no longer lists any of the \(synced) to-dos")
                    && run.stderr.contains("--force-delete"), "\(args): \(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.store)) == before, "nothing changed")
        // Re-created at the same URL: refused as well; --new-remote puts every card back.
        try server.client("recreate")
        #expect(try board.sync([], status: 1).stderr.contains("[sync-remote-emptied]"))
        let again = try board.sync(["--new-remote"])
        #expect(again.stdoutText.contains("0 deleted; to the server \(synced) new to-dos"), "\(again.stdoutText)")
        #expect(try server.todos().count == synced && board.cards().count == cards)
        #expect(try board.sync().stdoutText.contains("0 new cards, 0 cards changed, 0 deleted; to the server 0 new to-dos"))

        // One to-do deleted there is an everyday deletion: its card goes.
        let one = try #require(try server.todos().keys.sorted().first)
        try server.client("delete", one)
        #expect(try board.sync().stdoutText.contains(", 1 deleted;"))

        // Switching to the other collection: every card there, none deleted here.
        let switched = try board.sync([other, "--new-remote"])
        #expect(switched.stdoutText.contains("0 deleted; to the server \(synced - 1) new to-dos"), "\(switched.stdoutText)")
        #expect(try board.cards().filter { $0.value["archived"] == nil }.count == cards - 1 - (cards - synced))

        // Emptied there on purpose: --force-delete deletes the cards, and the history says so.
        try server.client(at: other, ["delete-all"])
        #expect(try board.sync([], status: 1).stderr.contains("[sync-remote-emptied]"))
        let forced = try board.sync(["--force-delete"])
        #expect(forced.stdoutText.contains("\(synced - 1) deleted"), "\(forced.stdoutText)")
        #expect(try board.history(5).contains("deleted"))
    }

    /// A server that lost its state refuses the sync token and then lists nothing (it used to
    /// delete every card, after which the two sides stayed apart with no error): refused, and
    /// the board kept.
    @Test(arguments: servers) func aServerThatForgotEverythingDeletesNothing(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let forgetful = try ScriptServer("fault_server.py", ["forget-token", server.url])
        try board.sync([forgetful.url, "--user", "mina"])
        try server.client("edit", Self.uid("c1"), "--summary", "Renamed on the phone")
        let before = try Data(contentsOf: URL(fileURLWithPath: board.store))
        let run = try board.sync([], status: 1)
        #expect(run.stderr.contains("[sync-remote-emptied]") && run.stderr.contains("--force-delete"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.store)) == before)
    }

    /// A password file written on Windows (CRLF) gives the password without its "\r".
    @Test func aPasswordFileWithWindowsLineEndingsWorks() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        let crlf = board.folder.path("password-crlf")
        try "secret\r\nsecond line\r\n".write(toFile: crlf, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["sync", "-b", board.store, server.url, "--user", "mina", "--password-file", crlf])
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// A time a phone writes without a zone (floating) is a time on the board's clock (Asia/Seoul
    /// here), kept so when the to-do is written back.
    @Test(arguments: servers) func aFloatingDueTimeIsTheBoardsZone(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        let made = try #require(try server.client("create", "Call the client", "--due-time", "2026-12-10T09:00") as? [String: Any])
        let uid = try #require(made["uid"] as? String)
        try board.sync()
        let card = try #require(try board.cards().values.first { $0["title"] as? String == "Call the client" })
        #expect(card["due"] as? String == "2026-12-10T09:00:00+09:00", "\(card)")
        let id = try #require(card["id"] as? String)
        try board.bk(["edit", id, "--title", "Call the client back"])
        try board.sync()
        let todo = try #require(try server.todos()[uid])
        #expect(todo["summary"] as? String == "Call the client back")
        #expect(todo["due"] as? String == "2026-12-10T09:00:00+09:00", "\(todo)")
        // A TZID the resource does not define and no IANA zone has: said, located at the
        // resource, and read in the board's zone (it was read as UTC without a word).
        let unknown = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\nBEGIN:VTODO\r\nUID:custom-zone@example.com\r\n\
            DTSTAMP:20261127T090000Z\r\nSUMMARY:Zone of its own\r\nDUE;TZID=Office Time:20261211T100000\r\n\
            END:VTODO\r\nEND:VCALENDAR\r\n
            """
        try server.client("create-raw", unknown)
        let run = try board.sync()
        #expect(run.stderr.contains("warning: TZID 'Office Time' is neither a VTIMEZONE") && run.stderr.contains("[ics-unknown-tzid]")
                && run.stderr.contains(server.url), "\(run.stderr)")
        let zoned = try #require(try board.cards().values.first { $0["title"] as? String == "Zone of its own" })
        #expect(zoned["due"] as? String == "2026-12-11T10:00:00+09:00", "\(zoned)")
    }

    /// Most of the to-dos gone (more than half, at least 10) is refused too, and said so.
    @Test(arguments: servers) func mostToDosGoneIsSaidWithTheirCount(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        let synced = try server.todos().count
        try server.client("delete-all", "--keep", "10")
        let run = try board.sync([], status: 1)
        #expect(run.stderr.contains("[sync-remote-emptied]") && run.stderr.contains("no longer lists \(synced - 10) of the \(synced) to-dos this store"),
                "\(run.stderr)")
    }

    /// A phone's to-do with DTSTART and DURATION (no DUE) is due at their sum and starts at
    /// DTSTART; written back it has DUE and DTSTART and no DURATION (both DUE and DURATION are
    /// against RFC 5545, and Radicale refused such a PUT with 400, stopping every later sync).
    @Test(arguments: servers) func aStartAndADurationFromAPhoneAreTheStartAndTheDue(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        let made = try #require(try server.client("create", "Plan the offsite", "--start", "2026-12-10T09:00", "--duration", "PT2H30M") as? [String: Any])
        let uid = try #require(made["uid"] as? String)
        try board.sync()
        let card = try #require(try board.cards().values.first { $0["title"] as? String == "Plan the offsite" })
        #expect(card["start"] as? String == "2026-12-10T09:00:00+09:00" && card["due"] as? String == "2026-12-10T11:30:00+09:00", "\(card)")
        try board.bk(["edit", try #require(card["id"] as? String), "--title", "Plan the offsite in Busan"])
        let run = try board.sync()
        #expect(run.stdoutText.contains("1 to-do changed"), "\(run.stdoutText)")
        let todo = try #require(try server.todos()[uid])
        #expect(todo["summary"] as? String == "Plan the offsite in Busan")
        #expect(todo["duration"] is NSNull && todo["due"] as? String == "2026-12-10T11:30:00+09:00"
                && todo["dtstart"] as? String == "2026-12-10T09:00:00+09:00", "\(todo)")
        #expect(try board.sync().stdoutText.contains("0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed"))
    }

    /// A PUT the server refuses is said (the card and the server's answer, at the resource),
    /// skipped, and the push goes on with the other cards; the summary counts it.
    @Test(arguments: servers) func aRefusedPutStopsNothingElse(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let refusing = try ScriptServer("fault_server.py", ["refuse-put", server.url, "/c1.ics"])
        let shown = try board.cards().values.filter { $0["archived"] == nil }.count
        let run = try board.sync([refusing.url, "--user", "mina"])
        #expect(run.stderr.contains("warning: the server refused the to-do of #") && run.stderr.contains("'검색 필터 추가' (400 Bad Request: Bad Request: invalid iCalendar)")
                && run.stderr.contains("[sync-push-refused]") && run.stderr.contains("c1.ics"), "\(run.stderr)")
        #expect(run.stdoutText.contains("to the server \(shown - 1) new to-dos") && run.stdoutText.contains("; 1 to-do refused by the server"), "\(run.stdoutText)")
        #expect(try server.todos().count == shown - 1 && server.todos()[Self.uid("c1")] == nil)
        // Taken once the server takes it.
        let again = try board.sync()
        #expect(again.stdoutText.contains("to the server 1 new to-do,") && !again.stdoutText.contains("refused"), "\(again.stdoutText)")
        #expect(try server.todos()[Self.uid("c1")] != nil)
    }

    /// A card with a start and no due is a to-do with DTSTART alone, and DTSTART alone is read
    /// as a start both ways: an edit on the phone changes neither date.
    @Test(arguments: servers) func aStartAloneStaysAStart(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.bk(["edit", "c3", "--start", "2026-12-10"])
        try board.sync([server.url, "--user", "mina"])
        let todo = try #require(try server.todos()[Self.uid("c3")])
        #expect(todo["dtstart"] as? String == "2026-12-10" && todo["due"] is NSNull, "\(todo)")
        try server.client("edit", Self.uid("c3"), "--summary", "Settings, part 2")
        try board.sync()
        let card = try #require(try board.cards()["c3"])
        #expect(card["title"] as? String == "Settings, part 2" && card["start"] as? String == "2026-12-10" && card["due"] == nil, "\(card)")
        // The phone's edit changed the title only.
        let history = try board.history(3).split(separator: "\n").filter { $0.contains(" mina ") }
        #expect(history.count == 1 && !history.contains { $0.contains("due") || $0.contains("start") }, "\(history)")
    }

    /// A start after the due (a card may have one) is kept in X-BOARDKIT-START, RFC 5545 wanting
    /// a to-do's DTSTART before its DUE: it comes back, and no change is logged that nobody made.
    @Test(arguments: servers) func aStartAfterTheDueComesBack(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.bk(["edit", "c9", "--start", "2026-10-20"])
        try board.sync([server.url, "--user", "mina"])
        let todo = try #require(try server.todos()[Self.uid("c9")])
        #expect(todo["x_start"] as? String == "2026-10-20" && todo["dtstart"] is NSNull && todo["due"] as? String == "2026-10-16", "\(todo)")
        try server.client("edit", Self.uid("c9"), "--summary", "Notifications, step 2")
        try board.sync()
        let card = try #require(try board.cards()["c9"])
        #expect(card["title"] as? String == "Notifications, step 2" && card["start"] as? String == "2026-10-20"
                && card["due"] as? String == "2026-10-16", "\(card)")
        let history = try board.history(3).split(separator: "\n").filter { $0.contains(" mina ") }
        #expect(history.count == 1 && !history.contains { $0.contains("due") || $0.contains("start") }, "\(history)")
        #expect(try board.sync().stdoutText.contains("0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed"))
    }

    /// One sync of a store at a time: while another holds the store's sync lock, a sync says so
    /// and does nothing; once it is let go, the sync runs.
    @Test func twoSyncsOfOneStoreNeverRunAtOnce() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        let lock = board.folder.path(".team.db.sync-lock")
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", "import fcntl,sys,time; f=open(sys.argv[1],'a'); fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); time.sleep(60)", lock]
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        _ = out.fileHandleForReading.availableData
        let busy = try board.sync([server.url, "--user", "mina"], status: 1)
        #expect(busy.stderr.contains("[sync-running]"), "\(busy.stderr)")
        #expect(try server.todos().isEmpty)
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(try board.sync([server.url, "--user", "mina"]).stdoutText.contains("to the server 38 new to-dos"))
    }

    /// A card archived here and edited on the phone since comes back with the phone's edit
    /// (the push used to delete the to-do anyway), and the history says why; a dry run says
    /// the same.
    @Test(arguments: servers) func anEditThereBringsBackACardArchivedHere(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        try board.bk(["archive", "c3", "--actor", "jisoo"])
        try server.client("edit", Self.uid("c3"), "--summary", "Still working on it")
        let planned = try board.sync(["--dry-run"])
        #expect(planned.stdoutText.contains("brought back") && !planned.stdoutText.contains("push: delete the to-do of #3"),
                "\(planned.stdoutText)")
        let run = try board.sync()
        #expect(run.stdoutText.contains("1 conflict") && run.stdoutText.contains("0 removed"), "\(run.stdoutText)")
        let card = try #require(try board.cards()["c3"])
        #expect(card["archived"] == nil && card["title"] as? String == "Still working on it", "\(card)")
        #expect(try server.todos()[Self.uid("c3")]?["summary"] as? String == "Still working on it")
        #expect(try board.history().contains("archived here by jisoo, edited on the server since, so brought back"))
        // An archive with nothing edited there still takes the to-do away.
        try board.bk(["archive", "c4"])
        #expect(try board.sync().stdoutText.contains("1 removed"))
        #expect(try server.todos()[Self.uid("c4")] == nil)
        // Archived here and gone there (the push deletes that to-do anyway): the card stays
        // archived, and neither run plans a push.
        try board.bk(["archive", "c5"])
        try server.client("delete", Self.uid("c5"))
        let dry = try board.sync(["--dry-run"]).stdoutText
        #expect(dry.contains("0 deleted;") && dry.contains("0 removed") && !dry.contains("push: delete the to-do of #5"), "\(dry)")
        #expect(try board.sync().stdoutText.contains("0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed"))
        try board.bk(["restore", "c5"])
        #expect(try board.sync().stdoutText.contains("to the server 1 new to-do, 0 to-dos changed, 0 removed"))
        // Deleted here and gone there: the same (a dry run planned a DELETE the real run never made).
        try board.bk(["delete", "c6"])
        try server.client("delete", Self.uid("c6"))
        let dryDeleted = try board.sync(["--dry-run"]).stdoutText
        #expect(dryDeleted.contains("0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed")
                && !dryDeleted.contains("push: delete the to-do of #6"), "\(dryDeleted)")
        #expect(try board.sync().stdoutText.contains("0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed"))
    }

    /// A delete on one side and an edit on the other: the edit wins, the card stays or comes
    /// back, and the history says why (the delete used to win without a trace).
    @Test(arguments: servers) func aDeleteLosesToAnEditOnTheOtherSide(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        // Deleted here, renamed on the phone.
        try board.bk(["delete", "c7", "--actor", "jisoo"])
        try server.client("edit", Self.uid("c7"), "--summary", "Renamed on the phone")
        // Deleted on the phone, edited here.
        try server.client("delete", Self.uid("c8"))
        try board.bk(["edit", "c8", "--title", "Kept here", "--actor", "jisoo"])
        // Deleted on the phone, nothing edited here: the card goes.
        try server.client("delete", Self.uid("c9"))
        let planned = try board.sync(["--dry-run"]).stdoutText
        #expect(planned.contains("#7 '모바일 레이아웃 깨짐' deleted here, edited on the server: brought back")
                && planned.contains("#8 'Kept here' deleted on the server, edited here: kept")
                && planned.contains("push: new to-do for #8") && !planned.contains("push: delete the to-do of #7"), "\(planned)")
        let run = try board.sync().stdoutText
        #expect(run.contains("1 deleted; to the server 1 new to-do, 0 to-dos changed, 0 removed; 2 conflicts"), "\(run)")
        let cards = try board.cards()
        #expect(cards["c7"]?["title"] as? String == "Renamed on the phone" && cards["c7"]?["archived"] == nil, "\(cards["c7"] ?? [:])")
        #expect(cards["c8"]?["title"] as? String == "Kept here" && cards["c8"]?["archived"] == nil)
        #expect(cards["c9"]?["archived"] as? Bool == true) // deleted: kept in the export as archived
        let todos = try server.todos()
        #expect(todos[Self.uid("c7")]?["summary"] as? String == "Renamed on the phone")
        #expect(todos[Self.uid("c8")]?["summary"] as? String == "Kept here")
        #expect(todos[Self.uid("c9")] == nil)
        let history = try board.history()
        #expect(history.contains("sync conflict on #7 'Renamed on the phone': deleted here by jisoo, edited on the server since, so brought back"), "\(history)")
        #expect(history.contains("sync conflict on #8 'Kept here': deleted on the server, edited here by jisoo since, so kept and put back"))
        #expect(try board.sync().stdoutText.contains("0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed; 0 conflicts"))
    }

    /// The to-do is edited after the pull and before the push's DELETE: the DELETE meets a
    /// changed resource (412), and the card comes back instead of the edit being deleted.
    @Test(arguments: servers) func anEditJustBeforeTheDeleteBringsTheCardBack(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let racing = try ScriptServer("fault_server.py", ["edit-before-delete", server.url])
        try board.sync([racing.url, "--user", "mina"])
        try board.bk(["delete", "c7", "--actor", "jisoo"])
        let run = try board.sync().stdoutText
        #expect(run.contains("0 removed; 1 conflict"), "\(run)")
        #expect(try board.cards()["c7"]?["title"] as? String == "Edited meanwhile")
        #expect(try server.todos()[Self.uid("c7")]?["summary"] as? String == "Edited meanwhile")
        #expect(try board.history().contains("deleted here by jisoo, edited on the server since, so brought back"))
    }

    /// The server takes a PUT and the reply never arrives: the run fails, saying so; the next
    /// finishes with no duplicate.
    @Test func aLostReplyToAPutIsFinishedByTheNextSync() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        let dropping = try ScriptServer("fault_server.py", ["drop-after-put", server.url])
        let cut = try board.sync([dropping.url, "--user", "mina"], status: 1)
        #expect(cut.stderr.contains("[sync-"), "\(cut.stderr)")
        let run = try board.sync().stdoutText
        #expect(run.contains("0 new cards") && run.contains("37 new to-dos"), "\(run)")
        let todos = try server.todos()
        #expect(todos.count == 38 && Set(todos.keys).count == 38)
        #expect(try board.cards().count == 40)
    }

    /// A status changed there is an edit like a title: a card archived or deleted here whose
    /// to-do was completed there (as Thunderbird does it: STATUS, COMPLETED, PERCENT-COMPLETE)
    /// or set in process comes back in that state, and the history says why. (The push used to
    /// delete both to-dos: only the state boardkit had written was compared.)
    @Test(arguments: servers) func aStatusChangedThereBringsBackACardRemovedHere(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        try board.bk(["archive", "c3", "--actor", "jisoo"])
        try board.bk(["delete", "c9", "--actor", "jisoo"])
        try server.client("complete", Self.uid("c3"))
        try server.client("edit", Self.uid("c9"), "--status", "IN-PROCESS")
        let run = try board.sync().stdoutText
        #expect(run.contains("0 removed; 2 conflicts"), "\(run)")
        let cards = try board.cards()
        #expect(cards["c3"]?["state"] as? String == "done" && cards["c3"]?["archived"] == nil, "\(cards["c3"] ?? [:])")
        #expect(cards["c9"]?["state"] as? String == "doing" && cards["c9"]?["archived"] == nil, "\(cards["c9"] ?? [:])")
        let todos = try server.todos()
        #expect(todos[Self.uid("c3")]?["status"] as? String == "COMPLETED" && todos[Self.uid("c3")]?["state"] as? String == "done",
                "\(todos[Self.uid("c3")] ?? [:])")
        #expect(todos[Self.uid("c9")]?["status"] as? String == "IN-PROCESS" && todos[Self.uid("c9")]?["state"] as? String == "doing",
                "\(todos[Self.uid("c9")] ?? [:])")
        let history = try board.history()
        #expect(history.contains("#3 'Add user settings, part 2': archived here by jisoo, edited on the server since, so brought back")
                && history.contains("mina moved #3 'Add user settings, part 2' from TODO to DONE"), "\(history)")
        #expect(history.contains("deleted here by jisoo, edited on the server since, so brought back") && history.contains("mina moved #9"),
                "\(history)")
        #expect(try board.sync().stdoutText.contains("0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed; 0 conflicts"))
    }

    /// The server took a PUT whose reply never came, so the ledger has no base for that to-do,
    /// and it was edited on both sides before the next sync: the two versions are a conflict
    /// field by field, the later change kept and the other in the history. (The next sync used
    /// to push the card over the phone's title, which was then on neither side.)
    @Test(arguments: servers) func anEditThereToAToDoWhosePushWasNotRecordedIsAConflict(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let dropping = try ScriptServer("fault_server.py", ["drop-after-put", server.url])
        try board.sync([dropping.url, "--user", "mina"], status: 1)
        let uid = try #require(try server.todos().keys.first)
        #expect(try server.todos().count == 1)
        let card = String(uid.prefix { $0 != "." })
        try server.client("edit", uid, "--summary", "Renamed on the phone")
        Thread.sleep(forTimeInterval: 1.1)
        try board.bk(["edit", card, "--due", "2026-12-31", "--actor", "jisoo"])
        let run = try board.sync().stdoutText
        #expect(run.contains("1 card changed, 0 deleted; to the server 37 new to-dos, 1 to-do changed, 0 removed; 2 conflicts"), "\(run)")
        let kept = try #require(try board.cards()[card])
        #expect(kept["title"] as? String == "Renamed on the phone" && kept["due"] as? String == "2026-12-31", "\(kept)")
        let todo = try #require(try server.todos()[uid])
        #expect(todo["summary"] as? String == "Renamed on the phone" && todo["due"] as? String == "2026-12-31", "\(todo)")
        let history = try board.history()
        #expect(history.contains("lost to the server's Renamed on the phone") && history.contains("lost to jisoo's 2026-12-31"), "\(history)")
        #expect(try board.sync().stdoutText.contains("0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed; 0 conflicts"))
    }

    /// The server deletes the to-do of a card archived here and the reply never arrives: the
    /// next sync finds it gone, which is the push's own doing, and the card stays archived here.
    /// (It was deleted as if by the server's user, and `restore` found no card.)
    @Test(arguments: servers) func aLostReplyToADeleteKeepsTheCardAsItIsHere(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let dropping = try ScriptServer("fault_server.py", ["drop-after-delete", server.url])
        try board.sync([dropping.url, "--user", "mina"])
        try board.bk(["archive", "c7", "--actor", "jisoo"])
        let cut = try board.sync([], status: 1)
        #expect(cut.stderr.contains("[sync-"), "\(cut.stderr)")
        #expect(try server.todos()[Self.uid("c7")] == nil)
        let run = try board.sync().stdoutText
        #expect(run.contains("0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed; 0 conflicts"), "\(run)")
        #expect(try !board.history().contains("mina deleted #7"))
        try board.bk(["restore", "c7"])
        #expect(try board.sync().stdoutText.contains("to the server 1 new to-do,"))
        #expect(try server.todos()[Self.uid("c7")] != nil)
    }

    /// A to-do made in another app keeps its UID and CREATED when its card goes and comes
    /// back (undo and redo of the pull, archive and restore): the same to-do returns, not a
    /// new one under boardkit's UID.
    @Test(arguments: servers) func aToDoKeepsItsIdentityWhenItsCardComesBack(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        let uid = "phone-new-1@example.com"
        try server.client("create", "Made on the phone", "--uid", uid)
        let created = try #require(try server.todos()[uid]?["created"] as? String)
        try board.sync()
        // As a store from before schema 5 has it: the UID only in the ledger's resource text.
        let forget = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('delete from sync_uids'); c.commit()"
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", forget, board.store]).status == 0)
        try board.bk(["undo"])
        #expect(try board.sync().stdoutText.contains("1 removed"))
        #expect(try server.todos()[uid] == nil)
        try board.bk(["redo"])
        #expect(try board.sync().stdoutText.contains("1 new to-do,"))
        func phoneTodos() throws -> [[String: Any]] {
            try server.todos().values.filter { $0["summary"] as? String == "Made on the phone" }
        }
        #expect(try phoneTodos().map { $0["uid"] as? String } == [uid])
        #expect(try phoneTodos().first?["created"] as? String == created)
        let card = try #require(try board.cards().first { $0.value["title"] as? String == "Made on the phone" }?.key)
        try board.bk(["archive", card])
        try board.sync()
        try board.bk(["restore", card])
        try board.sync()
        #expect(try phoneTodos().map { $0["uid"] as? String } == [uid])
        // A card made here gets CREATED too.
        #expect(try server.todos()[Self.uid("c1")]?["created"] as? String == "2026-09-27T04:43:04+00:00")
    }

    /// A push moves DTSTAMP and LAST-MODIFIED forward (they went back to the card's import
    /// time), and a to-do finished in another app keeps its COMPLETED time (it became the
    /// sync's time).
    @Test(arguments: servers) func pushesKeepTheToDosTimesInOrder(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        try server.client("edit", Self.uid("c1"), "--summary", "Renamed on the phone")
        let edited = try #require(try server.todos()[Self.uid("c1")])
        try server.client("complete", Self.uid("c3"), "--at", "2026-11-20T08:00:00+00:00")
        try board.sync()
        #expect(try board.cards()["c3"]?["completed"] as? String == "2026-11-20T08:00:00Z")
        try board.bk(["edit", "c1", "--title", "Renamed here"])
        try board.bk(["edit", "c3", "--title", "Finished on the phone"])
        #expect(try board.sync().stdoutText.contains("2 to-dos changed"))
        let todos = try server.todos()
        let pushed = try #require(todos[Self.uid("c1")])
        for time in ["last_modified", "dtstamp"] {
            let before = try #require(edited[time] as? String), after = try #require(pushed[time] as? String)
            #expect(after >= before, "\(time): \(before) then \(after)")
        }
        #expect(todos[Self.uid("c3")]?["completed"] as? String == "2026-11-20T08:00:00+00:00")
    }

    /// A push cut off by a failing server remembers the to-dos the server took before it: the
    /// next sync neither reads them back nor sends them again (it read back every one).
    @Test func aPushCutOffRemembersWhatTheServerTook() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        let failing = try ScriptServer("fault_server.py", ["put-503-after", server.url, "5"])
        let cut = try board.sync([failing.url, "--user", "mina"], status: 1)
        #expect(cut.stderr.contains("503") && cut.stderr.contains("[sync-server-failed]"), "\(cut.stderr)")
        let before = try Self.requests(failing).count
        let run = try board.sync().stdoutText
        #expect(run.contains("to the server 33 new to-dos"), "\(run)")
        let requests = try Self.requests(failing).dropFirst(before)
        #expect(requests.filter { $0["method"] as? String == "PUT" }.count == 33)
        #expect(!requests.contains { ($0["body"] as? String ?? "").contains("calendar-multiget") }, "\(requests)")
    }

    /// What a `record` proxy passed on so far.
    static func requests(_ recording: ScriptServer) throws -> [[String: Any]] {
        let url = try #require(URL(string: "/_requests", relativeTo: URL(string: recording.url))).absoluteString
        let get = try CommandRunner.run("/usr/bin/env", ["python3", "-c", "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())", url])
        return try JSONSerialization.jsonObject(with: get.stdout) as? [[String: Any]] ?? []
    }

    /// A sync with nothing to do asks the server for changes once (it asked twice), after a
    /// sync that pushed and after one that only pulled, and does not ask for the collection's
    /// token or CTag besides.
    @Test(arguments: servers) func aSyncWithNothingToDoAsksForChangesOnce(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let recording = try ScriptServer("fault_server.py", ["record", server.url])
        try board.sync([recording.url, "--user", "mina"])
        func reports() throws -> Int {
            try Self.requests(recording).filter { ($0["body"] as? String ?? "").contains("sync-collection") }.count
        }
        let first = try reports()
        let before = try Self.requests(recording).count
        #expect(try board.sync().stdoutText.contains("0 new to-dos, 0 to-dos changed, 0 removed"))
        #expect(try reports() - first == 1)
        // Its check asks the collection for neither its sync token nor its CTag: a server may
        // compute each over every resource (Radicale: a second each at a few thousand to-dos),
        // and the REPORT gives the token. (The check asked for both.)
        let check = try Self.requests(recording).dropFirst(before).filter { $0["method"] as? String == "PROPFIND" }
        #expect(check.count == 1, "\(check)")
        #expect(!check.contains { ($0["body"] as? String ?? "").contains("sync-token") || ($0["body"] as? String ?? "").contains("getctag") }, "\(check)")
        try server.client("edit", Self.uid("c1"), "--summary", "Renamed on the phone")
        #expect(try board.sync().stdoutText.contains("1 card changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed"))
        let pulled = try reports()
        #expect(try board.sync().stdoutText.contains("0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed"))
        #expect(try reports() - pulled == 1)
    }

    /// Reminders are a setting of the remote: kept by later syncs (a plain sync after an edit
    /// used to remove them), put into every to-do when changed, removed with --no-alarm.
    @Test func remindersAreASettingOfTheRemote() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina", "--alarm=-P1D"])
        #expect(try server.todos()[Self.uid("c1")]?["alarms"] as? Int == 1)
        try board.bk(["edit", "c1", "--title", "Edited after the reminders"])
        try board.sync()
        let edited = try #require(try server.todos()[Self.uid("c1")])
        #expect(edited["summary"] as? String == "Edited after the reminders")
        #expect(edited["alarms"] as? Int == 1, "a plain sync keeps the reminders")
        // Changed on an up-to-date board: every to-do with a due date gets the new one.
        let changed = try board.sync(["--alarm=-PT2H"])
        #expect(changed.stdoutText.contains("0 new to-dos"))
        let raw = try #require((try server.client("raw", Self.uid("c1")) as? [String: Any])?["ics"] as? String)
        #expect(raw.contains("-PT2H") && !raw.contains("-P1D"), "\(raw)")
        try board.sync(["--no-alarm"])
        #expect(try server.todos().values.allSatisfy { ($0["alarms"] as? Int ?? 0) == 0 })
        try board.sync()
        #expect(try server.todos().values.allSatisfy { ($0["alarms"] as? Int ?? 0) == 0 }, "--no-alarm is remembered too")
    }

    /// A dry run says what the real run then does: the same counts both ways, on scenarios
    /// where the pull changes what the push would send (a card deleted there and edited here,
    /// a field changed on both sides, a to-do completed there).
    @Test(arguments: [1, 2, 3]) func aDryRunSaysWhatTheRealRunDoes(seed: Int) throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        let cards = ["c3", "c4", "c5", "c6", "c7", "c9", "c11", "c12", "c13", "c14"]
        for (k, card) in cards.enumerated() {
            // Each seed gives each card another of the eight cases.
            switch (k * seed + seed) % 8 {
            case 0:
                try server.client("delete", Self.uid(card))
                try board.bk(["edit", card, "--title", "Edited here, deleted there"])
            case 1:
                try server.client("edit", Self.uid(card), "--summary", "From the phone \(card)")
                try board.bk(["edit", card, "--title", "From here \(card)"])
            case 2: try server.client("complete", Self.uid(card))
            case 3: try board.bk(["move", card, "done"])
            case 4: try server.client("edit", Self.uid(card), "--summary", "Only there \(card)")
            case 5:
                try board.bk(["delete", card])
                try server.client("edit", Self.uid(card), "--summary", "Edited there, deleted here")
            case 6:
                try board.bk(["archive", card])
                try server.client("edit", Self.uid(card), "--summary", "Edited there, archived here")
            default: try board.bk(["edit", card, "--title", "Only here \(card)"])
            }
        }
        func counts(_ run: ProcessOutput) -> String {
            String(run.stdoutText.split(separator: "\n").last?.split(separator: ":", maxSplits: 2).last ?? "")
        }
        let planned = counts(try board.sync(["--dry-run"]))
        let done = counts(try board.sync())
        #expect(planned == done, "dry run: \(planned)\nreal run: \(done)")
        #expect(!done.isEmpty)
    }

    /// The summary counts what the server took: with every PUT refused (412, changed there
    /// meanwhile) nothing is said to be written, and what is left for the next sync is said.
    @Test func theSummaryCountsWhatTheServerTook() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard(cards: 3)
        let refusing = try ScriptServer("fault_server.py", ["put-412", server.url])
        let run = try board.sync([refusing.url, "--user", "mina"])
        #expect(run.stdoutText.contains("to the server 0 new to-dos, 0 to-dos changed"), "\(run.stdoutText)")
        #expect(run.stdoutText.contains("3 to-dos changed on the server meanwhile, left for the next sync"), "\(run.stdoutText)")
        #expect(try server.todos().isEmpty)
        // Asked for a complete sync, one that left something is no exit 0 (it was).
        let complete = try board.sync(["--complete"], status: 1)
        #expect(complete.stderr.contains("3 to-dos changed on the server again while this sync wrote them") && complete.stderr.contains("[sync-incomplete]"),
                "\(complete.stderr)")
        #expect(complete.stdoutText.contains("left for the next sync"))
    }

    /// A failing server (503 at the first request) is said as the server's failure, with its
    /// status in words, not taken for "not a collection of to-dos".
    @Test func aFailingServerIsSaidAsSuch() throws {
        let board = try SyncedBoard()
        let failing = try ScriptServer("fault_server.py", ["503"])
        let run = try board.sync([failing.url, "--user", "mina"], status: 1)
        #expect(run.stderr.contains("[sync-server-failed]") && run.stderr.contains("503 Service Unavailable"), "\(run.stderr)")
    }

    /// Credentials go where they belong and are never printed or kept; what is missing is
    /// said as such; a password over plain http to another machine is warned of.
    @Test func credentialsAreAskedForWhereTheyBelong() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        let before = try Data(contentsOf: URL(fileURLWithPath: board.store))
        // `sync` checks that "secret" is in no output.
        let inURL = try board.sync([server.url.replacingOccurrences(of: "http://", with: "http://mina:secret@"), "--user", "mina"], status: 1)
        #expect(inURL.stderr.contains("[sync-bad-url]") && inURL.stderr.contains("--password-file"), "\(inURL.stderr)")
        let noUser = try board.sync([server.url], status: 1)
        #expect(noUser.stderr.contains("[sync-unauthorized]") && noUser.stderr.contains("--user NAME"), "\(noUser.stderr)")
        let empty = board.folder.path("empty-password")
        try "\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let emptyRun = try CommandRunner.boardkit(["sync", "-b", board.store, server.url, "--user", "mina", "--password-file", empty])
        #expect(emptyRun.status == 1 && emptyRun.stderr.contains("[sync-no-password]") && emptyRun.stderr.contains("empty"))
        #expect(emptyRun.stderr.contains("first line is empty"), "said as itself, not as a file that cannot be read: \(emptyRun.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.store)) == before, "nothing kept")
        let far = try board.sync(["http://example.invalid:9/mina/board/", "--user", "mina"], status: 1)
        #expect(far.stderr.contains("[sync-plain-http]") && far.stderr.contains("example.invalid"), "\(far.stderr)")
        let near = try board.sync([server.url, "--user", "mina"])
        #expect(!near.stderr.contains("sync-plain-http"))
    }

    @Test func aDryRunChangesNothingOnEitherSide() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina"])
        try server.client("complete", Self.uid("c3"))
        try board.bk(["edit", "c4", "--title", "Only here"])
        let storeBefore = try Data(contentsOf: URL(fileURLWithPath: board.store))
        let run = try board.sync(["--dry-run"])
        #expect(run.stdoutText.contains("pull: #3"))
        #expect(run.stdoutText.contains("push: changed to-do for #4"))
        #expect(run.stdoutText.contains("Would sync"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.store)) == storeBefore)
        #expect(try server.todos()[Self.uid("c4")]?["summary"] as? String != "Only here")
        #expect(try board.cards()["c3"]?["state"] as? String != "done")
    }

    @Test func refusalsAreLocatedAndChangeNothing() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        let before = try Data(contentsOf: URL(fileURLWithPath: board.store))
        let cases: [([String], String)] = [
            ([], "[sync-no-remote]"),
            (["ftp://example.org/x/"], "[sync-bad-url]"),
            ([server.url, "--user", "mina", "--password-file", board.folder.path("nosuchfile")], "[sync-no-password]"),
            ([server.url.replacingOccurrences(of: "/mina/board/", with: "/mina/nothing/"), "--user", "mina"], "[sync-not-todos]"),
            ([server.eventsURL, "--user", "mina"], "[sync-not-todos]"),
            (["http://127.0.0.1:9/board/", "--user", "mina"], "[sync-unreachable]"),
            ([server.url, "--alarm", "tomorrow", "--user", "mina"], "[ics-bad-alarm]"),
        ]
        for (args, code) in cases {
            let run = try board.sync(args, status: 1)
            #expect(run.stderr.contains(code), "\(args): \(run.stderr)")
        }
        let wrong = board.folder.path("wrong")
        try "not the password\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let refused = try CommandRunner.boardkit(["sync", "-b", board.store, server.url, "--user", "mina", "--password-file", wrong])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("[sync-unauthorized]"))
        #expect(!refused.stderr.contains("not the password"))
        // A user and no password anywhere.
        let noPassword = try CommandRunner.boardkit(["sync", "-b", board.store, server.url, "--user", "mina"])
        #expect(noPassword.stderr.contains("[sync-no-password]"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.store)) == before)
        #expect(try server.todos().isEmpty)
        // The environment gives the password too.
        let viaEnvironment = try CommandRunner.boardkit(["sync", "-b", board.store, server.url, "--user", "mina"],
                                                        environment: ["BOARDKIT_CALDAV_PASSWORD": "secret"])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")
    }
}
