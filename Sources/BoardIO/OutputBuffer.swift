#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer that writers build their output in, handed to a file descriptor
/// in chunks of `chunkSize` so that a board of a million cards streams out in bounded memory
/// instead of being one giant array (or kept whole in memory when there is no file: `fd`
/// -1). Every writer's output goes through it: JSON, CSV, ICS.
///
/// Output is built a byte at a time (escapes, dates, quotes, folds); on `[UInt8]` every append
/// pays a uniqueness and a capacity check, which cost more than the writing itself. Here an
/// append is a compare and a store through a pointer. The memory belongs to a small class
/// instance, freed with the last copy of the buffer; copies share it, so a buffer is written
/// through one copy only (a writer owns its buffers and never hands them out).
///
/// A failed write (`failure`, the `errno`) drops the rest of the output, so a writer checks
/// once at the end; an interrupted write (EINTR) is retried.
public struct OutputBuffer {
    @usableFromInline final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<UInt8>
        @usableFromInline init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0
    /// The bytes buffered (not yet written to the file).
    public var count: Int { used }
    /// Where full chunks go; -1 keeps everything in memory.
    public let fd: Int32
    /// The first write error (`errno`), after which output is dropped.
    public private(set) var failure: Int32?

    /// How much is buffered before `flushIfFull` writes it out.
    public static var chunkSize: Int { 1 << 20 }

    /// Output to `fd`, or kept in memory when -1. `capacity` is the starting size of the
    /// memory (a file's buffer starts at a chunk and a little).
    public init(fd: Int32 = -1, capacity: Int? = nil) {
        self.fd = fd
        let capacity = max(capacity ?? (fd >= 0 ? Self.chunkSize + 64 * 1024 : 64 * 1024), 64)
        storage = Storage(capacity: capacity)
        base = storage.base
        self.capacity = capacity
    }

    // MARK: Appending

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(to: used + 1) }
        base[used] = byte
        used += 1
    }

    /// Appends two bytes (a CRLF, an escape).
    @inlinable @inline(__always)
    public mutating func append(_ a: UInt8, _ b: UInt8) {
        if used + 2 > capacity { grow(to: used + 2) }
        base[used] = a
        base[used + 1] = b
        used += 2
    }

    /// Appends `n` bytes from `bytes`.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafePointer<UInt8>, count n: Int) {
        guard n > 0 else { return }
        if used + n > capacity { grow(to: used + n) }
        (base + used).update(from: bytes, count: n)
        used += n
    }

    /// Appends the bytes of a buffer.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        append(from, count: bytes.count)
    }

    /// ASCII or UTF-8 known at compile time.
    @inlinable @inline(__always)
    public mutating func append(_ s: StaticString) {
        append(s.utf8Start, count: s.utf8CodeUnitCount)
    }

    /// The bytes of an array.
    @inlinable
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The UTF-8 bytes of `text`.
    @inlinable
    public mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Lets `body` write up to `maxCount` bytes straight at the end of the buffer; `body`
    /// returns how many it wrote. For fixed-shape values (dates, keys) written in one go.
    @inlinable @inline(__always)
    public mutating func append(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if used + maxCount > capacity { grow(to: used + maxCount) }
        used += body(base + used)
    }

    /// Empties the buffer, keeping its memory.
    @inlinable @inline(__always)
    public mutating func removeAll() { used = 0 }

    /// The bytes buffered; valid until the next append.
    @inlinable @inline(__always)
    public var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: used) }

    /// The bytes buffered, as an array (what an in-memory writer returns).
    public var bytes: [UInt8] { Array(contents) }

    @usableFromInline @inline(never)
    mutating func grow(to needed: Int) {
        var c = capacity * 2
        while c < needed { c *= 2 }
        let s = Storage(capacity: c)
        s.base.update(from: base, count: used)
        storage = s
        base = s.base
        capacity = c
    }

    // MARK: Output

    /// Writes the buffer out once it holds a chunk (call between whole items).
    @inlinable @inline(__always)
    public mutating func flushIfFull() {
        if fd >= 0, used >= Self.chunkSize { flush() }
    }

    /// Writes out whatever is buffered (nothing in memory).
    public mutating func flush() {
        guard fd >= 0 else { return }
        defer { used = 0 }
        guard failure == nil else { return }
        var done = 0
        while done < used {
            let n = write(fd, base + done, used - done)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            done += n
        }
    }
}
