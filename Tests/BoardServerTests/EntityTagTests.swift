import Testing
@testable import BoardServer

/// Entity tags are sent to clients, who send them back in If-None-Match: the shared hash
/// must give the tags the server gave before (computed by an independent FNV-1a 64).
@Suite("Entity tags")
struct EntityTagTests {
    @Test("a feed's tag is FNV-1a 64 of its bytes, with the length in base 36")
    func knownTag() {
        let feed = Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)
        #expect(EntityTag.of(feed, kind: "ics") == "\"ics-265c87adaf13c32d-w\"")
        #expect(EntityTag.of([], kind: "ics") == "\"ics-cbf29ce484222325-0\"")
    }
}
