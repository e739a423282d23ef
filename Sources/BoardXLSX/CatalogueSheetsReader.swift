import Foundation
import BoardModel
import BoardTabular
import BoardIO

/// Reads the Board and States sheets of boardkit's workbook into a `BoardCatalogue`.
struct CatalogueSheetsReader {
    let source: WorkbookSource
    let overflow: OverflowTexts

    /// True when the Board sheet says `format = boardkit/1`.
    static func isBoardkit(_ rows: [(row: Int, cells: [TabularCell])]) -> Bool {
        rows.contains { r in
            r.cells.count >= 2 && r.cells[0].text == WorkbookSchema.BoardKey.format
                && r.cells[1].text == WorkbookSchema.formatMarker
        }
    }

    func board(_ rows: [(row: Int, cells: [TabularCell])], into c: inout BoardCatalogue) {
        typealias K = WorkbookSchema.BoardKey
        for (row, original) in rows.dropFirst() {
            var cells = original
            if let e = overflow.entries(sheet: WorkbookSchema.board, key: "row:\(row + 1)") {
                OverflowTexts.restore(e, headers: ["key", "value"], into: &cells)
            }
            guard let key = cells.first?.text, !key.isEmpty else { continue }
            let value = cells.count > 1 ? cells[1].text : ""
            switch key {
            case K.format, K.exported: break
            case K.id: c.id = value
            case K.name: c.name = value
            case K.timeZone: c.timeZone = value
            default:
                if key.hasPrefix(K.metadataPrefix) { c.metadata[String(key.dropFirst(K.metadataPrefix.count))] = value }
                else if key.hasPrefix(K.extrasPrefix) { c.extras[String(key.dropFirst(K.extrasPrefix.count))] = value }
                else { c.metadata[key] = value }   // a row a person added: kept as metadata
            }
        }
    }

    func states(_ rows: [(row: Int, cells: [TabularCell])], tally: DiagnosticLimiter) -> [BoardState] {
        let sheet = WorkbookSchema.states
        guard let header = rows.first?.cells.map(\.text) else { return [] }
        func column(_ name: String) -> Int? { header.firstIndex { $0.lowercased() == name } }
        let idCol = column("id"), nameCol = column("name"), categoryCol = column("category"),
            wipCol = column("wip limit"), extrasCol = column(ExactColumn.extras.header)
        var out: [BoardState] = []
        for (row, original) in rows.dropFirst() {
            var cells = original
            if let e = overflow.entries(sheet: sheet, key: "row:\(row + 1)") { OverflowTexts.restore(e, headers: header, into: &cells) }
            func at(_ k: Int?) -> TabularCell { k.map { $0 < cells.count ? cells[$0] : .empty } ?? .empty }
            let name = at(nameCol).text
            var id = at(idCol).text
            if id.isEmpty && name.isEmpty { continue }
            if id.isEmpty { id = name }
            let categoryText = at(categoryCol).text
            var category = StateCategory(rawValue: categoryText.lowercased())
            if category == nil {
                let guess = StateCategoryWords.guess(categoryText.isEmpty ? name : categoryText)
                tally.add(Diagnostic(XLSXMessage.badStateCategory(state: id, category: categoryText, readAs: guess),
                    at: source.location(sheet, row: row, column: categoryCol ?? 0)))
                category = guess
            }
            var wip: Int?
            switch at(wipCol) {
            case .empty: break
            case .number(let d) where d >= 0 && d == d.rounded() && d < 1e9: wip = Int(d)
            case let other:
                if let n = Int(other.text.trimmingCharacters(in: .whitespaces)), n >= 0 { wip = n }
                else {
                    tally.add(Diagnostic(XLSXMessage.badStateWIPLimit(state: id, text: other.text),
                                         at: source.location(sheet, row: row, column: wipCol ?? 0)))
                }
            }
            var extras: [String: String] = [:]
            let extrasText = at(extrasCol).text
            if !extrasText.isEmpty {
                if let e = ExtrasText.decode(extrasText) { extras = e }
                else {
                    tally.add(Diagnostic(XLSXMessage.badStateExtras(state: id),
                                         at: source.location(sheet, row: row, column: extrasCol ?? 0)))
                }
            }
            out.append(BoardState(id: id, name: name.isEmpty ? id : name, category: category ?? .todo, wipLimit: wip, extras: extras))
        }
        return out
    }
}
