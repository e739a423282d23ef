import Synchronization

/// How far the current read or write has got, for the command line's progress bar (#18).
/// The building blocks report (a mapped file as its pages are handed back, a zip part as it
/// inflates, the ordered-parallel writers as each chunk is taken) and `BoardPipeline` says
/// which phase it is in and how much there is; a formatter's own code does not take part.
/// Reports are a few per megabyte or chunk, each one lock: nothing a read or write notices.
public final class ProgressMeter: Sendable {
    /// The process's meter, which the command line's bar shows.
    public static let shared = ProgressMeter()

    /// The meter the building blocks report to: `shared`, unless a task binds another (a
    /// test watching its own work, undisturbed by others running beside it).
    @TaskLocal public static var active = ProgressMeter.shared

    public enum Phase: Sendable, Hashable {
        /// Bytes of the input.
        case reading
        /// Cards and events of the output.
        case writing
        /// To-dos fetched from a CalDAV server.
        case receiving
        /// Cards compared with a CalDAV server, and sent when they changed.
        case sending
    }

    /// Where things stand: `done` of `total` in `phase`.
    public struct Reading: Sendable, Equatable {
        public var phase: Phase
        public var done: Int
        public var total: Int

        /// 0…1.
        public var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 0 }
    }

    private let state = Mutex<Reading?>(nil)

    /// Items a writer that goes one item at a time lets pass between two reports.
    public static let batch = 4096

    public init() {}

    /// Starts a phase of `total` units (bytes to read, items to write).
    public func start(_ phase: Phase, total: Int) {
        state.withLock { $0 = Reading(phase: phase, done: 0, total: max(0, total)) }
    }

    /// `done` units of the phase are behind (a position in the input).
    public func reached(_ done: Int) {
        state.withLock { r in if r != nil { r!.done = max(r!.done, min(done, r!.total)) } }
    }

    /// `count` more units are done (items written, from any thread).
    public func advance(by count: Int) {
        state.withLock { r in if r != nil { r!.done = min(r!.done + count, r!.total) } }
    }

    /// Nothing under way.
    public func stop() { state.withLock { $0 = nil } }

    /// The phase under way, if any.
    public var reading: Reading? { state.withLock { $0 } }
}
