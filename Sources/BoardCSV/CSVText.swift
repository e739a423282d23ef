#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel

/// A CSV file's bytes, loaded in one read, converted to UTF-8 when `--encoding` names a
/// legacy encoding, and checked to be UTF-8 (the first bad byte is reported with line:col).
final class CSVText: @unchecked Sendable {
    /// UTF-8 text (the byte-order mark, if any, still in front: offsets match the file).
    let bytes: [UInt8]
    /// True when `bytes` came through iconv, so offsets no longer match the file.
    let converted: Bool

    init(bytes: [UInt8], converted: Bool) {
        self.bytes = bytes
        self.converted = converted
    }

    /// Loads `path`; diagnostics name `file`.
    static func load(path: String, file: String, encoding: String?) -> Result<CSVText, Diagnostic> {
        let raw: [UInt8]
        switch readFile(path) {
        case .success(let b): raw = b
        case .failure(let e):
            return .failure(Diagnostic(.ioError, "cannot read the file: \(e.message)", at: SourceLocation(file: file)))
        }
        if let encoding, !Self.isUTF8(encoding) {
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
        if let bad = firstInvalidUTF8(raw) {
            let (line, col) = lineColumn(of: bad, in: raw, countScalars: true)
            return .failure(Diagnostic(.csvInvalidUTF8,
                "byte 0x\(String(raw[bad], radix: 16, uppercase: true)) is not UTF-8; if the file was saved by Excel or another program in a legacy encoding, name it with --encoding (CP949, LATIN1, CP1252…)",
                at: SourceLocation(file: file, line: line, column: col)))
        }
        return .success(CSVText(bytes: raw, converted: false))
    }

    static func isUTF8(_ name: String) -> Bool {
        ["utf8", "utf-8"].contains(name.lowercased())
    }

    /// The whole file in one read.
    struct ReadFailure: Error { let message: String }

    static func readFile(_ path: String) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(ReadFailure(message: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(ReadFailure(message: String(cString: strerror(errno)))) }
        var out = [UInt8]()
        var capacity = max(Int(st.st_size), 0) + 1
        out.reserveCapacity(capacity)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(message: String(cString: strerror(errno))))
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            capacity = out.count
        }
        return .success(out)
    }

    /// The offset of the first byte that breaks UTF-8, or nil.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        b.withUnsafeBufferPointer { p -> Int? in
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
