import Dispatch
/// Slots that concurrent jobs each write one of.
final class ResultArray: @unchecked Sendable {
    private var slots: [Int]
    private let lock = DispatchSemaphore(value: 1)
    init(count: Int) { slots = Array(repeating: -1, count: count) }
    func set(_ k: Int, _ v: Int) { lock.wait(); slots[k] = v; lock.signal() }
    var values: [Int] { lock.wait(); defer { lock.signal() }; return slots }
}

/// Events noted from any thread, in the order they happened.
final class EventLog: @unchecked Sendable {
    private var events: [String] = []
    private let lock = DispatchSemaphore(value: 1)
    func add(_ event: String) { lock.wait(); events.append(event); lock.signal() }
    var all: [String] { lock.wait(); defer { lock.signal() }; return events }
}
