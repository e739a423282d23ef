/// A list that is filled by appending and then used up once, front to back, freeing its
/// memory a chunk at a time as it goes.
///
/// A reader that collects a million items and then turns them into a board holds the items
/// and the board at once when the items sit in one array: the array is freed only at the
/// end. Here each chunk is freed as soon as it has been handed on, so the two overlap by
/// one chunk. Appending never copies what is already there (a full chunk stays as it is).
/// Inlinable, so that a reader's appends are specialized to its element type (a generic call
/// per element looked up type metadata each time).
public struct ChunkedList<Element> {
    @usableFromInline var chunks: [[Element]] = []
    /// Elements per chunk.
    public let chunkSize: Int
    @usableFromInline var stored = 0
    /// How many elements the list holds.
    @inlinable public var count: Int { stored }

    /// An empty list whose chunks hold `chunkSize` elements (at least 1); by default 32 MB of
    /// them. Blocks that large are mapped by the allocator (glibc's mapping threshold tops out
    /// at 32 MB), so a chunk freed goes back to the system at once: smaller blocks freed in
    /// the middle of the heap stay with the process, which kept a drained list in memory
    /// beside the array it was drained into.
    @inlinable public init(chunkSize: Int? = nil) {
        self.chunkSize = max(1, chunkSize ?? (32 << 20) / max(1, MemoryLayout<Element>.stride))
    }

    /// True when the list holds nothing.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// Adds `element` at the end. The first chunk starts small and grows as arrays do, so a
    /// short list (or one drained after every few elements) stays small; once a list fills a
    /// chunk, the next ones are made whole at once (no copying as they grow).
    @inlinable public mutating func append(_ element: Element) {
        if chunks.isEmpty {
            chunks.append([])
        } else if chunks[chunks.count - 1].count >= chunkSize {
            var chunk: [Element] = []
            chunk.reserveCapacity(chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        stored += 1
    }

    /// Calls `body` with every element in order, without using them up.
    @inlinable public func forEach(_ body: (Element) throws -> Void) rethrows {
        for chunk in chunks { for element in chunk { try body(element) } }
    }

    /// Hands every element to `body` in order and leaves the list empty; each chunk is freed
    /// once its elements have been handed on.
    @inlinable public mutating func drain(_ body: (Element) throws -> Void) rethrows {
        var taken = takeChunks()
        for k in taken.indices {
            let chunk = taken[k]
            taken[k] = [] // now `chunk` holds the only reference: it goes after this round
            for element in chunk { try body(element) }
        }
    }

    /// Appends every element to `array` in order, freeing each chunk once it is copied.
    @inlinable public mutating func drain(into array: inout [Element]) {
        array.reserveCapacity(array.count + count)
        var taken = takeChunks()
        for k in taken.indices {
            array.append(contentsOf: taken[k])
            taken[k] = []
        }
    }

    /// The chunks, moved out (so this list holds no reference to them), the list left empty.
    @inlinable mutating func takeChunks() -> [[Element]] {
        var taken: [[Element]] = []
        swap(&taken, &chunks)
        stored = 0
        return taken
    }
}

extension ChunkedList: Sendable where Element: Sendable {}
