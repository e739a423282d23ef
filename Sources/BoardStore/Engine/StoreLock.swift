/// A lock of one store, held for as long as this value lives, across processes and (for a
/// store in a database) machines: what one job of the store takes so no other runs beside it
/// (`sync`: two at once would each push what the other pushes). It goes with the process
/// however that ends, so a killed job leaves nothing to clear.
public final class StoreLock: Sendable {
    private let release: @Sendable () -> Void

    init(release: @escaping @Sendable () -> Void) {
        self.release = release
    }

    deinit { release() }
}

extension BoardStore {
    /// The store's lock called `name`, or nil when another process holds it now.
    public func lock(named name: String) throws(StoreError) -> StoreLock? {
        try guarded { try engine.lock(named: name) }
    }
}
