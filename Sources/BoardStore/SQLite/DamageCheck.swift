#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How hard opening a store looks for damage that its commands would not read.
///
/// SQLite reports a damaged page when a statement reads it (`store-damaged`), but a write
/// touches few pages: an `add` to a store with a zeroed page in its middle would land and
/// leave the user working on a board that no longer reads whole. So a store is checked when
/// it is opened, before anything is written:
/// - its shape, always: the file holds whole pages, and (with no write-ahead log pending) as
///   many as its header says; this finds a file cut short, at the cost of a `stat`;
/// - every page (SQLite's `quick_check`: each b-tree's structure, every page used once), when
///   the store is at most `wholeCheckLimit` bytes (about 6,000 cards) or the caller asks
///   (`serve`, when it opens a store). It costs about 12 ms a megabyte on this machine
///   (docs/store.md has the figures): a few milliseconds on a team's board, but seconds on a
///   million-card store, which no single edit should wait for.
/// Beyond the limit a write still refuses damage on every page it reads (SQLite checks each
/// page as it loads it). Damage inside a record's bytes that leaves the structure whole (a
/// flipped letter in a title) is found by neither; `validate` reads everything.
public enum DamageCheck: Sendable {
    /// Every page, whatever the size.
    case whole
    /// Every page up to `wholeCheckLimit`, the shape beyond it.
    case sized
    /// The shape alone: for a store opened again by a process that checked it whole when it
    /// first opened it (`serve` reopening a store it closed to make room).
    case shape

    /// The largest store whose every page is checked by `.sized`.
    public static let wholeCheckLimit: Int64 = 4 << 20
}

extension BoardStore {
    /// Refuses a damaged store (`damaged`) before any command uses it.
    func checkDamage(_ check: DamageCheck) throws(StoreError) {
        let finding: String? = try glance { db in
            let pageSize = try db.int("PRAGMA page_size") ?? 4096
            let pages = try db.int("PRAGMA page_count") ?? 0
            // The file's shape where it really is: a store opened through a symbolic link has
            // its write-ahead log beside the file the link names, as SQLite places it.
            let path = SQLiteEngine.realPath(path)
            var file = stat(), log = stat()
            if stat(path, &file) == 0 {
                let size = Int64(file.st_size)
                if size % pageSize != 0 {
                    return "the file ends part-way through a page: \(size) bytes is not a whole number of \(pageSize)-byte pages"
                }
                let logPending = stat(path + "-wal", &log) == 0 && log.st_size > 0
                if !logPending && pages * pageSize > size {
                    return "the file is cut short: its header counts \(pages) pages, the file holds \(size / pageSize)"
                }
            }
            switch check {
            case .whole: break
            case .sized: guard pages * pageSize <= DamageCheck.wholeCheckLimit else { return nil }
            case .shape: return nil
            }
            let result = try db.text("PRAGMA quick_check(1)") ?? "ok"
            guard result != "ok" else { return nil }
            // SQLite heads its findings with "*** in database main ***" on a line of its own.
            return result.split(separator: "\n").filter { !$0.hasPrefix("***") }.joined(separator: "; ")
        }
        if let finding { throw .damaged(path: path, finding: finding) }
    }
}
