#if canImport(Glibc)
import Glibc
import BoardIO
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes, mapped read-only, so that the zip reader finds the central directory and
/// hands zlib each part's compressed bytes in place, without copying them through read
/// buffers. One mapping serves every handle on the package (`ZipPackage.reopened`): reading
/// it changes nothing, so two cores can read parts at once.
///
/// Only regular files map (a pipe does not; the pipeline copies standard input to a file).
/// A file cut short by another program while it is mapped would fault on the lost pages;
/// boardkit reads its inputs, it does not race their writers.
final class MappedFile {
    let bytes: UnsafeRawBufferPointer

    /// Nil when the file cannot be opened or mapped.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0),
              start != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        bytes = UnsafeRawBufferPointer(start: start, count: size)
    }

    /// Lets the kernel drop the pages wholly inside `range`, which has been read: mapped
    /// pages count as the process's memory, so reading a 200 MB workbook would otherwise
    /// hold 200 MB more at its peak. Read again, they come back from the page cache.
    func release(_ range: UnsafeRawBufferPointer) {
        guard let base = range.baseAddress else { return }
        // Handed back means read: the progress bar's position (`ProgressMeter`).
        if let start = bytes.baseAddress { ProgressMeter.active.reached(UnsafeRawPointer(base) - UnsafeRawPointer(start) + range.count) }
        let start = (Int(bitPattern: base) + Self.page - 1) / Self.page * Self.page
        let end = (Int(bitPattern: base) + range.count) / Self.page * Self.page
        if end > start { madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED) }
    }

    private static let page = Int(getpagesize())

    deinit {
        if let start = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), bytes.count) }
    }
}
