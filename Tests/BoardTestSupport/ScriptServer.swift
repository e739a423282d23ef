import Foundation

/// A helper server from Tests/Oracles, started with its arguments: it prints one line of
/// JSON (its URL and what else it tells) and serves until stopped when this goes away.
public final class ScriptServer: @unchecked Sendable {
    let process = Process()
    /// The line it printed.
    public let info: [String: Any]

    public init(_ script: String, _ arguments: [String]) throws {
        let path = CommandRunner.packageRoot.appendingPathComponent("Tests/Oracles/\(script)").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        info = try JSONSerialization.jsonObject(with: line) as? [String: Any] ?? [:]
    }

    public var url: String { info["url"] as? String ?? "" }

    deinit {
        process.terminate()
        // SIGKILL after five seconds: a server that does not stop (a test runner's children may
        // inherit SIGTERM blocked) must not hold the run up.
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
