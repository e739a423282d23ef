import BoardModel
import BoardIO

/// Taskwarrior's vocabulary and the names boardkit uses for what Taskwarrior has no
/// attribute for.
public enum TaskwarriorKeys {
    /// Attributes the reader maps onto the model (the rest become card fields).
    static let mapped: Set<String> = ["uuid", "id", "description", "status", "entry", "modified", "end",
                                      "start", "due", "scheduled", "wait", "tags", "annotations", "urgency", "depends",
                                      boardkitID, assignees, url, state]
    /// Taskwarrior attributes a card field may be written back to under its own name.
    static let passthrough: Set<String> = ["project", "priority", "until", "recur", "parent", "mask",
                                           "imask", "depends", "status"]
    /// UDAs boardkit writes (`task import` keeps unknown attributes as orphaned UDAs).
    public static let boardkitID = "boardkit_id"
    public static let assignees = "boardkit_assignees"
    public static let url = "boardkit_url"
    public static let state = "boardkit_state"
    /// Card field holding a status the state cannot tell (`waiting`, `recurring`).
    public static let statusField = "taskwarrior.status"

    /// `boardkit_assignees`: the names joined by commas, a comma or backslash inside a name
    /// escaped with a backslash (`Kim\, Mina,joon`).
    static func joinAssignees(_ names: [String]) -> String {
        names.map { name in
            var out = ""
            for ch in name {
                if ch == "\\" || ch == "," { out.append("\\") }
                out.append(ch)
            }
            return out
        }.joined(separator: ",")
    }

    /// The names in a `boardkit_assignees` value: split at unescaped commas (a file written
    /// before escaping has none), empty names dropped.
    static func splitAssignees(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        var escaped = false
        for ch in text {
            if escaped { current.append(ch); escaped = false }
            else if ch == "\\" { escaped = true }
            else if ch == "," { out.append(current); current = "" }
            else { current.append(ch) }
        }
        if escaped { current.append("\\") }
        out.append(current)
        return out.filter { !$0.isEmpty }
    }

    /// The states a board read from Taskwarrior has (more are added for `boardkit_state` names).
    public static let states: [BoardState] = [
        BoardState(id: "todo", name: "Pending", category: .todo),
        BoardState(id: "doing", name: "Active", category: .doing),
        BoardState(id: "done", name: "Completed", category: .done),
    ]
}

/// The statuses of a task.
enum TaskStatus: String {
    case pending, waiting, completed, deleted, recurring
}

/// Taskwarrior's dates: `20261122T141500Z` (UTC, basic ISO 8601).
enum TaskwarriorDate {
    /// Reads `20261122T141500Z`, and also extended ISO 8601 with an offset (which
    /// `task import` accepts too).
    static func parse(_ text: String) -> Instant? {
        let u = Array(text.utf8)
        if u.count == 16, u[8] == UInt8(ascii: "T"), u[15] == UInt8(ascii: "Z") {
            func n(_ r: Range<Int>) -> Int? {
                var v = 0
                for k in r { let d = u[k] &- 48; guard d < 10 else { return nil }; v = v * 10 + Int(d) }
                return v
            }
            guard let y = n(0..<4), let mo = n(4..<6), let d = n(6..<8), let h = n(9..<11), let mi = n(11..<13),
                  let s = n(13..<15), let date = CalendarDate(year: y, month: mo, day: d),
                  h < 24, mi < 60, s < 60 else { return nil }
            return LocalDateTime(date: date, hour: h, minute: mi, second: s).instant(offsetSeconds: 0)
        }
        return ISO8601.parseInstant(text)
    }

    static func format(_ i: Instant) -> String {
        let l = i.utc.local
        var out = [UInt8](repeating: 0, count: 16)
        func put(_ v: Int, _ at: Int, _ width: Int) {
            var v = v
            for k in stride(from: at + width - 1, through: at, by: -1) { out[k] = 48 + UInt8(v % 10); v /= 10 }
        }
        put(l.date.year, 0, 4); put(l.date.month, 4, 2); put(l.date.day, 6, 2)
        out[8] = UInt8(ascii: "T")
        put(l.hour, 9, 2); put(l.minute, 11, 2); put(l.second, 13, 2)
        out[15] = UInt8(ascii: "Z")
        return String(decoding: out, as: UTF8.self)
    }
}

/// UUIDs: checked as Taskwarrior checks them, and made for cards whose id is not one.
enum TaskUUID {
    /// 8-4-4-4-12 hex digits.
    static func isValid(_ s: String) -> Bool {
        var k = 0
        for c in s.utf8 {
            guard k < 36 else { return false }
            if k == 8 || k == 13 || k == 18 || k == 23 {
                if c != UInt8(ascii: "-") { return false }
            } else if !((c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 102)) {
                return false
            }
            k += 1
        }
        return k == 36
    }

    /// A version-4-shaped UUID derived from `key`, the same every time: the hex digits of
    /// `StableID`'s hashes of ("uuid", key) and (key, "uuid"), with the version and variant
    /// digits set. Made in place (an export makes one per card whose id is not a UUID).
    static func make(_ key: String) -> String {
        var a = FNV1a(), b = FNV1a()
        a.add("uuid"); a.add(0x1f); a.add(key)
        b.add(key); b.add(0x1f); b.add("uuid")
        let hex = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 36) { out in
            var at = 0
            // Hex digit `k` (0..<32) of the two hashes side by side, most significant first.
            for k in 0..<32 {
                if k == 8 || k == 12 || k == 16 || k == 20 { out[at] = UInt8(ascii: "-"); at += 1 }
                let value = k < 16 ? a.value : b.value
                var digit = Int((value >> UInt64(60 - 4 * (k % 16))) & 0xf)
                if k == 12 { digit = 4 }                      // version 4
                if k == 16 { digit = 8 + (digit & 3) }        // variant 10xx: 8, 9, a or b
                out[at] = hex[digit]
                at += 1
            }
            return at
        }
    }
}

/// A task's `depends`: the uuids of the tasks it waits for, an array (Taskwarrior 2.6) or
/// one comma-separated string (2.5 and earlier; `task import` takes both).
enum TaskDependencies {
    static func uuids(_ node: JSONNode?) -> [String] {
        guard let node else { return [] }
        let items = node.array?.compactMap(\.string) ?? node.string.map { $0.split(separator: ",").map(String.init) } ?? []
        return items.map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
    }
}

/// An annotation: a comment's time (to the second) and text. A board converted before #44
/// kept annotations as body lines, `2026-11-05T09:00:00Z note text`; the writer still
/// reads those lines back as annotations.
struct TaskAnnotation: Equatable {
    var entry: Instant
    var description: String

    /// The id of the comment an annotation becomes: made from the task's uuid and the
    /// entry time, so the same export gives the same ids; made unique among `taken` (a
    /// hand-made file may repeat a time, which `task import` moves on by a second).
    static func commentID(uuid: String, entry: Instant, taken: [CardComment]) -> String {
        let base = StableID.make(prefix: "tw-", from: [uuid, TaskwarriorDate.format(entry)])
        var id = base, n = 2
        while taken.contains(where: { $0.id == id }) { id = "\(base)-\(n)"; n += 1 }
        return id
    }

    /// Lines of a body that start with a UTC timestamp and a space, as annotations; the
    /// other lines are returned as `rest`.
    static func parse(body: String) -> (annotations: [TaskAnnotation], rest: String) {
        // Most bodies have no line that can start with a timestamp: found in the bytes, without
        // cutting the text into lines and characters (a million-card export has a million).
        guard mayHoldAnnotation(body) else { return ([], body.trimmingNewlines()) }
        var out: [TaskAnnotation] = []
        var rest: [Substring] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if let space = line.firstIndex(of: " "), let at = ISO8601.parseInstant(line[..<space]) {
                out.append(TaskAnnotation(entry: at, description: String(line[line.index(after: space)...])))
            } else {
                rest.append(line)
            }
        }
        let text = rest.joined(separator: "\n").trimmingNewlines()
        return (out, text)
    }

    /// True when a line of `body` starts as a timestamp can (a digit or a sign).
    private static func mayHoldAnnotation(_ body: String) -> Bool {
        var lineStart = true
        for c in body.utf8 {
            if lineStart, c &- UInt8(ascii: "0") < 10 || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { return true }
            lineStart = c == 0x0A
        }
        return false
    }
}

extension String {
    func trimmingNewlines() -> String {
        // Text that neither starts nor ends with a byte of a line break (CR, LF, VT, FF, NEL,
        // LS, PS) has nothing to trim; looked at in the bytes, not as characters.
        func mayBreak(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return (0x0A...0x0D).contains(byte) || byte >= 0x80
        }
        if !mayBreak(utf8.first), !mayBreak(utf8.last) { return self }
        var s = Substring(self)
        while s.first?.isNewline == true { s = s.dropFirst() }
        while s.last?.isNewline == true { s = s.dropLast() }
        return String(s)
    }
}
