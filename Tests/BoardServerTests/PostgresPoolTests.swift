import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// The boards a `serve` has in one PostgreSQL database share its connections, at most
/// `--database-connections` of them: a connection per board ran a default cluster
/// (`max_connections = 100`) out of slots at a few dozen boards, and the server then failed
/// with "too many clients already". Here a role allowed four connections stands for the
/// cluster's limit.
@Suite struct PostgresPoolTests {
    @Test func manyBoardsOfOneDatabaseShareAFewConnections() throws {
        let server = try TestPostgres.server()
        let password = try #require(server.info["password"] as? String)
        let role = "pooled\(getpid())"
        _ = try TestPostgres.psql("CREATE ROLE \(role) LOGIN PASSWORD '\(password)' CONNECTION LIMIT 4", as: "postgres")
        _ = try TestPostgres.psql("GRANT CREATE ON DATABASE boardkit TO \(role)", as: "postgres")
        let database = try TestPostgres.databaseURL().replacingOccurrences(of: "//boardkit@", with: "//\(role)@")
        let names = (1...12).map { "b\($0)" }
        for name in names {
            let made = try CommandRunner.boardkit(["init", "-b", "\(database)?board=\(name)", "--from", CommandRunner.sample("board.json")])
            #expect(made.status == 0, "\(made.stderr)")
        }

        let folder = try TemporaryFolder()
        let serve = try RunningServer(boards: names.map { "\($0)=\(database)?board=\($0)" }, stateFile: folder.path("tokens.json"),
                                      extra: ["--database-connections", "3"])
        // Every board reads and changes, many requests at once.
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: names.count * 2) { k in
            let name = names[k % names.count]
            guard let page = serve.pagePaths[name] else { return failures.withLock { $0.append("\(name): no page") } }
            let made = try? RawHTTP.call(port: serve.port, "POST", page + "api/cards", body: #"{"title": "pooled \#(k)", "state": "todo"}"#)
            let read = try? RawHTTP.get(port: serve.port, page + "api/board")
            if made?.status != 201 || read?.status != 200 || read?.text.contains("pooled \(k)") != true {
                failures.withLock { $0.append("\(name): \(made?.status ?? 0) \(read?.status ?? 0)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(serve.pagePaths.count == names.count)
        let held = try TestPostgres.psql("SELECT count(*) FROM pg_stat_activity WHERE usename = '\(role)'")
        #expect(Int(held.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 99 <= 3, "connections held: \(held)")
        #expect(serve.stop() == 0, "\(serve.log)")
    }
}
