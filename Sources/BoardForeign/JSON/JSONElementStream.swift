import BoardModel
import BoardIO

/// The elements of an indexed array (`JSONMemberIndex`), parsed one at a time and handed to
/// a reader in order, front to back or back to front, and dropped once it has converted
/// them: a reader holds one small tree at a time instead of the whole array's.
///
/// Parsing is the costly part and depends on nothing but the bytes, so chunks of elements
/// are parsed on every core (`inOrderChunks`), and with `converting` made into what the
/// reader keeps there too, while the calling thread takes them in order. The pages of a
/// chunk are handed back once it is taken (`MappedText.release`), so the mapping does not
/// stay in memory beside the board built from it.
public struct JSONElementStream {
    /// The text the offsets point into.
    public let text: MappedText
    /// Where each element starts, in file order.
    public let offsets: [Int]
    /// Byte offset just past the array's last element.
    public let end: Int
    /// How deep the elements sit (2 for an element of a root object's array).
    public let depth: Int

    /// The elements starting at `offsets` in `text` (checked by a `JSONMemberIndex`), the
    /// last ending before `end`, nested `depth` deep.
    public init(text: MappedText, offsets: [Int], end: Int, depth: Int) {
        (self.text, self.offsets, self.end, self.depth) = (text, offsets, end, depth)
    }

    /// The elements of a member's array.
    public init(_ member: JSONMemberIndex.Member, in index: JSONMemberIndex) {
        self.init(text: index.text, offsets: member.elements, end: member.end, depth: 2)
    }

    /// The elements of a root array (or the values of a sequence).
    public init(rootOf index: JSONMemberIndex) {
        self.init(text: index.text, offsets: index.elements, end: index.end, depth: 1)
    }

    /// How many elements there are.
    public var count: Int { offsets.count }

    /// About this much text makes a chunk: small enough that the last chunks of the array
    /// end close together on the cores (a Trello action is a kilobyte, a task half of one),
    /// large enough that handing chunks over costs little. Measured on Trello and Taskwarrior
    /// exports at 100,000 cards: 128 or 256 actions a chunk beat 1,024 by 6 %, and 1,024
    /// tasks beat 128 by as much (1 MB chunks gave nothing more once chunks had no rounds).
    static let chunkBytes = 320 << 10

    /// The elements a chunk holds by default: `chunkBytes` of their average size, within
    /// 64…1,024.
    var defaultChunkSize: Int {
        guard let first = offsets.first, end > first else { return 1024 }
        return min(1024, max(64, Self.chunkBytes / max(1, (end - first) / offsets.count)))
    }

    /// Calls `body` with each element's index and value: in file order, or last first when
    /// `reversed`; of each element only what `pick` names, when given.
    public func forEach(reversed: Bool = false, keeping pick: JSONPick? = nil, chunkSize: Int? = nil,
                        _ body: (Int, JSONNode) -> Void) {
        converting(reversed: reversed, keeping: pick, chunkSize: chunkSize, convert: { $0 }, take: { elements in
            for (k, node) in elements { body(k, node) }
        })
    }

    /// Parses the elements a chunk at a time on every core and converts each chunk there too
    /// (`convert` gets the chunk's elements, index and node, in walking order); `take` gets
    /// the converted chunks in order on the calling thread. A reader that converts where it
    /// parses frees each tree on the thread that built it and hands over only its result.
    ///
    /// `convert` runs on several threads at once: it may only read what it shares. Chunks are
    /// `chunkSize` elements, or by default about `chunkBytes` of text each.
    public func converting<Part>(reversed: Bool = false, keeping pick: JSONPick? = nil, chunkSize: Int? = nil,
                                 convert: ([(index: Int, node: JSONNode)]) -> Part, take: (Part) -> Void) {
        let count = offsets.count
        let chunkSize = chunkSize ?? defaultChunkSize
        let bytes = text.bytes
        let (offsets, depth) = (self.offsets, self.depth)
        // Position p of the walk is element p, or element count-1-p when walking back.
        func element(_ position: Int) -> Int { reversed ? count - 1 - position : position }
        // Each worker keeps the strings it has seen across the chunks it parses (those longer
        // than a String holds inline: list and member ids, names): most are repeats.
        let strings = LendingPool { InterningCache<String>(slotBits: 12, maxKeyLength: 40) }
        inOrderChunks(count: count, size: chunkSize, make: { range -> (range: Range<Int>, part: Part) in
            let elements = strings.with { strings in
                range.map { p in
                    let k = element(p), offset = offsets[k]
                    // The index checked these bytes, so the parse cannot fail.
                    return (index: k, node: (try? JSONParser.parseValue(in: bytes, at: offset, depth: depth, keeping: pick,
                                                                      strings: strings).get())
                        ?? JSONNode(.null, offset: offset))
                }
            }
            return (range, convert(elements))
        }, take: { chunk in
            take(chunk.part)
            guard let first = chunk.range.first, let last = chunk.range.last else { return }
            // The chunk's bytes run from its first element in the file to the next one's start.
            let (low, high) = (min(element(first), element(last)), max(element(first), element(last)))
            text.release(from: offsets[low], upTo: high + 1 < count ? offsets[high + 1] : end)
        })
    }
}
