import BoardModel
import BoardTabular

/// The hidden Overflow sheet read back: whole texts by (sheet, key, column header). A cell
/// gets its whole text back only while it still shows the beginning the writer put there;
/// a cell a person rewrote keeps the rewrite.
struct OverflowTexts {
    private var texts: [String: [String: [String: String]]] = [:]   // sheet → key → column → text

    var isEmpty: Bool { texts.isEmpty }

    init() {}

    init(rows: [(row: Int, cells: [TabularCell])]) {
        var pieces: [String: [String: [String: [(Int, String)]]]] = [:]
        for (_, cells) in rows.dropFirst() {
            func at(_ k: Int) -> String { k < cells.count ? cells[k].text : "" }
            let sheet = at(0), key = at(1), column = at(2)
            guard !sheet.isEmpty, !key.isEmpty, let part = Int(at(3)) else { continue }
            pieces[sheet, default: [:]][key, default: [:]][column, default: []].append((part, at(4)))
        }
        for (sheet, keys) in pieces {
            for (key, columns) in keys {
                for (column, parts) in columns {
                    texts[sheet, default: [:]][key, default: [:]][column] = parts.sorted { $0.0 < $1.0 }.map(\.1).joined()
                }
            }
        }
    }

    /// The whole texts kept for a row of `sheet` under `key` (`id:c12`, `row:7`).
    func entries(sheet: String, key: String) -> [String: String]? {
        texts[sheet]?[key]
    }

    /// Puts whole texts back into `cells` (whose headers are `headers`).
    static func restore(_ entries: [String: String], headers: [String], into cells: inout [TabularCell]) {
        for (column, whole) in entries {
            guard let k = headers.firstIndex(of: column), k < cells.count,
                  case .text(let shown) = cells[k], !shown.isEmpty, whole.hasPrefix(shown) else { continue }
            cells[k] = .text(whole)
        }
    }
}
