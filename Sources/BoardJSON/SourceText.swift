#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The bytes of an input file, mapped into memory (or read, for pipes), kept alive for as
/// long as diagnostics may need to point into them.
///
/// Line and column numbers are worked out only when a diagnostic asks: the parser never
/// counts lines, and the index of line starts is built on the first request.
final class SourceText: @unchecked Sendable {
    // The buffer is immutable once loaded; the only mutable state (the line index) sits
    // behind a Mutex. Hence `@unchecked Sendable`.
    let bytes: UnsafeBufferPointer<UInt8>
    private let release: Release
    private let lines = Mutex<LineIndex?>(nil)

    private enum Release { case unmap(Int), free, deallocate, none }

    private init(bytes: UnsafeBufferPointer<UInt8>, release: Release) {
        self.bytes = bytes
        self.release = release
    }

    deinit {
        guard let base = bytes.baseAddress else { return }
        switch release {
        case .unmap(let length): munmap(UnsafeMutableRawPointer(mutating: base), length)
        case .free: free(UnsafeMutableRawPointer(mutating: base))
        case .deallocate: UnsafeMutablePointer(mutating: base).deallocate()
        case .none: break
        }
    }

    /// Text held in memory (tests, the server).
    convenience init(copying data: some Collection<UInt8>) {
        let count = data.count
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
        _ = UnsafeMutableBufferPointer(start: buffer, count: count).initialize(from: data)
        self.init(bytes: UnsafeBufferPointer(start: buffer, count: count), release: .deallocate)
    }

    /// Maps the file at `path` (a regular file) or reads it whole (a pipe, a device).
    static func load(path: String) -> Result<SourceText, LoadError> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(LoadError(errno: errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(LoadError(errno: errno)) }
        if (st.st_mode & S_IFMT) == S_IFREG {
            let size = Int(st.st_size)
            if size == 0 { return .success(SourceText(bytes: UnsafeBufferPointer(start: nil, count: 0), release: .none)) }
            if let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED {
                // The whole file is read front to back once.
                _ = madvise(map, size, MADV_SEQUENTIAL)
                let base = map.assumingMemoryBound(to: UInt8.self)
                return .success(SourceText(bytes: UnsafeBufferPointer(start: base, count: size), release: .unmap(size)))
            }
        }
        // Not mappable: read it in growing chunks.
        var capacity = 1 << 20
        var count = 0
        guard var buffer = malloc(capacity)?.assumingMemoryBound(to: UInt8.self) else {
            return .failure(LoadError(errno: ENOMEM))
        }
        while true {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(buffer, capacity) else { free(buffer); return .failure(LoadError(errno: ENOMEM)) }
                buffer = grown.assumingMemoryBound(to: UInt8.self)
            }
            let n = read(fd, buffer + count, capacity - count)
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                free(buffer)
                return .failure(LoadError(errno: e))
            }
            if n == 0 { break }
            count += n
        }
        return .success(SourceText(bytes: UnsafeBufferPointer(start: buffer, count: count), release: .free))
    }

    /// Lets the kernel drop the mapped pages before `offset`: the parser is done with them,
    /// and the file stays mapped, so a later diagnostic that needs them reads them back from
    /// the file. This keeps peak memory near the model's size rather than model + file.
    /// `from` keeps the pages before it (another core may still be reading them).
    func release(from start: Int = 0, upTo offset: Int) {
        guard case .unmap = release, let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (start + page - 1) / page * page
        let end = min(offset, bytes.count) / page * page
        guard end > first else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + first), end - first, MADV_DONTNEED)
    }

    /// Why a file could not be loaded.
    struct LoadError: Error {
        var errno: Int32
        var message: String { String(cString: strerror(errno)) }
    }

    // MARK: Line and column

    /// 1-based line and column (in characters) of a byte offset.
    func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        return lines.withLock { index in
            if index == nil { index = LineIndex(bytes) }
            return index!.lineColumn(of: offset, in: bytes)
        }
    }

    /// Offsets of every line feed, found once; columns are counted from the line's start.
    private struct LineIndex {
        var newlines: [Int] = []
        // The last answer, so that ascending lookups on one very long line (a minified file)
        // count only the bytes between them.
        var lastOffset = -1
        var lastLineStart = -1
        var lastColumn = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count,
                  let hit = memchr(base + start, 0x0A, bytes.count - start) {
                let at = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                newlines.append(at)
                start = at + 1
            }
        }

        mutating func lineColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
            // Number of line feeds before `offset`.
            var lo = 0
            var hi = newlines.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if newlines[mid] < offset { lo = mid + 1 } else { hi = mid }
            }
            let lineStart = lo == 0 ? 0 : newlines[lo - 1] + 1
            var from = lineStart
            var column = 1
            if lineStart == lastLineStart, lastOffset <= offset, lastOffset >= lineStart {
                from = lastOffset
                column = lastColumn
            }
            for i in from..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
            lastOffset = offset
            lastLineStart = lineStart
            lastColumn = column
            return (lo + 1, column)
        }
    }
}
