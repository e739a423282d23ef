import Testing
import BoardModel
import BoardIO

/// The one place the shared layer's wording is pinned: each case as users read it.
@Suite("BoardIOMessage")
struct BoardIOMessageTests {
    @Test("every case's wording")
    func wording() {
        let cases: [(BoardIOMessage, String)] = [
            (.moreNotShown(.invalidDate, count: 7), "7 more like this not shown"),
            (.cannotReadFile(errno: 13), "cannot read the file: Permission denied"),
            (.cannotCreateFile(errno: 2), "cannot create the file: No such file or directory"),
            (.cannotWriteFile(errno: 28), "cannot write the file: No space left on device"),
            (.itemsLeftOut(count: 1, item: "event", items: "events"),
             "1 event was left out (--skip-invalid): not readable; the warnings above say why"),
            (.itemsLeftOut(count: 3, item: "card", items: "cards"),
             "3 cards were left out (--skip-invalid): not readable; the warnings above say why"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
    }

    @Test("the limiter's line has the code of what it counts")
    func moreNotShownCode() {
        #expect(BoardIOMessage.moreNotShown(.unknownKey, count: 3).code == .unknownKey)
        #expect(BoardIOMessage.cannotWriteFile(errno: 5).code == .ioError)
    }
}
