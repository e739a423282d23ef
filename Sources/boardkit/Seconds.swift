/// A duration as `--timings` prints it: `1.234 s`.
struct Seconds: CustomStringConvertible {
    let duration: Duration
    init(_ duration: Duration) { self.duration = duration }

    var description: String {
        let ms = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return "\(ms / 1000).\(String(ms % 1000 + 1000).dropFirst()) s"
    }
}
