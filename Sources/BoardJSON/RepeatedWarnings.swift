import BoardModel

/// Warnings that may repeat once per card (an unknown key, a time without an offset):
/// counted, and reported once each with the count and where the first one is, so a file
/// of a million cards gives one line, not a million.
///
/// Not a second limiter: BoardIO's `DiagnosticLimiter` lists the first diagnostics of a
/// code and counts the rest ("N more like this"), for problems that differ from row to row.
/// These are the same warning again (the same unknown key on every card), which is one
/// line whatever the count; the JSON reader's report has always read so.
struct RepeatedWarnings {
    enum Kind: Hashable {
        case unknownKey(section: String, key: String)
        case duplicateKey(section: String, key: String)
        case convertedValue(section: String)
        case localTime
    }

    private struct Entry {
        var kind: Kind
        var count: Int
        var offset: Int
        var path: String
    }

    private var entries: [Entry] = []
    private var index: [Kind: Int] = [:]

    var isEmpty: Bool { entries.isEmpty }

    mutating func add(_ kind: Kind, offset: Int, path: @autoclosure () -> String) {
        if let k = index[kind] {
            entries[k].count += 1
        } else {
            index[kind] = entries.count
            entries.append(Entry(kind: kind, count: 1, offset: offset, path: path()))
        }
    }

    /// One problem per kind, in the order each was first met. `zone` names where times
    /// without an offset were placed; `known` is false when it is no zone (UTC was used).
    func diagnostics(zone: String, known: Bool) -> [JSONProblem] {
        entries.map { e in
            let message: JSONMessage
            switch e.kind {
            case .unknownKey(let section, let key): message = .unknownKey(section: section, key: key, times: e.count)
            case .duplicateKey(let section, let key): message = .duplicateKey(section: section, key: key, times: e.count)
            case .convertedValue(let section): message = .convertedValues(section: section, count: e.count)
            case .localTime: message = .localTimes(count: e.count, zone: zone, known: known)
            }
            return JSONProblem(message: message, offset: e.offset, path: e.path)
        }
    }
}
