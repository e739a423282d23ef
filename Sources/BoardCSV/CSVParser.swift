#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCsv
import BoardTabular

/// One parsed row: its fields as byte ranges into a buffer owned by the parser (valid only
/// during the row callback), the 1-based line it starts on and its byte offset.
struct CSVRow {
    let storage: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>
    /// 1-based line of the row's first byte.
    let line: Int
    /// Byte offset of the row's first byte in the text.
    let offset: Int

    var count: Int { ends.count }

    /// The bytes of field `k`.
    @inline(__always) func field(_ k: Int) -> UnsafeBufferPointer<UInt8> {
        let start = k == 0 ? 0 : ends[k - 1]
        return UnsafeBufferPointer(rebasing: storage[start..<ends[k]])
    }

    /// Field `k` as a string (UTF-8 already checked).
    @inline(__always) func string(_ k: Int) -> String {
        String(decoding: field(k), as: UTF8.self)
    }

    /// The row's fields for BoardTabular (UTF-8 already checked).
    var text: TabularTextRow { TabularTextRow(storage: storage, ends: ends) }

    /// True for a row of one empty or all-space field (a blank or whitespace-only line).
    var isBlank: Bool {
        guard count == 1 else { return false }
        return field(0).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Why parsing stopped early.
enum CSVParseFailure: Error {
    /// A malformed quote at this byte offset.
    case strayQuote(offset: Int)
    /// A quoted field opened in the row at this offset and never closed.
    case unterminatedQuote(rowOffset: Int, rowLine: Int)
    case outOfMemory
}

/// Streams rows out of UTF-8 text with libcsv, in one pass.
///
/// libcsv does the RFC 4180 work (quotes, doubled quotes, delimiters and newlines inside
/// quotes, CR, LF or CRLF). It is fed one line at a time so that each row's line number and
/// byte offset are known for diagnostics; a quoted field spanning lines simply continues in
/// the next feed. Strict mode makes a stray quote an error at its exact byte.
final class CSVParser {
    /// The row being assembled: its fields' bytes end to end, and where each field ends.
    /// Held through a pointer because libcsv calls back once per field, and appending to a
    /// class's stored arrays there would pay Swift's dynamic exclusivity check every time.
    private struct RowBuffer {
        var bytes: [UInt8] = []
        var ends: [Int] = []
    }

    private var parser = csv_parser()
    private let row: UnsafeMutablePointer<RowBuffer>
    private var rowLine = 1
    private var rowOffset = 0
    private var onRow: ((CSVRow) -> Bool)?
    private var stopped = false

    init(delimiter: UInt8) {
        csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI))
        csv_set_delim(&parser, delimiter)
        // Keep spaces: libcsv trims them from unquoted fields by default, which would change
        // titles such as "  indented".
        csv_set_space_func(&parser) { _ in 0 }
        row = .allocate(capacity: 1)
        row.initialize(to: RowBuffer())
        row.pointee.bytes.reserveCapacity(4096)
        row.pointee.ends.reserveCapacity(64)
    }

    deinit {
        csv_free(&parser)
        row.deinitialize(count: 1)
        row.deallocate()
    }

    /// Parses `text[start...]`, calling `onRow` for each row; `onRow` returns false to stop.
    /// `onRow` does not escape, so the variables it captures are checked at compile time,
    /// not on every access. Every few megabytes `passed` is told the offset below which the
    /// parser needs no more text (rows copy their fields), so the caller can let it go.
    func parse(_ text: UnsafeBufferPointer<UInt8>, from start: Int, passed: (Int) -> Void = { _ in },
               onRow: (CSVRow) -> Bool) -> Result<Void, CSVParseFailure> {
        withoutActuallyEscaping(onRow) { onRow in
            self.onRow = onRow
            defer { self.onRow = nil }
            return feed(text, from: start, passed: passed)
        }
    }

    /// How much text goes by between calls of `passed`.
    private static let passedStep = 4 << 20

    private func feed(_ text: UnsafeBufferPointer<UInt8>, from start: Int,
                      passed: (Int) -> Void) -> Result<Void, CSVParseFailure> {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let fieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { data, length, ctx in
            let row = Unmanaged<CSVParser>.fromOpaque(ctx!).takeUnretainedValue().row
            if length > 0, let data {
                row.pointee.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
            }
            row.pointee.ends.append(row.pointee.bytes.count)
        }
        let rowCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, ctx in
            let me = Unmanaged<CSVParser>.fromOpaque(ctx!).takeUnretainedValue()
            me.emitRow()
        }
        let n = text.count
        var i = start
        var line = 1
        var nextPassed = start + Self.passedStep
        // Line numbers of the lines before `start` (a byte-order mark has none).
        guard let base = text.baseAddress else { return .success(()) }
        while i < n && !stopped {
            // Feed through the next LF (memchr is the fast path over a line).
            let rest = n - i
            let found = memchr(base + i, 0x0A, rest)
            let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) + 1 } ?? n
            if parser.pstate == 0 { // ROW_NOT_BEGUN: this line starts a row
                rowLine = line
                rowOffset = i
            }
            let fed = csv_parse(&parser, base + i, end - i, fieldCallback, rowCallback, context)
            if fed != end - i {
                switch Int32(csv_error(&parser)) {
                case CSV_EPARSE: return .failure(.strayQuote(offset: i + fed))
                default: return .failure(.outOfMemory)
                }
            }
            if found != nil { line += 1 }
            i = end
            if i >= nextPassed {
                passed(i)
                nextPassed = i + Self.passedStep
            }
        }
        if stopped { return .success(()) }
        if csv_fini(&parser, fieldCallback, rowCallback, context) != 0 {
            return .failure(.unterminatedQuote(rowOffset: rowOffset, rowLine: rowLine))
        }
        return .success(())
    }

    private func emitRow() {
        defer {
            row.pointee.bytes.removeAll(keepingCapacity: true)
            row.pointee.ends.removeAll(keepingCapacity: true)
        }
        guard !stopped, let onRow else { return }
        let keepGoing = row.pointee.bytes.withUnsafeBufferPointer { bytes in
            row.pointee.ends.withUnsafeBufferPointer { ends in
                onRow(CSVRow(storage: bytes, ends: ends, line: rowLine, offset: rowOffset))
            }
        }
        if !keepGoing { stopped = true }
    }
}
