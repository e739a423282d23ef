import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The threads that called `note`.
final class ThreadSet: @unchecked Sendable {
    private var seen: Set<UInt> = []
    private let lock = DispatchSemaphore(value: 1)
    func note() {
        let me = UInt(pthread_self())
        lock.wait(); seen.insert(me); lock.signal()
        usleep(200) // long enough that one thread does not take every chunk
    }
    var count: Int { lock.wait(); defer { lock.signal() }; return seen.count }
}

/// Slots that concurrent jobs each write one of.
final class ResultArray: @unchecked Sendable {
    private var slots: [Int]
    private let lock = DispatchSemaphore(value: 1)
    init(count: Int) { slots = Array(repeating: -1, count: count) }
    func set(_ k: Int, _ v: Int) { lock.wait(); slots[k] = v; lock.signal() }
    var values: [Int] { lock.wait(); defer { lock.signal() }; return slots }
}
