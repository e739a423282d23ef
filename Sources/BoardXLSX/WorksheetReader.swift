import Foundation
import BoardModel
import BoardTabular
import BoardIO

/// Streams one worksheet's rows as typed cells, straight from the inflated XML bytes.
///
/// Handles what real writers produce: `r` attributes on rows and cells or neither (then each
/// follows the previous one), blank cells left out, shared strings (`t="s"`), inline strings
/// with rich-text runs (`t="inlineStr"`), booleans, errors, formulas with cached values
/// (`t="str"` or a number), ISO dates (`t="d"`), and date serials recognised by the cell's
/// style in the workbook's date system. Rows arrive in file order; each row's cells are
/// indexed by column, missing ones `.empty`.
struct WorksheetReader {
    let zip: ZipPackage
    let part: String
    let sheet: String
    let strings: SharedStrings
    let styles: CellStyles
    let dateSystem: ExcelDateSystem
    let file: String

    /// Reads the sheet; `row(index, cells)` gets each row (0-based sheet row). Problems go to
    /// `tally`; a broken or cut-short sheet is an error there and stops the read.
    func read(tally: DiagnosticLimiter, row: (Int, [TabularCell]) -> Void) {
        var scanner = Scanner(reader: self)
        var buffer: [UInt8] = []
        do {
            var tooLarge = false
            let found = try zip.stream(part) { chunk in
                if scanner.finished || tooLarge { return }
                buffer.append(contentsOf: chunk)
                let used = buffer.withUnsafeBufferPointer { scanner.scan($0, tally: tally, row: row) }
                buffer.removeSubrange(0..<used)
                // What is left is one unfinished row: a zip of a few KB can inflate to one row
                // of gigabytes, held here whole. Past the limit, stop instead.
                if buffer.count > ReadLimits.row {
                    tooLarge = true
                    buffer = []
                    tally.add(Diagnostic(XLSXMessage.rowTooLarge(sheet: sheet, limit: ReadLimits.row),
                        at: SourceLocation(file: file, cell: CellReference.sheetPrefix(sheet) + "A\(scanner.lastRow + 2)")))
                }
            }
            if tooLarge { return }
            if !found {
                tally.add(Diagnostic(XLSXMessage.sheetPartMissing(sheet: sheet, part: part),
                                     at: SourceLocation(file: file, cell: CellReference.sheetPrefix(sheet) + "A1")))
                return
            }
        } catch {
            tally.add(Diagnostic(XLSXMessage.sheetDamaged(sheet: sheet, part: part),
                                 at: SourceLocation(file: file, cell: scanner.lastCell(sheet))))
            return
        }
        if !scanner.finished {
            tally.add(Diagnostic(XLSXMessage.sheetCutShort(sheet: sheet, sawSheetData: scanner.sawSheetData),
                at: SourceLocation(file: file, cell: scanner.lastCell(sheet))))
        }
    }

    /// The byte-level state machine over the sheet XML.
    struct Scanner {
        let reader: WorksheetReader
        var sawSheetData = false
        var finished = false
        var lastRow = -1
        var cells: [TabularCell] = []

        init(reader: WorksheetReader) { self.reader = reader }

        func lastCell(_ sheet: String) -> String {
            CellReference.sheetPrefix(sheet) + "A\(max(lastRow + 2, 1))"
        }

        /// Scans complete rows; returns how many bytes are done with (the rest waits for
        /// more data).
        mutating func scan(_ b: UnsafeBufferPointer<UInt8>, tally: DiagnosticLimiter,
                           row: (Int, [TabularCell]) -> Void) -> Int {
            var i = 0
            let end = b.count
            while !finished {
                guard let tag = XMLBytes.nextTag(b, from: i, end: end) else { return i }
                if !sawSheetData {
                    i = tag.end
                    if !tag.isClosing, XMLBytes.isNamed(tag, "sheetData", b) {
                        sawSheetData = true
                        if tag.isSelfClosing { finished = true }
                    }
                    continue
                }
                if tag.isClosing {
                    i = tag.end
                    if XMLBytes.isNamed(tag, "sheetData", b) { finished = true }
                    continue
                }
                guard XMLBytes.isNamed(tag, "row", b) else { i = tag.end; continue }
                var index = lastRow + 1
                if let r = XMLBytes.attribute(tag, "r", b), let n = Self.integer(b, r), n >= 1 {
                    // A row past a sheet's last (the fuzzer's r="021527777811") is no sheet
                    // Excel or boardkit writes, and its number would not fit where rows are kept.
                    guard n <= WorkbookSchema.maxRows else {
                        tally.add(Diagnostic(XLSXMessage.rowPastLast(sheet: reader.sheet, row: n, last: WorkbookSchema.maxRows),
                            at: SourceLocation(file: reader.file, cell: lastCell(reader.sheet))))
                        finished = true
                        return end
                    }
                    index = n - 1
                }
                if tag.isSelfClosing {
                    lastRow = index
                    i = tag.end
                    continue
                }
                guard let next = parseRow(b, from: tag.end, row: index, tally: tally) else { return tag.start }
                lastRow = index
                row(index, cells)
                i = next
            }
            return end
        }

        /// Parses the cells of a row up to `</row>`; nil when the buffer ends first. Only
        /// a complete row changes anything a caller sees.
        private mutating func parseRow(_ b: UnsafeBufferPointer<UInt8>, from start: Int, row: Int,
                                       tally: DiagnosticLimiter) -> Int? {
            cells.removeAll(keepingCapacity: true)
            var pending: [Diagnostic] = []
            var i = start
            var column = -1
            let end = b.count
            while true {
                guard let tag = XMLBytes.nextTag(b, from: i, end: end) else { return nil }
                i = tag.end
                if tag.isClosing {
                    if XMLBytes.isNamed(tag, "row", b) { break }
                    continue
                }
                guard XMLBytes.isNamed(tag, "c", b) else { continue }
                column += 1
                if let r = XMLBytes.attribute(tag, "r", b),
                   let ref = CellReference.parse(b, from: r.lowerBound, to: r.upperBound) {
                    column = ref.column
                }
                if tag.isSelfClosing { continue }
                let type = XMLBytes.attribute(tag, "t", b)
                var style = 0
                if let s = XMLBytes.attribute(tag, "s", b) { style = Self.integer(b, s) ?? 0 }
                // The cell's content: <v>, <is>, <f> (skipped: the cached <v> is the value).
                var value: Range<Int>?
                var inline: [UInt8]?
                var depthF = false, phonetic = 0, textStart = -1
                while true {
                    guard let t = XMLBytes.nextTag(b, from: i, end: end) else { return nil }
                    i = t.end
                    if XMLBytes.isNamed(t, "c", b), t.isClosing { break }
                    if XMLBytes.isNamed(t, "f", b) { if !t.isSelfClosing { depthF = !t.isClosing }; continue }
                    if depthF { continue }
                    if XMLBytes.isNamed(t, "v", b) {
                        if t.isSelfClosing { continue }
                        if !t.isClosing { textStart = t.end } else if textStart >= 0 { value = textStart..<t.start; textStart = -1 }
                    } else if XMLBytes.isNamed(t, "is", b) {
                        if !t.isClosing && !t.isSelfClosing && inline == nil { inline = [] }
                    } else if XMLBytes.isNamed(t, "rPh", b) {
                        if !t.isSelfClosing { phonetic += t.isClosing ? -1 : 1 }
                    } else if XMLBytes.isNamed(t, "t", b), inline != nil, phonetic == 0, !t.isSelfClosing {
                        if !t.isClosing { textStart = t.end }
                        else if textStart >= 0 {
                            XMLBytes.appendText(b, textStart..<t.start, spreadsheet: true, to: &inline!)
                            textStart = -1
                        }
                    }
                }
                guard column >= 0, column < 16_384 else { continue }
                let cell = decode(b, type: type, style: style, value: value, inline: inline, row: row,
                                  column: column, pending: &pending)
                if case .empty = cell { continue }
                while cells.count < column { cells.append(.empty) }
                if column < cells.count { cells[column] = cell } else { cells.append(cell) }
            }
            for d in pending { tally.add(d) }
            return i
        }

        private func decode(_ b: UnsafeBufferPointer<UInt8>, type: Range<Int>?, style: Int, value: Range<Int>?,
                            inline: [UInt8]?, row: Int, column: Int, pending: inout [Diagnostic]) -> TabularCell {
            func at() -> SourceLocation {
                SourceLocation(file: reader.file, cell: CellReference.cell(sheet: reader.sheet, row: row, column: column))
            }
            let t: UInt8 = type.map { $0.isEmpty ? 0 : b[$0.lowerBound] } ?? UInt8(ascii: "n")
            let typeLength = type?.count ?? 1
            if let inline { return .text(String(decoding: inline, as: UTF8.self)) }
            guard let value else { return .empty }
            switch (t, typeLength) {
            case (UInt8(ascii: "s"), 1):
                guard let n = Self.integer(b, value), let s = reader.strings[n] else {
                    pending.append(Diagnostic(XLSXMessage.noSuchSharedString(String(decoding: UnsafeBufferPointer(rebasing: b[value]), as: UTF8.self)),
                                              at: at()))
                    return .empty
                }
                return .text(s)
            case (UInt8(ascii: "s"), _), (UInt8(ascii: "i"), _):   // str (formula text), inlineStr with a <v>
                return .text(XMLBytes.text(b, value, spreadsheet: true))
            case (UInt8(ascii: "b"), _):
                return .bool(value.count == 1 && b[value.lowerBound] == UInt8(ascii: "1")
                             || XMLBytes.text(b, value, spreadsheet: false) == "true")
            case (UInt8(ascii: "e"), _):
                return .text(XMLBytes.text(b, value, spreadsheet: false))
            case (UInt8(ascii: "d"), _):
                let text = XMLBytes.text(b, value, spreadsheet: false)
                switch ISO8601.parse(Array(text.utf8)) {
                case .date(let d)?: return .date(d)
                case .instant(let i)?: return .instant(i)
                case .local(let l)?: return l.hour == 0 && l.minute == 0 && l.second == 0 && l.millisecond == 0 ? .date(l.date) : .dateTime(l)
                case nil: return .text(text)
                }
            default:
                guard let d = Self.number(b, value) else {
                    let text = XMLBytes.text(b, value, spreadsheet: false)
                    return text.isEmpty ? .empty : .text(text)
                }
                guard reader.styles.showsDate(style: style) else { return .number(d) }
                guard let local = reader.dateSystem.reading(d) else {
                    pending.append(Diagnostic(XLSXMessage.dateCellOutOfRange(number: TabularCell.numberText(d)), at: at()))
                    return .number(d)
                }
                if local.hour == 0, local.minute == 0, local.second == 0, local.millisecond == 0 { return .date(local.date) }
                return .dateTime(local)
            }
        }

        /// A non-negative decimal integer.
        static func integer(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int? {
            guard !r.isEmpty, r.count < 19 else { return nil }
            var v = 0
            for i in r {
                let d = b[i] &- 48
                guard d < 10 else { return nil }
                v = v * 10 + Int(d)
            }
            return v
        }

        private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

        /// A number as Excel writes it (`46000`, `-3.25`, `1.5E-3`). Exact fast path when the
        /// digits make an integer of at most 2^53 and at most 22 decimals (both exact doubles,
        /// so one division rounds correctly): that covers the 16-digit date-time serials
        /// libxlsxwriter writes. Anything else goes through the standard library's parser.
        static func number(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Double? {
            var i = r.lowerBound
            var end = r.upperBound
            while i < end, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
            while end > i, b[end - 1] == 0x20 || b[end - 1] == 0x09 { end -= 1 }
            guard i < end else { return nil }
            let trimmed = i..<end
            var negative = false
            if b[i] == UInt8(ascii: "-") { negative = true; i += 1 }
            var mantissa: UInt64 = 0
            var digits = 0, fraction = 0
            var seenDot = false
            let start = i
            while i < end {
                let c = b[i]
                if c &- 48 < 10 {
                    if digits < 18 { mantissa = mantissa * 10 + UInt64(c - 48); if mantissa > 0 { digits += 1 }; if seenDot { fraction += 1 } }
                    else { return slow(b, trimmed) }
                } else if c == UInt8(ascii: "."), !seenDot {
                    seenDot = true
                } else {
                    return slow(b, trimmed)
                }
                i += 1
            }
            guard i > start else { return nil }
            guard mantissa <= 1 << 53, fraction <= 22 else { return slow(b, trimmed) }
            let v = Double(mantissa) / powers[fraction]
            return negative ? -v : v
        }

        private static func slow(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Double? {
            guard let d = Double(String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)), d.isFinite else { return nil }
            return d
        }
    }
}
