#if canImport(Glibc)
import Glibc
#endif
import BoardIO
import BoardMail
import BoardModel
import BoardStore
import Foundation

/// The ledger of a board kept in a file: `team.json.reminded` beside it (or `--ledger FILE`),
/// one JSON line per claim or settlement, appended and synced to disk under an flock(2), so
/// two runs at once take turns for each message. The last line of a message says where it is.
struct FileSentLedger: SentLedger {
    let location: String

    /// The ledger beside `board`: beside the real file when `board` is a symbolic link, so
    /// every spelling of the board meets the same ledger.
    static func beside(board: String) -> FileSentLedger {
        var real = board
        if let resolved = realpath(board, nil) {
            real = String(cString: resolved)
            free(resolved)
        }
        return FileSentLedger(location: real + ".reminded")
    }

    /// One line: a message's new state (`released`: let go, taken by no one).
    private struct Line: Codable {
        var key: String
        var to: String
        var state: String
        var at: String
    }

    private static let released = "released"

    func claim(_ mark: SentMark, at now: Instant) throws(MailError) -> Bool {
        try locked { fd throws(MailError) in
            guard try states(fd)[mark] == nil else { return false }
            try append([Line(key: mark.key, to: mark.recipient, state: SentState.sending.rawValue, at: now.utc.description)], fd)
            return true
        }
    }

    func settle(_ mark: SentMark, sent: Bool, at now: Instant) throws(MailError) {
        try locked { fd throws(MailError) in
            try append([Line(key: mark.key, to: mark.recipient, state: sent ? SentState.sent.rawValue : Self.released, at: now.utc.description)], fd)
        }
    }

    func isTaken(_ mark: SentMark) throws(MailError) -> Bool {
        // A board never reminded has no ledger yet: nothing is taken.
        guard FileManager.default.fileExists(atPath: location) else { return false }
        return try locked { fd throws(MailError) in try states(fd)[mark] != nil }
    }

    func abandoned(before: Instant) throws(MailError) -> [SentMark] {
        guard FileManager.default.fileExists(atPath: location) else { return [] }
        return try locked { fd throws(MailError) in
            let stale = try states(fd).filter { $0.value.state == .sending && $0.value.at < before }.map(\.key)
                .sorted { ($0.key, $0.recipient) < ($1.key, $1.recipient) }
            try append(stale.map { Line(key: $0.key, to: $0.recipient, state: SentState.unsure.rawValue, at: before.utc.description) }, fd)
            return stale
        }
    }

    /// Each message's last state and when it was set; released ones are left out.
    private func states(_ fd: Int32) throws(MailError) -> [SentMark: (state: SentState, at: Instant)] {
        var out: [SentMark: (state: SentState, at: Instant)] = [:]
        let data = try readAll(fd)
        for (number, text) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let line = try? JSONDecoder().decode(Line.self, from: Data(text)),
                  let at = ISO8601.parseInstant(line.at) else {
                throw .ledgerFailed(path: location, message: "line \(number + 1) is not a ledger line; move the file aside to start a new ledger")
            }
            let mark = SentMark(key: line.key, recipient: line.to)
            if let state = SentState(rawValue: line.state) { out[mark] = (state, at) } else { out[mark] = nil }
        }
        return out
    }

    private func readAll(_ fd: Int32) throws(MailError) -> [UInt8] {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw failure(errno) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw failure(errno) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }

    private func append(_ lines: [Line], _ fd: Int32) throws(MailError) {
        guard !lines.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8] = []
        for line in lines {
            // Encoding four strings cannot fail.
            bytes += (try? encoder.encode(line)).map(Array.init) ?? []
            bytes.append(UInt8(ascii: "\n"))
        }
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw failure(errno) }
            done += n
        }
        // A message settled is a message the next run must know of, whatever happens next.
        guard fsync(fd) == 0 else { throw failure(errno) }
    }

    /// Runs `body` holding the ledger's lock (waiting for another run's, which holds it only
    /// for one claim or settlement).
    private func locked<T>(_ body: (Int32) throws(MailError) -> T) throws(MailError) -> T {
        let fd = open(location, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure(errno) }
        }
        return try body(fd)
    }

    private func failure(_ number: Int32) -> MailError {
        .ledgerFailed(path: location, message: SystemError.text(number))
    }
}
