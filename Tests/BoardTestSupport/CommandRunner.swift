import Foundation

/// What a finished process left behind.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs the built `boardkit` binary and the Python oracles the way a user's shell would.
public enum CommandRunner {
    /// The folder the test bundle was built into; `boardkit` is built beside it.
    public static var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
    }

    /// The package's root folder (where Package.swift is).
    public static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }

    /// `samples/NAME` in the package.
    public static func sample(_ name: String) -> String {
        packageRoot.appendingPathComponent("samples").appendingPathComponent(name).path
    }

    /// The `boardkit` executable next to the test bundle.
    public static var boardkit: String {
        buildFolder.appendingPathComponent("boardkit").path
    }

    /// Runs `boardkit ARGS`, feeding `stdin` if given.
    @discardableResult
    public static func boardkit(_ args: [String], stdin: Data? = nil,
                                environment: [String: String] = [:]) throws -> ProcessOutput {
        try run(boardkit, args, stdin: stdin, environment: environment)
    }

    /// Runs `boardkit ARGS` on a terminal, as a person at a keyboard would (`script` gives it
    /// one), with the progress bar drawn from the start; standard output and error arrive
    /// together in `stdoutText`.
    @discardableResult
    public static func boardkitOnTerminal(_ args: [String]) throws -> ProcessOutput {
        let command = ([boardkit] + args).map { "'\($0)'" }.joined(separator: " ")
        return try run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["BOARDKIT_PROGRESS_AFTER": "0"])
    }

    /// Runs `python3 SCRIPT ARGS` where SCRIPT is under Tests/Oracles.
    @discardableResult
    public static func python(_ script: String, _ args: [String], stdin: Data? = nil) throws -> ProcessOutput {
        let path = packageRoot.appendingPathComponent("Tests/Oracles").appendingPathComponent(script).path
        return try run("/usr/bin/env", ["python3", path] + args, stdin: stdin)
    }

    /// Runs any program and collects its output (stdout as bytes, stderr as text).
    @discardableResult
    public static func run(_ program: String, _ args: [String], stdin: Data? = nil,
                           environment: [String: String] = [:]) throws -> ProcessOutput {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        if !environment.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
        p.standardOutput = outPipe
        p.standardError = errPipe
        p.standardInput = stdin == nil ? FileHandle.nullDevice : inPipe
        try p.run()
        // Read both pipes concurrently so neither fills up and blocks the child.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if let stdin {
            DispatchQueue.global().async {
                inPipe.fileHandleForWriting.write(stdin)
                try? inPipe.fileHandleForWriting.close()
            }
        }
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return ProcessOutput(status: p.terminationStatus, stdout: out,
                             stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}

private final class DataBox: @unchecked Sendable { var data = Data() }

/// A fresh temporary folder, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("boardkit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    /// A path inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// A shell script at `name` in the folder, executable, and its path. Written through a
    /// descriptor closed on exec: a process another test forks meanwhile must not inherit it
    /// open for writing (running the script would then fail with "Text file busy").
    public func script(_ name: String, _ text: String) throws -> String {
        let path = self.path(name)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw POSIXError(.EIO) }
        return path
    }

    /// Runs `body` with a 64 KiB tmpfs mounted at `name` in the folder: a temporary folder
    /// that is full at once (as TMPDIR). Mounting needs root, as CI has.
    public func withFullFileSystem<T>(_ name: String, _ body: (String) throws -> T) throws -> T {
        let mountPoint = path(name)
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mounted = try CommandRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint])
        guard mounted.status == 0 else { throw POSIXError(.EPERM) }
        defer { _ = try? CommandRunner.run("/bin/umount", [mountPoint]) }
        return try body(mountPoint)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}
