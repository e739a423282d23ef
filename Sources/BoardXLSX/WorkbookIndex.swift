/// What `xl/workbook.xml` and its relationships say: the sheets in order, where each one's
/// XML is, and which date system the serials use.
struct WorkbookIndex {
    struct Sheet: Equatable {
        var name: String
        /// The part in the package (`xl/worksheets/sheet1.xml`); nil when the relationship is
        /// missing.
        var part: String?
        var hidden: Bool
        var kind: Kind

        /// What a sheet holds, from its relationship's type: a chartsheet (a chart filling a
        /// sheet, as openpyxl's bug137.xlsx opens with) has no rows to read.
        enum Kind: Equatable {
            case worksheet
            case chart
            /// A dialog or macro sheet (Excel 5), also without rows of cells.
            case other
        }
    }

    /// The sheet a workbook's cards are read from when `--sheet` names none: the first
    /// visible worksheet, as openpyxl's `active` and Excel's opening skip chartsheets. (A
    /// workbook without sheets is refused before: `WorkbookSource`.)
    var firstWorksheet: Sheet {
        sheets.first { !$0.hidden && $0.kind == .worksheet } ?? sheets.first { $0.kind == .worksheet }
            ?? sheets.first { !$0.hidden } ?? sheets[0]
    }

    var sheets: [Sheet]
    var dateSystem: ExcelDateSystem
    /// Parts the workbook's relationships name (lower-cased type suffix → part).
    var sharedStringsPart: String?
    var stylesPart: String?

    /// The sheet called `name`: exact match first, then ignoring case.
    func sheet(named name: String) -> Sheet? {
        sheets.first { $0.name == name } ?? sheets.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Finds the workbook part through `_rels/.rels` (falling back to `xl/workbook.xml`) and
    /// reads it. Nil when the package has no workbook; throws `XMLFailure` when it is broken.
    static func read(_ zip: ZipPackage) throws -> WorkbookIndex? {
        var workbookPart = "xl/workbook.xml"
        if let rels = try zip.bytes("_rels/.rels") {
            for r in relationships(rels) where r.type.hasSuffix("/officeDocument") {
                workbookPart = ZipPackage.resolve(r.target, relativeTo: "")
            }
        }
        guard let workbook = try zip.bytes(workbookPart) else { return nil }
        let folder = workbookPart.split(separator: "/").dropLast().joined(separator: "/")
        let relsPart = (folder.isEmpty ? "" : folder + "/") + "_rels/" + (workbookPart.split(separator: "/").last.map(String.init) ?? "") + ".rels"
        var targets: [String: String] = [:]
        var kinds: [String: Sheet.Kind] = [:]
        var index = WorkbookIndex(sheets: [], dateSystem: .from1900)
        if let rels = try zip.bytes(relsPart) {
            for r in relationships(rels) {
                let part = ZipPackage.resolve(r.target, relativeTo: folder)
                targets[r.id] = part
                kinds[r.id] = r.type.hasSuffix("/chartsheet") ? .chart
                    : r.type.hasSuffix("/dialogsheet") || r.type.hasSuffix("/macrosheet") ? .other : .worksheet
                if r.type.hasSuffix("/sharedStrings") { index.sharedStringsPart = part }
                if r.type.hasSuffix("/styles") { index.stylesPart = part }
            }
        }
        var sawWorkbook = false
        try workbook.withUnsafeBufferPointer { b throws(XMLFailure) in
            var i = 0
            while let tag = XMLBytes.nextTag(b, from: i, end: b.count) {
                i = tag.end
                if tag.isClosing { continue }
                if XMLBytes.isNamed(tag, "workbook", b) { sawWorkbook = true }
                if XMLBytes.isNamed(tag, "workbookPr", b) {
                    let v = XMLBytes.attributeText(tag, "date1904", b)
                    if v == "1" || v == "true" { index.dateSystem = .from1904 }
                } else if XMLBytes.isNamed(tag, "sheet", b) {
                    let name = XMLBytes.attributeText(tag, "name", b) ?? "Sheet\(index.sheets.count + 1)"
                    let rid = XMLBytes.attributeText(tag, "id", b, prefixed: true)
                    let state = XMLBytes.attributeText(tag, "state", b)
                    index.sheets.append(Sheet(name: name, part: rid.flatMap { targets[$0] },
                                              hidden: state == "hidden" || state == "veryHidden",
                                              kind: rid.flatMap { kinds[$0] } ?? .worksheet))
                }
            }
            if !sawWorkbook { throw XMLFailure(part: workbookPart, problem: .noWorkbookElement) }
        }
        // Conventional names when relationships are missing (some hand-made files).
        if index.sharedStringsPart == nil, zip.contains("xl/sharedStrings.xml") { index.sharedStringsPart = "xl/sharedStrings.xml" }
        if index.stylesPart == nil, zip.contains("xl/styles.xml") { index.stylesPart = "xl/styles.xml" }
        return index
    }

    struct Relationship { var id: String; var type: String; var target: String }

    static func relationships(_ bytes: [UInt8]) -> [Relationship] {
        bytes.withUnsafeBufferPointer { b in
            var out: [Relationship] = []
            var i = 0
            while let tag = XMLBytes.nextTag(b, from: i, end: b.count) {
                i = tag.end
                guard !tag.isClosing, XMLBytes.isNamed(tag, "Relationship", b),
                      XMLBytes.attributeText(tag, "TargetMode", b) != "External",
                      let id = XMLBytes.attributeText(tag, "Id", b),
                      let target = XMLBytes.attributeText(tag, "Target", b) else { continue }
                out.append(Relationship(id: id, type: XMLBytes.attributeText(tag, "Type", b) ?? "", target: target))
            }
            return out
        }
    }
}

/// A part that is not the XML it should be.
struct XMLFailure: Error {
    var part: String
    var problem: XLSXMessage.XMLProblem
}
