import Foundation
import Testing
import BoardTestSupport
@testable import BoardXLSX

/// boardkit's own zip reader (ZipPackage) on archives that Python's zipfile writes, and
/// damages the ways real files are damaged (Tests/Oracles/zip_make.py).
@Suite struct ZipPackageTests {
    typealias Part = (name: String, method: String, bytes: [UInt8])

    static let small = Array("<?xml version=\"1.0\"?><workbook/>\n".utf8)
    /// 3 MiB and a bit of words in a fixed pseudo-random order: deflate shrinks it, and it
    /// crosses the 1 MiB chunks both compressed and inflated.
    static let large: [UInt8] = {
        let words = ["card", "todo", "doing", "done", "<row r=\"", "\"/>", "할 일", "\n"].map { Array($0.utf8) }
        var out: [UInt8] = []
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        while out.count < 3 << 20 + 777 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            out += words[Int(x % UInt64(words.count))]
        }
        return out
    }()

    /// Writes the parts to files and zips them with the oracle; its JSON.
    @discardableResult
    func make(_ zip: String, _ parts: [Part], _ options: [String] = [], in folder: TemporaryFolder) throws -> [String: Any] {
        var args = [zip] + options
        for (k, part) in parts.enumerated() {
            let file = folder.path("part\(k)")
            try Data(part.bytes).write(to: URL(fileURLWithPath: file))
            args.append("\(part.name)=\(part.method):\(file)")
        }
        return try oracleJSON("zip_make.py", args)
    }

    /// The part streamed, its chunks joined; also checks that no chunk is over 1 MiB.
    func streamed(_ zip: ZipPackage, _ name: String) throws -> [UInt8]? {
        var out: [UInt8] = []
        let found = try zip.stream(name) { chunk in
            #expect(chunk.count <= 1 << 20)
            out += chunk
        }
        return found ? out : nil
    }

    static let everyKind: [Part] = [
        ("[Content_Types].xml", "stored", small), ("xl/worksheets/sheet1.xml", "deflated", large),
        ("xl/media/big.bin", "stored", large), ("empty.xml", "deflated", []), ("empty.txt", "stored", []),
    ]

    @Test func storedAndDeflatedPartsReadByteExact() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("parts.zip")
        try make(path, Self.everyKind, in: folder)
        let zip = try ZipPackage(path: path)
        #expect(zip.names == Self.everyKind.map(\.name))
        for part in Self.everyKind {
            #expect(try zip.bytes(part.name) == part.bytes, "\(part.name)")
            #expect(try streamed(zip, part.name) == part.bytes, "\(part.name)")
        }
        #expect(try zip.reopened().bytes("xl/worksheets/sheet1.xml") == Self.large)
        #expect(zip.contains("XL/Worksheets/Sheet1.XML"))
        #expect(try zip.bytes("xl/worksheets/sheet2.xml") == nil)
        #expect(try streamed(zip, "xl/worksheets/sheet2.xml") == nil)
    }

    /// ZIP64 end record, locator, and extra fields in the local headers and the central
    /// directory (Python writes them for small archives when its limits are lowered).
    @Test func zip64() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("zip64.zip")
        let made = try make(path, Self.everyKind, ["--zip64"], in: folder)
        #expect(made["zip64_end"] as? Bool == true)
        #expect((made["zip64_extras"] as? Int ?? 0) >= 2, "\(made)")
        let zip = try ZipPackage(path: path)
        #expect(zip.names == Self.everyKind.map(\.name))
        for part in Self.everyKind {
            #expect(try zip.bytes(part.name) == part.bytes, "\(part.name)")
        }
    }

    /// `xl\workbook.xml` is `xl/workbook.xml`, looked up in any case; of two entries with
    /// one name (in any case) the first is the part.
    @Test func backslashesAreFoldersAndTheFirstOfANameWins() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("names.zip")
        try make(path, [("xl\\workbook.xml", "deflated", Self.small), ("XL\\Worksheets\\Sheet1.xml", "stored", Self.large),
                        ("dup.xml", "deflated", Array("first".utf8)), ("DUP.xml", "deflated", Array("second".utf8)),
                        ("xl/", "stored", [])],
                 in: folder)
        let zip = try ZipPackage(path: path)
        #expect(zip.names == ["xl/workbook.xml", "XL/Worksheets/Sheet1.xml", "dup.xml"])
        #expect(zip.contains("xl/workbook.xml"))
        #expect(try zip.bytes("xl/worksheets/sheet1.xml") == Self.large)
        #expect(try zip.bytes("Dup.XML") == Array("first".utf8))
        #expect(!zip.contains("xl/"), "a folder is not a part")
    }

    /// A deflate stream that has not ended when its compressed bytes do is an error, not a
    /// hang (ZIPFoundation read on past the end of the file forever, #17): cut inside the
    /// recorded size, recorded as running past the end of the file, and the fuzz finding.
    @Test func aDeflateStreamCutShortIsAnError() throws {
        let folder = try TemporaryFolder()
        let parts: [Part] = [("a.xml", "stored", Self.small), ("xl/worksheets/sheet1.xml", "deflated", Self.large)]
        let cut = folder.path("cut.zip"), pastEnd = folder.path("past-end.zip")
        try make(cut, parts, ["--cut", "xl/worksheets/sheet1.xml"], in: folder)
        try make(pastEnd, parts, ["--past-end", "xl/worksheets/sheet1.xml"], in: folder)
        for (path, error) in [(cut, ZipPartError.cutShort), (pastEnd, .outsideTheFile)] {
            let zip = try ZipPackage(path: path)
            #expect(try zip.bytes("a.xml") == Self.small)
            #expect(throws: error) { try zip.bytes("xl/worksheets/sheet1.xml") }
            #expect(throws: error) { try streamed(zip, "xl/worksheets/sheet1.xml") }
        }

        // Every part of the finding is damaged; none hangs.
        let finding = CommandRunner.packageRoot.appendingPathComponent("Tests/FuzzFindings/xlsx-deflate-past-end.xlsx").path
        let fuzzed = try ZipPackage(path: finding)
        #expect(fuzzed.names.count == 6)
        for name in fuzzed.names.dropFirst() {
            #expect(throws: (any Error).self, "\(name)") { try streamed(fuzzed, name) }
        }
    }

    @Test func aBadChecksumIsAChecksumMismatch() throws {
        let folder = try TemporaryFolder()
        for method in ["stored", "deflated"] {
            let path = folder.path("crc-\(method).zip")
            try make(path, [("xl/styles.xml", method, Self.large)], ["--crc", "xl/styles.xml"], in: folder)
            let zip = try ZipPackage(path: path)
            #expect(throws: ZipPackage.ChecksumMismatch.self) { try zip.bytes("xl/styles.xml") }
            #expect(throws: ZipPackage.ChecksumMismatch.self) { try streamed(zip, "xl/styles.xml") }
        }
    }

    /// The whole-part limit counts what inflates, not what the directory says: a part that
    /// records 1,000 bytes and inflates past the limit is `PartTooLarge`, and so is one that
    /// records more than the limit (refused before inflating).
    @Test func aPartPastTheWholePartLimitIsTooLargeWhateverItsRecordedSize() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("bomb.zip")
        let bomb = [UInt8](repeating: 0x20, count: ReadLimits.wholePart + (1 << 20))
        try make(path, [("xl/styles.xml", "deflated", bomb)], ["--size", "xl/styles.xml=1000"], in: folder)
        let zip = try ZipPackage(path: path)
        #expect(throws: PartTooLarge.self) { try zip.bytes("xl/styles.xml") }
        // Streamed (as sheets are), the readers' own limits apply; the lie is found at the end.
        #expect(throws: ZipPartError.sizeMismatch(recorded: 1000, actual: UInt64(bomb.count))) {
            _ = try zip.stream("xl/styles.xml") { _ in }
        }

        let claims = folder.path("claims.zip")
        try make(claims, [("xl/workbook.xml", "deflated", Self.small)],
                 ["--size", "xl/workbook.xml=\(ReadLimits.wholePart + 1)"], in: folder)
        #expect(throws: PartTooLarge.self) { try ZipPackage(path: claims).bytes("xl/workbook.xml") }
    }

    @Test func encryptedAndUnsupportedPartsAreTypedErrors() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("odd.zip")
        try make(path, [("secret.xml", "deflated", Self.small), ("deflate64.xml", "deflated", Self.small),
                        ("plain.xml", "deflated", Self.small)],
                 ["--encrypted", "secret.xml", "--method", "deflate64.xml=9"], in: folder)
        let zip = try ZipPackage(path: path)
        #expect(throws: ZipPartError.encrypted) { try zip.bytes("secret.xml") }
        #expect(throws: ZipPartError.unsupportedMethod(9)) { try zip.bytes("deflate64.xml") }
        #expect(try zip.bytes("plain.xml") == Self.small)
    }

    @Test func aFileThatIsNotAZipIsNotZip() throws {
        let folder = try TemporaryFolder()
        let text = folder.path("board.csv"), empty = folder.path("empty.xlsx"), end = folder.path("end.xlsx")
        try Data("id,title\n1,Ship it\n".utf8).write(to: URL(fileURLWithPath: text))
        try Data().write(to: URL(fileURLWithPath: empty))
        // An end record whose directory is past the end of the file.
        try Data([0x50, 0x4B, 0x05, 0x06, 0, 0, 0, 0, 1, 0, 1, 0, 46, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0])
            .write(to: URL(fileURLWithPath: end))
        for path in [text, empty, end, folder.path("missing.xlsx")] {
            #expect(throws: ZipPackage.OpenError.notZip, "\(path)") { try ZipPackage(path: path) }
        }
    }

    /// A comment after the end record, holding the end record's signature itself: the
    /// record is still found.
    @Test func aCommentAfterTheEndRecord() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("comment.zip")
        let comment = "made by a test; PK\u{5}\u{6} inside, and long enough to pass for an end record"
        try make(path, Self.everyKind, ["--comment", comment], in: folder)
        let zip = try ZipPackage(path: path)
        #expect(zip.names == Self.everyKind.map(\.name))
        #expect(try zip.bytes("xl/worksheets/sheet1.xml") == Self.large)
    }
}
