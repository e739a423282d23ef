import Foundation
import Testing
import BoardModel
import BoardIO
import BoardTestSupport
import BoardCSV

/// `--excel` CSV neutralises cells a spreadsheet would run as formulas (OWASP's CSV
/// injection advice: a leading `'`); plain CSV stays byte-faithful.
@Suite struct FormulaInjectionTests {
    static let risky = [#"=HYPERLINK("http://x","y")"#, "=1+2", "+1", "-3 days", "@SUM(A1)", "\tTab first", "\rCR first"]

    static var board: Board {
        var cards = risky.enumerated().map { k, title in Card(id: "c\(k)", title: title, state: "todo") }
        cards.append(Card(id: "safe", title: "a-b = c", state: "todo", position: -3,
                          fields: ["Estimate": "-3", "Typed": "'quoted by hand"]))
        return Board(cards: cards, events: [Event(card: "c0", at: Instant(epochSeconds: 1_789_000_000), type: .created,
                                                  to: "todo", actor: "@mina")])
    }

    static func rows(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    }

    @Test func excelPrefixesCellsThatStartLikeFormulas() throws {
        let board = Self.board
        let csv = Self.rows(CSVWriter().encode(board, options: WriterOptions(excel: true)))
        let expected = [#""'=HYPERLINK(""http://x"",""y"")""#, "'=1+2", "'+1", "'-3 days", "'@SUM(A1)",
                        "'\tTab first", "\"'\rCR first\""]
        for (k, cell) in expected.enumerated() {
            #expect(csv.contains { $0.hasPrefix("c\(k),\(cell),") }, "c\(k): \(cell)")
        }
        #expect(csv.contains { $0.hasPrefix("safe,a-b = c,") })
        let last = try #require(csv.first { $0.hasPrefix("safe,") })
        // A custom field is text: `-3` is prefixed too, as OWASP advises; the position is a
        // number boardkit wrote itself and stays one.
        #expect(last.contains(",-3,") && last.hasSuffix(",'-3,'quoted by hand"), "\(last)")
        let events = Self.rows(CSVWriter().encodeEvents(board, options: WriterOptions(excel: true)))
        #expect(events.contains { $0.hasPrefix("event,c0,") && $0.contains(",'@mina,") }, "\(events)")
    }

    @Test func plainCSVIsByteFaithfulAndReadingUndoesNothing() throws {
        let board = Self.board
        let plain = String(decoding: CSVWriter().encode(board), as: UTF8.self)
        #expect(plain.contains("\nc1,=1+2,") && plain.contains("\nc4,@SUM(A1),") && !plain.contains("'="))
        let folder = try TemporaryFolder()
        let path = folder.path("excel.csv")
        #expect(!CSVWriter().write(board, to: path, options: WriterOptions(excel: true)).diagnostics.hasErrors)
        let back = try #require(CSVReader().read(BoardInput(path: path), options: ReaderOptions()).board)
        #expect(back.cards.map(\.title) == Self.risky.map { "'" + $0 } + ["a-b = c"])
        #expect(back.cards.last?.fields == ["Estimate": "'-3", "Typed": "'quoted by hand"])
        #expect(back.cards.last?.position == -3)
    }

    @Test func excelThroughTheCommand() throws {
        let folder = try TemporaryFolder()
        let json = folder.path("in.json"), csv = folder.path("out.csv")
        let text = #"{"format": "boardkit/1", "cards": [{"id": "c1", "title": "=1+2", "state": "todo"}]}"#
        try text.write(toFile: json, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.boardkit(["convert", json, csv, "--excel"]).status == 0)
        #expect(try String(contentsOfFile: csv, encoding: .utf8).contains("\r\nc1,'=1+2,"))
        #expect(try CommandRunner.boardkit(["convert", json, csv]).status == 0)
        #expect(try String(contentsOfFile: csv, encoding: .utf8).contains("\nc1,=1+2,"))
    }
}
