import Synchronization

/// Tells a board's open pages when it changes: what `GET events` (Server-Sent Events) streams.
///
/// One watcher per board asks the board's version (`BoardFeed.current()`, a cheap question
/// when nothing changed) once a second while at least one page listens, however many do,
/// and wakes every listener when the version's tag moves. An open tab then costs the server
/// nothing between changes (each tab asked for its columns once a second before), and the
/// watcher stops when the last page closes.
final class BoardWatch: Sendable {
    /// What a listener hears.
    enum Event: Sendable, Equatable {
        /// The board is at this version (said at once to a new listener, then on each change).
        case version(String)
        /// Nothing changed for a while: a line that keeps proxies from closing an idle stream.
        case stillHere
    }

    private struct State {
        var listeners: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextListener = 0
        var watching = false
        var tag: String?
    }

    private let feed: BoardFeed
    private let state = Mutex(State())
    /// How often the version is asked for while someone listens.
    static let interval: Duration = .seconds(1)
    /// Asks between two `stillHere`s when nothing changed.
    static let quietAsks = 25

    init(feed: BoardFeed) {
        self.feed = feed
    }

    /// One page's stream of versions: the current one at once, then each new one, until it
    /// is dropped, `stop()` is called, or it has lasted `lasting`. A slow listener hears the
    /// newest version only.
    struct Listener: Sendable {
        let events: AsyncStream<Event>
        fileprivate let continuation: AsyncStream<Event>.Continuation

        func stop() { continuation.finish() }
    }

    func listen(lasting: Duration) -> Listener {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(1))
        let (id, start) = state.withLock { s -> (Int, Bool) in
            let id = s.nextListener
            s.nextListener += 1
            s.listeners[id] = continuation
            if let tag = s.tag { continuation.yield(.version(tag)) }
            defer { s.watching = true }
            return (id, !s.watching)
        }
        let timer = Task {
            try? await Task.sleep(for: lasting)
            continuation.finish()
        }
        continuation.onTermination = { [weak self] _ in
            timer.cancel()
            self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) }
        }
        if start { Task { await self.watch() } }
        return Listener(events: stream, continuation: continuation)
    }

    /// Listeners now (for the tests and the log).
    var listening: Int { state.withLock { $0.listeners.count } }

    private func watch() async {
        var quiet = 0
        while true {
            let tag = await BlockingWork.run { [feed] in feed.current().view.tag }
            quiet += 1
            let goOn = state.withLock { s -> Bool in
                guard !s.listeners.isEmpty else {
                    s.watching = false
                    return false
                }
                if tag != s.tag {
                    s.tag = tag
                    quiet = 0
                    for listener in s.listeners.values { listener.yield(.version(tag)) }
                } else if quiet >= Self.quietAsks {
                    quiet = 0
                    for listener in s.listeners.values { listener.yield(.stillHere) }
                }
                return true
            }
            guard goOn else { return }
            try? await Task.sleep(for: Self.interval)
        }
    }
}
