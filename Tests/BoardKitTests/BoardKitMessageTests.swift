import Testing
import BoardModel
import BoardKit

/// The one place the pipeline's own wording is pinned.
@Suite("BoardKitMessage")
struct BoardKitMessageTests {
    @Test("every case's wording")
    func wording() {
        let cases: [(BoardKitMessage, String)] = [
            (.cannotBufferStandardInput(temp: "/tmp/stdin.1"), "cannot buffer standard input in /tmp/stdin.1"),
            (.noSuchFile, "no such file"),
            (.isAFolder, "is a folder, not a file"),
            (.cannotOpenForReading, "cannot open for reading (permissions?)"),
            (.unknownInputFormat(nil, known: ["json", "csv"]),
             "cannot tell the format from the name or the content; use --from with one of: json, csv"),
            (.unknownInputFormat("yaml", known: ["json"]), "'yaml' is not a format boardkit reads; use --from with one of: json"),
            (.unknownOutputFormat(nil, known: ["json", "csv"]), "cannot tell the output format from the name; use --to with one of: json, csv"),
            (.unknownOutputFormat("pdf", known: ["json"]), "'pdf' is not a format boardkit writes; use --to with one of: json"),
            (.noBoardRead(format: "csv"), "the csv reader gave no board and no reason"),
            (.noSuchFolder("out/x"), "the folder 'out/x' does not exist"),
            (.noOutputFile, "the writer produced no file"),
            (.cannotReopenOutput, "cannot reopen the output"),
            (.cannotOpenOutput(errno: 13), "cannot open: Permission denied"),
            (.cannotMoveIntoPlace(errno: 18), "cannot move the finished output into place: Invalid cross-device link"),
            (.cannotWrite(errno: 28), "cannot write: No space left on device"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
    }
}
