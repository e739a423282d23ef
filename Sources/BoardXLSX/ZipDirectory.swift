/// One file in a zip as its central directory records it.
struct ZipEntry {
    /// As stored, with backslashes read as folder separators (`xl\workbook.xml` is
    /// `xl/workbook.xml`: some writers use them, and calamine and Excel accept them).
    var name: String
    var method: Int
    var flags: Int
    var crc32: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var localHeaderOffset: UInt64

    var isEncrypted: Bool { flags & 1 != 0 }
}

/// The central directory at the end of a zip: every file's name, how it is stored and
/// where its local header is (APPNOTE 4.3). The ZIP64 end record and extra fields are read,
/// so sizes and offsets past 4 GiB work. Every count, size and offset comes from the file, so
/// each is checked against the file's length before it is used: a damaged or hostile
/// archive can say anything.
enum ZipDirectory {
    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let zip64EndSignature: UInt32 = 0x0606_4B50
    private static let centralSignature: UInt32 = 0x0201_4B50
    private static let localSignature: UInt32 = 0x0403_4B50
    /// A 32-bit size or offset of 0xFFFFFFFF means "in the ZIP64 extra field".
    private static let inZip64: UInt64 = 0xFFFF_FFFF

    /// The files the central directory lists, in its order (folders too, their names ending
    /// in `/`). Nil when the bytes have no end of central directory record that points at a
    /// directory: not a zip.
    static func entries(in b: UnsafeRawBufferPointer) -> [ZipEntry]? {
        // The end record (22 bytes) is followed only by its comment, at most 65,535 bytes,
        // so it starts in the last 64 KiB + 22 bytes. A comment can hold the signature too:
        // the last candidate whose directory is where it says wins.
        guard b.count >= 22 else { return nil }
        var at = b.count - 22
        let lowest = max(0, b.count - 22 - 0xFFFF)
        while at >= lowest {
            if u32(b, at) == endSignature, let entries = directory(b, endAt: at) { return entries }
            at -= 1
        }
        return nil
    }

    /// The directory that the end record at `end` describes, nil when it is not there.
    private static func directory(_ b: UnsafeRawBufferPointer, endAt end: Int) -> [ZipEntry]? {
        var count = UInt64(u16(b, end + 10))
        var offset = UInt64(u32(b, end + 16))
        // ZIP64: a locator right before the end record points at the ZIP64 end record, whose
        // count and offset are 64-bit (the 16- and 32-bit ones are then all ones).
        if end >= 20, u32(b, end - 20) == zip64LocatorSignature {
            guard let record = index(u64(b, end - 20 + 8), in: b), record + 56 <= b.count,
                  u32(b, record) == zip64EndSignature else { return nil }
            count = u64(b, record + 32)
            offset = u64(b, record + 48)
        }
        guard var p = index(offset, in: b) else { return nil }
        if count > 0, !(p + 4 <= b.count && u32(b, p) == centralSignature) { return nil }
        // A record is at least 46 bytes: a count larger than fits is a lie, not a bound.
        let most = Int(min(count, UInt64((b.count - p) / 46)))
        var entries: [ZipEntry] = []
        entries.reserveCapacity(min(most, 1 << 12))
        while entries.count < most, p + 46 <= b.count, u32(b, p) == centralSignature {
            var entry = ZipEntry(name: "", method: u16(b, p + 10), flags: u16(b, p + 8), crc32: u32(b, p + 16),
                                 compressedSize: UInt64(u32(b, p + 20)), uncompressedSize: UInt64(u32(b, p + 24)),
                                 localHeaderOffset: UInt64(u32(b, p + 42)))
            let name = p + 46, extra = name + u16(b, p + 28)
            let next = extra + u16(b, p + 30) + u16(b, p + 32)
            guard next <= b.count else { break }
            readZip64Extra(b, extra..<(extra + u16(b, p + 30)), into: &entry)
            // Names are UTF-8 in every workbook writer; in UTF-8 a 0x5C byte is always `\`.
            let nameBytes = UnsafeRawBufferPointer(rebasing: b[name..<extra]).map { $0 == 0x5C ? 0x2F : $0 }
            entry.name = String(decoding: nameBytes, as: UTF8.self)
            entries.append(entry)
            p = next
        }
        return entries
    }

    /// Replaces the sizes and offset that are all ones with the ZIP64 extra field's (header
    /// 0x0001), which holds just those, in this order.
    private static func readZip64Extra(_ b: UnsafeRawBufferPointer, _ extra: Range<Int>, into entry: inout ZipEntry) {
        guard entry.uncompressedSize == inZip64 || entry.compressedSize == inZip64 || entry.localHeaderOffset == inZip64
        else { return }
        var q = extra.lowerBound
        while q + 4 <= extra.upperBound {
            let body = q + 4, end = body + u16(b, q + 2)
            guard end <= extra.upperBound else { return }
            if u16(b, q) == 0x0001 {
                var r = body
                let fields: [WritableKeyPath<ZipEntry, UInt64>] = [\.uncompressedSize, \.compressedSize, \.localHeaderOffset]
                for field in fields where entry[keyPath: field] == inZip64 && r + 8 <= end {
                    entry[keyPath: field] = u64(b, r)
                    r += 8
                }
                return
            }
            q = end
        }
    }

    /// The entry's compressed bytes: after its local header, whose name and extra field can
    /// differ in length from the central directory's. Nil when the header is not where the
    /// directory says or the data runs past the end of the file.
    static func data(of entry: ZipEntry, in b: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let local = index(entry.localHeaderOffset, in: b), local + 30 <= b.count,
              u32(b, local) == localSignature else { return nil }
        let start = local + 30 + u16(b, local + 26) + u16(b, local + 28)
        guard start <= b.count, entry.compressedSize <= UInt64(b.count - start) else { return nil }
        return UnsafeRawBufferPointer(rebasing: b[start..<(start + Int(entry.compressedSize))])
    }

    /// `offset` as an index into the file, nil past its end.
    private static func index(_ offset: UInt64, in b: UnsafeRawBufferPointer) -> Int? {
        offset <= UInt64(b.count) ? Int(offset) : nil
    }

    // Little-endian fields; callers have checked that they lie inside the file.
    private static func u16(_ b: UnsafeRawBufferPointer, _ at: Int) -> Int {
        Int(UInt16(littleEndian: b.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
    }
    private static func u32(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(littleEndian: b.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }
    private static func u64(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        UInt64(littleEndian: b.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }
}
