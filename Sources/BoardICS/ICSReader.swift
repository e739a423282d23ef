#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel
import BoardIO

/// Reads iCalendar (RFC 5545): boardkit's own feeds back to the same cards, and other
/// tools' calendars. Every VEVENT and VTODO becomes a card: SUMMARY the title, DESCRIPTION
/// the body, the event's start or the to-do's DUE the due date (a DATE stays a date), STATUS
/// the state, CATEGORIES the labels, URL the link, every other property a custom field.
/// Times in a TZID are read through the file's VTIMEZONE or the IANA zone of that name;
/// floating times in `ReaderOptions.timeZone` or the calendar's zone.
public struct ICSReader: SniffingReader {
    public init() {}

    public func recognizes(head: [UInt8]) -> Bool {
        var i = 0
        if head.count >= 3, head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF { i = 3 }
        while i < head.count, head[i] == 32 || head[i] == 9 || head[i] == 10 || head[i] == 13 { i += 1 }
        let magic = Array("BEGIN:VCALENDAR".utf8)
        guard head.count - i >= magic.count else { return false }
        for k in 0..<magic.count {
            var c = head[i + k]
            if c >= 97 && c <= 122 { c -= 32 }
            if c != magic[k] { return false }
        }
        return true
    }

    public func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult {
        switch Self.contents(of: input.path) {
        case .success(let bytes): return read(bytes: bytes, name: input.displayName, options: options)
        case .failure(let error):
            return .failed([Diagnostic(.ioError, "cannot read the file: \(String(cString: strerror(error.number)))",
                                       at: SourceLocation(file: input.displayName))], file: input.displayName)
        }
    }

    /// Reads a calendar held in memory; `name` is what diagnostics call it.
    public func read(bytes: [UInt8], name: String, options: ReaderOptions = ReaderOptions()) -> ReadResult {
        var parser = ICSDocumentParser(file: name, invalidItems: options.invalidItems)
        var blankLineFolds = ICSLineScanner.BlankLineFolds()
        let stop: ICSLineScanner.Stop? = bytes.withUnsafeBufferPointer { file in
            do throws(ICSLineScanner.Stop) {
                var going = true
                try ICSLineScanner.scan(file, blankLineFolds: &blankLineFolds) { line, number in
                    if going { going = parser.take(line, line: number) }
                }
                return nil
            } catch {
                return error
            }
        }
        switch stop {
        case .binary(let line)?:
            parser.sink.add(.icsNotText, "binary data (a NUL byte or invalid UTF-8): this is not an iCalendar text file", line: line)
            return .failed(parser.sink.finish(), file: name)
        case .tooLong(let line)?:
            parser.sink.add(.icsLineTooLong, "a content line longer than \(ICSLineScanner.maxLineLength) bytes; reading stopped", line: line)
            return .failed(parser.sink.finish(), file: name)
        case nil:
            break
        }
        if blankLineFolds.count > 0, parser.started {
            let n = blankLineFolds.count
            parser.sink.add(.icsMalformedLine,
                            "\(n == 1 ? "a blank line" : "\(n) blank lines (the first here)") inside folded content lines, as old Mozilla Calendar exports write them: the line after starts with a space, so it continues the line before; read as one line, as python icalendar does",
                            line: blankLineFolds.firstLine, severity: .warning)
        }
        parser.finish()
        guard parser.started else { return .failed(parser.sink.finish(), file: name) }
        var builder = ICSBoardBuilder(parsed: parser, options: options)
        let built = builder.build()
        return ReadResult(board: built.board, diagnostics: built.diagnostics,
                          sourceMap: ICSSourceMap(file: name, cardLines: built.cardLines))
    }

    struct SystemError: Error { var number: Int32 }

    /// The whole file (mapped, then copied: the parser keeps its own buffer), or `errno`.
    static func contents(of path: String) -> Result<[UInt8], SystemError> {
        MappedText.load(path: path).map { Array($0.bytes) }.mapError { SystemError(number: $0.errno) }
    }
}
