/// `xl/sharedStrings.xml`: the texts cells of type `s` point at by index. Each `<si>` is one
/// `<t>` or rich-text runs `<r><rPr>…</rPr><t>…</t></r>` whose texts are joined; phonetic
/// guides (`<rPh>`, Japanese furigana) are not part of the text.
///
/// The part is streamed: only the strings and one unfinished `<si>` are held, and an item
/// past `ReadLimits.sharedString` stops the read (`PartTooLarge`).
struct SharedStrings {
    private(set) var strings: [String] = []

    init() {}

    /// Reads the part from the package. Throws `XMLFailure` when it ends inside an item,
    /// `PartTooLarge` for an item past the limit, and the zip's errors for damaged data.
    init(_ zip: ZipPackage, part: String) throws {
        var strings: [String] = []
        var buffer: [UInt8] = []
        // The unfinished item is scanned again when more arrives; waiting until the buffer
        // has doubled keeps that linear however long the item is.
        var scanAt = 0
        _ = try zip.stream(part) { chunk in
            buffer.append(contentsOf: chunk)
            guard buffer.count >= scanAt else { return }
            let used = Self.scan(buffer, into: &strings).used
            buffer.removeSubrange(0..<used)
            if buffer.count > ReadLimits.sharedString {
                throw PartTooLarge(part: part, sharedString: strings.count + 1, limit: ReadLimits.sharedString)
            }
            scanAt = buffer.count * 2
        }
        guard !Self.scan(buffer, into: &strings).open else {
            throw XMLFailure(part: part, problem: .endsInsideStringItem)
        }
        self.strings = strings
    }

    /// Appends the complete items in `bytes`; `used` is where the last one ends (what
    /// follows is an unfinished item or nothing), `open` whether an item was left open.
    private static func scan(_ bytes: [UInt8], into strings: inout [String]) -> (used: Int, open: Bool) {
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            var used = 0
            var inItem = false
            var phonetic = 0
            var textStart = -1
            var current: [UInt8] = []
            while let tag = XMLBytes.nextTag(b, from: i, end: b.count) {
                i = tag.end
                if XMLBytes.isNamed(tag, "si", b) {
                    if tag.isSelfClosing {
                        strings.append("")
                        used = tag.end
                    } else if tag.isClosing {
                        strings.append(String(decoding: current, as: UTF8.self))
                        inItem = false
                        used = tag.end
                    } else {
                        inItem = true
                        phonetic = 0
                        current.removeAll(keepingCapacity: true)
                    }
                } else if XMLBytes.isNamed(tag, "rPh", b) {
                    if !tag.isSelfClosing { phonetic += tag.isClosing ? -1 : 1 }
                } else if inItem, phonetic == 0, XMLBytes.isNamed(tag, "t", b), !tag.isSelfClosing {
                    if tag.isClosing {
                        if textStart >= 0 { XMLBytes.appendText(b, textStart..<tag.start, spreadsheet: true, to: &current) }
                        textStart = -1
                    } else {
                        textStart = tag.end
                    }
                }
            }
            return (used, inItem)
        }
    }

    subscript(index: Int) -> String? {
        index >= 0 && index < strings.count ? strings[index] : nil
    }
}
