import BoardIO

/// Byte-level mutations of an input, as libFuzzer makes them (a bit flipped, a byte set, a
/// range erased, inserted, copied elsewhere, the end cut off), from a fixed seed: the same
/// inputs on every machine, so a broken contract is found again by its index.
struct SeededMutator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Uniform in `0..<n`; 0 when `n` is 0 or 1.
    private mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : random.below(n) }

    /// `input` with one to four mutations.
    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0...below(4) {
            switch below(bytes.isEmpty ? 1 : 6) {
            case 0:
                let chunk = (0...below(16)).map { _ in
                    random.pick([0x00, 0xFF, 0x7F, 0x80, 0x0A, 0x22, UInt8(truncatingIfNeeded: random.next())])
                }
                bytes.insert(contentsOf: chunk, at: below(bytes.count + 1))
            case 1:
                bytes[below(bytes.count)] ^= 1 << UInt8(below(8))
            case 2:
                bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
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
