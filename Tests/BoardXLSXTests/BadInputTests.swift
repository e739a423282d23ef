import Foundation
import Testing
import BoardModel
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

    @Test func brokenAndTruncatedSheetXML() throws {
        let folder = try TemporaryFolder()
        let (_, _, path) = roundTrip(SampleBoard(cards: 5, seed: 2).generate(), in: folder)
        let broken = folder.path("broken.xlsx")
        // Rewrite the Cards sheet cut off in the middle of its rows.
        let script = """
        import zipfile, sys
        src, dst = sys.argv[1], sys.argv[2]
        with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, 'w', zipfile.ZIP_DEFLATED) as b:
            for item in a.infolist():
                data = a.read(item.filename)
                if item.filename == 'xl/worksheets/sheet1.xml':
                    data = data[: data.index(b'<row r="4"') + 40]
                b.writestr(item, data)
        """
        let out = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, path, broken])
        #expect(out.status == 0, "\(out.stderr)")
        let r = read(broken)
        let d = try #require(r.diagnostics.first { $0.code == .xlsxBrokenXML })
        #expect(d.severity == .error)
        #expect(d.location?.cell == "Cards!A4")
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
