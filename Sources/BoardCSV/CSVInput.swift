import BoardModel
import BoardIO

/// Loading a CSV file (and an events sidecar): mapped (`MappedText`), converted to UTF-8
/// when `--encoding` names a legacy encoding, and checked to be UTF-8 (the first bad byte is
/// reported with line:col).
enum CSVInput {
    /// Loads `path`; diagnostics name `file`.
    static func load(path: String, file: String, encoding: String?) -> Result<MappedText, Diagnostic> {
        let text: MappedText
        switch MappedText.load(path: path) {
        case .success(let t): text = t
        case .failure(let e):
            return .failure(Diagnostic(BoardIOMessage.cannotReadFile(errno: e.errno), at: SourceLocation(file: file)))
        }
        if let encoding, !Self.isUTF8(encoding) {
            let raw = Array(text.bytes)
            switch Iconv.convert(raw, from: encoding, to: "UTF-8") {
            case .success(let utf8): return .success(MappedText(copying: utf8))
            case .failure(.unknownEncoding):
                return .failure(Diagnostic(CSVMessage.unknownEncoding(encoding, suggest: true), at: SourceLocation(file: file)))
            case .failure(.invalidInput(let offset)):
                let (line, col) = MappedText.lineColumn(of: offset, in: raw, unit: .byte)
                return .failure(Diagnostic(CSVMessage.notInEncoding(byte: raw[min(offset, raw.count - 1)], encoding: encoding),
                                           at: SourceLocation(file: file, line: line, column: col)))
            }
        }
        if let bad = firstInvalidUTF8(text) {
            let (line, col) = MappedText.lineColumn(of: bad, in: text.bytes)
            return .failure(Diagnostic(CSVMessage.invalidUTF8(byte: text.bytes[bad], hint: true),
                                       at: SourceLocation(file: file, line: line, column: col)))
        }
        return .success(text)
    }

    /// The offset of the first byte of `text` that breaks UTF-8, or nil; pages checked are
    /// handed back as it goes (the parser maps them in again).
    static func firstInvalidUTF8(_ text: MappedText) -> Int? {
        let chunk = 8 << 20
        var start = 0
        var released = 0
        while start < text.bytes.count {
            // Chunks end at a line feed so that no character straddles two.
            var end = min(start + chunk, text.bytes.count)
            while end < text.bytes.count, text.bytes[end - 1] != 0x0A { end += 1 }
            if let bad = firstInvalidUTF8(UnsafeBufferPointer(rebasing: text.bytes[start..<end])) {
                return start + bad
            }
            released = text.release(from: released, upTo: end)
            start = end
        }
        return nil
    }

    static func isUTF8(_ name: String) -> Bool {
        ["utf8", "utf-8"].contains(name.lowercased())
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

}
