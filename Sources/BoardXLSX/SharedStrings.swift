/// `xl/sharedStrings.xml`: the texts cells of type `s` point at by index. Each `<si>` is one
/// `<t>` or rich-text runs `<r><rPr>…</rPr><t>…</t></r>` whose texts are joined; phonetic
/// guides (`<rPh>`, Japanese furigana) are not part of the text.
struct SharedStrings {
    private(set) var strings: [String] = []

    init() {}

    init(_ bytes: [UInt8], part: String) throws(XMLFailure) {
        var strings: [String] = []
        let ok = bytes.withUnsafeBufferPointer { b -> Bool in
            var i = 0
            var inItem = false
            var phonetic = 0
            var textStart = -1
            var current: [UInt8] = []
            while let tag = XMLBytes.nextTag(b, from: i, end: b.count) {
                i = tag.end
                if XMLBytes.isNamed(tag, "si", b) {
                    if tag.isSelfClosing { strings.append("") }
                    else if tag.isClosing {
                        strings.append(String(decoding: current, as: UTF8.self))
                        inItem = false
                    } else {
                        inItem = true
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
            return !inItem
        }
        guard ok else { throw XMLFailure(part: part, message: "ends inside a string item") }
        self.strings = strings
    }

    subscript(index: Int) -> String? {
        index >= 0 && index < strings.count ? strings[index] : nil
    }
}
