import BoardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `serve` listens at once and serves each board as soon as it is read: before, no URL
/// answered until every board was open (18 s for 1,000 boards).
@Suite(.serialized) struct ServeStartTests {
    /// A port free now (the kernel's pick, let go again).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The answer to `path`, or nil while nothing listens.
    static func ask(_ port: Int, _ path: String) -> RawHTTP.Reply? {
        try? RawHTTP.get(port: port, path)
    }

    @Test func theFirstBoardAnswersWhileTheOthersAreStillRead() throws {
        let folder = try TemporaryFolder()
        let boards = try OpenFileLimitTests.boards(in: folder)
        let port = try Self.freePort()
        let state = folder.path("tokens.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.boardkit)
        process.arguments = ["serve", "--port", String(port), "--state-file", state] + boards.flatMap { ["--board", $0] }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // While the boards are read, a board not read yet is "starting" (503, try again in 1 s).
        var first: RawHTTP.Reply?
        let deadline = Date().addingTimeInterval(60)
        while first == nil && Date() < deadline {
            first = Self.ask(port, "/nobody/b200.ics")
            if first == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        let starting = try #require(first)
        #expect(starting.status == 503, "\(String(decoding: starting.body, as: UTF8.self))")
        #expect(starting.headers["retry-after"] == "1")
        #expect(String(decoding: starting.body, as: UTF8.self).contains("The server is starting"))
        // The first board answers before the URLs are printed (every board read).
        var answered: RawHTTP.Reply?
        while answered?.status != 200 && Date() < deadline {
            let tokens = (try? Data(contentsOf: URL(fileURLWithPath: state)))
                .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["tokens"] as? [String: String]
            if let token = tokens?["b1"] { answered = Self.ask(port, "/\(token)/b1.ics") }
            if answered?.status != 200 { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(answered?.status == 200)
        let printedBefore = out.fileHandleForReading.availableBytesWithoutWaiting
        #expect(printedBefore == 0, "every board was read before the first answered")
        // Once every board is read, the URLs are printed and a name no board has is a 404.
        var printed = ""
        while !printed.contains("b200 board: ") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        #expect(printed.contains("b200 board: "))
        #expect(Self.ask(port, "/nobody/b201.ics")?.status == 404)
    }
}

extension FileHandle {
    /// How many bytes wait to be read from a pipe now (FIONREAD).
    var availableBytesWithoutWaiting: Int {
        var count: Int32 = 0
        return ioctl(fileDescriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }
}
