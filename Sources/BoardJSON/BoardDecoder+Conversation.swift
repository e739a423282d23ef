import BoardModel
import BoardIO

/// A card's conversation (comments, checklists, attachments, links): small nested values,
/// read by the one conversation rule (`ConversationJSON`) that the store and the sidecars
/// share, located here at the value's place in the file.
extension BoardDecoder {
    /// Reads the part at the cursor into `card`; `model` is the card's position among the
    /// cards read.
    mutating func readConversation(_ part: ConversationPart, into card: inout Card, _ cardPath: String,
                                   _ model: Int) throws(JSONProblem) {
        let at = s.pos
        let path = "\(cardPath).\(part.rawValue)"
        raw.removeAll(keepingCapacity: true)
        try s.skipValue(copy: true, into: &raw)
        // The scanner has checked the syntax, so the text parses; depth is the one limit
        // left, and the scanner's own is lower.
        guard let value = JSONDocument.parse(raw) else {
            try record(.wrongType(path: path, expected: .array, found: JSONMessage.Kind(first: raw.first ?? 0)), at: at, path: path)
            return
        }
        let read = ConversationJSON.read(part, from: value, into: &card, zone: zone)
        for p in read.problems {
            try record(Self.message(p, in: path), at: at, path: path + p.path)
        }
        if read.wallClockTimes > 0 {
            found.repeated.add(.localTime, offset: at, path: path)
            found.pendingConversation.append(PendingConversation(card: model, part: part, value: value))
        }
    }

    private static func message(_ p: ConversationProblem, in part: String) -> JSONMessage {
        let path = part + p.path
        switch p.kind {
        case .notJSON: return .wrongType(path: path, expected: .array, found: .string)
        case .wrongType(let expected, let found): return .wrongType(path: path, expected: wanted(expected), found: kind(found))
        case .missingKey(let key): return .missingKey(path: path, key: key)
        case .unknownKey(let key): return .nestedKey(path: path, key: key)
        case .notOneOf(let value, let allowed): return .notOneOf(path: path, value: value, allowed: allowed)
        case .malformedDate(let text): return .malformedDate(path: path, text: text)
        case .notASize(let text): return .notACount(path: path, text: text)
        }
    }

    private static func wanted(_ k: ConversationProblem.Kind) -> JSONMessage.Wanted {
        switch k {
        case .string: .string
        case .number: .number
        case .bool: .bool
        case .array: .array
        case .object, .null: .object
        }
    }

    private static func kind(_ k: ConversationProblem.Kind) -> JSONMessage.Kind {
        switch k {
        case .string: .string
        case .number: .number
        case .bool: .bool
        case .array: .array
        case .object: .object
        case .null: .null
        }
    }
}
