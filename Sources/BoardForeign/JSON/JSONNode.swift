/// One value of a parsed JSON document, with the byte offset where it starts so that a
/// diagnostic can say `file:line:col`.
///
/// Other tools' exports are read whole into these nodes: they are megabytes, not gigabytes,
/// and their records point at each other (a card names its list by id), so a tree is the
/// natural shape. boardkit's own canonical JSON has its own streaming reader in BoardJSON.
public struct JSONNode: Sendable {
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in file order (a repeated key appears twice; lookups take the last).
        case object([JSONMember])
    }

    public var kind: Kind
    /// Byte offset of the value's first character in the source.
    public var offset: Int

    public init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// The member `key` of an object (the last one if repeated); nil otherwise.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = kind else { return nil }
        // Indices rather than `reversed()`: no copy of each member (and its retains) per step.
        var k = members.count
        while k > 0 {
            k -= 1
            if members[k].key == key { return members[k].value }
        }
        return nil
    }

    public var string: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    public var number: Double? {
        if case .number(let d) = kind { return d }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }

    public var array: [JSONNode]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    public var members: [JSONMember]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    public var isObject: Bool { members != nil }

    /// What the value is, for messages: "a string", "null"…
    public var kindName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "true/false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A scalar shown as text (numbers without a needless `.0`); nil for arrays, objects, null.
    public var scalarText: String? {
        switch kind {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return JSONNode.numberText(d)
        default: return nil
        }
    }

    /// `3` rather than `3.0`; other numbers as Swift prints them.
    public static func numberText(_ d: Double) -> String {
        if d.rounded() == d, abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable {
    public let key: String
    public let value: JSONNode
    /// Byte offset of the key's opening quote.
    public let keyOffset: Int
}
