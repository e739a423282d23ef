#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The bytes of an input file, mapped into memory (or read, for pipes), kept alive for as
/// long as diagnostics may need to point into them. The JSON and CSV readers read through it.
///
/// A file is mapped rather than read into an array, and a reader hands back the pages it has
/// passed (`release`), so a 200 MB file does not sit in memory beside the board built from
/// it; the pages come back from the file if a diagnostic needs to look again. (A file
/// truncated by another program while it is being read faults; a board file being rewritten
/// under the converter is not a case boardkit defends.)
///
/// Line and column numbers are worked out only when a diagnostic asks: the parser never
/// counts lines, and the index of line starts is built on the first request. Columns count
/// characters (UTF-8 lead bytes); a byte-order mark is not a column.
public final class MappedText: @unchecked Sendable {
    // The buffer is immutable once loaded; the only mutable state (the line index) sits
    // behind a Mutex. Hence `@unchecked Sendable`.
    /// The file's bytes.
    public let bytes: UnsafeBufferPointer<UInt8>
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

    /// Text held in memory (tests, the server, a file converted from another encoding).
    public convenience init(copying data: some Collection<UInt8>) {
        let count = data.count
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
        _ = UnsafeMutableBufferPointer(start: buffer, count: count).initialize(from: data)
        self.init(bytes: UnsafeBufferPointer(start: buffer, count: count), release: .deallocate)
    }

    /// Maps the file at `path` (a regular file) or reads it whole (a pipe, a device). A file
    /// an open store of this process holds is refused with `EBUSY` (see `HeldFiles`).
    public static func load(path: String) -> Result<MappedText, LoadError> {
        HeldFiles.openForReading(path) { fd in load(fd) }
    }

    private static func load(_ fd: Int32) -> Result<MappedText, SystemFailure> {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(SystemFailure(errno: errno)) }
        if (st.st_mode & S_IFMT) == S_IFREG {
            let size = Int(st.st_size)
            if size == 0 { return .success(MappedText(bytes: UnsafeBufferPointer(start: nil, count: 0), release: .none)) }
            if let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED {
                // The whole file is read front to back once.
                _ = madvise(map, size, MADV_SEQUENTIAL)
                let base = map.assumingMemoryBound(to: UInt8.self)
                return .success(MappedText(bytes: UnsafeBufferPointer(start: base, count: size), release: .unmap(size)))
            }
        }
        // Not mappable: read it in growing chunks.
        var capacity = 1 << 20
        var count = 0
        guard var buffer = malloc(capacity)?.assumingMemoryBound(to: UInt8.self) else {
            return .failure(SystemFailure(errno: ENOMEM))
        }
        while true {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(buffer, capacity) else { free(buffer); return .failure(SystemFailure(errno: ENOMEM)) }
                buffer = grown.assumingMemoryBound(to: UInt8.self)
            }
            let n = read(fd, buffer + count, capacity - count)
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                free(buffer)
                return .failure(SystemFailure(errno: e))
            }
            if n == 0 { break }
            count += n
        }
        return .success(MappedText(bytes: UnsafeBufferPointer(start: buffer, count: count), release: .free))
    }

    /// Lets the kernel drop the mapped pages between `start` and `offset`: the reader is done
    /// with them, and the file stays mapped, so a later diagnostic that needs them reads them
    /// back from the file. This keeps peak memory near the model's size rather than model +
    /// file. `start` keeps the pages before it (another core may still be reading them).
    /// Returns where the pages handed back end (page-aligned), for the next call's `start`;
    /// text held in memory stays, and `start` comes back.
    ///
    /// Handed back means read, so this moves the progress bar (`ProgressMeter`) to `offset`;
    /// not with `reportingProgress: false` (a skim running ahead of the one the bar follows).
    @discardableResult
    public func release(from start: Int = 0, upTo offset: Int, reportingProgress: Bool = true) -> Int {
        if reportingProgress { ProgressMeter.active.reached(offset) }
        guard case .unmap = release, let base = bytes.baseAddress else { return start }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (start + page - 1) / page * page
        let end = min(offset, bytes.count) / page * page
        guard end > first else { return start }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + first), end - first, MADV_DONTNEED)
        return end
    }

    /// Why a file could not be loaded: the system's error number.
    public typealias LoadError = SystemFailure

    // MARK: Line and column

    /// 1-based line and column (in characters) of a byte offset.
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
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
            } else if from == 0, MappedText.startsWithByteOrderMark(bytes) {
                from = min(3, offset)
            }
            for i in from..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
            lastOffset = offset
            lastLineStart = lineStart
            lastColumn = column
            return (lo + 1, column)
        }
    }
}

extension MappedText {
    /// What a column counts.
    public enum ColumnUnit: Sendable {
        /// Characters (Unicode scalars: UTF-8 lead bytes), for UTF-8 text.
        case character
        /// Bytes, for text that is not UTF-8 (a legacy-encoded file before conversion).
        case byte
    }

    /// True when `bytes` starts with a UTF-8 byte-order mark.
    @inlinable
    public static func startsWithByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// 1-based line and column of a byte offset in bytes that are not kept in a `MappedText`,
    /// counted from the start (only diagnostics ask).
    public static func lineColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                  unit: ColumnUnit = .character) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(max(offset, 0), bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        return (line, column(from: lineStart, to: end, in: bytes, unit: unit))
    }

    /// `lineColumn(of:in:unit:)` for bytes in an array.
    public static func lineColumn(of offset: Int, in bytes: [UInt8], unit: ColumnUnit = .character) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { lineColumn(of: offset, in: $0, unit: unit) }
    }

    /// 1-based column of `offset` on the line starting at `lineStart`.
    public static func column(from lineStart: Int, to offset: Int, in bytes: UnsafeBufferPointer<UInt8>,
                              unit: ColumnUnit = .character) -> Int {
        var column = 1
        var i = lineStart
        // A byte-order mark is not a column.
        if i == 0, startsWithByteOrderMark(bytes) { i = 3 }
        while i < offset && i < bytes.count {
            if unit == .byte || bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }
}
