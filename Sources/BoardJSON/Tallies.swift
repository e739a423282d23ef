import BoardModel

/// Warnings that may repeat once per card (an unknown key, a time without an offset):
/// counted, and reported once each with the count and where the first one is, so a file
/// of a million cards gives one line, not a million.
struct Tallies {
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
    /// without an offset were placed.
    func diagnostics(zone: String) -> [JSONProblem] {
        entries.map { e in
            let times = e.count == 1 ? "" : " (\(e.count) times; the first is here)"
            let code: DiagnosticCode
            let message: String
            switch e.kind {
            case .unknownKey(let section, let key):
                code = .unknownKey
                message = "unknown key \"\(key)\" in \(section)\(times); kept and written back as read"
            case .duplicateKey(let section, let key):
                code = .jsonDuplicateKey
                message = "key \"\(key)\" is given twice in one object of \(section)\(times); the last value is kept"
            case .convertedValue(let section):
                code = .jsonConvertedValue
                message = "\(e.count) \(section) value\(e.count == 1 ? " is" : "s are") a number, true/false or null, not a string; kept as text (null drops the entry)"
            case .localTime:
                code = .jsonLocalTime
                message = "\(e.count) timestamp\(e.count == 1 ? " has" : "s have") no UTC offset (or \(e.count == 1 ? "is a" : "are") bare date\(e.count == 1 ? "" : "s")); read as wall-clock time in \(zone)"
            }
            return JSONProblem(code: code, message: message, offset: e.offset, path: e.path)
        }
    }
}
