import Foundation

/// Which cell styles show numbers as dates, from `xl/styles.xml`: a cell's `s` attribute
/// indexes `<cellXfs>`, whose `numFmtId` is a built-in format (14–22, 27–36, 45–47, 50–58 are
/// dates and times) or a custom `<numFmt>` whose code has date or time tokens.
struct CellStyles {
    /// Per `cellXfs` index: true when the style shows a date or time.
    private(set) var isDate: [Bool] = []

    static let none = CellStyles()

    init() {}

    init(_ bytes: [UInt8]) {
        var custom: [Int: Bool] = [:]
        var inCellXfs = false
        var flags: [Bool] = []
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while let tag = XMLBytes.nextTag(b, from: i, end: b.count) {
                i = tag.end
                if XMLBytes.isNamed(tag, "cellXfs", b) {
                    inCellXfs = !tag.isClosing && !tag.isSelfClosing
                } else if !tag.isClosing, XMLBytes.isNamed(tag, "numFmt", b) {
                    if let id = XMLBytes.attributeText(tag, "numFmtId", b).flatMap({ Int($0) }),
                       let code = XMLBytes.attributeText(tag, "formatCode", b) {
                        custom[id] = CellStyles.isDateFormat(code)
                    }
                } else if inCellXfs, !tag.isClosing, XMLBytes.isNamed(tag, "xf", b) {
                    let id = XMLBytes.attributeText(tag, "numFmtId", b).flatMap { Int($0) } ?? 0
                    flags.append(custom[id] ?? CellStyles.isBuiltInDate(id))
                }
            }
        }
        isDate = flags
    }

    func showsDate(style: Int) -> Bool {
        style >= 0 && style < isDate.count && isDate[style]
    }

    static func isBuiltInDate(_ id: Int) -> Bool {
        (14...22).contains(id) || (27...36).contains(id) || (45...47).contains(id) || (50...58).contains(id)
    }

    /// True when a format code shows a date or time: after dropping quoted text, escaped
    /// characters and `[…]` sections (colours, locales; `[h]` elapsed hours are durations,
    /// not dates) and `AM/PM`, a `y`, `m`, `d`, `h` or `s` is left. Only the first section
    /// (before `;`) counts.
    static func isDateFormat(_ code: String) -> Bool {
        var s = Array(code.lowercased().unicodeScalars)
        if let semi = s.firstIndex(of: ";") { s = Array(s[..<semi]) }
        var kept: [Unicode.Scalar] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "\"" {
                i += 1
                while i < s.count, s[i] != "\"" { i += 1 }
                i += 1
            } else if c == "\\" || c == "_" || c == "*" {
                i += 2
            } else if c == "[" {
                i += 1
                while i < s.count, s[i] != "]" { i += 1 }
                i += 1
            } else {
                kept.append(c)
                i += 1
            }
        }
        var text = String(String.UnicodeScalarView(kept))
        text = text.replacingOccurrences(of: "am/pm", with: "").replacingOccurrences(of: "a/p", with: "")
        if text == "general" { return false }
        return text.unicodeScalars.contains { "ymdhs".unicodeScalars.contains($0) }
    }
}
