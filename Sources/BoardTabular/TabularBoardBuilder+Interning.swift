import BoardModel
import BoardIO

/// Interning: rows that repeat the same custom fields share one dictionary (and the cells
/// their strings and lists, `TabularCachedRow`), so a million rows of a few distinct values
/// hold a few values, not a million copies.
extension TabularBoardBuilder {
    /// The custom fields of a row's single field columns, one dictionary shared by every row
    /// with the same values in them.
    func fieldSet<Row: TabularRowCells>(of row: Row) -> [String: String] {
        let key = fieldKey
        key.pointee.removeAll(keepingCapacity: true)
        for k in fieldColumnIndices where k < row.count {
            if !row.isEmpty(k) { row.withUTF8(k) { key.pointee.append(contentsOf: $0) } }
            key.pointee.append(0xFF) // never in UTF-8
        }
        return key.pointee.withUnsafeBufferPointer { bytes in
            fieldSets.value(for: bytes) { _ in
                var fields: [String: String] = [:]
                for k in fieldColumnIndices where k < row.count && !row.isEmpty(k) {
                    if case .field(let name) = plan[k] { fields[name] = row.text(k) }
                }
                return fields
            }
        }
    }
}
