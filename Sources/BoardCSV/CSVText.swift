#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel

/// A CSV file's bytes, converted to UTF-8 when `--encoding` names a legacy encoding, and
/// checked to be UTF-8 (the first bad byte is reported with line:col).
///
/// A file is mapped into memory rather than read into an array, and the parser hands back
/// the pages it has passed (`release(upTo:)`), so a 200 MB CSV does not sit in memory beside
/// the board built from it. The pages come back from the file if a diagnostic needs to look
/// at a row again. (A file truncated by another program while it is being read faults; a
/// board file being rewritten under the converter is not a case boardkit defends.)
final class CSVText: @unchecked Sendable {
    /// UTF-8 text (the byte-order mark, if any, still in front: offsets match the file).
    let bytes: UnsafeBufferPointer<UInt8>
    /// True when `bytes` came through iconv, so offsets no longer match the file.
    let converted: Bool
    private let storage: Storage
    /// Mapped pages below this offset have been handed back.
    private var releasedUpTo = 0

    private enum Storage {
        case mapped(UnsafeMutableRawPointer, length: Int)
        case allocated
    }

    /// Text held in memory (a copy of `bytes`).
    init(bytes: [UInt8], converted: Bool) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(from: bytes)
        self.bytes = UnsafeBufferPointer(start: copy.baseAddress, count: bytes.count)
        self.converted = converted
        storage = .allocated
    }

    private init(mapping: UnsafeMutableRawPointer, length: Int) {
        bytes = UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: length)
        converted = false
        storage = .mapped(mapping, length: length)
    }

    deinit {
        switch storage {
        case .mapped(let p, let length): munmap(p, length)
        case .allocated: UnsafeMutableBufferPointer(mutating: bytes).deallocate()
        }
    }

    /// Hands mapped pages wholly below `offset` back to the system (they are read again from
    /// the file if touched). Text held in memory stays.
    func release(upTo offset: Int) {
        guard case .mapped(let p, _) = storage else { return }
        let page = Int(getpagesize())
        let end = offset / page * page
        guard end > releasedUpTo else { return }
        madvise(p + releasedUpTo, end - releasedUpTo, MADV_DONTNEED)
        releasedUpTo = end
    }

    /// Loads `path`; diagnostics name `file`.
    static func load(path: String, file: String, encoding: String?) -> Result<CSVText, Diagnostic> {
        let text: CSVText
        switch openMapped(path) {
        case .success(let t): text = t
        case .failure(let e):
            return .failure(Diagnostic(.ioError, "cannot read the file: \(e.message)", at: SourceLocation(file: file)))
        }
        if let encoding, !Self.isUTF8(encoding) {
            let raw = Array(text.bytes)
            switch Iconv.convert(raw, from: encoding, to: "UTF-8") {
            case .success(let utf8): return .success(CSVText(bytes: utf8, converted: true))
            case .failure(.unknownEncoding):
                return .failure(Diagnostic(.csvUnknownEncoding,
                    "'\(encoding)' is not an encoding this system's iconv knows (try CP949, EUC-KR, LATIN1, CP1252, SHIFT_JIS)",
                    at: SourceLocation(file: file)))
            case .failure(.invalidInput(let offset)):
                let (line, col) = lineColumn(of: offset, in: raw, countScalars: false)
                return .failure(Diagnostic(.csvEncodingFailed,
                    "byte 0x\(String(raw[min(offset, raw.count - 1)], radix: 16, uppercase: true)) is not valid \(encoding)",
                    at: SourceLocation(file: file, line: line, column: col)))
            }
        }
        if let bad = firstInvalidUTF8(text) {
            let (line, col) = lineColumn(of: bad, in: text.bytes, countScalars: true)
            return .failure(Diagnostic(.csvInvalidUTF8,
                "byte 0x\(String(text.bytes[bad], radix: 16, uppercase: true)) is not UTF-8; if the file was saved by Excel or another program in a legacy encoding, name it with --encoding (CP949, LATIN1, CP1252…)",
                at: SourceLocation(file: file, line: line, column: col)))
        }
        return .success(text)
    }

    /// The file mapped read-only (an empty file, or one that cannot be mapped, is read).
    private static func openMapped(_ path: String) -> Result<CSVText, ReadFailure> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(ReadFailure(message: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(ReadFailure(message: String(cString: strerror(errno)))) }
        let size = Int(st.st_size)
        if size > 0, let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != UnsafeMutableRawPointer(bitPattern: -1) {
            madvise(p, size, MADV_SEQUENTIAL)
            return .success(CSVText(mapping: p, length: size))
        }
        return readFile(fd).map { CSVText(bytes: $0, converted: false) }
    }

    /// The offset of the first byte of `text` that breaks UTF-8, or nil; pages checked are
    /// handed back as it goes (the parser maps them in again).
    static func firstInvalidUTF8(_ text: CSVText) -> Int? {
        let chunk = 8 << 20
        var start = 0
        while start < text.bytes.count {
            // Chunks end at a line feed so that no character straddles two.
            var end = min(start + chunk, text.bytes.count)
            while end < text.bytes.count, text.bytes[end - 1] != 0x0A { end += 1 }
            if let bad = firstInvalidUTF8(UnsafeBufferPointer(rebasing: text.bytes[start..<end])) {
                return start + bad
            }
            text.release(upTo: end)
            start = end
        }
        text.releasedUpTo = 0 // parsing maps the pages in again and hands them back itself
        return nil
    }

    static func isUTF8(_ name: String) -> Bool {
        ["utf8", "utf-8"].contains(name.lowercased())
    }

    struct ReadFailure: Error { let message: String }

    /// The whole file in one read (what cannot be mapped: a pipe, a device).
    static func readFile(_ fd: Int32) -> Result<[UInt8], ReadFailure> {
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(message: String(cString: strerror(errno))))
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return .success(out)
    }

    /// The offset of the first byte that breaks UTF-8, or nil.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        b.withUnsafeBufferPointer { firstInvalidUTF8($0) }
    }

    static func firstInvalidUTF8(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = p.count
        var i = 0
        while i < n {
            // Eight ASCII bytes at a time.
            if i + 8 <= n {
                let word = UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            }
            let c = p[i]
            if c < 0x80 { i += 1; continue }
            var need = 0
            var minScalar: UInt32 = 0
            var scalar: UInt32 = 0
            if c & 0xE0 == 0xC0 { need = 1; minScalar = 0x80; scalar = UInt32(c & 0x1F) }
            else if c & 0xF0 == 0xE0 { need = 2; minScalar = 0x800; scalar = UInt32(c & 0x0F) }
            else if c & 0xF8 == 0xF0 { need = 3; minScalar = 0x10000; scalar = UInt32(c & 0x07) }
            else { return i }
            guard i + need < n else { return i }
            for k in 1...need {
                let cc = p[i + k]
                guard cc & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(cc & 0x3F)
            }
            if scalar < minScalar || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += need + 1
        }
        return nil
    }

    /// 1-based line and column of a byte offset; the column counts characters (Unicode
    /// scalars) when `countScalars`, bytes otherwise.
    static func lineColumn(of offset: Int, in b: [UInt8], countScalars: Bool) -> (Int, Int) {
        b.withUnsafeBufferPointer { lineColumn(of: offset, in: $0, countScalars: countScalars) }
    }

    static func lineColumn(of offset: Int, in b: UnsafeBufferPointer<UInt8>, countScalars: Bool) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, b.count)
        var i = 0
        while i < end {
            if b[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        return (line, column(from: lineStart, to: end, in: b, countScalars: countScalars))
    }

    /// 1-based column of `offset` on the line starting at `lineStart`.
    static func column(from lineStart: Int, to offset: Int, in b: UnsafeBufferPointer<UInt8>,
                       countScalars: Bool) -> Int {
        var col = 1
        var i = lineStart
        // A byte-order mark is not a column.
        if i == 0, b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        while i < offset && i < b.count {
            if !countScalars || b[i] & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        return col
    }
}
