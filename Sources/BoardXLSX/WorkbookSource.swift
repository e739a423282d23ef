import Foundation
import BoardModel
import BoardTabular
import BoardIO

/// An opened workbook: its package, index, styles and shared strings, and the sheet reader
/// every sheet goes through.
struct WorkbookSource {
    let zip: ZipPackage
    let index: WorkbookIndex
    let styles: CellStyles
    let strings: SharedStrings
    let file: String

    /// Opens and indexes a workbook, or explains why it is not one.
    static func open(_ input: BoardInput) -> Result<WorkbookSource, Diagnostic> {
        let file = input.displayName
        let at = SourceLocation(file: file)
        let zip: ZipPackage
        do { zip = try ZipPackage(path: input.path) } catch {
            // Excel saves a password-protected workbook as an encrypted OLE compound file.
            if Self.isCompoundFile(input.path) {
                return .failure(Diagnostic(XLSXMessage.encrypted, at: at))
            }
            return .failure(Diagnostic(XLSXMessage.notZip, at: at))
        }
        do {
            guard let index = try WorkbookIndex.read(zip) else {
                return .failure(Diagnostic(XLSXMessage.noWorkbookPart, at: at))
            }
            guard !index.sheets.isEmpty else {
                return .failure(Diagnostic(XLSXMessage.noSheets, at: at))
            }
            let styles = try index.stylesPart.flatMap { try zip.bytes($0) }.map(CellStyles.init) ?? .none
            var strings = SharedStrings()
            if let part = index.sharedStringsPart, zip.contains(part) {
                strings = try SharedStrings(zip, part: part)
            }
            return .success(WorkbookSource(zip: zip, index: index, styles: styles, strings: strings, file: file))
        } catch let failure as XMLFailure {
            return .failure(Diagnostic(XLSXMessage.brokenPart(part: failure.part, problem: failure.problem), at: at))
        } catch let tooLarge as PartTooLarge {
            return .failure(Diagnostic(XLSXMessage.partTooLarge(part: tooLarge.part, sharedString: tooLarge.sharedString, limit: tooLarge.limit), at: at))
        } catch {
            return .failure(Diagnostic(XLSXMessage.damagedZip, at: at))
        }
    }

    /// True when the file starts with the OLE compound-file signature (D0 CF 11 E0 A1 B1 1A E1).
    private static func isCompoundFile(_ path: String) -> Bool {
        guard case .success(let head) = HeldFiles.head(of: path, count: 8) else { return false }
        return head == [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
    }

    /// The same workbook through a handle of its own on the package, for reading a sheet on
    /// another core (a zip handle reads one part at a time). Nil if the file cannot be opened again.
    func reopened() -> WorkbookSource? {
        guard let own = try? zip.reopened() else { return nil }
        return WorkbookSource(zip: own, index: index, styles: styles, strings: strings, file: file)
    }

    func reader(for sheet: WorkbookIndex.Sheet) -> WorksheetReader? {
        guard let part = sheet.part else { return nil }
        return WorksheetReader(zip: zip, part: part, sheet: sheet.name, strings: strings, styles: styles,
                               dateSystem: index.dateSystem, file: file)
    }

    /// Reads a small sheet whole: (sheet row, cells) pairs.
    func table(_ sheet: WorkbookIndex.Sheet, tally: DiagnosticLimiter) -> [(row: Int, cells: [TabularCell])] {
        guard let reader = reader(for: sheet) else {
            tally.add(unlinked(sheet))
            return []
        }
        var rows: [(Int, [TabularCell])] = []
        reader.read(tally: tally) { rows.append(($0, $1)) }
        return rows
    }

    func location(_ sheet: String, row: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, cell: CellReference.cell(sheet: sheet, row: row, column: column))
    }

    /// `--sheet` named a chartsheet (or a dialog or macro sheet): it has no rows.
    func notWorksheet(_ sheet: WorkbookIndex.Sheet) -> Diagnostic {
        Diagnostic(XLSXMessage.notAWorksheet(sheet: sheet.name, chart: sheet.kind == .chart,
                                             worksheets: index.sheets.filter { $0.kind == .worksheet }.map(\.name)),
                   at: SourceLocation(file: file))
    }

    func missing(_ name: String) -> Diagnostic {
        Diagnostic(XLSXMessage.noSuchSheet(name, sheets: index.sheets.map(\.name)), at: SourceLocation(file: file))
    }

    /// A sheet `reader(for:)` has no part for: listed, but no relationship leads to it.
    func unlinked(_ sheet: WorkbookIndex.Sheet) -> Diagnostic {
        Diagnostic(XLSXMessage.sheetNotLinked(sheet: sheet.name), at: SourceLocation(file: file))
    }
}
