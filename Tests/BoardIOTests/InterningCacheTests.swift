import Testing
@testable import BoardIO

@Suite("InterningCache")
struct InterningCacheTests {
    /// Calls `body` with the UTF-8 of `text` as a buffer.
    func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test("the same bytes give the value made the first time; other bytes their own", arguments: [
        "todo", "exactly15bytes!", "sixteen bytes!!!", String(repeating: "label,", count: 20),
    ])
    func hits(key: String) {
        let cache = InterningCache<[String]>(slotBits: 4, maxKeyLength: 256)
        var made = 0
        let first = withBytes(key) { cache.value(for: $0) { made += 1; return [String(decoding: $0, as: UTF8.self)] } }
        let again = withBytes(key) { cache.value(for: $0) { _ in made += 1; return ["made again"] } }
        #expect(first == [key] && again == first && made == 1)
        #expect(withBytes(key + "x") { cache.value(for: $0) } == nil)
        #expect(withBytes(key) { cache.value(for: $0) } == [key])
    }

    @Test("keys longer than the limit are made every time and never kept")
    func longKeys() {
        let cache = InterningCache<String>(slotBits: 4, maxKeyLength: 8)
        var made = 0
        for _ in 0..<3 { _ = withBytes("longer than eight") { cache.value(for: $0) { _ in made += 1; return "v" } } }
        #expect(made == 3)
        withBytes("longer than eight") { cache.keep("v", for: $0) }
        #expect(withBytes("longer than eight") { cache.value(for: $0) } == nil)
    }

    @Test("a short key read in place inside a larger buffer is the same key as a copy of it")
    func inPlace() {
        let cache = InterningCache<String>(slotBits: 12, maxKeyLength: 15)
        let line = Array(#"{"state": "doing", "id": "c1"}"#.utf8)
        let state = line.withUnsafeBufferPointer { all in
            cache.value(for: UnsafeBufferPointer(rebasing: all[11..<16]), in: all) { String(decoding: $0, as: UTF8.self) }
        }
        #expect(state == "doing")
        #expect(withBytes("doing") { cache.value(for: $0) } == "doing")
        #expect(withBytes("doinG") { cache.value(for: $0) } == nil)
    }
}
