import Foundation
import BoardIO
import CZlib

/// The zip container of a workbook, read by boardkit itself: the file mapped (BoardIO's MappedText),
/// its central directory (ZipDirectory), parts inflated with zlib (ZipInflater) and checked
/// against the directory's CRC-32 and size. Stored and deflated parts, ZIP64 included: what
/// spreadsheet writers make. (ZIPFoundation did this until it hung on a deflate stream
/// that outlasts the file, #17.)
///
/// Parts are looked up by their name in the package, case-insensitively as Excel does; of
/// two entries with one name the first is the part.
package final class ZipPackage {
    package enum OpenError: Error { case notZip }
    /// The inflated part does not match the checksum the zip records for it.
    struct ChecksumMismatch: Error {}

    /// Parts are handed on in chunks of this size: large enough that a sheet of gigabytes
    /// is a few thousand calls, small enough to stay in the cache.
    private static let chunkSize = 1 << 20
    /// Compressed bytes go to zlib in windows of this size straight from the mapping; each
    /// is released once read, so the mapping does not add the file's size to the peak memory.
    private static let inputWindow = 8 << 20

    private let file: MappedText
    private let entries: [String: ZipEntry]
    /// The parts' names (folders left out) in the order the central directory lists them.
    package let names: [String]

    package convenience init(path: String) throws(OpenError) {
        guard case .success(let file) = MappedText.load(path: path),
              let listed = ZipDirectory.entries(in: UnsafeRawBufferPointer(file.bytes)) else { throw .notZip }
        var entries: [String: ZipEntry] = [:]
        var names: [String] = []
        for entry in listed where !entry.name.hasSuffix("/") {
            let key = entry.name.lowercased()
            guard entries[key] == nil else { continue }
            entries[key] = entry
            names.append(entry.name)
        }
        self.init(file: file, entries: entries, names: names)
    }

    private init(file: MappedText, entries: [String: ZipEntry], names: [String]) {
        self.file = file
        self.entries = entries
        self.names = names
    }

    /// A handle that another core can read parts through. Reading changes nothing in a
    /// package (each read has its own zlib stream), so it shares the mapping and directory.
    func reopened() throws(OpenError) -> ZipPackage { ZipPackage(file: file, entries: entries, names: names) }

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
    package func bytes(_ name: String) throws -> [UInt8]? {
        guard let entry = entries[name.lowercased()] else { return nil }
        // A recorded size past the limit is refused before inflating: told the truth, the
        // part is too large; lying, it is damaged.
        guard entry.uncompressedSize <= UInt64(ReadLimits.wholePart) else {
            throw PartTooLarge(part: name, sharedString: nil, limit: ReadLimits.wholePart)
        }
        var out: [UInt8] = []
        out.reserveCapacity(Int(entry.uncompressedSize))
        try read(entry) { chunk in
            guard out.count + chunk.count <= ReadLimits.wholePart else {
                throw PartTooLarge(part: name, sharedString: nil, limit: ReadLimits.wholePart)
            }
            out.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
        }
        return out
    }

    /// Streams a part in chunks of up to 1 MiB (sheets can be gigabytes), checking its
    /// CRC-32 and size. False when absent; throws when the data is broken.
    func stream(_ name: String, _ consume: (Data) throws -> Void) throws -> Bool {
        guard let entry = entries[name.lowercased()] else { return false }
        try read(entry) { chunk in try consume(Data(bytes: chunk.baseAddress!, count: chunk.count)) }
        return true
    }

    /// Hands back the mapped pages of `range` (compressed bytes zlib is done with), so the
    /// mapping does not add the file's size to the peak memory (`MappedText.release`).
    private func release(_ range: UnsafeRawBufferPointer) {
        guard let base = range.baseAddress, let start = file.bytes.baseAddress else { return }
        let from = UnsafeRawPointer(base) - UnsafeRawPointer(start)
        file.release(from: from, upTo: from + range.count)
    }

    /// Hands `body` the part's bytes in chunks, then checks them against the directory.
    private func read(_ entry: ZipEntry, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !entry.isEncrypted else { throw ZipPartError.encrypted }
        guard entry.method == 0 || entry.method == 8 else { throw ZipPartError.unsupportedMethod(entry.method) }
        guard let data = ZipDirectory.data(of: entry, in: UnsafeRawBufferPointer(file.bytes)) else { throw ZipPartError.outsideTheFile }
        var crc = crc32(0, nil, 0)
        var size: UInt64 = 0
        func take(_ chunk: UnsafeRawBufferPointer) throws {
            if let base = chunk.baseAddress {
                crc = crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(chunk.count))
            }
            size += UInt64(chunk.count)
            try body(chunk)
        }
        if entry.method == 0 {
            var at = 0
            while at < data.count {
                let chunk = UnsafeRawBufferPointer(rebasing: data[at..<min(at + Self.chunkSize, data.count)])
                try take(chunk)
                release(chunk)
                at += chunk.count
            }
        } else {
            try ZipInflater.inflate(data, window: Self.inputWindow, chunkSize: Self.chunkSize,
                                    finished: release, take)
        }
        guard size == entry.uncompressedSize else {
            throw ZipPartError.sizeMismatch(recorded: entry.uncompressedSize, actual: size)
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else { throw ChecksumMismatch() }
    }
}

/// Why a part's data cannot be read. Callers report every case as damaged data
/// (`xlsx-broken-xml`), as they do `ChecksumMismatch`.
enum ZipPartError: Error, Equatable {
    /// Flag bit 0: encrypted with a password boardkit does not have.
    case encrypted
    /// Neither stored (0) nor deflated (8): Deflate64 (9), bzip2 (12), LZMA (14)…
    case unsupportedMethod(Int)
    /// The local header is not where the directory says, or the data runs past the file's end.
    case outsideTheFile
    /// The deflate stream had not ended when its compressed bytes ran out.
    case cutShort
    /// zlib refused the data (its return code) or made no progress.
    case inflateFailed(Int32)
    /// The part inflated to another size than the directory records.
    case sizeMismatch(recorded: UInt64, actual: UInt64)
}
