#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversions between JSON number text and `Double`, without going through `String`.
public enum JSONNumber {
    /// The value of a number literal the scanner validated; nil when it overflows a Double.
    public static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        // Fast path: a short integer (positions are almost always small whole numbers).
        if text.count <= 15 {
            var negative = false
            var i = 0
            if text.first == UInt8(ascii: "-") { negative = true; i = 1 }
            var v: Int64 = 0
            var plain = i < text.count
            while i < text.count {
                let d = text[i] &- UInt8(ascii: "0")
                guard d < 10 else { plain = false; break }
                v = v * 10 + Int64(d)
                i += 1
            }
            if plain { return negative ? -Double(v) : Double(v) }
        }
        // strtod needs a terminated copy; it rounds correctly.
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buf -> Double in
            for k in 0..<text.count { buf[k] = CChar(bitPattern: text[k]) }
            buf[text.count] = 0
            return strtod(buf.baseAddress!, nil)
        }
        return value.isFinite ? value : nil
    }

    /// Appends a Double as JSON: whole numbers below 2⁵³ as integers (`3`, not `3.0`), others
    /// in Swift's shortest round-tripping form (`0.5`, `1e+20`). Not for NaN or infinity.
    public static func append(_ value: Double, to out: inout OutputBuffer) {
        if value.rounded() == value, value.magnitude < 9_007_199_254_740_992 {
            appendInteger(Int64(value), to: &out)
        } else {
            out.append(utf8: value.description)
        }
    }

    /// Appends an integer's decimal digits.
    public static func appendInteger(_ value: Int64, to out: inout OutputBuffer) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var v = value.magnitude
        if v < 10 { out.append(UInt8(ascii: "0") + UInt8(v)); return }
        out.append(maxCount: 20) { p in
            var n = 0
            var rest = v
            while rest > 0 { n += 1; rest /= 10 }
            var k = n
            while v > 0 {
                k -= 1
                p[k] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
            return n
        }
    }
}
