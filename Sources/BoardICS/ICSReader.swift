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

    /// Reads the file where it is mapped, handing the pages back to the kernel as the lines
    /// are passed (`MappedText.release`): diagnostics name lines, never look back at the
    /// bytes, so the file does not sit in memory beside the board.
    public func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult {
        switch MappedText.load(path: input.path) {
        case .success(let text):
            return read(text.bytes, name: input.displayName, options: options) { text.release(upTo: $0) }
        case .failure(let error):
            return .failed([Diagnostic(BoardIOMessage.cannotReadFile(errno: error.errno),
                                       at: SourceLocation(file: input.displayName))], file: input.displayName)
        }
    }

    /// Room for the cards of a file of `bytes`: an item takes more than 128 bytes (room left
    /// unused is never touched, so it costs address space, not memory).
    private static func expectedItems(_ bytes: Int) -> Int { min(bytes / 128, 1 << 22) }

    /// Reads a calendar held in memory; `name` is what diagnostics call it.
    public func read(bytes: [UInt8], name: String, options: ReaderOptions = ReaderOptions()) -> ReadResult {
        bytes.withUnsafeBufferPointer { read($0, name: name, options: options) { _ in } }
    }

    /// Reads the calendar in `bytes`, calling `passed` with how far the scan has got from
    /// time to time. With `streaming`, each item becomes a card as soon as it is read, so the
    /// items are never all held beside the cards; when the calendar changes what the cards
    /// depend on after its first item (`ICSCardContext`), the file is read again without.
    private func read(_ bytes: UnsafeBufferPointer<UInt8>, name: String, options: ReaderOptions,
                      streaming: Bool = true, passed: (Int) -> Void) -> ReadResult {
        var parser = ICSDocumentParser(file: name, invalidItems: options.invalidItems)
        var blankLineFolds = ICSLineScanner.BlankLineFolds()
        // A calendar with changed occurrences needs every item before the first card.
        var streamed: ICSBoardBuilder?
        var stream = streaming
        let stop: ICSLineScanner.Stop?
        do throws(ICSLineScanner.Stop) {
            var going = true
            try ICSLineScanner.scan(bytes, blankLineFolds: &blankLineFolds, passed: passed) { line, number in
                if going { going = parser.take(line, line: number) }
                guard stream, !parser.items.isEmpty else { return }
                if streamed == nil {
                    guard !parser.hasChangedOccurrences else { stream = false; return }
                    streamed = ICSBoardBuilder(calendar: parser, options: options,
                                               expectedItems: Self.expectedItems(bytes.count))
                }
                parser.items.drain { streamed!.add($0) }
            }
            stop = nil
        } catch {
            stop = error
        }
        switch stop {
        case .binary(let line)?:
            parser.sink.add(.notText, line: line)
            return .failed(parser.sink.finish(), file: name)
        case .tooLong(let line)?:
            parser.sink.add(.lineTooLong(limit: ICSLineScanner.maxLineLength), line: line)
            return .failed(parser.sink.finish(), file: name)
        case nil:
            break
        }
        if blankLineFolds.count > 0, parser.started {
            let n = blankLineFolds.count
            parser.sink.add(.blankLinesInFolds(n), line: blankLineFolds.firstLine, severity: .warning)
        }
        parser.finish()
        guard parser.started else { return .failed(parser.sink.finish(), file: name) }
        if let streamed, streamed.context != parser.cardContext {
            return read(bytes, name: name, options: options, streaming: false, passed: passed)
        }
        var builder = streamed ?? ICSBoardBuilder(calendar: parser, options: options, expectedItems: parser.items.count)
        if parser.hasChangedOccurrences { builder.noteOccurrences(of: parser.items) }
        parser.items.drain { builder.add($0) }
        let built = builder.finish(&parser)
        return ReadResult(board: built.board, diagnostics: built.diagnostics,
                          sourceMap: ICSSourceMap(file: name, cardLines: built.cardLines))
    }
}
