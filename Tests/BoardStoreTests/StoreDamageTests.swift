import BoardTestSupport
import Foundation
import Testing

/// A damaged store is refused by every command that meets it, with its own code, and nothing
/// is written into it; a store on read-only media is read as it is (issue #29).
@Suite struct StoreDamageTests {
    /// The three kinds of damage the issue found written into: a zeroed page's worth in the
    /// middle, 512 bytes bit-flipped at the start of the middle page, 1,000 bytes cut off the end; and a fourth, the database
    /// header after its magic scrambled (page size, page count, schema cookie).
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case zeroed, flipped, cut, header
        var testDescription: String { rawValue }

        func apply(to bytes: Data) -> Data {
            var out = bytes
            let middle = bytes.count / 2
            switch self {
            case .zeroed: out.replaceSubrange(middle..<middle + 4096, with: Data(count: 4096))
            // From the start of the page that holds the middle: its header and cell pointers,
            // which every check reads. (Bytes flipped in a page's unused space, or inside a
            // record, leave the structure whole: no check finds them, see DamageCheck. Counted
            // from the middle itself, the flip moved into such space when the schema grew.)
            case .flipped: for i in (middle / 4096) * 4096..<(middle / 4096) * 4096 + 512 { out[i] ^= 0xFF }
            case .cut: out.removeLast(1000)
            case .header: for i in 16..<100 { out[i] ^= 0xA5 }
            }
            return out
        }
    }

    static func store(in folder: TemporaryFolder) throws -> String {
        let board = folder.path("b.json"), store = folder.path("t.db")
        #expect(try CommandRunner.boardkit(["sample", "--cards", "20", "--seed", "3", "-o", board]).status == 0)
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", board]).status == 0)
        return store
    }

    @Test(arguments: Damage.allCases)
    func aDamagedStoreIsRefusedByEveryCommandAndLeftAsItIs(_ damage: Damage) throws {
        let folder = try TemporaryFolder()
        let healthy = try Data(contentsOf: URL(fileURLWithPath: try Self.store(in: folder)))
        let damaged = folder.path("damaged.db")
        let commands: [[String]] = [
            ["show", "-b", damaged], ["history", "-b", damaged], ["validate", damaged],
            ["convert", damaged, folder.path("out.json")], ["report", damaged],
            ["add", "written?", "-b", damaged], ["move", "3", "done", "-b", damaged],
            ["edit", "2", "--title", "written?", "-b", damaged], ["delete", "4", "-b", damaged],
            ["undo", "-b", damaged], ["redo", "-b", damaged],
            ["serve", "--board", "team=\(damaged)", "--port", "0", "--state-file", folder.path("tokens.json")],
        ]
        for command in commands {
            let bytes = damage.apply(to: healthy)
            try bytes.write(to: URL(fileURLWithPath: damaged))
            // Under a time limit: a serve that took the damaged store would never end, and
            // the whole test run would wait for it (seen when a damage went unnoticed).
            let run = try CommandRunner.run("/usr/bin/timeout", ["30", CommandRunner.boardkit] + command)
            #expect(run.status == 1, "\(command)")
            let said = run.stderr + run.stdoutText
            #expect(said.contains("[store-damaged]"), "\(command): \(said)")
            #expect(said.contains(".recover"), "the message says how to get the board out")
            #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == bytes, "\(command) wrote into the store")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))
        }
    }

    /// A store on a read-only mount (a bind mount made read-only inside a user and mount
    /// namespace of its own, so nothing outlives the test): every command that looks works
    /// and leaves no `-wal` or `-shm`; every change is refused as read-only, not as SQLite's
    /// "attempt to write a readonly database".
    @Test func aStoreOnAReadOnlyMountIsShownConvertedReportedAndServed() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        let media = folder.path("media"), mount = folder.path("mounted")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: store, toPath: media + "/t.db")
        let out = folder.path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // Each line's exit status is printed after a marker, so the test reads every one.
        let script = """
            set -u
            mount --bind "$2" "$3" && mount -o remount,bind,ro "$3" || { echo "MOUNT-FAILED"; exit 0; }
            b="$1"; db="$3/t.db"; o="$4"
            "$b" show -b "$db" > "$o/show.txt" 2>&1; echo "show $?"
            "$b" history -b "$db" > /dev/null 2>&1; echo "history $?"
            "$b" convert "$db" "$o/board.json" > /dev/null 2>&1; echo "convert $?"
            "$b" report "$db" --format md -o "$o/report.md" > /dev/null 2>&1; echo "report $?"
            "$b" add "x" -b "$db" > "$o/add.txt" 2>&1; echo "add $?"
            "$b" serve --board "team=$db" --port 0 --state-file "$o/tokens.json" > "$o/serve.txt" 2>&1 &
            pid=$!
            for i in $(seq 1 100); do grep -q "report: " "$o/serve.txt" && break; sleep 0.05; done
            url=$(grep -o 'http://[^ ]*\\.ics' "$o/serve.txt" | head -1)
            python3 -c "import sys,urllib.request; print('serve', urllib.request.urlopen(sys.argv[1]).status)" "$url"
            kill $pid; wait $pid
            ls -a "$3" | tr '\\n' ' '; echo
            """
        let run = try CommandRunner.run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script, "sh",
                                                              CommandRunner.boardkit, media, mount, out])
        let text = run.stdoutText
        try #require(!text.contains("MOUNT-FAILED"), "this machine cannot make a read-only mount: \(run.stderr)")
        for line in ["show 0", "history 0", "convert 0", "report 0", "add 1", "serve 200"] {
            #expect(text.contains(line), "\(line) in \(text)")
        }
        #expect(try String(contentsOfFile: out + "/show.txt", encoding: .utf8).contains("TODO"))
        #expect(try String(contentsOfFile: out + "/add.txt", encoding: .utf8).contains("[store-read-only]"))
        #expect(FileManager.default.fileExists(atPath: out + "/board.json"))
        #expect(!text.contains("t.db-wal") && !text.contains("t.db-shm"), "\(text)")
    }

    /// `show` on a writable store leaves no `-wal` or `-shm` beside it.
    @Test func lookingLeavesNoLogBehind() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        #expect(try CommandRunner.boardkit(["show", "-b", store]).status == 0)
        #expect(try CommandRunner.boardkit(["history", "-b", store]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: store + "-shm"))
    }
}
