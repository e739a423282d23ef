import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// Two `serve` instances over one board in PostgreSQL, as behind a load balancer: a change
/// through either, or from a terminal, is one step of one log, and the other instance's API,
/// page and feed show it at once; an instance killed loses nothing it acknowledged.
@Suite(.serialized) struct PostgresServeTests {
    func board(_ server: RunningServer) throws -> String {
        try RawHTTP.get(port: server.port, server.pagePath + "api/board").text
    }

    /// Whether `check` holds within two seconds: another instance learns of a commit when
    /// PostgreSQL's notification reaches it (sent at the commit, before the writer's answer;
    /// a busy machine may deliver it a moment after a fast client's next request).
    func soon(_ check: () throws -> Bool) rethrows -> Bool {
        for _ in 0..<200 {
            if try check() { return true }
            usleep(10_000)
        }
        return false
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
        #expect(try soon { try board(other).contains("Made on A") })
        #expect(try soon {
            let after = try RawHTTP.get(port: other.port, other.feedPath, headers: ["If-None-Match": etag])
            return after.status == 200 && after.text.contains("Made on A")
        }, "B's feed did not follow A's write")
        // A terminal's move is seen by both.
        let before = try board(a)
        #expect(try CommandRunner.boardkit(["move", "-b", store, "Made on A", "done", "--actor", "term"]).status == 0)
        #expect(try soon { try board(a) != before && board(other) == board(a) })

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
