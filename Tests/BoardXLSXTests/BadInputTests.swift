import Foundation
import Testing
import BoardModel
import BoardIO
import BoardSample
import BoardTestSupport
import BoardXLSX

@Suite struct BadInputTests {
    func read(_ path: String) -> ReadResult {
        BoardXLSXReader().read(BoardInput(path: path), options: ReaderOptions())
    }

    @Test func notAZip() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("text.xlsx")
        try Data("id,title\n1,x\n".utf8).write(to: URL(fileURLWithPath: path))
        let r = read(path)
        #expect(r.board == nil)
        #expect(r.diagnostics.map(\.code) == [.xlsxNotZip])
        #expect(!BoardXLSXReader().recognizes(head: Array("id,title".utf8)))
    }

    /// boardkit's own workbook whose Cards header lost its title column (renamed, or an entity
    /// the XML reader does not decode): exit 1 with the reason, no output, for every command.
    @Test(arguments: ["renamed", "&nosuch;", "&#xD800;"])
    func aCardsHeaderWithoutItsTitleIsRefusedAloud(header: String) throws {
        let folder = try TemporaryFolder()
        let source = folder.path("board.xlsx"), broken = folder.path("broken.xlsx")
        #expect(try CommandRunner.boardkit(["convert", CommandRunner.sample("board.json"), source]).status == 0)
        let script = """
        import zipfile, sys
        src, dst, header = sys.argv[1], sys.argv[2], sys.argv[3]
        with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, 'w', zipfile.ZIP_DEFLATED) as zout:
            for item in zin.infolist():
                data = zin.read(item.filename)
                if item.filename == 'xl/worksheets/sheet1.xml':
                    data = data.replace(b'<t>title</t>', b'<t>' + header.encode() + b'</t>', 1)
                zout.writestr(item, data)
        """
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, source, broken, header]).status == 0)
        let out = folder.path("out.json")
        let convert = try CommandRunner.boardkit(["convert", broken, out])
        #expect(convert.status == 1)
        #expect(convert.stderr.contains("[tabular-no-title-column]"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let validate = try CommandRunner.boardkit(["validate", broken])
        #expect(validate.status == 1)
        #expect(validate.stdoutText.contains("[tabular-no-title-column]"))
    }

    /// libxlsxwriter writes each sheet's rows to a temporary file in TMPDIR and ignored a full
    /// disk there: the workbook came out with empty sheets and exit 0. (A 64 KiB tmpfs needs
    /// root to mount, as on CI.)
    @Test(.enabled(if: getuid() == 0)) func aFullTemporaryFolderIsExitOneAndNoWorkbook() throws {
        let folder = try TemporaryFolder()
        let board = folder.path("board.json"), out = folder.path("board.xlsx")
        #expect(try CommandRunner.boardkit(["sample", "--cards", "3000", "-o", board]).status == 0)
        let r = try folder.withFullFileSystem("tiny") { tiny in
            try CommandRunner.boardkit(["convert", board, out], environment: ["TMPDIR": tiny])
        }
        #expect(r.status == 1)
        #expect(r.stderr.contains("[xlsx-write-failed]"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A workbook of ~120 KB whose one cell inflates to 100 MB: refused at the row limit
    /// instead of holding the whole row in memory.
    @Test func aRowThatInflatesPastTheLimitIsRefused() throws {
        let folder = try TemporaryFolder()
        let bomb = folder.path("bomb.xlsx")
        let script = """
        import zipfile, sys
        with zipfile.ZipFile(sys.argv[1]) as zin, zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as zout:
            for item in zin.infolist():
                data = zin.read(item.filename)
                if item.filename == 'xl/worksheets/sheet1.xml':
                    i = data.find(b'<row r="2"'); j = data.find(b'<t>', i); k = data.find(b'</t>', j)
                    data = data[:j + 3] + b'A' * (100 << 20) + data[k:]
                zout.writestr(item, data)
        """
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, CommandRunner.sample("board.xlsx"), bomb]).status == 0)
        let r = read(bomb)
        #expect(r.diagnostics.hasErrors, "the pipeline writes nothing")
        #expect(r.diagnostics.contains { $0.code == .xlsxRowTooLarge && $0.location?.cell == "Cards!A2" })
        let out = folder.path("out.json")
        #expect(try CommandRunner.boardkit(["convert", bomb, out]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A small workbook (made by XlsxWriter, so its texts are shared strings) whose one shared
    /// string, or whose styles part, inflates to 100 MB: refused with the part named, nothing
    /// written, instead of holding it all.
    @Test(arguments: ["shared string", "styles"])
    func aPartThatInflatesPastTheLimitIsRefused(what: String) throws {
        let folder = try TemporaryFolder()
        let bomb = folder.path("bomb.xlsx")
        let script = """
        import sys, zipfile, xlsxwriter
        wb = xlsxwriter.Workbook(sys.argv[1] + '.plain.xlsx'); ws = wb.add_worksheet()
        for r, row in enumerate([['title', 'state'], ['Ship it', 'todo'], ['Write', 'doing']]): ws.write_row(r, 0, row)
        wb.close()
        with zipfile.ZipFile(sys.argv[1] + '.plain.xlsx') as zin, zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as zout:
            for item in zin.infolist():
                data = zin.read(item.filename)
                if sys.argv[2] == 'shared string' and item.filename == 'xl/sharedStrings.xml':
                    data = data.replace(b'<t>Ship it</t>', b'<t>' + b'A' * (100 << 20) + b'</t>')
                if sys.argv[2] == 'styles' and item.filename == 'xl/styles.xml':
                    data = data.replace(b'?>', b'?><!--' + b'-' * (100 << 20) + b' -->', 1)
                zout.writestr(item, data)
        """
        let made = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, bomb, what])
        #expect(made.status == 0, "\(made.stderr)")
        let r = read(bomb)
        #expect(r.board == nil)
        let d = try #require(r.diagnostics.first { $0.code == .xlsxPartTooLarge }, "\(r.diagnostics)")
        #expect(d.message as? XLSXMessage == (what == "styles"
            ? .partTooLarge(part: "xl/styles.xml", sharedString: nil, limit: 64 << 20)
            : .partTooLarge(part: "xl/sharedStrings.xml", sharedString: 3, limit: 32 << 20)), "\(d)")
        let out = folder.path("out.json")
        #expect(try CommandRunner.boardkit(["convert", bomb, out]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Shared strings are streamed in 1 MiB chunks: 40,000 of them, items cut at chunk edges,
    /// read as XlsxWriter wrote them.
    @Test func manySharedStringsReadAcrossChunks() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("many.xlsx")
        let script = """
        import sys, xlsxwriter
        wb = xlsxwriter.Workbook(sys.argv[1]); ws = wb.add_worksheet()
        ws.write_row(0, 0, ['title', 'state'])
        for k in range(40000): ws.write_row(k + 1, 0, [f'Task {k} — 할 일 & <{k * 7919 % 100003}>', 'todo'])
        wb.close()
        """
        let made = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, path])
        #expect(made.status == 0, "\(made.stderr)")
        let board = try #require(read(path).board)
        #expect(board.cards.count == 40000)
        #expect(board.cards[0].title == "Task 0 — 할 일 & <0>")
        #expect(board.cards[39999].title == "Task 39999 — 할 일 & <\(39999 * 7919 % 100003)>")
    }

    /// Entries named with backslashes (`xl\\workbook.xml`, as some writers do; calamine reads
    /// them) are the same parts: the workbook reads as with slashes (#19 item 12).
    @Test func backslashEntryNamesAreFolders() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("backslash.xlsx")
        let script = """
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1]) as zin, zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as zout:
            for item in zin.infolist():
                zout.writestr(item.filename.replace('/', '\\\\'), zin.read(item.filename))
        """
        let made = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, CommandRunner.sample("board.xlsx"), path])
        #expect(made.status == 0, "\(made.stderr)")
        let r = read(path)
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board == read(CommandRunner.sample("board.xlsx")).board)
    }

    /// A password-protected workbook is an encrypted compound file, not a zip: said so.
    @Test func aPasswordProtectedWorkbookIsCalledEncrypted() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("secret.xlsx")
        try Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 504))
            .write(to: URL(fileURLWithPath: path))
        let r = read(path)
        #expect(r.board == nil)
        #expect(r.diagnostics.map { $0.message as? XLSXMessage } == [.encrypted])
    }

    @Test func aZipThatIsNoWorkbook() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("other.xlsx")
        let out = try CommandRunner.run("/usr/bin/env", ["python3", "-c",
            "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w'); z.writestr('word/document.xml','<w/>'); z.close()", path])
        #expect(out.status == 0)
        let r = read(path)
        #expect(r.board == nil)
        #expect(r.diagnostics.map(\.code) == [.xlsxNotWorkbook])
    }

    /// Copies the workbook `source` to `target` with one zip entry's bytes (`data`) replaced
    /// by the Python expression `expression`.
    static func rewrite(_ source: String, to target: String, part: String, as expression: String) throws {
        let script = """
        import zipfile, sys, re
        src, dst, part = sys.argv[1], sys.argv[2], sys.argv[3]
        with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, 'w', zipfile.ZIP_DEFLATED) as b:
            for item in a.infolist():
                data = a.read(item.filename)
                if item.filename == part:
                    data = \(expression)
                b.writestr(item, data)
        """
        let out = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, source, target, part])
        #expect(out.status == 0, "\(out.stderr)")
    }

    @Test func brokenAndTruncatedSheetXML() throws {
        let folder = try TemporaryFolder()
        let (_, _, path) = roundTrip(SampleBoard(cards: 5, seed: 2).generate(), in: folder)
        let broken = folder.path("broken.xlsx")
        // The Cards sheet cut off in the middle of its rows.
        try Self.rewrite(path, to: broken, part: "xl/worksheets/sheet1.xml", as: #"data[: data.index(b'<row r="4"') + 40]"#)
        let r = read(broken)
        let d = try #require(r.diagnostics.first { $0.code == .xlsxBrokenXML })
        #expect(d.severity == .error)
        #expect(d.location?.cell == "Cards!A4")
    }

    /// A Cards sheet whose relationship is gone is called damaged, not missing (it said "the
    /// workbook has no sheet 'Cards' (it has 'Cards', …)").
    @Test func aSheetWithoutItsRelationshipIsCalledDamaged() throws {
        let folder = try TemporaryFolder()
        let broken = folder.path("unlinked.xlsx")
        try Self.rewrite(CommandRunner.sample("board.xlsx"), to: broken, part: "xl/_rels/workbook.xml.rels",
                         as: #"re.sub(rb'<Relationship Id="rId1"[^>]*/>', b'', data)"#)
        let r = read(broken)
        let d = try #require(r.diagnostics.first { $0.code == .xlsxMissingSheet }, "\(r.diagnostics)")
        #expect(d.message.text.contains("sheet 'Cards' is listed, but the workbook's relationships give it no part"), "\(d)")
        #expect(!d.message.text.contains("has no sheet"))
    }

    /// Data that inflates cleanly but is not what was stored (the zip's CRC-32 disagrees) is
    /// damage too: an error, not a board.
    @Test func aSheetWhoseChecksumDisagreesIsAnError() throws {
        let folder = try TemporaryFolder()
        let (_, _, path) = roundTrip(SampleBoard(cards: 5, seed: 2).generate(), in: folder)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Flip a bit of the Cards sheet's CRC in its local header (offset 14) and in the
        // central directory (offset 16).
        let name = Data("xl/worksheets/sheet1.xml".utf8)
        var flipped = 0
        for (signature, crcOffset) in [(Data([0x50, 0x4B, 0x03, 0x04]), 14), (Data([0x50, 0x4B, 0x01, 0x02]), 16)] {
            var from = bytes.startIndex
            while let hit = bytes.range(of: signature, in: from..<bytes.endIndex) {
                let nameAt = hit.lowerBound + (signature[2] == 0x03 ? 30 : 46)
                if bytes.count > nameAt + name.count, bytes[nameAt..<nameAt + name.count] == name {
                    bytes[hit.lowerBound + crcOffset] ^= 0x01
                    flipped += 1
                }
                from = hit.upperBound
            }
        }
        #expect(flipped == 2)
        let damaged = folder.path("damaged.xlsx")
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let r = read(damaged)
        #expect(r.diagnostics.contains { $0.code == .xlsxBrokenXML && $0.severity == .error }, "\(r.diagnostics)")
        let output = folder.path("out.json")
        let out = try CommandRunner.boardkit(["convert", damaged, output])
        #expect(out.status == 1)
        #expect(out.stderr.contains("xlsx-broken-xml"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func garbageInsideAZipHeaderDoesNotTrap() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("garbage.xlsx")
        var bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
        var x: UInt64 = 0x9E37_79B9
        for _ in 0..<50_000 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; bytes.append(UInt8(truncatingIfNeeded: x)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let r = read(path)
        #expect(r.board == nil)
        #expect(r.diagnostics.hasErrors)
    }

    @Test func theCommandRefusesAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let input = folder.path("bad.xlsx")
        try Data("not a workbook".utf8).write(to: URL(fileURLWithPath: input))
        let output = folder.path("out.json")
        let out = try CommandRunner.boardkit(["convert", input, output, "--from", "xlsx"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("xlsx-not-a-zip"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func theCommandConvertsBothWays() throws {
        let folder = try TemporaryFolder()
        let json = folder.path("b.json"), xlsx = folder.path("b.xlsx"), back = folder.path("back.json")
        #expect(try CommandRunner.boardkit(["sample", "--cards", "20", "--seed", "5", "-o", json]).status == 0)
        let w = try CommandRunner.boardkit(["convert", json, xlsx])
        #expect(w.status == 0, "\(w.stderr)")
        // Sniffed by content even under another name.
        let renamed = folder.path("b.data")
        try FileManager.default.copyItem(atPath: xlsx, toPath: renamed)
        let r = try CommandRunner.boardkit(["convert", renamed, back])
        #expect(r.status == 0, "\(r.stderr)")
        let a = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: back))) as? NSDictionary
        #expect(a == b)
    }
}
