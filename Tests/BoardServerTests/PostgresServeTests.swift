import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// Two `serve` instances over one board in PostgreSQL, as behind a load balancer: a change
/// through either, or from a terminal, is one step of one log, and the other instance's API,
/// page and feed show it at the next request; an instance killed loses nothing it acknowledged.
@Suite(.serialized) struct PostgresServeTests {
    func board(_ server: RunningServer) throws -> String {
        try RawHTTP.get(port: server.port, server.pagePath + "api/board").text
    }

    /// Read your writes anywhere: a card answered 201 by A is on B's API and in B's feed at
    /// the very next request, whenever PostgreSQL's notification would have reached B (it was
    /// missing from B in 13–26 % of tries while B trusted what it had heard).
    @Test func aWriteThroughOneInstanceIsReadThroughTheOtherAtOnce() throws {
        let folder = try TemporaryFolder()
        let store = try TestPostgres.newBoard()
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", CommandRunner.sample("board.json")]).status == 0)
        let tokens = folder.path("tokens.json")
        let a = try RunningServer(boards: ["team=\(store)"], stateFile: tokens)
        let b = try RunningServer(boards: ["team=\(store)"], stateFile: tokens)
        _ = try board(b)
        // Four writers at once, as behind a balancer, each reading B right after A's answer.
        let missing = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for n in 0..<25 {
                let title = "read-your-write \(writer)-\(n)"
                guard let made = try? RawHTTP.call(port: a.port, "POST", a.pagePath + "api/cards",
                                                   body: #"{"title": "\#(title)", "state": "todo", "due": "2026-12-24"}"#),
                      made.status == 201 else {
                    missing.withLock { $0.append("not made: \(title)") }
                    continue
                }
                let source = n % 2 == 0 ? try? board(b) : try? RawHTTP.get(port: b.port, b.feedPath).text
                if source?.contains(title) != true { missing.withLock { $0.append(title) } }
            }
        }
        let unseen = missing.withLock { $0 }
        #expect(unseen.isEmpty, "B did not show \(unseen.count) of 100 cards A had acknowledged: \(unseen.prefix(5))")
        #expect(a.stop() == 0 && b.stop() == 0)
    }

    /// A frozen instance cannot stop the board: one stopped (SIGSTOP) in the middle of a write
    /// holds the board's lock "idle in transaction"; PostgreSQL ends that session after
    /// `PostgresSession.idleInTransaction`, so a terminal and the other instance go on writing
    /// (before, every writer waited for the whole freeze and gave up after the lock timeout),
    /// and the frozen instance, woken, serves again on a new connection.
    @Test func aFrozenInstanceCannotStopTheBoard() throws {
        let folder = try TemporaryFolder()
        let store = try TestPostgres.newBoard()
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", CommandRunner.sample("board.json")]).status == 0)
        let schema = "board_" + (store.components(separatedBy: "board=").last ?? "")
        let tokens = folder.path("tokens.json")
        let a = try RunningServer(boards: ["team=\(store)"], stateFile: tokens)
        let b = try RunningServer(boards: ["team=\(store)"], stateFile: tokens)
        let pid = a.process.processIdentifier

        // Writers keep A busy; A is stopped until it is caught holding the board's lock.
        let bursting = Atomic(true)
        let burst = DispatchGroup()
        for writer in 0..<4 {
            DispatchQueue.global().async(group: burst) {
                var n = 0
                while bursting.load(ordering: .relaxed) {
                    n += 1
                    _ = try? RawHTTP.call(port: a.port, "POST", a.pagePath + "api/cards",
                                          body: #"{"title": "burst \#(writer)-\#(n)", "state": "todo"}"#)
                }
            }
        }
        let holder = """
            SELECT count(*) FROM pg_stat_activity WHERE state = 'idle in transaction' AND pid IN
            (SELECT pid FROM pg_locks WHERE granted AND mode = 'ShareRowExclusiveLock' AND relation = '\(schema).boardkit_store'::regclass)
            """
        var caught = false
        for _ in 0..<50 where !caught {
            usleep(100_000)
            kill(pid, SIGSTOP)
            usleep(50_000)
            caught = try TestPostgres.psql(holder).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            if !caught { kill(pid, SIGCONT) }
        }
        #expect(caught, "A was never caught holding the board's lock")

        // While A is frozen: a terminal and B write. Each lands only if it got the board's lock
        // before its own lock timeout (10 s; a writer still waiting then fails, exit 1 or 503),
        // so their answers say it, whatever the machine's speed.
        let added = try CommandRunner.boardkit(["add", "-b", store, "Added while A is frozen", "--actor", "term"])
        #expect(added.status == 0, "\(added.stderr)")
        let made = try RawHTTP.call(port: b.port, "POST", b.pagePath + "api/cards", body: #"{"title": "Made on B while A is frozen", "state": "todo"}"#)
        #expect(made.status == 201, "\(made.text)")

        // A wakes up and serves again (its old session is gone; a write that was in it failed).
        kill(pid, SIGCONT)
        bursting.store(false, ordering: .relaxed)
        burst.wait()
        var again = 0
        for _ in 0..<5 where again != 201 {
            again = (try? RawHTTP.call(port: a.port, "POST", a.pagePath + "api/cards", body: #"{"title": "A is back", "state": "todo"}"#))?.status ?? 0
        }
        #expect(again == 201)
        #expect(try board(b).contains("Added while A is frozen") && board(a).contains("Made on B while A is frozen"))
        #expect(a.stop() == 0 && b.stop() == 0)
        #expect(try CommandRunner.boardkit(["validate", store]).status == 0)
    }

    /// People live in the store: two instances let the same people in (nothing of theirs in
    /// the tokens file the instances share), and a revoke on the terminal refuses on both at their next request.
    @Test func peopleAndARevokeHoldOnEveryInstance() throws {
        let folder = try TemporaryFolder()
        let store = try TestPostgres.newBoard()
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", CommandRunner.sample("board.json")]).status == 0)
        let a = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"))
        let b = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"))
        let added = try CommandRunner.boardkit(["access", "add", "mina", "--role", "editor", "-b", store, "--name", "team"])
        let link = try #require(added.stdoutText.split(separator: "\n").first { $0.contains("board link: ") }
            .flatMap { URL(string: String($0.split(separator: " ").last ?? ""))?.path }) + "/"
        let card = try RawHTTP.call(port: b.port, "POST", link + "api/cards", body: #"{"title": "Mina on B"}"#)
        #expect(card.status == 201, "\(card.text)")
        #expect(try RawHTTP.call(port: a.port, "GET", link + "api/board").text.contains("Mina on B"))
        // A board with people is no longer open on either instance.
        #expect(try RawHTTP.call(port: a.port, "GET", a.pagePath).status == 404)
        #expect(try CommandRunner.boardkit(["access", "revoke", "mina", "-b", store]).status == 0)
        for server in [a, b] {
            #expect(try RawHTTP.call(port: server.port, "GET", link + "api/board").status == 404)
        }
        #expect(try CommandRunner.boardkit(["history", "-b", store]).stdoutText.contains("mina created"))
        #expect(a.stop() == 0 && b.stop() == 0)
    }

    @Test func twoInstancesServeOneBoard() throws {
        let folder = try TemporaryFolder()
        let store = try TestPostgres.newBoard()
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", CommandRunner.sample("board.json")]).status == 0)
        // Instances share the tokens file (an operator copies it to every machine).
        let tokens = folder.path("tokens.json")
        let a = try RunningServer(boards: ["team=\(store)"], stateFile: tokens)
        var b: RunningServer? = try RunningServer(boards: ["team=\(store)"], stateFile: tokens)
        #expect(a.pagePath == b!.pagePath && a.feedPath == b!.feedPath)

        // A change through A is on B's API and in B's feed at the next request.
        let feed = try RawHTTP.get(port: b!.port, b!.feedPath)
        let etag = try #require(feed.headers["etag"])
        let made = try RawHTTP.call(port: a.port, "POST", a.pagePath + "api/cards",
                                    body: #"{"title": "Made on A", "state": "todo", "due": "2026-12-24"}"#)
        #expect(made.status == 201, "\(made.text)")
        let other = b!
        #expect(try board(other).contains("Made on A"))
        let after = try RawHTTP.get(port: other.port, other.feedPath, headers: ["If-None-Match": etag])
        #expect(after.status == 200 && after.text.contains("Made on A"), "B's feed did not follow A's write")
        // A terminal's move is seen by both.
        let before = try board(a)
        #expect(try CommandRunner.boardkit(["move", "-b", store, "Made on A", "done", "--actor", "term"]).status == 0)
        #expect(try board(a) != before && board(other) == board(a))

        // Writers on both at once: each answered 201 is one step of its own.
        let acknowledged = Mutex<[String]>([])
        let both = [a, b!]
        DispatchQueue.concurrentPerform(iterations: 24) { n in
            let server = both[n % 2]
            let title = "w\(n)"
            if let reply = try? RawHTTP.call(port: server.port, "POST", server.pagePath + "api/cards",
                                             body: #"{"title": "\#(title)", "state": "todo"}"#), reply.status == 201 {
                acknowledged.withLock { $0.append(title) }
            }
        }
        #expect(acknowledged.withLock { $0.count } == 24)

        // B is killed (no goodbye); A goes on; B comes back and serves everything.
        kill(b!.process.processIdentifier, SIGKILL)
        b!.process.waitUntilExit()
        b = nil
        #expect(try RawHTTP.call(port: a.port, "POST", a.pagePath + "api/cards", body: #"{"title": "After the kill", "state": "todo"}"#).status == 201)
        let again = try RunningServer(boards: ["team=\(store)"], stateFile: tokens)
        let shown = try board(again)
        for title in acknowledged.withLock({ $0 }) + ["Made on A", "After the kill"] {
            #expect(shown.contains("\"\(title)\""), "\(title) was acknowledged and is missing")
        }
        #expect(a.stop() == 0 && again.stop() == 0)

        // One log, in commit order: the import, A's add, the move, 24 adds, one more.
        let history = try CommandRunner.boardkit(["history", "-b", store, "--format", "json"])
        #expect(history.status == 0)
        let steps = ((try? JSONSerialization.jsonObject(with: history.stdout)) as? [[String: Any]] ?? []).compactMap { $0["step"] as? Int }
        #expect(Set(steps).count == 1 + 1 + 1 + 24 + 1, "\(Set(steps).count) steps")
        #expect(steps == steps.sorted(), "the log is in commit order")
        let check = try CommandRunner.boardkit(["validate", store])
        #expect(check.status == 0, "\(check.stderr)")
    }
}
