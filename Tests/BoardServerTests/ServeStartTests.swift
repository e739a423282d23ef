import BoardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `serve` listens at once and serves each board as soon as it is read, a board asked for
/// first: before, no URL answered until every board was open (18 s for 1,000 boards), and
/// then a request for a board not read yet was answered 503 (an instance restarted behind
/// nginx answered the torture run's reads 503).
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
        // The last board asked for as soon as the server listens answers (it is read next),
        // as does the first, before the URLs are printed (every board read): a load balancer
        // sends requests to an instance as soon as it listens.
        let deadline = Date().addingTimeInterval(60)
        var tokens: [String: String] = [:]
        while tokens["b200"] == nil && Date() < deadline {
            tokens = (try? Data(contentsOf: URL(fileURLWithPath: state)))
                .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["tokens"] as? [String: String] ?? [:]
            if tokens["b200"] == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        var last: RawHTTP.Reply?
        while last == nil && Date() < deadline {
            last = Self.ask(port, "/\(tokens["b200"] ?? "")/b200.ics")
            if last == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(last?.status == 200, "\(String(decoding: last?.body ?? [], as: UTF8.self))")
        #expect(Self.ask(port, "/\(tokens["b1"] ?? "")/b1.ics")?.status == 200)
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
