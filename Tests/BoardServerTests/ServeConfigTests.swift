import BoardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 connection kept open across requests (to see a reload keep it).
final class KeptConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = try RawHTTP.connect(port: port)
    }

    deinit { close(fd) }

    /// GET on this connection; the status, or 0 when the connection is gone.
    func get(_ path: String) -> Int {
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return 0 }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return 0 }
            data += chunk[0..<n]
            guard let split = data.firstRange(of: Array("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
            let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            if data.count - split.upperBound >= length {
                return Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
        }
    }
}

@Suite(.serialized) struct ServeConfigTests {
    @Test func aConfigurationFileServesItsBoardsAndSIGHUPReloadsItKeepingConnections() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: CommandRunner.sample("board.json"), toPath: folder.path("board.json"))
        #expect(try CommandRunner.boardkit(["init", "-b", folder.path("team.db"), "--from", folder.path("board.json")]).status == 0)
        let config = folder.path("serve.yaml")
        try """
            # comments are fine
            host: 127.0.0.1
            port: 0
            state-file: \(folder.path("tokens.json"))
            component: both
            alarms: [-P1D]
            public-url: https://example.org/boards/
            open: true
            boards:
              team: \(folder.path("team.db"))
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let server = try RunningServer(boards: [], stateFile: folder.path("tokens.json"), extra: ["--config", config])
        defer { _ = server.stop() }
        // The file's public URL is the printed URLs' start (it was lost: the configuration
        // read after it replaced it), and its path answers.
        #expect(server.feedPath.hasPrefix("/boards/"), "\(server.feedPath)")
        let feed = try RawHTTP.get(port: server.port, server.feedPath)
        #expect(feed.status == 200)
        let ics = String(decoding: feed.body, as: UTF8.self)
        #expect(ics.contains("BEGIN:VTODO") && ics.contains("BEGIN:VALARM"))
        #expect(try RawHTTP.get(port: server.port, server.pagePath).status == 200)

        // A second board added to the file; SIGHUP; an open connection keeps working.
        let kept = try KeptConnection(port: server.port)
        #expect(kept.get(server.feedPath) == 200)
        try (String(contentsOfFile: config, encoding: .utf8) + "\n  plain: \(folder.path("board.json"))\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        var plainToken: String?
        for _ in 0..<50 where plainToken == nil {
            Thread.sleep(forTimeInterval: 0.1)
            let tokens = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("tokens.json"))))) as? [String: Any]
            plainToken = (tokens?["tokens"] as? [String: String])?["plain"]
        }
        let token = try #require(plainToken)
        // The state file gets the new board's token while the boards are opened, before the
        // set is swapped in: the board answers once the swap is done (on a loaded machine,
        // a moment after the token was seen).
        var status = 0
        for _ in 0..<100 where status != 200 {
            status = try RawHTTP.get(port: server.port, "/\(token)/plain.ics").status
            if status != 200 { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(status == 200)
        #expect(kept.get(server.feedPath) == 200)
        #expect(server.process.isRunning)

        // A broken file on SIGHUP: the boards served stay as they were.
        try "boards: [\n".write(toFile: config, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try RawHTTP.get(port: server.port, "/\(token)/plain.ics").status == 200)
        #expect(kept.get(server.feedPath) == 200)
        #expect(server.stop() == 0)
        #expect(server.log.contains("reload failed, still serving the previous boards"))
    }

    /// Flags given beside `--config` win over the file's settings (they were passed over
    /// without a word), at start and after SIGHUP; the reading flags, which the file has no
    /// settings for, apply to its boards.
    @Test func flagsBesideAConfigurationFileWinOverIt() throws {
        let folder = try TemporaryFolder()
        let board = folder.path("ghost.json")
        // A card in a state the board lacks: refused, unless --skip-invalid leaves it out.
        try """
            {"format": "boardkit/1", "board": {"id": "t", "name": "T", "timezone": "UTC"},
             "states": [{"id": "todo", "name": "To do", "category": "todo"}],
             "cards": [{"id": "a", "title": "Kept", "state": "todo", "due": "2026-12-01"},
                       {"id": "b", "title": "Nowhere", "state": "ghost", "due": "2026-12-02"}]}
            """.write(toFile: board, atomically: true, encoding: .utf8)
        let config = folder.path("serve.yaml")
        try """
            port: 1
            state-file: \(folder.path("file-tokens.json"))
            public-url: https://file.example.org/boards
            component: event
            boards:
              team: \(board)
            """.write(toFile: config, atomically: true, encoding: .utf8)
        // RunningServer gives --port 0 and --state-file.
        let server = try RunningServer(boards: [], stateFile: folder.path("flag-tokens.json"),
                                       extra: ["--config", config, "--public-url", "https://flag.example.org/mine",
                                               "--component", "todo", "--skip-invalid"])
        defer { _ = server.stop() }
        #expect(server.port != 1)
        #expect(FileManager.default.fileExists(atPath: folder.path("flag-tokens.json")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("file-tokens.json")))
        #expect(server.feedPath.hasPrefix("/mine/"), "\(server.feedPath)")
        let ics = String(decoding: try RawHTTP.get(port: server.port, server.feedPath).body, as: UTF8.self)
        #expect(ics.contains("BEGIN:VTODO") && !ics.contains("BEGIN:VEVENT") && ics.contains("SUMMARY:Kept"), "\(ics)")

        // SIGHUP reads the file again, and the flags still win over it.
        try (String(contentsOfFile: config, encoding: .utf8) + "\n  again: \(board)\n").write(toFile: config, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        var againToken: String?
        for _ in 0..<50 where againToken == nil {
            Thread.sleep(forTimeInterval: 0.1)
            let tokens = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("flag-tokens.json"))))) as? [String: Any]
            againToken = (tokens?["tokens"] as? [String: String])?["again"]
        }
        let token = try #require(againToken)
        let again = String(decoding: try RawHTTP.get(port: server.port, "/\(token)/again.ics").body, as: UTF8.self)
        #expect(again.contains("BEGIN:VTODO") && !again.contains("BEGIN:VEVENT"), "\(again)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("file-tokens.json")))
    }

    /// A store's address in a configuration file is named without its password in every
    /// message, wherever the address holds one.
    @Test func aPasswordInABoardsAddressIsNeverPrinted() throws {
        let folder = try TemporaryFolder()
        let config = folder.path("serve.yaml")
        for address in ["postgres://boardkit@127.0.0.1:1/boards?board=team&password=s3cret",
                        "postgres://boardkit@127.0.0.1:1/boards?sslpassword=s3cret",
                        "postgres://boardkit:s3cret@127.0.0.1:1/boards?board=team",
                        "postgres://boardkit:pa/s3cret@127.0.0.1:1/boards"] {
            try """
                port: 0
                state-file: \(folder.path("tokens.json"))
                boards:
                  team: '\(address)'
                """.write(toFile: config, atomically: true, encoding: .utf8)
            let run = try CommandRunner.boardkit(["serve", "--config", config])
            #expect(run.status == 1 && run.stderr.contains("[store-address-invalid]"), "\(run.stderr)")
            #expect(!run.stderr.contains("s3cret") && !run.stdoutText.contains("s3cret"), "\(run.stderr)")
        }
    }

    @Test func aBadConfigurationIsRefusedWithEveryProblemLocated() throws {
        let folder = try TemporaryFolder()
        let config = folder.path("serve.yaml")
        try """
            port: 99999
            gzip: maybe
            component: pigeon
            colour: blue
            boards:
              "bad name": /x
            trust-proxy: [10.0.0.0/8, 10.0.0.0/40]
            proxy-role: owner
            failed-attempts: -3
            database-connections: 0
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["serve", "--config", config])
        #expect(run.status == 1)
        for expected in ["serve.yaml:1:7: error: port must be a number from 0 to 65535",
                         "serve.yaml:2:7: error: gzip must be true or false",
                         "serve.yaml:3:12: error: component must be event, todo or both",
                         "serve.yaml:4:1: error: unknown setting 'colour'",
                         "serve.yaml:6:3: error: board name 'bad name'",
                         "serve.yaml:7:27: error: trust-proxy '10.0.0.0/40' is not an address or a CIDR range",
                         "serve.yaml:8:13: error: proxy-role 'owner' is not a role",
                         "serve.yaml:9:18: error: failed-attempts must be a whole number from 0 up",
                         "serve.yaml:10:23: error: database-connections must be a whole number from 1 up"] {
            #expect(run.stderr.contains(expected), "\(expected)\n\(run.stderr)")
        }
        #expect(run.stderr.contains("[serve-config-invalid]"))
        // A negative limit is refused, not taken as "no limit".
        let negative = try CommandRunner.boardkit(["serve", "--board", "team=\(config)", "--failed-attempts=-1"])
        #expect(negative.status != 0 && negative.stderr.contains("--failed-attempts must be 0 (no limit) or more"), "\(negative.stderr)")
        let none = try CommandRunner.boardkit(["serve", "--board", "team=\(config)", "--database-connections", "0"])
        #expect(none.status != 0 && none.stderr.contains("--database-connections must be 1 or more"), "\(none.stderr)")
        let broken = folder.path("broken.yaml")
        try "boards: [\n  team: x\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let notYAML = try CommandRunner.boardkit(["serve", "--config", broken])
        #expect(notYAML.status == 1)
        #expect(notYAML.stderr.contains("broken.yaml:3:1: error: not YAML"))
        // A bad --trust-proxy on the command line stops the server too.
        let proxy = try CommandRunner.boardkit(["serve", "--board", "team=\(CommandRunner.sample("board.json"))", "--port", "0",
                                                "--state-file", folder.path("t.json"), "--trust-proxy", "10.0.0.0/99"])
        #expect(proxy.status == 1 && proxy.stderr.contains("--trust-proxy: error: trust-proxy '10.0.0.0/99' is not an address"), "\(proxy.stderr)")
        // Flags and a file at once: usage error.
        #expect(try CommandRunner.boardkit(["serve", "--config", config, "--board", "a=b"]).status == 2)
    }
}
