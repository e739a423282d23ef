import BoardKit
import BoardTestSupport
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A raw HTTP/1.1 exchange over loopback: sends exactly the bytes given (so malformed
/// requests can be sent too) and reads until the server closes.
struct RawHTTP {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
    }

    /// A TCP connection to 127.0.0.1:`port` with a 30-second read timeout, past the store's
    /// 10-second busy timeout a refused write waits out (the caller closes it).
    static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        return fd
    }

    /// Reads until the server closes, or until `until` has arrived (a stream that does not end).
    static func send(port: Int, _ request: [UInt8], until marker: String? = nil) throws -> Reply {
        let fd = try connect(port: port)
        defer { close(fd) }
        _ = request.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            data += chunk[0..<n]
            if let marker, data.firstRange(of: Array(marker.utf8)) != nil { break }
        }
        guard let split = data.firstRange(of: Array("\r\n\r\n".utf8)) else {
            return Reply(status: 0, headers: [:], body: data)
        }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: Array(data[split.upperBound...]))
    }

    static func get(port: Int, _ path: String, method: String = "GET", headers: [String: String] = [:]) throws -> Reply {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (k, v) in headers { text += "\(k): \(v)\r\n" }
        return try send(port: port, Array((text + "\r\n").utf8))
    }
}

/// `boardkit serve` running as a user would start it, on a free port.
final class RunningServer: @unchecked Sendable {
    let process = Process()
    let port: Int
    let feedPath: String
    let reportPath: String
    /// The board page (`…/TOKEN/NAME/`) of the first board.
    let pagePath: String
    /// Each board's page by the board's name, as printed.
    let pagePaths: [String: String]
    let stderr = Pipe()
    private let logBuffer = LogBuffer()

    /// `through` runs the server through another program that takes the command after it
    /// (`prlimit --nofile=…`).
    init(boards: [String], stateFile: String, extra: [String] = [], environment: [String: String] = [:],
         through wrapper: [String] = []) throws {
        let command = [CommandRunner.boardkit, "serve", "--port", "0", "--state-file", stateFile] + boards.flatMap { ["--board", $0] } + extra
        let full = wrapper + command
        process.executableURL = URL(fileURLWithPath: full[0])
        process.arguments = Array(full.dropFirst())
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = stderr
        try process.run()
        // The log is read all along: a server logging more than a pipe holds (a line per
        // board of hundreds) would otherwise stop at its next line.
        logBuffer.read(stderr.fileHandleForReading)
        // The URLs are printed once the server listens.
        var text = ""
        let handle = out.fileHandleForReading
        while !text.contains("report: ") || !text.hasSuffix("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        // With --public-url the URLs are the public ones, and where it listens comes first.
        let lines = text.split(separator: "\n").map(String.init)
        let listening = lines.first { $0.hasPrefix("listening on ") }.flatMap { URL(string: String($0.dropFirst(13))) }
        let first = lines.first { !$0.hasPrefix("listening on ") } ?? ""
        guard let url = URL(string: String(first.drop { $0 != "h" })), let port = listening?.port ?? url.port else {
            process.terminate()
            throw POSIXError(.EINVAL)
        }
        self.port = port
        self.feedPath = url.path
        let report = text.split(separator: "\n").first { $0.contains("report: ") }.map(String.init) ?? ""
        self.reportPath = URL(string: String(report.drop { $0 != "h" }))?.path ?? ""
        func path(_ line: Substring) -> String {
            (URL(string: String(line.drop { $0 != "h" }).split(separator: " ").first.map(String.init) ?? "")?.path ?? "") + "/"
        }
        let pages = text.split(separator: "\n").filter { $0.contains(" board: ") }
        self.pagePath = pages.first.map(path) ?? "/"
        self.pagePaths = Dictionary(pages.map { (String($0.prefix { $0 != " " }), path($0)) },
                                    uniquingKeysWith: { first, _ in first })
    }

    /// Stops with SIGTERM (the graceful way) and returns the exit status.
    func stop() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything the server logged; waits for it to exit.
    var log: String { logBuffer.text }

    /// What the server has logged so far (the pipe's last lines may still be on their way).
    var logSoFar: String { logBuffer.soFar }
}

/// What a process writes to a pipe, read until it closes.
private final class LogBuffer: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    func read(_ handle: FileHandle) {
        DispatchQueue.global().async {
            while case let chunk = handle.availableData, !chunk.isEmpty {
                self.data.withLock { $0.append(chunk) }
            }
            self.done.signal()
        }
    }

    /// What was read so far, without waiting.
    var soFar: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }

    /// Everything read, once the pipe closed (the process exited); asked again, the same.
    var text: String {
        done.wait()
        done.signal()
        return String(decoding: data.withLock { $0 }, as: UTF8.self)
    }
}

@Suite(.serialized) struct FeedServerTests {
    @Test func servesRevalidatesAndFollowsTheBoardFile() throws {
        let folder = try TemporaryFolder()
        let board = folder.path("board.json")
        try FileManager.default.copyItem(atPath: CommandRunner.sample("board.json"), toPath: board)
        let server = try RunningServer(boards: ["team=\(board)"], stateFile: folder.path("tokens.json"))

        // 200 with the validators, then 304 for the same ETag.
        let first = try RawHTTP.get(port: server.port, server.feedPath)
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(first.headers["last-modified"]?.hasSuffix(" GMT") == true)
        let etag = try #require(first.headers["etag"])
        #expect(String(decoding: first.body, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(Int(first.headers["content-length"] ?? "") == first.body.count)
        let again = try RawHTTP.get(port: server.port, server.feedPath, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == etag)
        let head = try RawHTTP.get(port: server.port, server.feedPath, method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["etag"] == etag)

        // A wrong token, a wrong name, traversal: plain 404s.
        var wrongToken = Array(server.feedPath)
        wrongToken[1] = wrongToken[1] == "a" ? "b" : "a"
        #expect(try RawHTTP.get(port: server.port, String(wrongToken)).status == 404)
        #expect(try RawHTTP.get(port: server.port, server.feedPath.replacingOccurrences(of: "team.ics", with: "other.ics")).status == 404)
        #expect(try RawHTTP.get(port: server.port, "/../../etc/passwd").status == 404)
        #expect(try RawHTTP.get(port: server.port, server.feedPath + "/../../../etc/passwd").status == 404)

        // gzip only when asked.
        let zipped = try RawHTTP.get(port: server.port, server.feedPath, headers: ["Accept-Encoding": "gzip"])
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.body.starts(with: [0x1F, 0x8B]))
        #expect(zipped.headers["etag"] != etag)
        #expect(try RawHTTP.get(port: server.port, server.feedPath, headers: ["Accept-Encoding": "gzip;q=0"]).headers["content-encoding"] == nil)

        // Malformed requests and oversized headers: 4xx, and the server keeps serving.
        #expect((400..<500).contains(try RawHTTP.send(port: server.port, Array("NOT HTTP AT ALL\r\n\r\n".utf8)).status))
        let huge = "GET \(server.feedPath) HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n"
        #expect((400..<500).contains(try RawHTTP.send(port: server.port, Array(huge.utf8)).status))
        #expect(try RawHTTP.get(port: server.port, server.feedPath).status == 200)

        // Edit the board on disk: the next response has the new card and a new ETag.
        var json = try String(contentsOfFile: board, encoding: .utf8)
        json = json.replacingOccurrences(of: "\"cards\": [\n", with: "\"cards\": [\n    {\"id\": \"new-card\", \"title\": \"Added while serving\", \"state\": \"todo\", \"due\": \"2026-12-31\"},\n")
        try json.write(toFile: board + ".tmp", atomically: false, encoding: .utf8)
        rename(board + ".tmp", board)
        let changed = try RawHTTP.get(port: server.port, server.feedPath, headers: ["If-None-Match": etag])
        #expect(changed.status == 200)
        #expect(changed.headers["etag"] != etag)
        #expect(String(decoding: changed.body, as: UTF8.self).contains("SUMMARY:Added while serving"))

        // A broken edit keeps the last good feed served.
        try "{ not json".write(toFile: board, atomically: true, encoding: .utf8)
        let kept = try RawHTTP.get(port: server.port, server.feedPath)
        #expect(kept.status == 200)
        #expect(kept.headers["etag"] == changed.headers["etag"])

        // The live report page.
        let report = try RawHTTP.get(port: server.port, server.reportPath)
        #expect(report.status == 200)
        #expect(report.headers["content-type"] == "text/html; charset=utf-8")
        // ...with the page's security headers (it had none).
        #expect(report.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        #expect(report.headers["referrer-policy"] == "no-referrer" && report.headers["x-content-type-options"] == "nosniff")

        // Other spellings of a path that holds the token: doubled slashes, the token alone.
        let token = server.feedPath.split(separator: "/").first.map(String.init) ?? "-"
        _ = try RawHTTP.get(port: server.port, "/" + server.feedPath)
        _ = try RawHTTP.get(port: server.port, "/\(token)")
        _ = try RawHTTP.get(port: server.port, "//\(token)//team/report.html")
        // ...and where it is not the first segment: a proxy's prefix, dot segments, percent-encoding.
        let encoded = token.utf8.map { String(format: "%%%02X", $0) }.joined()
        for path in ["/boards/\(token)/team/", "/./\(token)/team.ics", "/x/../\(token)/team.ics", "/%2E/\(token)/team.ics",
                     "/boards/\(encoded)/team/"] {
            _ = try RawHTTP.get(port: server.port, path)
        }
        // The page's assets only under a board's path.
        #expect(try RawHTTP.get(port: server.port, "/a/b/board.js").status == 404)
        #expect(try RawHTTP.get(port: server.port, server.pagePath + "board.js").status == 200)
        // The feed link opens the feeds and the report, nothing else: not the page, not its assets.
        #expect(try RawHTTP.get(port: server.port, "/\(token)/team/board.js").status == 404)
        #expect(try RawHTTP.get(port: server.port, "/\(token)/team/").status == 404)

        #expect(server.stop() == 0, "graceful stop on SIGTERM")
        let log = server.log
        #expect(log.contains("GET /…/team.ics 200"))
        #expect(log.contains("GET /…/team.ics 304"))
        #expect(log.contains("GET /… 404"))
        #expect(!log.contains(token) && !log.contains(String(encoded.prefix(12))), "the secret token must not be logged, however the path is spelt: \(log)")
    }

    @Test func followsAStoreAsItIsEdited() throws {
        let folder = try TemporaryFolder()
        let store = folder.path("team.db")
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", CommandRunner.sample("board.json")]).status == 0)
        let server = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"))
        defer { _ = server.stop() }
        let first = try RawHTTP.get(port: server.port, server.feedPath)
        #expect(first.status == 200)
        let etag = try #require(first.headers["etag"])
        #expect(!String(decoding: first.body, as: UTF8.self).contains("Ship the store feed"))

        // A change made by another process, committed to the store's write-ahead log while
        // the server holds the file open, is in the next response.
        let add = try CommandRunner.boardkit(["add", "Ship the store feed", "--due", "2026-12-24", "-b", store])
        #expect(add.status == 0, "\(add.stderr)")
        let second = try RawHTTP.get(port: server.port, server.feedPath, headers: ["If-None-Match": etag])
        #expect(second.status == 200)
        let text = String(decoding: second.body, as: UTF8.self)
        #expect(text.contains("SUMMARY:Ship the store feed"))
        #expect(text.contains("DTSTART;VALUE=DATE:20261224"))

        // Undo takes it out of the feed again.
        #expect(try CommandRunner.boardkit(["undo", "-b", store]).status == 0)
        let third = try RawHTTP.get(port: server.port, server.feedPath)
        #expect(!String(decoding: third.body, as: UTF8.self).contains("Ship the store feed"))
    }

    @Test func tokensSurviveRestartsAndNoGzipSwitch() throws {
        let folder = try TemporaryFolder()
        let state = folder.path("state/tokens.json")
        let sample = CommandRunner.sample("board.json")
        let a = try RunningServer(boards: ["team=\(sample)"], stateFile: state)
        let pathA = a.feedPath
        _ = a.stop()
        let b = try RunningServer(boards: ["team=\(sample)", "second=\(sample)"], stateFile: state, extra: ["--no-gzip"])
        #expect(b.feedPath == pathA)
        let plain = try RawHTTP.get(port: b.port, b.feedPath, headers: ["Accept-Encoding": "gzip"])
        #expect(plain.status == 200)
        #expect(plain.headers["content-encoding"] == nil)
        _ = b.stop()
        let attributes = try FileManager.default.attributesOfItem(atPath: state)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func refusesBoardsItCannotRead() throws {
        let folder = try TemporaryFolder()
        let bad = folder.path("bad.json")
        try "{ nope".write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try CommandRunner.boardkit(["serve", "--board", "x=\(bad)", "--port", "0", "--state-file", folder.path("t.json")])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("\(bad):1:") && r.stderr.contains(": error: ") && r.stderr.hasSuffix("1 error, 0 warnings\n"), "\(r.stderr)")
        // What the flags get wrong is said at the flag, coded, before anything listens.
        let badName = try CommandRunner.boardkit(["serve", "--board", "a/b=\(bad)", "--state-file", folder.path("t.json")])
        #expect(badName.status == 1)
        #expect(badName.stderr.contains("--board: error: board name 'a/b' must be letters, digits, '.', '_' or '-' (it is part of the URL) [serve-config-invalid]"),
                "\(badName.stderr)")
        let twice = try CommandRunner.boardkit(["serve", "--board", "x=\(bad)", "--board", "x=\(bad)", "--state-file", folder.path("t.json")])
        #expect(twice.status == 1 && twice.stderr.contains("--board: error: board name 'x' is given twice [serve-config-invalid]"), "\(twice.stderr)")
        let proxy = try CommandRunner.boardkit(["serve", "--board", "x=\(bad)", "--trust-proxy", "10.0.0.0/40", "--state-file", folder.path("t.json")])
        #expect(proxy.status == 1 && proxy.stderr.contains("--trust-proxy: error: trust-proxy '10.0.0.0/40' is not an address or a CIDR range"),
                "\(proxy.stderr)")
    }

    /// The same "KIND|SUMMARY|DATE-LINE" summary the vdirsyncer oracle makes of each synced file, sorted.
    static func items(_ body: [UInt8]) -> [String] {
        let lines = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
            .components(separatedBy: "\r\n")
        var served: [String] = []
        var kind = "", summary = "", date = ""
        for line in lines {
            if line == "BEGIN:VEVENT" || line == "BEGIN:VTODO" { kind = String(line.dropFirst(6)) }
            if line.hasPrefix("SUMMARY:") { summary = String(line.dropFirst(8)) }
            if (kind == "VEVENT" && line.hasPrefix("DTSTART")) || (kind == "VTODO" && line.hasPrefix("DUE")) { date = line }
            if line == "END:VEVENT" || line == "END:VTODO" { served.append("\(kind)|\(summary)|\(date)") }
        }
        return served.sorted()
    }

    /// A feed of one person's cards: the query is the `--where` filter; a subscribing client
    /// keeps the URL with its query; the feed has a tag of its own, stays a calendar when
    /// empty, and a name the board lacks is a 400 saying what it has.
    @Test func aFeedOfOnePersonIsItsOwnCalendar() throws {
        let folder = try TemporaryFolder()
        let sample = CommandRunner.sample("board.json")
        let server = try RunningServer(boards: ["team=\(sample)"], stateFile: folder.path("tokens.json"))
        defer { _ = server.stop() }
        let whole = try RawHTTP.get(port: server.port, server.feedPath)
        let mine = try RawHTTP.get(port: server.port, server.feedPath + "?assignee=mina")
        #expect(mine.status == 200)
        #expect(mine.headers["etag"] != nil && mine.headers["etag"] != whole.headers["etag"])
        let board = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sample))) as? [String: Any] ?? [:]
        let minas = (board["cards"] as? [[String: Any]] ?? []).filter { ($0["assignees"] as? [String] ?? []).contains("mina") }
        // The feed holds cards with a due date, not done (the default), not archived.
        let done = Set((board["states"] as? [[String: Any]] ?? []).filter { $0["category"] as? String == "done" }.compactMap { $0["id"] as? String })
        let titles = Set(minas.filter { $0["due"] != nil && $0["archived"] as? Bool != true && !done.contains($0["state"] as? String ?? "") }
            .compactMap { $0["title"] as? String })
        let served = Self.items(mine.body)
        #expect(!served.isEmpty && served.count < Self.items(whole.body).count)
        #expect(Set(served.map { String($0.split(separator: "|")[1]) }) == titles, "\(served)")
        let again = try RawHTTP.get(port: server.port, server.feedPath + "?assignee=mina", headers: ["If-None-Match": mine.headers["etag"] ?? ""])
        #expect(again.status == 304)
        let synced = try CommandRunner.python("ics_vdirsyncer.py", ["http://127.0.0.1:\(server.port)\(server.feedPath)?assignee=mina&state=todo", folder.path("vdir")])
        #expect(synced.status == 0, "\(synced.stderr)")
        struct Synced: Decodable { var items: [String]; var files: Int }
        let todo = try RawHTTP.get(port: server.port, server.feedPath + "?assignee=mina&state=todo")
        #expect(try JSONDecoder().decode(Synced.self, from: synced.stdout).items == Self.items(todo.body))
        // Nothing matches: still a calendar.
        let none = try RawHTTP.get(port: server.port, server.feedPath + "?assignee=mina&due=none")
        let text = String(decoding: none.body, as: UTF8.self)
        #expect(none.status == 200 && text.hasPrefix("BEGIN:VCALENDAR") && text.contains("END:VCALENDAR") && !text.contains("BEGIN:VEVENT"))
        // A typo is said, with the names the board has.
        let typo = try RawHTTP.get(port: server.port, server.feedPath + "?assignee=mian")
        #expect(typo.status == 400)
        #expect(String(decoding: typo.body, as: UTF8.self).contains("the board has no assignee 'mian'; it has 'alex', 'dana'"))
        // In the reader's language, as every refusal of the page is (it was English only).
        let korean = try RawHTTP.get(port: server.port, server.reportPath + "?assignee=mian", headers: ["Accept-Language": "ko-KR,ko;q=0.9"])
        #expect(korean.status == 400 && String(decoding: korean.body, as: UTF8.self).contains("보드에 담당자 'mian'이(가) 없습니다. 있는 것: 'alex', 'dana'"),
                "\(String(decoding: korean.body, as: UTF8.self))")
        let expression = try RawHTTP.get(port: server.port, server.feedPath + "?where=" + "due<2026-11-01,assignee=mina".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(expression.status == 200 && Self.items(expression.body).count < served.count)
        // The live report takes the same query, and says it.
        let report = try RawHTTP.get(port: server.port, server.reportPath + "?assignee=mina")
        #expect(report.status == 200 && String(decoding: report.body, as: UTF8.self).contains("Web team 웹팀 (assignee=mina)</h1>"))
        #expect(try RawHTTP.get(port: server.port, server.reportPath + "?label=nope").status == 400)
    }

    @Test func vdirsyncerSubscribesToTheFeed() throws {
        let folder = try TemporaryFolder()
        let sample = CommandRunner.sample("board.json")
        let server = try RunningServer(boards: ["team=\(sample)"], stateFile: folder.path("tokens.json"),
                                       extra: ["--component", "both"])
        defer { _ = server.stop() }
        let feed = try RawHTTP.get(port: server.port, server.feedPath)
        let served = Self.items(feed.body)
        #expect(served.count > 10)
        let out = try CommandRunner.python("ics_vdirsyncer.py", ["http://127.0.0.1:\(server.port)\(server.feedPath)", folder.path("vdir")])
        #expect(out.status == 0, "\(out.stderr)")
        struct Synced: Decodable { var items: [String]; var files: Int }
        let synced = try JSONDecoder().decode(Synced.self, from: out.stdout)
        #expect(synced.items == served)
        #expect(synced.files == served.count)
    }
}
