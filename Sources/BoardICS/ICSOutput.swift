import BoardModel
import BoardIO

/// Builds RFC 5545 content lines into an `OutputBuffer`: each line is assembled in a scratch
/// buffer, then folded at 75 octets (never inside a UTF-8 sequence) and ended with CRLF.
/// Full chunks go to a file descriptor, so a million cards stream out in bounded memory.
struct ICSOutput {
    private var bytes: OutputBuffer
    /// The content line being built (unfolded, without CRLF).
    private var line = OutputBuffer(capacity: 256)
    /// Control characters RFC 5545 does not allow in values, left out (counted for a warning).
    private(set) var droppedControlCharacters = 0

    /// RFC 5545 §3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break.
    static let foldWidth = 75

    /// Output to `fd`, or kept in memory when -1.
    init(fd: Int32 = -1) {
        bytes = OutputBuffer(fd: fd)
    }

    // MARK: Output

    /// The first write error (`errno`), after which output is dropped.
    var failure: Int32? { bytes.failure }

    /// Writes the buffer out once it holds a chunk.
    @inline(__always) mutating func flushIfFull() { bytes.flushIfFull() }

    /// Writes out whatever is buffered.
    mutating func flush() { bytes.flush() }

    /// Takes the in-memory result.
    consuming func finish() -> [UInt8] { bytes.bytes }

    /// Appends whole lines another output made in memory (see `inOrderChunks`).
    mutating func append(part: borrowing ICSOutput) {
        bytes.append(part.bytes.contents)
        droppedControlCharacters += part.droppedControlCharacters
        flushIfFull()
    }

    // MARK: Content lines

    /// A whole fixed line such as `BEGIN:VEVENT` (short, never folded).
    @inline(__always) mutating func fixedLine(_ s: StaticString) {
        bytes.append(s)
        bytes.append(13, 10)
    }

    /// Starts a content line with the property name.
    @inline(__always) mutating func begin(_ name: StaticString) {
        line.removeAll()
        raw(name)
    }

    /// Starts a content line whose name is computed (an `X-` name read from a source).
    mutating func begin(name: String) {
        line.removeAll()
        var name = name
        name.withUTF8 { u in
            for c in u where Self.isNameByte(c) { line.append(c) }
        }
    }

    /// A whole content line as read (unfolded, without CRLF), folded again on the way out.
    mutating func contentLine(_ text: String) {
        line.removeAll()
        var text = text
        text.withUTF8 { line.append($0) }
        end()
    }

    /// `;NAME=VALUE` with a value known to be safe (`DATE`, `END`).
    @inline(__always) mutating func param(_ name: StaticString, _ value: StaticString) {
        line.append(UInt8(ascii: ";"))
        raw(name)
        line.append(UInt8(ascii: "="))
        raw(value)
    }

    /// `;NAME=VALUE` with any text: quoted when it holds `;:,`, with RFC 6868 escapes
    /// (`^^`, `^n`, `^'`) for what a parameter cannot hold.
    mutating func param(_ name: StaticString, text value: String) {
        line.append(UInt8(ascii: ";"))
        raw(name)
        line.append(UInt8(ascii: "="))
        var value = value
        value.withUTF8 { u in
            let quote = u.contains { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") }
            if quote { line.append(UInt8(ascii: "\"")) }
            for c in u {
                switch c {
                case UInt8(ascii: "^"): line.append(c); line.append(c)
                case UInt8(ascii: "\""): line.append(UInt8(ascii: "^")); line.append(UInt8(ascii: "'"))
                case 10: line.append(UInt8(ascii: "^")); line.append(UInt8(ascii: "n"))
                case 13: break
                case _ where c < 0x20 || c == 0x7F: droppedControlCharacters += 1
                default: line.append(c)
                }
            }
            if quote { line.append(UInt8(ascii: "\"")) }
        }
    }

    /// The `:` between name (and parameters) and value.
    @inline(__always) mutating func colon() { line.append(UInt8(ascii: ":")) }

    /// ASCII known to need no escaping.
    @inline(__always) mutating func raw(_ s: StaticString) {
        line.append(s)
    }

    /// A value that is not TEXT (a URI): written as is, minus control characters.
    mutating func uri(_ s: String) {
        var s = s
        s.withUTF8 { u in
            for c in u {
                if c < 0x20 || c == 0x7F { droppedControlCharacters += 1 } else { line.append(c) }
            }
        }
    }

    /// A TEXT value (RFC 5545 §3.3.11): `\` `;` `,` escaped, line breaks as `\n` (CRLF and a
    /// lone CR count as one break), other control characters but TAB left out.
    mutating func text(_ s: String) {
        var s = s
        s.withUTF8 { escape($0) }
    }

    private mutating func escape(_ u: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var i = 0
        let n = u.count
        while i < n {
            let c = u[i]
            // Everything from '-' up, but '\' and DEL, is plain; so is most of the rest.
            if c > UInt8(ascii: ",") && c != UInt8(ascii: ";") && c != UInt8(ascii: "\\") && c != 0x7F {
                i += 1
                continue
            }
            if c == UInt8(ascii: " ") || (c > 0x20 && c < UInt8(ascii: ",")) || c == 9 {
                i += 1
                continue
            }
            if i > runStart { line.append(UnsafeBufferPointer(rebasing: u[runStart..<i])) }
            switch c {
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\\"):
                line.append(UInt8(ascii: "\\"))
                line.append(c)
            case 10:
                line.append(UInt8(ascii: "\\"))
                line.append(UInt8(ascii: "n"))
            case 13:
                line.append(UInt8(ascii: "\\"))
                line.append(UInt8(ascii: "n"))
                if i + 1 < n, u[i + 1] == 10 { i += 1 }
            default:
                droppedControlCharacters += 1
            }
            i += 1
            runStart = i
        }
        if n > runStart { line.append(UnsafeBufferPointer(rebasing: u[runStart..<n])) }
    }

    /// A list of TEXT values separated by commas (CATEGORIES).
    mutating func textList(_ items: [String]) {
        for (k, item) in items.enumerated() {
            if k > 0 { line.append(UInt8(ascii: ",")) }
            text(item)
        }
    }

    /// A decimal integer.
    mutating func integer(_ v: Int) {
        if v < 0 { line.append(UInt8(ascii: "-")) }
        var m = v.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = 48 &+ UInt8(m % 10)
                m /= 10
                count += 1
            } while m > 0
            for k in stride(from: count - 1, through: 0, by: -1) { line.append(d[k]) }
        }
    }

    // MARK: Dates (RFC 5545 §3.3.4, §3.3.5)

    @inline(__always) private mutating func two(_ v: Int) {
        line.append(48 &+ UInt8(truncatingIfNeeded: v / 10))
        line.append(48 &+ UInt8(truncatingIfNeeded: v % 10))
    }

    /// `20261130`.
    mutating func date(_ d: CalendarDate) {
        let y = abs(d.year)
        two(y / 100)
        two(y % 100)
        two(d.month)
        two(d.day)
    }

    /// `20261130T180000` (seconds only: iCalendar has no fractions).
    mutating func localDateTime(_ t: LocalDateTime) {
        date(t.date)
        line.append(UInt8(ascii: "T"))
        two(t.hour)
        two(t.minute)
        two(t.second)
    }

    /// `20261130T090000Z`.
    mutating func utcDateTime(_ i: Instant) {
        localDateTime(i.utc.local)
        line.append(UInt8(ascii: "Z"))
    }

    /// A UTC offset as `+0900` (`+053730` when it has seconds).
    mutating func utcOffset(_ seconds: Int32) {
        line.append(seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let s = Int(seconds.magnitude)
        two(s / 3600)
        two(s / 60 % 60)
        if s % 60 != 0 { two(s % 60) }
    }

    /// Ends the content line: folds it into the output and appends CRLF.
    mutating func end() {
        let l = line.contents
        let n = l.count
        if n <= Self.foldWidth {
            bytes.append(l)
        } else {
            var start = 0
            var width = Self.foldWidth
            while n - start > width {
                var cut = start + width
                // Never split a UTF-8 sequence: back up to the start of the character.
                while cut > start + 1, l[cut] & 0xC0 == 0x80 { cut -= 1 }
                bytes.append(UnsafeBufferPointer(rebasing: l[start..<cut]))
                bytes.append(13, 10)
                bytes.append(UInt8(ascii: " "))
                start = cut
                width = Self.foldWidth - 1 // the leading space counts
            }
            bytes.append(UnsafeBufferPointer(rebasing: l[start..<n]))
        }
        bytes.append(13, 10)
    }

    /// Bytes allowed in a property name (RFC 5545 `iana-token` / `x-name`).
    static func isNameByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-")
    }
}
