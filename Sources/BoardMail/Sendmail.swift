import Foundation

/// The system's mailer, the Unix way: `sendmail -t -i` reads the message on standard input
/// and takes the recipients from its headers (Postfix's, Exim's or msmtp's `sendmail`), so
/// boardkit holds no SMTP password.
public struct Sendmail: Sendable {
    /// What is run: a path, or a name looked up on `PATH`.
    public var program: String
    /// How long the mailer may take before it is stopped (a mailer waiting on a dead server
    /// must not hang a timer's run).
    public var timeoutSeconds: Int

    public static let defaultPath = "/usr/sbin/sendmail"

    /// `--sendmail`, else `$SENDMAIL`, else /usr/sbin/sendmail.
    public init(_ program: String?, environment: [String: String] = ProcessInfo.processInfo.environment, timeoutSeconds: Int = 60) {
        let chosen = program ?? environment["SENDMAIL"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultPath
        self.program = Self.resolve(chosen, path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        self.timeoutSeconds = timeoutSeconds
    }

    /// A name without `/` is found on PATH, as a shell would; a path is taken as it is.
    static func resolve(_ program: String, path: String) -> String {
        guard !program.contains("/") else { return program }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return program
    }

    /// Hands `message` over: nil when the mailer took it and ended with status 0, else why not.
    public func send(_ message: MailMessage) -> MailError? {
        guard FileManager.default.isExecutableFile(atPath: program) else { return .mailerMissing(path: program) }
        let input = Pipe(), output = Pipe()
        let ended = DispatchSemaphore(value: 0)
        let process: Process
        switch start(input: input, output: output, ended: ended) {
        case .success(let started): process = started
        case .failure(let error): return error
        }

        let said = Collected()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { said.data = output.fileHandleForReading.readDataToEndOfFile() }
        // Written beside the waiting: a mailer that stops reading must not block the timeout.
        // A mailer that exits early closes the pipe: the write must fail with EPIPE (its exit
        // status says why), not end this process by SIGPIPE. boardkit ignores SIGPIPE as it is
        // (StandardStreams turns EPIPE on standard output into SIGPIPE itself); a library
        // caller may not have, so it is said here.
        signal(SIGPIPE, SIG_IGN)
        let bytes = Data(message.rendered.utf8)
        DispatchQueue.global().async {
            try? input.fileHandleForWriting.write(contentsOf: bytes)
            try? input.fileHandleForWriting.close()
        }
        if ended.wait(timeout: .now() + .seconds(timeoutSeconds)) == .timedOut {
            Self.stop(group: process.processIdentifier, ended: ended)
            return .mailerTimedOut(path: program, seconds: timeoutSeconds)
        }
        // The mailer has ended; a child of its that kept the pipe open must not hold us.
        _ = reading.wait(timeout: .now() + .seconds(2))
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: said.data, as: UTF8.self)
                .split(whereSeparator: \.isNewline).map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
                .joined(separator: " / ")
            let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
            return .mailerFailed(path: program, status: status, message: text)
        }
        return nil
    }

    /// The mailer started with `-t -i`. A mailer being replaced as it starts (a package
    /// upgrade; a script just written, whose file another process's fork still holds open)
    /// fails with "Text file busy": it is tried again for about a second.
    private func start(input: Pipe, output: Pipe, ended: DispatchSemaphore) -> Result<Process, MailError> {
        for attempt in 0..<20 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = ["-t", "-i"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            process.terminationHandler = { _ in ended.signal() }
            do {
                try process.run()
                return .success(process)
            } catch let error as NSError where Self.isTextFileBusy(error) && attempt < 19 {
                usleep(50_000)
            } catch {
                guard FileManager.default.isExecutableFile(atPath: program) else { return .failure(.mailerMissing(path: program)) }
                // As a shell says a program it cannot run: status 126, with the system's words.
                let code = Self.posixCode(error as NSError)
                let words = code.map { String(cString: strerror(Int32($0))) } ?? (error as NSError).localizedDescription
                return .failure(.mailerFailed(path: program, status: 126, message: words))
            }
        }
        return .failure(.mailerMissing(path: program))
    }

    /// Ends a hung mailer and every process it started. Foundation's `Process` starts the
    /// mailer as the leader of a process group of its own (POSIX_SPAWN_SETPGROUP), so its
    /// children (a shell script's `sleep`, msmtp's `passwordeval`) are in that group: the
    /// whole group is asked to end, then killed, even once the mailer itself has ended, as a
    /// child may outlive it or ignore SIGTERM.
    private static func stop(group: pid_t, ended: DispatchSemaphore) {
        kill(-group, SIGTERM)
        _ = ended.wait(timeout: .now() + .seconds(2))
        kill(-group, SIGKILL)
    }

    private static func isTextFileBusy(_ error: NSError) -> Bool { posixCode(error) == Int(ETXTBSY) }

    /// The errno behind a failed start, as Foundation wraps it (a Cocoa error whose
    /// underlying error is POSIX's).
    private static func posixCode(_ error: NSError) -> Int? {
        let posix = error.domain == NSPOSIXErrorDomain ? error : (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        return posix?.domain == NSPOSIXErrorDomain ? posix?.code : nil
    }
}

/// What the mailer wrote, filled by the thread that reads it (locked: a mailer's child that
/// keeps the pipe open may still be writing when the mailer's status is read).
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    var data: Data {
        get { lock.withLock { bytes } }
        set { lock.withLock { bytes = newValue } }
    }
}
