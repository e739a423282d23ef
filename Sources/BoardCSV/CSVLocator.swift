import BoardModel
import BoardIO

/// Turns a row and a field index into `file:line:col` by re-reading the row's bytes (only
/// when a diagnostic needs it, so parsing keeps no per-field positions). Columns count
/// characters; a field after a quoted newline is on a later line.
struct CSVLocator: @unchecked Sendable {
    let text: MappedText
    let file: String
    let delimiter: UInt8

    /// The place of field `field` (nil: the row's start) of the row starting at `offset` on
    /// line `line`. A field past the row's end points just after its last character.
    func location(rowOffset offset: Int, line: Int, field: Int?) -> SourceLocation {
        let (l, c) = { (b: UnsafeBufferPointer<UInt8>) -> (Int, Int) in
            guard let field, field > 0 else {
                return (line, MappedText.column(from: offset, to: offset, in: b))
            }
            var i = offset
            var lineNo = line
            var lineStart = offset
            var index = 0
            var quoted = false
            while i < b.count {
                let c = b[i]
                if quoted {
                    if c == 0x22 { quoted = false }
                } else if c == 0x22 {
                    quoted = true
                } else if c == delimiter {
                    index += 1
                    if index == field { i += 1; break }
                } else if c == 0x0A || c == 0x0D {
                    break
                }
                if c == 0x0A { lineNo += 1; lineStart = i + 1 }
                i += 1
            }
            return (lineNo, MappedText.column(from: lineStart, to: i, in: b))
        }(text.bytes)
        return SourceLocation(file: file, line: l, column: c)
    }

    /// The place of a byte offset.
    func location(ofByte offset: Int) -> SourceLocation {
        let (l, c) = MappedText.lineColumn(of: offset, in: text.bytes)
        return SourceLocation(file: file, line: l, column: c)
    }
}
