import BoardTestSupport
import Foundation
import Testing

/// A board read from a streaming replica, as an operator points feeds and reports at one:
/// every reading command and `serve` work there; every write is refused in words, with
/// nothing changed (before, a write failed deep inside with PostgreSQL's "cannot execute LOCK
/// TABLE during recovery" as store-failed, and `serve` offered the page's writes).
@Suite struct PostgresStandbyTests {
    @Test func aStandbyIsReadAndRefusesWritesInWords() throws {
        let server = try ScriptServer("postgres_server.py", ["--standby"])
        let standbyURL = try #require(server.info["standby_url"] as? String, "no standby was started")
        let environment = ["PGPASSWORD": server.info["password"] as? String ?? ""]
        func boardkit(_ args: [String]) throws -> ProcessOutput {
            try CommandRunner.boardkit(args, environment: environment)
        }
        let folder = try TemporaryFolder()
        let primary = server.url + "?board=team", standby = standbyURL + "?board=team"
        #expect(try boardkit(["init", "-b", primary, "--from", CommandRunner.sample("board.json")]).status == 0)

        // The replica follows its primary a moment later.
        func replicated(_ check: () throws -> Bool) rethrows -> Bool {
            for _ in 0..<200 {
                if try check() { return true }
                usleep(50_000)
            }
            return false
        }
        #expect(try replicated { try boardkit(["validate", standby]).status == 0 })

        // Every reading command reads the replica as the primary.
        #expect(try boardkit(["convert", primary, folder.path("primary.json")]).status == 0)
        #expect(try boardkit(["convert", standby, folder.path("standby.json")]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("primary.json")))
                == Data(contentsOf: URL(fileURLWithPath: folder.path("standby.json"))))
        for args in [["show", "-b", standby], ["history", "-b", standby, "--limit", "3"],
                     ["report", standby, "--as-of", "2026-11-20", "--format", "md", "-o", folder.path("report.md")],
                     ["forecast", standby, "--as-of", "2026-11-20"]] {
            let read = try boardkit(args)
            #expect(read.status == 0, "\(args[0]): \(read.stderr)")
        }

        // Every write is refused in words, before anything is done.
        for args in [["add", "-b", standby, "A card for the replica"], ["move", "-b", standby, "1", "done"],
                     ["edit", "-b", standby, "1", "--title", "Renamed"], ["undo", "-b", standby]] {
            let write = try boardkit(args)
            #expect(write.status == 1, "\(args[0]) exited \(write.status)")
            #expect(write.stderr.contains("[store-read-only]") && write.stderr.contains("standby"), "\(args[0]): \(write.stderr)")
        }
        #expect(try boardkit(["convert", primary, folder.path("after.json")]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("after.json")))
                == Data(contentsOf: URL(fileURLWithPath: folder.path("primary.json"))))

        // Served from the replica: feeds and the page read, the page takes no write, and a
        // change on the primary reaches the replica's feed.
        let served = try RunningServer(boards: ["team=\(standby)"], stateFile: folder.path("tokens.json"), environment: environment)
        #expect(try RawHTTP.get(port: served.port, served.feedPath).status == 200)
        #expect(try RawHTTP.get(port: served.port, served.pagePath).status == 200)
        let posted = try RawHTTP.call(port: served.port, "POST", served.pagePath + "api/cards", body: #"{"title": "Through the replica", "state": "todo"}"#)
        #expect(!(200..<300).contains(posted.status), "a write through the replica's page answered \(posted.status)")
        #expect(try boardkit(["add", "-b", primary, "Made on the primary", "--due", "2026-12-24"]).status == 0)
        #expect(try replicated { try RawHTTP.get(port: served.port, served.feedPath).text.contains("Made on the primary") })
        #expect(served.stop() == 0)
        #expect(served.log.contains("takes only reads"))
    }
}
