import BoardStore
import Synchronization

/// A served board's store, open while it is used: every read and change of the board goes
/// through `use`, which opens the store when it is closed (`OpenStores` closes stores nobody
/// uses to make room for others).
///
/// A store's revisions compare only within one opening (SQLite's `data_version` is its
/// connection's), so `use` says which opening it hands out and a board's version names it.
final class ServedStore: Sendable {
    let path: String
    /// False for a store on read-only media or in a database that takes only reads (a
    /// standby): its page is read-only, and it is reopened read-only.
    let writable: Bool
    /// Descriptors the store holds while open (`OpenFileLimit.held(byBoardAt:)`).
    let descriptors: Int
    private let commits: CommitMode
    private let stores: OpenStores
    /// Serializes this board's openings; holds how many there were.
    private let openings: Mutex<Int>
    /// What the board forgets when its store closes (set once by its feed).
    private let forgetting = Mutex<@Sendable () -> Void>({})

    /// The store `store` opened at start, kept by `stores` from now on.
    init(opened store: BoardStore, path: String, writable: Bool, commits: CommitMode, stores: OpenStores) {
        self.path = path
        self.writable = writable
        self.commits = commits
        self.stores = stores
        descriptors = OpenFileLimit.held(byBoardAt: path)
        openings = Mutex(1)
        stores.opened(ObjectIdentifier(self), entry(store, opening: 1))
        stores.checkIn(ObjectIdentifier(self))
    }

    /// A retired board's request that opened the store again after `retire` leaves it in
    /// the books; it closes with the last reference to the board.
    deinit {
        stores.close(ObjectIdentifier(self))
    }

    /// The store, open, and which opening it is.
    struct Opened {
        var store: BoardStore
        var opening: Int
    }

    /// Runs `body` with the store open (opening it again if it was closed); it stays open
    /// until `body` returns.
    func use<T>(_ body: (Opened) throws(StoreError) -> T) throws(StoreError) -> T {
        let opened = try checkOut()
        defer { stores.checkIn(ObjectIdentifier(self)) }
        return try body(opened)
    }

    /// `use` for work that awaits (a change waiting for its commit).
    func use<T>(_ body: (Opened) async throws(StoreError) -> T) async throws(StoreError) -> T {
        let opened = try checkOut()
        defer { stores.checkIn(ObjectIdentifier(self)) }
        return try await body(opened)
    }

    /// Says what the board forgets when the store closes.
    func onClose(_ forget: @escaping @Sendable () -> Void) {
        forgetting.withLock { $0 = forget }
    }

    /// Closes the store for good (its board is no longer served); requests using it finish first.
    func retire() {
        stores.close(ObjectIdentifier(self))
    }

    private func checkOut() throws(StoreError) -> Opened {
        let owner = ObjectIdentifier(self)
        if let open = stores.checkOut(owner) { return Opened(store: open.store, opening: open.opening) }
        return try openings.withLock { (count: inout Int) throws(StoreError) -> Opened in
            // Another request may have opened it while this one waited.
            if let open = stores.checkOut(owner) { return Opened(store: open.store, opening: open.opening) }
            stores.makeRoom(for: descriptors)
            // Checked whole when `serve` first opened it; its shape (a stat) is enough now.
            let store = try BoardStore.open(path, readOnly: !writable, check: .shape, commits: commits)
            count += 1
            stores.opened(owner, entry(store, opening: count))
            return Opened(store: store, opening: count)
        }
    }

    private func entry(_ store: BoardStore, opening: Int) -> OpenStores.Entry {
        OpenStores.Entry(store: store, opening: opening, descriptors: descriptors,
                         forget: { [weak self] in self?.forgetting.withLock { $0 }() })
    }
}
