import BoardTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

/// How a served board is read (issue #49): once per revision, whatever and however often is
/// asked, and never behind a write that waits.
@Suite(.serialized) struct ReadPathTests {
    /// The page, its columns and history, a card's page, the API's board, card and history,
    /// the feed, a filtered feed and the report each asked `times` times: a reader with a few
    /// tabs, a script and a calendar app. Every answer is a 200.
    static func askEverything(_ server: RunningServer, card: String, times: Int) throws {
        let page = server.pagePath, feed = server.feedPath
        let paths = [page, page + "columns", page + "history", page + "cards/\(card)", page + "api/board",
                     page + "api/cards/\(card)", page + "api/history", feed, feed + "?due=overdue", server.reportPath]
        for _ in 0..<times {
            for path in paths {
                let reply = try RawHTTP.get(port: server.port, path)
                #expect(reply.status == 200, "\(path)")
            }
        }
    }

    /// The store reads the server has logged so far (`serve --verbose`).
    static func reads(_ server: RunningServer) -> [String] {
        server.logSoFar.split(separator: "\n").filter { $0.contains("team: read ") }.map(String.init)
    }

    /// What `body` made the server read, once its log has caught up (the log is read from a
    /// pipe): a request after `body` marks the end, and its log line is waited for.
    static func readsDuring(_ server: RunningServer, _ body: () throws -> Void) throws -> [String] {
        let before = reads(server).count
        try body()
        // The log line of the last request marks the end of what it read.
        let marker = "marker-\(UInt32.random(in: 0...UInt32.max))"
        _ = try RawHTTP.get(port: server.port, "/-/" + marker)
        // Waits for the log itself, however slow the machine, rather than for a set time.
        while !server.logSoFar.contains(marker) {
            guard server.process.isRunning else { throw POSIXError(.ESRCH) }
            usleep(20_000)
        }
        return Array(reads(server).dropFirst(before))
    }

    static func servedStore() throws -> (folder: TemporaryFolder, store: String, server: RunningServer) {
        let folder = try TemporaryFolder()
        let store = folder.path("team.db")
        let made = try CommandRunner.boardkit(["init", "--board", store, "--from", CommandRunner.sample("board.json")])
        #expect(made.status == 0)
        let server = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"), extra: ["--verbose"])
        return (folder, store, server)
    }

    @Test func aServedBoardIsReadOncePerRevisionWhateverIsAsked() throws {
        let (folder, store, server) = try Self.servedStore()
        defer { withExtendedLifetime(folder) {} }
        defer { _ = server.stop() }
        let board = try RawHTTP.get(port: server.port, server.pagePath + "api/board").body
        let cards = (try JSONSerialization.jsonObject(with: Data(board)) as? [String: Any])?["cards"] as? [[String: Any]]
        let card = try #require(cards?.first?["id"] as? String)
        let change = { (title: String) throws in
            #expect(try CommandRunner.boardkit(["add", title, "--board", store]).status == 0)
        }

        // Unchanged, the board is not read again, however often it is asked for.
        _ = try Self.readsDuring(server) { try Self.askEverything(server, card: card, times: 1) }
        let quiet = try Self.readsDuring(server) { try Self.askEverything(server, card: card, times: 3) }
        #expect(quiet.isEmpty, "\(quiet)")

        // Changed (by another process): read again once, whether asked for once or three times.
        try change("First change")
        let once = try Self.readsDuring(server) { try Self.askEverything(server, card: card, times: 1) }
        try change("Second change")
        let thrice = try Self.readsDuring(server) { try Self.askEverything(server, card: card, times: 3) }
        #expect(thrice.count == once.count, "asked once:\n\(once.joined(separator: "\n"))\nasked three times:\n\(thrice.joined(separator: "\n"))")
        // The header and the cards written since the view before (the card added), the whole
        // board (the feeds, the report and the forecast share it), the link's access, the
        // page's Undo and Redo, and the histories shown.
        #expect(once.filter { $0.contains("the header and the cards written since commit") }.count == 1, "\(once)")
        #expect(once.filter { $0.contains("the whole board") }.count == 1, "\(once)")
        #expect(once.count <= 8, "\(once)")
        // The secret a request presented is never logged.
        #expect(!server.logSoFar.contains(String(server.pagePath.split(separator: "/")[0])))
    }

    /// Open pages hear of a change from their event streams (`GET events`), the version at
    /// once and each new one after; between changes the streams cost no read, however many.
    @Test func openPagesHearOfChangesAndCostNothingBetween() throws {
        let (folder, store, server) = try Self.servedStore()
        defer { withExtendedLifetime(folder) {} }
        defer { _ = server.stop() }
        var streams: [EventStream] = []
        var first: [String] = []
        let opening = try Self.readsDuring(server) {
            streams = try (0..<5).map { _ in try EventStream(port: server.port, path: server.pagePath + "events") }
            first = try streams.map { try $0.nextVersion() }
        }
        #expect(Set(first).count == 1 && first[0].hasPrefix("\"board-"), "\(first)")
        #expect(streams[0].head.contains("content-type: text/event-stream"), "\(streams[0].head)")
        #expect(opening.count <= 2, "\(opening)")
        let idle = try Self.readsDuring(server) { sleep(3) }
        #expect(idle.isEmpty, "five open pages read the board in 3 s without a change: \(idle)")

        var next: [String] = []
        let heard = try Self.readsDuring(server) {
            #expect(try CommandRunner.boardkit(["add", "Heard of", "--board", store]).status == 0)
            next = try streams.map { try $0.nextVersion() }
        }
        #expect(Set(next).count == 1 && next[0] != first[0], "\(next) after \(first)")
        #expect(heard.count == 1, "the change was read \(heard.count) times for five pages: \(heard)")
    }

    /// A page read while a write waits for another program's lock answers at once: reads
    /// run on a connection of their own (they queued behind the waiting write, up to the
    /// 10-second busy timeout).
    @Test func aReadDoesNotWaitBehindAWriteThatWaits() throws {
        let s = try ServedStore()
        let holder = try BusyStoreTests.holdLock(on: s.store)
        let write = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let reply = try? s.call("POST", "api/cards", headers: ["X-Boardkit-Actor": "mina"], body: #"{"title": "Waiting"}"#)
            write.withLock { $0 = reply?.status ?? -1 }
            done.signal()
        }
        // The write is waiting for the lock by now (it waits 10 s before it gives up).
        sleep(2)
        let read = try s.call("GET", "api/board")
        #expect(read.status == 200)
        #expect(write.withLock { $0 } == nil, "the read answered only after the write gave up")
        let page = try s.call("GET", "")
        #expect(page.status == 200)
        #expect(write.withLock { $0 } == nil)
        holder.letGo()
        done.wait()
        #expect(write.withLock { $0 } == 201)
    }
}

/// One `GET events` stream read as a browser's EventSource would: its head, then events.
final class EventStream: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    let head: String

    init(port: Int, path: String) throws {
        let fd = try RawHTTP.connect(port: port)
        self.fd = fd
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var buffer: [UInt8] = []
        head = try Self.text(until: "\r\n\r\n", from: fd, buffer: &buffer).lowercased()
        self.buffer = buffer
    }

    deinit { close(fd) }

    /// The data of the next `board` event (chunked framing lines and comments skipped).
    func nextVersion() throws -> String {
        while true {
            let block = try Self.text(until: "\n\n", from: fd, buffer: &buffer)
            // "\r\n" (the chunks' framing) is one Character: split on any line end.
            let lines = block.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            if lines.contains("event: board"), let data = lines.first(where: { $0.hasPrefix("data: ") }) {
                return String(data.dropFirst(6))
            }
        }
    }

    private static func text(until marker: String, from fd: Int32, buffer: inout [UInt8]) throws -> String {
        let bytes = Array(marker.utf8)
        while true {
            if let found = buffer.firstRange(of: bytes) {
                let text = String(decoding: buffer[..<found.upperBound], as: UTF8.self)
                buffer.removeSubrange(..<found.upperBound)
                return text
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw POSIXError(.ECONNRESET) }
            buffer += chunk[0..<n]
        }
    }
}
