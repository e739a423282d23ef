import Testing
@testable import BoardIO

/// The hash shows in outputs (ids made from content, entity tags), so its values are pinned
/// to the published FNV-1a 64 vectors and to ids computed by an independent implementation
/// of the formula the copies it replaced used.
@Suite("FNV-1a, the one hash")
struct FNV1aTests {
    @Test("the published 64-bit FNV-1a vectors", arguments: [
        ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
    ])
    func vectors(text: String, hex: String) {
        #expect(FNV1a.hash(text) == UInt64(hex, radix: 16))
        var bytes = Array(text.utf8)
        #expect(bytes.withUnsafeMutableBufferPointer { FNV1a.hash(UnsafeBufferPointer($0)) } == UInt64(hex, radix: 16))
        var h = FNV1a()
        for b in text.utf8 { h.add(b) }
        #expect(h.hex == hex)
    }

    @Test("stable ids are the values they were before the hash was shared")
    func stableIDs() {
        #expect(StableID.make(from: ["Fix login", "todo"]) == "c-ad55bca46408c90e")
        #expect(StableID.make(from: ["할 일", "완료"]) == "c-2f88e38d0130a378")
        #expect(StableID.make(prefix: "t-", from: []) == "t-cbf29ce484222325")
    }
}
