@testable import BoardStore
import BoardModel
import BoardTestSupport
import Foundation
import Testing

/// A board imported into PostgreSQL through `COPY` (`PostgresCopy`) reads back as the same
/// board SQLite gives: every text byte for byte, those COPY's text form would escape too.
@Suite struct PostgresCopyTests {
    /// Texts that COPY's text form would escape, or pass as they are.
    static let awkward = ["tab\there", "two\nlines", "cr\r\nlf", "back\\slash", "\\N", "\\", "ends with \\",
                          "\\t not a tab", "검색 필터 추가", "🧪 emoji 👩‍💻", "", " spaced "]

    /// Each row its field count, each field its length (-1: NULL) and bytes, big-endian; a
    /// text as it is (a tab, a backslash, `\\N` unescaped).
    @Test func rowsInCopysBinaryForm() {
        var batch = RowBatch(columns: 3)
        batch.int(-42)
        batch.text("a\tb\\N\n검")
        batch.real(0.1)
        batch.int(nil)
        batch.text("")
        batch.real(-1e300)
        var out: [UInt8] = []
        PostgresCopy.append(batch, to: &out)
        func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        let text = Array("a\tb\\N\n검".utf8)
        let expected: [UInt8] = bigEndian(Int16(3))
            + bigEndian(Int32(8)) + bigEndian(Int64(-42))
            + bigEndian(Int32(text.count)) + text
            + bigEndian(Int32(8)) + bigEndian((0.1).bitPattern)
            + bigEndian(Int16(3))
            + bigEndian(Int32(-1))
            + bigEndian(Int32(0))
            + bigEndian(Int32(8)) + bigEndian((-1e300).bitPattern)
        #expect(out == expected)
        #expect(PostgresCopy.header.count == 19 && PostgresCopy.header.starts(with: Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0]))
    }

    @Test func targetOfAnInsert() {
        let target = PostgresCopy.target(of: CardRow.insertSQL)
        #expect(target?.table == "cards")
        #expect(target?.columns.first == "number" && target?.columns.last == "present" && target?.columns.count == CardRow.parameterCount)
        #expect(PostgresCopy.target(of: "INSERT INTO t (a) SELECT 1") == nil)
        #expect(PostgresCopy.target(of: "UPDATE t SET a = ?") == nil)
        #expect(PostgresCopy.target(of: "INSERT INTO t (a, b) VALUES (?, 1)") == nil)
    }

    /// More cards than one batch holds (two COPY messages), the awkward texts in titles,
    /// bodies, labels, fields and an event's changes.
    @Test func anImportReadsBackAsSQLitesDoes() throws {
        let tmp = try TemporaryFolder()
        let states = [BoardState(id: "todo", name: "To do", category: .todo), BoardState(id: "done", name: "Done", category: .done)]
        var cards: [Card] = []
        for k in 0..<5000 {
            let text = Self.awkward[k % Self.awkward.count]
            cards.append(Card(id: "c\(k)", title: "\(k) \(text)", body: text + "\n" + Self.awkward[(k + 3) % Self.awkward.count],
                              state: k % 3 == 0 ? "done" : "todo", labels: k % 2 == 0 ? [text, "plain"] : [],
                              position: Double(k) + 0.5, fields: k % 5 == 0 ? ["note": text] : [:]))
        }
        let at = try #require(ISO8601.parseInstant("2026-11-20T09:30:00Z"))
        let events = [Event(card: "c1", at: at, type: .created, to: "todo", actor: "mina\tkim"),
                      Event(card: "c1", at: at, type: .updated, actor: "\\N",
                            changes: [FieldChange(field: "title", old: .text("tab\there"), new: .text("back\\slash\n🧪"))])]
        let board = Board(id: "b", name: "Name\twith\\tab", timeZone: "Asia/Seoul", states: states, cards: cards, events: events)
        let step = StepInfo(actor: "admin", command: "init")
        var exported: [Data] = []
        for engine in StoreEngineUnderTest.allCases {
            let location = try engine.location("copy.db", in: tmp)
            _ = try BoardStore.create(location, board: board, step: step)
            let json = tmp.path("\(engine).json")
            let r = try CommandRunner.boardkit(["convert", location, json])
            #expect(r.status == 0, "\(r.stderr)")
            exported.append(try Data(contentsOf: URL(fileURLWithPath: json)))
        }
        #expect(exported[0] == exported[1])
        let text = String(decoding: exported[1], as: UTF8.self)
        #expect(text.contains("검색 필터 추가") && text.contains("👩‍💻") && text.contains(#"\\N"#))
    }
}
