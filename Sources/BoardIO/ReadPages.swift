/// How far a reader has got through a mapped text: it hands the pages it has read back to
/// the kernel every `step` bytes (`MappedText.release`), so a file larger than memory is
/// read through a window of it, and tells the progress bar every megabyte in between.
///
/// A reader that starts in the middle (another core reading ahead) starts at its own
/// `floor`: it never hands back pages a reader before it has still to read.
public struct ReadPages {
    public let text: MappedText
    /// Bytes read between two hand-backs (small in tests, to exercise reading again).
    public let step: Int
    /// Where this reader's bytes start.
    public let floor: Int
    private var released: Int
    private var reported: Int

    /// A reader of `text` from `floor` that hands pages back every `step` bytes.
    public init(_ text: MappedText, from floor: Int = 0, step: Int = 32 << 20) {
        (self.text, self.floor, self.step) = (text, floor, step)
        (released, reported) = (floor, floor)
    }

    /// The reader has got to `position`.
    @inline(__always)
    public mutating func passed(_ position: Int) {
        if position - released >= step {
            text.release(from: floor, upTo: position)
            released = position
        } else if position - reported >= 1 << 20 {
            ProgressMeter.active.reached(position)
            reported = position
        }
    }

    /// Hands back the rest, to the end of the text: the last pages read (less than a step)
    /// go too, so what stays in memory is what was made from them.
    public func finish() {
        text.release(from: floor, upTo: text.bytes.count)
    }
}
