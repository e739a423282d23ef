/// Byte-level mutations of an input, as libFuzzer makes them (a bit flipped, a byte set, a
/// range erased, inserted, copied elsewhere, the end cut off), from a fixed seed: the same
/// inputs on every machine, so a broken contract is found again by its index.
struct SeededMutator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64: small, fast, and the same everywhere.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    /// `input` with one to four mutations.
    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0...below(4) {
            switch below(bytes.isEmpty ? 1 : 6) {
            case 0:
                let chunk = (0...below(16)).map { _ in [0x00, 0xFF, 0x7F, 0x80, 0x0A, 0x22, UInt8(truncatingIfNeeded: next())][below(7)] }
                bytes.insert(contentsOf: chunk, at: below(bytes.count + 1))
            case 1:
                let at = below(bytes.count)
                bytes[at] ^= 1 << UInt8(below(8))
            case 2:
                bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: next())
            case 3:
                let at = below(bytes.count)
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + below(16)))
            case 4:
                let from = below(bytes.count)
                let chunk = Array(bytes[from..<min(bytes.count, from + 1 + below(64))])
                bytes.insert(contentsOf: chunk, at: below(bytes.count + 1))
            default:
                bytes.removeLast(below(bytes.count))
            }
        }
        return bytes
    }
}
