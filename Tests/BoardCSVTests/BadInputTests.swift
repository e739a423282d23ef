import Testing
import BoardValidation
import BoardTestSupport
import Foundation
import BoardModel
import BoardTabular
@testable import BoardCSV
@testable import BoardIO

/// Each kind of bad input gives its diagnostic at the right line and column, and no board.
@Suite struct BadInputTests {
    @Test func manyBadEventRowsAreListedTwentyThenCounted() throws {
        let folder = try TemporaryFolder()
        let events = folder.path("events.csv")
        let rows = (1...25).map { "event,c1,not-a-time-\($0),moved,todo,doing," }
        try Data((["record,card,at,type,from,to,actor"] + rows).joined(separator: "\n").utf8 + [0x0A])
            .write(to: URL(fileURLWithPath: events))
        let r = try CommandRunner.boardkit(["convert", CommandRunner.sample("board.csv"), folder.path("out.json"), "--events", events])
        #expect(r.status == 1)
        let listed = r.stderr.split(separator: "\n").filter { $0.contains("[csv-bad-events]") }
        #expect(listed.count == 21, "20 rows one by one, then one line with the count")
        #expect(listed.last?.contains("5 more like this not shown") == true, "the limiter's one wording")
    }

    func read(_ text: String, options: ReaderOptions = ReaderOptions()) -> ReadResult {
        CSVReader().read(bytes: Array(text.utf8), file: "in.csv", options: options)
    }

    func expectError(_ text: String, _ code: DiagnosticCode, line: Int, column: Int,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let r = read(text)
        #expect(r.board == nil, sourceLocation: sourceLocation)
        let d = r.diagnostics.first { $0.code == code }
        #expect(d != nil, "no \(code) in \(r.diagnostics)", sourceLocation: sourceLocation)
        #expect(d?.location?.file == "in.csv", sourceLocation: sourceLocation)
        #expect(d?.location?.line == line, "\(String(describing: d))", sourceLocation: sourceLocation)
        #expect(d?.location?.column == column, "\(String(describing: d))", sourceLocation: sourceLocation)
    }

    /// A stray quote in the header row is that one error, not also "the file is empty"
    /// (#19 item 12).
    @Test func aStrayQuoteInTheHeaderIsNotAlsoAnEmptyFile() {
        let r = read("ti\"tle,state\nA,todo\n")
        #expect(r.board == nil)
        #expect(r.diagnostics.map(\.code) == [.csvStrayQuote], "\(r.diagnostics)")
    }

    @Test func unterminatedQuote() {
        expectError("id,title\n1,ok\n2,\"never closed\n3,x\n", .csvUnterminatedQuote, line: 3, column: 1)
    }

    @Test func strayQuote() {
        expectError("id,title\n1,\"ok\"x\n", .csvStrayQuote, line: 2, column: 7)
    }

    @Test func tooManyAndTooFewFields() {
        expectError("id,title,state\n1,a,TODO\n2,b,TODO,extra\n", .csvFieldCount, line: 3, column: 10)
        expectError("id,title,state\n1,a,TODO\n2,b\n", .csvFieldCount, line: 3, column: 4)
    }

    @Test func invalidUTF8() {
        let bytes: [UInt8] = Array("id,title\n1,caf".utf8) + [0xE9] + Array("\n".utf8)
        let r = CSVReader().read(bytes: bytes, file: "in.csv")
        let d = r.diagnostics.first { $0.code == .csvInvalidUTF8 }
        #expect(d?.message as? CSVMessage == .invalidUTF8(byte: 0xE9, hint: false))
        #expect(r.board == nil)
        #expect(d?.location?.line == 2)
        #expect(d?.location?.column == 6)
    }

    @Test func emptyFileAndBlankLines() {
        expectError("", .csvEmptyFile, line: 1, column: 1)
        expectError("\n\r\n\n", .csvEmptyFile, line: 1, column: 1)
    }

    @Test func headerWithoutTitle() {
        expectError("id,state,due\n1,TODO,2026-11-30\n", .tabularNoTitleColumn, line: 1, column: 1)
    }

    @Test func ambiguousDate() {
        expectError("title,due\nA,03/04/2026\n", .tabularAmbiguousDate, line: 2, column: 3)
        // One reading only: taken.
        let r = read("title,due\nA,11/21/2026\nB,21/11/2026\n")
        #expect(r.board?.cards.map(\.due) == [.date(CalendarDate(year: 2026, month: 11, day: 21)!),
                                             .date(CalendarDate(year: 2026, month: 11, day: 21)!)])
    }

    @Test func impossibleDate() {
        expectError("title,due\nA,2026-02-30\n", .invalidDate, line: 2, column: 3)
    }

    /// Duplicate ids and unknown states are the validator's; the source map points at the cell.
    @Test func duplicateIDAndUnknownStateHaveCellLocations() throws {
        let r = read("id,title,state\nc1,a,TODO\nc1,b,TODO\n")
        let board = try #require(r.board)
        let v = BoardValidator.validate(board, sourceMap: r.sourceMap)
        let dup = try #require(v.first { $0.code == .duplicateCardID })
        #expect(dup.location?.line == 3 && dup.location?.column == 1)

        let folder = try TemporaryFolderLike()
        let events = folder.write("e.csv", "record,id,name,category\nstate,todo,TODO,todo\n")
        let r2 = read("title,state\na,TODO\nb,Nope\n", options: ReaderOptions(eventsPath: events))
        let b2 = try #require(r2.board)
        let unknown = try #require(BoardValidator.validate(b2, sourceMap: r2.sourceMap).first { $0.code == .unknownState })
        #expect(unknown.location?.line == 3 && unknown.location?.column == 3)
    }

    @Test func unreadableValueKeptAsField() throws {
        let r = read("title,due,position\nWater plants,every Monday,x1\n")
        let card = try #require(r.board?.cards.first)
        #expect(card.due == nil && card.fields["due"] == "every Monday" && card.fields["position"] == "x1")
        let kept = r.diagnostics.filter { $0.code == .tabularValueKept }
        #expect(kept.count == 2)
        #expect(kept.first?.location?.line == 2 && kept.first?.location?.column == 14)
    }

    @Test func columnsCountCharactersNotBytes() {
        expectError("title,state,due\n가나다,완료,2026-13-01\n", .invalidDate, line: 2, column: 8)
    }

    @Test func manyBadRowsAreCapped() {
        var text = "id,title\n"
        for k in 0..<500 { text += "\(k),a,b\n" }
        let r = read(text)
        let rows = r.diagnostics.filter { $0.code == .csvFieldCount }
        #expect(rows.count == CSVReader.listLimit + 1)
        #expect(rows.first?.message as? CSVMessage == .fieldCount(found: 3, expected: 2))
        #expect(rows.last?.message as? BoardIOMessage == .moreNotShown(.csvFieldCount, count: 500 - CSVReader.listLimit), "the limiter's one wording")
    }
}

/// A folder for small fixture files.
final class TemporaryFolderLike {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("boardkit-csv-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    func write(_ name: String, _ text: String) -> String {
        let p = url.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: p, contents: Data(text.utf8)))
        return p
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}
