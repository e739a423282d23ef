import BoardModel
import BoardIO

/// Reads boardkit's canonical JSON (`"format": "boardkit/1"`) with a byte-level parser of
/// its own (Foundation's JSON decoders are several times slower on Linux).
///
/// Problems are diagnostics with `file:line:col` and a JSON path, never a crash: syntax
/// errors stop the read, wrong types and bad dates are all listed (up to 100), unknown keys
/// are kept in `extras` and reported once per name. The returned `JSONSourceMap` lets the
/// validator point at `file:line:col (cards[12].due)` too.
public struct BoardJSONReader: SniffingReader {
    public init() {}

    public func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult {
        switch MappedText.load(path: input.path) {
        case .failure(let e):
            return .failed([Diagnostic(BoardIOMessage.cannotReadFile(errno: e.errno),
                                       at: SourceLocation(file: input.displayName))],
                           file: input.displayName)
        case .success(let text):
            return decode(text, file: input.displayName, options: options)
        }
    }

    /// Reads a board held in memory (the server, tests); `file` names it in diagnostics.
    public func read(bytes: some Collection<UInt8>, file: String = "-",
                     options: ReaderOptions = ReaderOptions()) -> ReadResult {
        decode(MappedText(copying: bytes), file: file, options: options)
    }

    private func decode(_ text: MappedText, file: String, options: ReaderOptions) -> ReadResult {
        var decoder = BoardDecoder(text: text, file: file, options: options)
        return decoder.decode()
    }

    /// True when the file names its format `boardkit/…`, or (a file written by hand or
    /// another program, with no `format` key near the top) when it is a JSON object whose
    /// head holds both `"states"` and `"cards"` keys. Foreign JSON formats sniff first.
    public func recognizes(head: [UInt8]) -> Bool {
        var i = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[i]) { i += 1 }
        guard i < head.count, head[i] == UInt8(ascii: "{") else { return false }
        if let value = Self.value(ofKey: "format", in: head) {
            return value.starts(with: Array("\"boardkit/".utf8))
        }
        return Self.value(ofKey: "states", in: head) != nil && Self.value(ofKey: "cards", in: head) != nil
    }

    /// The bytes after `"key"` and its colon, for the first occurrence in `head`.
    private static func value(ofKey key: String, in head: [UInt8]) -> ArraySlice<UInt8>? {
        let needle = Array("\"\(key)\"".utf8)
        guard head.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= head.count {
            if head[i] == needle[0], head[i..<(i + needle.count)].elementsEqual(needle) {
                var j = i + needle.count
                while j < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[j]) { j += 1 }
                if j < head.count, head[j] == UInt8(ascii: ":") {
                    j += 1
                    while j < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[j]) { j += 1 }
                    return head[j...]
                }
            }
            i += 1
        }
        return nil
    }
}
