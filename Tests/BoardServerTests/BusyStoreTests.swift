import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// A change made while another program holds the store's write lock past the busy timeout is
/// refused as busy, not as a failing store: the API answers 503 with Retry-After, the terminal
/// says `store-busy`, and the same change passes once the lock is let go.
@Suite(.serialized) struct BusyStoreTests {
    /// Another process holding SQLite's write lock on a store (BEGIN IMMEDIATE), as a backup
    /// tool or a second program would, until it is told to let go: no race with the busy
    /// timeout, however slow the machine.
    struct LockHolder {
        let process: Process
        let input: Pipe

        func letGo() {
            input.fileHandleForWriting.write(Data("go\n".utf8))
            process.waitUntilExit()
        }
    }

    /// Returns once the lock is held.
    static func holdLock(on store: String) throws -> LockHolder {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN IMMEDIATE')
            print('held', flush=True)
            sys.stdin.readline()
            c.execute('ROLLBACK')
            """, store]
        let out = Pipe(), input = Pipe()
        holder.standardOutput = out
        holder.standardInput = input
        try holder.run()
        _ = out.fileHandleForReading.availableData  // "held"
        return LockHolder(process: holder, input: input)
    }

    @Test func aChangeWhileTheStoreIsHeldIsBusyAndPassesLater() throws {
        let s = try ServedStore()
        let holder = try Self.holdLock(on: s.store)
        let terminal = Mutex<ProcessOutput?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let run = try? CommandRunner.boardkit(["add", "From the terminal", "--board", s.store, "--actor", "jisoo"])
            terminal.withLock { $0 = run }
            done.signal()
        }
        let refused = try s.call("POST", "api/cards", headers: ["X-Boardkit-Actor": "mina"], body: #"{"title": "While busy"}"#)
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect((refused.json["error"] as? [String: Any])?["code"] as? String == "store-busy")
        done.wait()
        let run = try #require(terminal.withLock { $0 })
        #expect(run.status == 1)
        #expect(run.stderr.contains("the store is busy"), "\(run.stderr)")
        #expect(run.stderr.contains("[store-busy]"))

        holder.letGo()
        let later = try s.call("POST", "api/cards", headers: ["X-Boardkit-Actor": "mina"], body: #"{"title": "While busy"}"#)
        #expect(later.status == 201)
        #expect(try CommandRunner.boardkit(["add", "From the terminal", "--board", s.store, "--actor", "jisoo"]).status == 0)
        #expect(try s.cards().values.filter { $0["title"] as? String == "While busy" }.count == 1)
    }
}
