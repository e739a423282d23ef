import BoardModel
import BoardIO

/// An importer that reads each record of a streamed array (a Trello card or action, a task)
/// where it was parsed: on a copy of itself per chunk, whose tables are only read there,
/// collecting that record's own diagnostics in `diagnostics`.
protocol RecordImporter {
    var diagnostics: [Diagnostic] { get set }
}

/// One record read on a worker: what it became, what was said about it, and where it was
/// (its index in the array and the offset of its value).
struct RecordRead<Value> {
    var value: Value
    let said: [Diagnostic]
    let index: Int
    let offset: Int
}

extension JSONElementStream {
    /// Reads every record with `read`, on a copy of `importer` per chunk and with that
    /// worker's `CardInterning`, and hands the reads to `take` in walking order on the
    /// calling thread (`converting`).
    func read<Importer: RecordImporter, Value>(
        with importer: Importer, reversed: Bool = false, keeping pick: JSONPick? = nil,
        _ read: (inout Importer, _ index: Int, JSONNode, CardInterning) -> Value,
        take: (RecordRead<Value>) -> Void
    ) {
        let interning = LendingPool { CardInterning() }
        converting(reversed: reversed, keeping: pick, convert: { elements in
            var reader = importer
            return interning.with { interning in
                elements.map { k, node -> RecordRead<Value> in
                    reader.diagnostics = []
                    let value = read(&reader, k, node, interning)
                    return RecordRead(value: value, said: reader.diagnostics, index: k, offset: node.offset)
                }
            }
        }, take: { reads in
            for r in reads { take(r) }
        })
    }
}
