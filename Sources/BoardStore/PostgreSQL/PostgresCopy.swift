import Dispatch
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Rows into a table through `COPY … FROM STDIN` in its text form: the rows stream to the
/// server in a few large messages and it parses them in one statement, where an INSERT of
/// the same rows is planned and run chunk by chunk (an import of 100,000 cards is most of a
/// million log rows).
enum PostgresCopy {
    /// The table and columns of a one-row `INSERT INTO t (a, b) VALUES (?, ?)`: what a COPY
    /// names; nil for any other statement.
    static func target(of sql: String) -> (table: String, columns: [String])? {
        let words = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard words.hasPrefix("INSERT INTO "), let open = words.firstIndex(of: "("),
              let close = words.firstIndex(of: ")"), open < close,
              words[close...].hasPrefix(") VALUES ("),
              words[close...].dropFirst(10).allSatisfy({ $0 == "?" || $0 == "," || $0 == " " || $0 == ")" }) else { return nil }
        let table = words[words.index(words.startIndex, offsetBy: 12)..<open].trimmingCharacters(in: .whitespaces)
        let columns = words[words.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let plain = { (name: String) in !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }
        guard plain(table), columns.allSatisfy(plain) else { return nil }
        return (table, columns)
    }

    /// Runs one COPY on `connection` with what `produce` sends through its feed (the rows in
    /// the text form, `append`), from a thread that may wait: the copy itself is async and
    /// runs as a task of its own, fed batch by batch, at most two batches ahead of the server,
    /// so a large import is never held whole in memory. A `produce` that throws fails the copy
    /// (nothing of it stays) and its error is thrown.
    ///
    /// The task runs on the connection's event loop (`LoopExecutor`), never on Swift's shared
    /// threads: the caller may be one of those, blocked here until the copy ends, and on a
    /// small machine the task could then wait for a thread that never comes.
    static func run(on connection: PostgresConnection, into table: String, columns: [String], logger: Logger,
                    _ produce: (Feed) throws -> Void) throws {
        let feed = Feed()
        let batches = feed.batches
        Task(executorPreference: LoopExecutor(connection.eventLoop)) {
            let result: Result<Void, any Error>
            do {
                try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                    for try await batch in batches {
                        try await writer.write(batch)
                        feed.room.signal()
                    }
                }
                result = .success(())
            } catch {
                result = .failure(error)
            }
            feed.end(result)
        }
        var failure: (any Error)?
        do {
            try produce(feed)
        } catch {
            failure = error
        }
        feed.queue.finish(throwing: failure)
        feed.finished.wait()
        if let failure { throw failure }
        try feed.outcome.withLock { $0 }?.get()
    }

    /// Runs a task's jobs on an event loop. A job runs until it awaits, so the loop is held
    /// no longer than any of its own handlers would hold it.
    private final class LoopExecutor: TaskExecutor {
        let loop: any EventLoop

        init(_ loop: any EventLoop) {
            self.loop = loop
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    /// What a producer sends the copy's task through.
    final class Feed: Sendable {
        fileprivate let batches: AsyncThrowingStream<ByteBuffer, any Error>
        fileprivate let queue: AsyncThrowingStream<ByteBuffer, any Error>.Continuation
        /// Batches the producer may send before the task has written one.
        fileprivate let room = DispatchSemaphore(value: 2)
        fileprivate let finished = DispatchSemaphore(value: 0)
        /// How the copy ended, set once by its task.
        fileprivate let outcome = Mutex<Result<Void, any Error>?>(nil)

        fileprivate init() {
            (batches, queue) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
        }

        /// Hands one batch to the copy, waiting while two are still unwritten; throws when the
        /// copy has ended (the server refused a row, the connection was lost).
        func send(_ batch: ByteBuffer) throws {
            room.wait()
            if let ended = outcome.withLock({ $0 }) {
                try ended.get()
                throw PostgresSessionError.connectionLost
            }
            queue.yield(batch)
        }

        fileprivate func end(_ result: Result<Void, any Error>) {
            outcome.withLock { $0 = result }
            // A producer waiting for room wakes and finds the copy ended.
            room.signal()
            finished.signal()
        }
    }

    /// The rows of `batch` as COPY's text form has them: cells between tabs, a row to a line,
    /// NULL as `\N`, and in a text a backslash, tab, newline or carriage return escaped with a
    /// backslash (so a text `\N` stays a text).
    static func append(_ batch: RowBatch, to out: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\")
        batch.bytes.withUnsafeBufferPointer { bytes in
            for (k, cell) in batch.cells.enumerated() {
                if k % batch.columns != 0 { out.append(UInt8(ascii: "\t")) }
                switch cell {
                case .null:
                    out.append(backslash)
                    out.append(UInt8(ascii: "N"))
                case .int(let v):
                    out.append(contentsOf: String(v).utf8)
                case .real(let v):
                    // Swift's shortest text that reads back as the same double ("inf", "nan"
                    // included), which PostgreSQL reads as that double too.
                    out.append(contentsOf: v.description.utf8)
                case .text(let start, let count):
                    for byte in bytes[start..<start + count] {
                        switch byte {
                        case backslash: out.append(backslash); out.append(backslash)
                        case UInt8(ascii: "\t"): out.append(backslash); out.append(UInt8(ascii: "t"))
                        case UInt8(ascii: "\n"): out.append(backslash); out.append(UInt8(ascii: "n"))
                        case UInt8(ascii: "\r"): out.append(backslash); out.append(UInt8(ascii: "r"))
                        default: out.append(byte)
                        }
                    }
                }
                if k % batch.columns == batch.columns - 1 { out.append(UInt8(ascii: "\n")) }
            }
        }
    }
}
