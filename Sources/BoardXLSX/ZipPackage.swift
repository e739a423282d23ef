import Foundation
import ZIPFoundation
import CZlib

/// The zip container of a workbook, read with ZIPFoundation (whose inflate is zlib's).
/// Parts are looked up by their name in the package, case-insensitively as Excel does.
final class ZipPackage {
    enum OpenError: Error { case notZip }
    /// The inflated part does not match the checksum the zip records for it.
    struct ChecksumMismatch: Error {}

    private let path: String
    private let archive: Archive
    private let entries: [String: Entry]

    init(path: String) throws(OpenError) {
        self.path = path
        guard let archive = try? Archive(url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil) else { throw .notZip }
        self.archive = archive
        var entries: [String: Entry] = [:]
        for entry in archive where entry.type == .file {
            // Some writers separate folders with backslashes (`xl\workbook.xml`), as
            // calamine and Excel accept.
            let key = entry.path.replacingOccurrences(of: "\\", with: "/").lowercased()
            if entries[key] == nil { entries[key] = entry }
        }
        self.entries = entries
    }

    /// The same package opened again: a handle that another core can read parts through.
    func reopened() throws(OpenError) -> ZipPackage { try ZipPackage(path: path) }

    /// `xl/worksheets/sheet1.xml` from a relationship target: relative to `base`
    /// (`xl/workbook.xml`'s folder) or absolute (`/xl/worksheets/sheet1.xml`).
    static func resolve(_ target: String, relativeTo base: String) -> String {
        var parts: [Substring] = target.hasPrefix("/") ? [] : base.split(separator: "/")
        for piece in target.split(separator: "/") {
            if piece == "." { continue }
            if piece == ".." { _ = parts.popLast(); continue }
            parts.append(piece)
        }
        return parts.joined(separator: "/")
    }

    func contains(_ name: String) -> Bool { entries[name.lowercased()] != nil }

    /// The whole part, for small parts (workbook, styles, relationships). Nil when absent;
    /// throws when the compressed data is broken, or `PartTooLarge` past
    /// `ReadLimits.wholePart` (counted as it inflates: the size the zip records can lie).
    func bytes(_ name: String) throws -> [UInt8]? {
        guard let entry = entries[name.lowercased()] else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(Int(min(entry.uncompressedSize, UInt64(ReadLimits.wholePart))))
        _ = try archive.extract(entry, bufferSize: 1 << 18, skipCRC32: false) { chunk in
            guard out.count + chunk.count <= ReadLimits.wholePart else {
                throw PartTooLarge(part: name, item: nil, limit: ReadLimits.wholePart)
            }
            out.append(contentsOf: chunk)
        }
        return out
    }

    /// Streams a part in chunks (sheets can be gigabytes), checking its CRC-32. False when
    /// absent; throws when the data is broken.
    func stream(_ name: String, _ consume: (Data) throws -> Void) throws -> Bool {
        guard let entry = entries[name.lowercased()] else { return false }
        // ZIPFoundation checks the CRC a byte at a time (a seventh of reading a large sheet);
        // zlib's crc32 does the same check several times faster.
        var crc = crc32(0, nil, 0)
        _ = try archive.extract(entry, bufferSize: 1 << 20, skipCRC32: true) { chunk in
            chunk.withUnsafeBytes { raw in
                if let base = raw.bindMemory(to: Bytef.self).baseAddress {
                    crc = crc32(crc, base, uInt(raw.count))
                }
            }
            try consume(chunk)
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.checksum else { throw ChecksumMismatch() }
        return true
    }
}
