import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// A change made while another program holds the store's write lock past the busy timeout is
/// refused as busy, not as a failing store: the API answers 503 with Retry-After, the terminal
/// says `store-busy`, and the same change passes once the lock is let go.
@Suite(.serialized) struct BusyStoreTests {
    /// Holds SQLite's write lock on `store` (BEGIN IMMEDIATE) for `seconds`, from another
    /// process, as a backup tool or a second program would; returns once it is held.
    static func holdLock(on store: String, seconds: Int) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN IMMEDIATE')
            print('held', flush=True)
            time.sleep(float(sys.argv[2]))
            c.execute('ROLLBACK')
            """, store, String(seconds)]
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        _ = out.fileHandleForReading.availableData  // "held"
        return holder
    }

    @Test func aChangeWhileTheStoreIsHeldIsBusyAndPassesLater() throws {
        let s = try ServedStore()
        let holder = try Self.holdLock(on: s.store, seconds: 15)
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

        holder.waitUntilExit()
        let later = try s.call("POST", "api/cards", headers: ["X-Boardkit-Actor": "mina"], body: #"{"title": "While busy"}"#)
        #expect(later.status == 201)
        #expect(try CommandRunner.boardkit(["add", "From the terminal", "--board", s.store, "--actor", "jisoo"]).status == 0)
        #expect(try s.cards().values.filter { $0["title"] as? String == "While busy" }.count == 1)
    }
}
