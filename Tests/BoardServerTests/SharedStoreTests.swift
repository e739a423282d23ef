import BoardTestSupport
import Foundation
import Testing

/// A served store with the terminal beside it, as a team works: what either acknowledges is
/// kept, whatever the other reads or writes meanwhile.
@Suite(.serialized) struct SharedStoreTests {
    /// issue #29's reproduction: the server read its own store's file to serve the feed and
    /// the report, which released its SQLite locks; a terminal `move` then checkpointed and
    /// deleted the write-ahead log the server went on writing into, and the cards the page
    /// acknowledged after it were gone.
    @Test func cardsAddedThroughThePageSurviveTerminalWritesAndARestart() throws {
        let folder = try TemporaryFolder()
        let board = folder.path("b.json"), store = folder.path("t.db")
        #expect(try CommandRunner.boardkit(["sample", "--cards", "20", "--seed", "3", "-o", board]).status == 0)
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", board]).status == 0)
        let server = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"))
        let page = server.pagePath

        var added: [String] = []
        for n in 1...3 {
            // Every reader the page links to, then a terminal write, then a page write.
            #expect(try RawHTTP.get(port: server.port, server.feedPath).status == 200)
            #expect(try RawHTTP.get(port: server.port, server.reportPath).status == 200)
            #expect(try RawHTTP.get(port: server.port, page).status == 200)
            #expect(try CommandRunner.boardkit(["move", "-b", store, "\(n)", "done"]).status == 0)
            let reply = try RawHTTP.call(port: server.port, "POST", page + "api/cards",
                                         body: #"{"title": "Kept \#(n)", "state": "todo"}"#)
            #expect(reply.status == 201)
            added.append("Kept \(n)")
        }
        // The server writes into the log that is on disk, not into one another process removed.
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/fd")) ?? []
        let deleted = descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(server.process.processIdentifier)/fd/\($0)") }
            .filter { $0.hasSuffix("(deleted)") }
        #expect(deleted.isEmpty, "the server holds removed files: \(deleted)")

        let shown = try CommandRunner.boardkit(["show", "-b", store, "--color", "never"]).stdoutText
        for title in added { #expect(shown.contains(title), "\(title) is missing while served") }
        // The terminal's step numbers and the page's follow one another in one log.
        let history = try CommandRunner.boardkit(["history", "-b", store, "--format", "json"])
        #expect(history.status == 0)

        #expect(server.stop() == 0)
        let after = try CommandRunner.boardkit(["show", "-b", store, "--color", "never"]).stdoutText
        for title in added { #expect(after.contains(title), "\(title) is missing after the server stopped") }
        let check = try CommandRunner.boardkit(["validate", store])
        #expect(check.status == 0, "\(check.stderr)")
    }
}
