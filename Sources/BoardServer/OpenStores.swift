import BoardStore
import Synchronization

/// The stores `serve` holds open, and which one closes to make room for another.
///
/// A SQLite board holds five descriptors while its store is open and a PostgreSQL board two
/// connections, so a serve of a thousand boards cannot hold every store open under the usual
/// `ulimit -n` of 1,024. Each board's store (`ServedStore`) is opened when a request needs it
/// and kept open while it fits: before one more opens, the least recently used stores no
/// request is using are closed until the open ones hold at most `room` descriptors and number
/// fewer than `maximumOpen`, and their boards forget what they read (what bounds the memory
/// of a serve of many boards). When every open store is in use the new one opens anyway: a
/// request is never refused for want of room here; `OpenFileLimit.connectionRoom` is the
/// margin, and a descriptor the system refuses is the store's own error.
final class OpenStores: Sendable {
    /// Descriptors the open stores may hold together.
    let room: Int
    /// Stores kept open at most (the rest close when unused, least recently used first).
    let maximumOpen: Int

    /// One open store, as the books keep it.
    struct Entry {
        var store: BoardStore
        /// Counts up at each opening of one board's store: its revisions compare within one.
        var opening: Int
        var descriptors: Int
        /// Requests using the store now: one in use is never closed.
        var users = 0
        var lastUsed: UInt64 = 0
        /// What the board forgets when its store closes (what it read from it).
        var forget: @Sendable () -> Void
    }

    private struct Books {
        var open: [ObjectIdentifier: Entry] = [:]
        var held = 0
        /// Orders uses, for "least recently used".
        var clock: UInt64 = 0
    }
    private let books = Mutex(Books())

    init(room: Int, maximumOpen: Int = 200) {
        self.room = room
        self.maximumOpen = maximumOpen
    }

    /// The store of `owner` for one use, when it is open (`checkIn` ends the use).
    func checkOut(_ owner: ObjectIdentifier) -> (store: BoardStore, opening: Int)? {
        books.withLock { b in
            guard var entry = b.open[owner] else { return nil }
            b.clock += 1
            entry.users += 1
            entry.lastUsed = b.clock
            b.open[owner] = entry
            return (entry.store, entry.opening)
        }
    }

    /// Ends a use `checkOut` (or `opened`) began.
    func checkIn(_ owner: ObjectIdentifier) {
        books.withLock { b in
            b.clock += 1
            b.open[owner]?.users -= 1
            b.open[owner]?.lastUsed = b.clock
        }
    }

    /// Closes the stores no request uses, least recently used first, until one more of
    /// `descriptors` fits.
    func makeRoom(for descriptors: Int) {
        let closed = books.withLock { b -> [Entry] in
            var closed: [Entry] = []
            let idle = b.open.filter { $0.value.users == 0 }.sorted { $0.value.lastUsed < $1.value.lastUsed }
            for (owner, entry) in idle {
                guard b.held + descriptors > room || b.open.count >= maximumOpen else { break }
                b.open[owner] = nil
                b.held -= entry.descriptors
                closed.append(entry)
            }
            return closed
        }
        // Outside the books' lock: forgetting takes the board's own, and the store closes as
        // its last reference goes.
        for entry in closed { entry.forget() }
    }

    /// Keeps `entry` as the open store of `owner`, in use once (`checkIn` ends that use).
    func opened(_ owner: ObjectIdentifier, _ entry: Entry) {
        books.withLock { b in
            var entry = entry
            b.clock += 1
            entry.users = 1
            entry.lastUsed = b.clock
            if let old = b.open.updateValue(entry, forKey: owner) { b.held -= old.descriptors }
            b.held += entry.descriptors
        }
    }

    /// Closes the store of `owner` (its board is no longer served), whoever still uses it:
    /// they finish with the store they hold.
    func close(_ owner: ObjectIdentifier) {
        let entry = books.withLock { b -> Entry? in
            guard let entry = b.open.removeValue(forKey: owner) else { return nil }
            b.held -= entry.descriptors
            return entry
        }
        entry?.forget()
    }
}
