import BoardXLSX

/// Reads back the XML parts of a workbook libxlsxwriter has just closed.
///
/// libxlsxwriter writes every part through a temporary file in TMPDIR and does not check
/// those writes: with a full temporary folder `workbook_close` still succeeds and the
/// workbook holds parts cut off mid-element (no spreadsheet opens it). A report workbook is
/// small, so reading its parts again is cheap insurance that exit 0 means a workbook that
/// opens. A cut-off part is one that does not end by closing the element it opened first.
enum WrittenWorkbookCheck {
    /// The first part that cannot be read or is cut off, or nil when all are whole.
    static func firstBrokenPart(of path: String) -> String? {
        guard let zip = try? ZipPackage(path: path) else { return "the zip archive itself" }
        var parts = 0
        for name in zip.names where name.hasSuffix(".xml") || name.hasSuffix(".rels") {
            parts += 1
            guard let xml = try? zip.bytes(name), isWhole(xml) else { return name }
        }
        return parts == 0 ? "[Content_Types].xml" : nil
    }

    /// True when the document closes its root element: it ends in `</ROOT>` (or the root
    /// closes itself with `/>`).
    static func isWhole(_ xml: [UInt8]) -> Bool {
        // The root is the first element: a `<` followed by a letter (not `<?xml` or `<!--`).
        guard let open = xml.indices.first(where: { i in
            xml[i] == UInt8(ascii: "<") && i + 1 < xml.count && (xml[i + 1] | 0x20) >= UInt8(ascii: "a") && (xml[i + 1] | 0x20) <= UInt8(ascii: "z")
        }) else { return false }
        let nameEnd = xml[(open + 1)...].firstIndex { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") } ?? xml.count
        let name = Array(xml[(open + 1)..<nameEnd])
        var end = xml.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(xml[end - 1]) { end -= 1 }
        let tail = Array(xml[..<end])
        let closing = Array("</".utf8) + name + [UInt8(ascii: ">")]
        if tail.count >= closing.count, Array(tail[(tail.count - closing.count)...]) == closing { return true }
        // `<root/>`: the only element, closed where it opened.
        return tail.last == UInt8(ascii: ">") && tail.count >= 2 && tail[tail.count - 2] == UInt8(ascii: "/")
            && !tail[(nameEnd)...].contains(UInt8(ascii: "<"))
    }
}
