import BoardTestSupport
import Foundation
import Testing

/// A serve of many boards under the usual low soft limit on open files: raised to the hard
/// limit at start, and refused in words when even that leaves too few for connections.
@Suite(.serialized) struct OpenFileLimitTests {
    /// 200 stores (five descriptors each, held from start), copies of one.
    static func boards(in folder: TemporaryFolder) throws -> [String] {
        let first = folder.path("b1.db")
        let made = try CommandRunner.boardkit(["init", "--board", first, "--from", CommandRunner.sample("board.json")])
        #expect(made.status == 0, "\(made.stderr)")
        for n in 2...200 { try FileManager.default.copyItem(atPath: first, toPath: folder.path("b\(n).db")) }
        return (1...200).map { "b\($0)=\(folder.path("b\($0).db"))" }
    }

    /// Before, the 165th board failed with SQLite's "unable to open database file".
    @Test func boardsBeyondTheSoftLimitAreServedUnderTheHardOne() throws {
        let folder = try TemporaryFolder()
        let server = try RunningServer(boards: try Self.boards(in: folder), stateFile: folder.path("tokens.json"),
                                       through: ["/usr/bin/prlimit", "--nofile=512:4096", "--"])
        defer { _ = server.stop() }
        #expect(try RawHTTP.get(port: server.port, server.feedPath).status == 200)
        #expect(server.stop() == 0)
        #expect(server.log.contains("open-file limit raised from 512 to 4096"))
    }

    /// Before, the same failure; a few boards fewer, serve started and then accepted no
    /// connection, without a word.
    @Test func boardsBeyondTheHardLimitAreRefusedBeforeAnyIsOpened() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRunner.run("/usr/bin/prlimit", ["--nofile=512:512", "--", CommandRunner.boardkit, "serve", "--port", "0",
                                                             "--state-file", folder.path("tokens.json")]
                                          + (try Self.boards(in: folder)).flatMap { ["--board", $0] })
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("200 boards need about"), "\(run.stderr)")
        #expect(run.stderr.contains("this process may open 512"))
        #expect(run.stderr.contains("[serve-open-files]"))
    }
}
