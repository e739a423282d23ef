import BoardModel
import BoardIO

/// Values as the schema wants them: strings (short ones interned), enums, numbers, lists,
/// maps, and dates, wall-clock times placed in the board's zone once the read is done.
extension BoardDecoder {
    // MARK: Values

    /// The text of a scanned string; short ones come from `shortStrings`.
    @inline(__always)
    mutating func text(_ t: StringToken) -> String {
        t.escaped ? s.string(t) : shortStrings.value(for: s.raw(t), in: s.bytes) { String(decoding: $0, as: UTF8.self) }
    }

    /// Consumes `null` at the cursor; false (nothing consumed) for any other value.
    mutating func skipNull() throws(JSONProblem) -> Bool {
        guard s.peek == UInt8(ascii: "n") else { return false }
        _ = try s.scanLiteral()
        return true
    }

    /// A string; nil for null (when allowed) or after reporting a wrong type.
    mutating func readString(_ path: @autoclosure () -> String, nullable: Bool = true) throws(JSONProblem) -> String? {
        if s.peek == UInt8(ascii: "\"") { return text(try s.scanString()) }
        if nullable, try skipNull() { return nil }
        try wrongType(.string, path())
        return nil
    }

    /// One of an enumeration's spellings, matched on the bytes (no string is built unless
    /// the value is wrong and needs quoting in the message).
    mutating func readEnum<E: RawRepresentable & CaseIterable & Sendable>(
        _ path: @autoclosure () -> String, _ names: NameTable<E>) throws(JSONProblem) -> E? where E.RawValue == String {
        let at = s.pos
        guard s.peek == UInt8(ascii: "\"") else {
            try wrongType(.string, path())
            return nil
        }
        let t = try s.scanString()
        if let (value, _) = s.withDecoded(t, { names.match($0) }) { return value }
        let text = s.string(t)
        try record(.notOneOf(path: path(), value: text, allowed: E.allCases.map(\.rawValue)), at: at, path: path())
        return nil
    }

    mutating func readBool(_ path: @autoclosure () -> String) throws(JSONProblem) -> Bool? {
        switch s.peek {
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return try s.scanLiteral() == UInt8(ascii: "t")
        case UInt8(ascii: "n"): _ = try s.scanLiteral(); return nil
        default: try wrongType(.bool, path()); return nil
        }
    }

    mutating func readDouble(_ path: @autoclosure () -> String) throws(JSONProblem) -> Double? {
        let c = s.peek
        guard c == UInt8(ascii: "-") || c &- UInt8(ascii: "0") < 10 else {
            if try skipNull() { return nil }
            try wrongType(.number, path())
            return nil
        }
        let at = s.pos
        let range = try s.scanNumber()
        guard let value = JSONNumber.double(UnsafeBufferPointer(rebasing: s.bytes[range])) else {
            try record(.numberTooLarge(path: path()), at: at, path: path())
            return nil
        }
        return value
    }

    /// A whole number from 0 to 2³¹−1 (a WIP limit).
    mutating func readCount(_ path: @autoclosure () -> String) throws(JSONProblem) -> Int? {
        let at = s.pos
        guard let v = try readDouble(path()) else { return nil }
        guard v >= 0, v <= Double(Int32.max), v.rounded() == v else {
            let text = String(decoding: s.bytes[at..<s.pos], as: UTF8.self)
            try record(.notACount(path: path(), text: text), at: at, path: path())
            return nil
        }
        return Int(v)
    }

    /// The value read before from exactly the JSON text of the array or object at the cursor
    /// (which then moves past it), or nil. A validating skip finds the text's end; on a miss
    /// the caller reads the value again.
    private mutating func remembered<Value>(_ memo: InterningCache<Value>, opening: UInt8) -> Value? {
        guard s.peek == opening else { return nil }
        let start = s.pos
        var probe = JSONScanner(s.bytes, at: start)
        raw.removeAll(keepingCapacity: true)
        guard (try? probe.skipValue(copy: false, into: &raw)) != nil,
              let value = memo.value(for: UnsafeBufferPointer(rebasing: s.bytes[start..<probe.pos])) else { return nil }
        s.pos = probe.pos
        return value
    }

    mutating func readStringArray(_ path: @autoclosure () -> String) throws(JSONProblem) -> [String] {
        let start = s.pos
        // The same list as before (labels, assignees)?
        if let list = remembered(listMemo, opening: UInt8(ascii: "[")) { return list }
        guard try beginArray(path()) else { return [] }
        var out: [String] = []
        var more = true
        var clean = true
        while try s.nextElement(first: &more) {
            if s.peek == UInt8(ascii: "\"") {
                out.append(text(try s.scanString()))
            } else {
                clean = false
                try wrongType(.string, "\(path())[\(out.count)]")
            }
        }
        if clean { listMemo.keep(out, for: UnsafeBufferPointer(rebasing: s.bytes[start..<s.pos])) }
        return out
    }

    /// A card's reminders: each a duration before its due or a timestamp with its offset; one
    /// that is neither is an error at its place, the others kept.
    mutating func readReminders(_ path: @autoclosure () -> String) throws(JSONProblem) -> [Reminder] {
        let at = s.pos
        var out: [Reminder] = []
        for (k, text) in try readStringArray(path()).enumerated() {
            if let reminder = Reminder(text: text) {
                out.append(reminder)
            } else {
                try record(.badReminder(path: "\(path())[\(k)]", text: text), at: at, path: "\(path())[\(k)]")
            }
        }
        return out
    }

    /// An object of strings (custom fields, metadata). Numbers and true/false are kept as
    /// their JSON text and null drops the entry, each counted in one warning.
    mutating func readStringMap(_ path: @autoclosure () -> String) throws(JSONProblem) -> [String: String] {
        if try skipNull() { return [:] }
        let start = s.pos
        // The same object as before?
        if let map = remembered(mapMemo, opening: UInt8(ascii: "{")) { return map }
        guard try beginObject(path()) else { return [:] }
        var out: [String: String] = [:]
        var first = true
        var clean = true // plain strings only, no repeated key: safe to remember
        while let key = try s.nextKey(first: &first) {
            let name = text(key)
            let at = s.pos
            let value: String?
            switch s.peek {
            case UInt8(ascii: "\""):
                value = text(try s.scanString())
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                clean = false
                try wrongType(.string, "\(path()).\(name)")
                continue
            default:
                clean = false
                let isNull = s.peek == UInt8(ascii: "n")
                raw.removeAll(keepingCapacity: true)
                try s.skipValue(copy: true, into: &raw)
                value = isNull ? nil : String(decoding: raw, as: UTF8.self)
                found.repeated.add(.convertedValue(section: path().hasSuffix("metadata") ? "metadata" : "fields"),
                            offset: at, path: "\(path()).\(name)")
            }
            let previous = value.map { out.updateValue($0, forKey: name) } ?? out.removeValue(forKey: name)
            if previous != nil {
                clean = false
                found.repeated.add(.duplicateKey(section: path(), key: name), offset: key.start - 1, path: "\(path()).\(name)")
            }
        }
        if clean { mapMemo.keep(out, for: UnsafeBufferPointer(rebasing: s.bytes[start..<s.pos])) }
        return out
    }

    // MARK: Dates

    private mutating func dateToken(_ path: @autoclosure () -> String, nullable: Bool) throws(JSONProblem) -> (ISO8601.Value, Int)? {
        let at = s.pos
        guard s.peek == UInt8(ascii: "\"") else {
            if nullable, try skipNull() { return nil }
            try wrongType(.date, path())
            return nil
        }
        let t = try s.scanString()
        let parsed = s.withDecoded(t) { bytes in Result { () throws(ISO8601.Failure) in try ISO8601.parseOrFail(bytes) } }
        switch parsed {
        case .success(let value): return (value, at)
        case .failure(let failure):
            let text = s.string(t)
            let message: JSONMessage = failure == .impossible
                ? .impossibleDate(path: path(), text: text) : .malformedDate(path: path(), text: text)
            try record(message, at: at, path: path())
            return nil
        }
    }

    /// A due or start date: a calendar date stays a date, a timestamp is an instant.
    mutating func readDue(_ path: @autoclosure () -> String, _ target: LocalTarget) throws(JSONProblem) -> DueDate? {
        guard let (value, at) = try dateToken(path(), nullable: true) else { return nil }
        switch value {
        case .date(let d): return .date(d)
        case .instant(let i): return .instant(i)
        case .local(let local):
            deferLocal(local, target, at: at, path: path())
            return .instant(local.instant(offsetSeconds: 0))
        }
    }

    /// A moment. A timestamp without an offset, or a bare date, is read in the board's zone
    /// once the zone is known (the `board` object may come after the cards).
    mutating func readInstant(_ path: @autoclosure () -> String, _ target: LocalTarget,
                              nullable: Bool = true) throws(JSONProblem) -> Instant? {
        guard let (value, at) = try dateToken(path(), nullable: nullable) else { return nil }
        switch value {
        case .instant(let i): return i
        case .date(let d):
            let local = LocalDateTime(date: d)
            deferLocal(local, target, at: at, path: path())
            return local.instant(offsetSeconds: 0)
        case .local(let local):
            deferLocal(local, target, at: at, path: path())
            return local.instant(offsetSeconds: 0)
        }
    }

    private mutating func deferLocal(_ local: LocalDateTime, _ target: LocalTarget, at: Int, path: String) {
        found.pendingLocal.append(PendingLocal(target: target, local: local))
        found.repeated.add(.localTime, offset: at, path: path)
    }

    var localZoneName: String { options.timeZone ?? board.timeZone }

    /// The zone wall-clock times are read in (UTC when the name is not a zone, as said).
    var zone: Zone { Zone.named(localZoneName) ?? Zone.utc }

    /// Turns the wall-clock times read without an offset into instants in the board's zone
    /// (or `--timezone`).
    mutating func resolveLocalTimes() {
        for p in found.pendingConversation {
            ConversationJSON.read(p.part, from: p.value, into: &board.cards[p.card], zone: zone)
        }
        guard !found.pendingLocal.isEmpty else { return }
        let zone = self.zone
        for p in found.pendingLocal {
            let i = zone.instant(p.local)
            switch p.target {
            case .due(let k): board.cards[k].due = .instant(i)
            case .start(let k): board.cards[k].start = .instant(i)
            case .created(let k): board.cards[k].created = i
            case .updated(let k): board.cards[k].updated = i
            case .completed(let k): board.cards[k].completed = i
            case .eventAt(let k): board.events[k].at = i
            }
        }
    }
}

/// A field that held a wall-clock time, to be placed in the board's zone after the read.
enum LocalTarget {
    case due(Int), start(Int), created(Int), updated(Int), completed(Int), eventAt(Int)
}

struct PendingLocal {
    var target: LocalTarget
    var local: LocalDateTime
}

/// A conversation part that held wall-clock times: read again in the board's zone once the
/// whole document is read (the `board` object may come after the cards).
struct PendingConversation {
    var card: Int
    var part: ConversationPart
    var value: JSONDocument
}
