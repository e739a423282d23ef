import BoardModel
import BoardIO

/// Where the parts of a JSON document lie, found by one pass that checks the whole document
/// (`JSONParser+Skipping`) but builds nothing: the root's kind, the members of a root object
/// with where each value starts, and where each element of the arrays asked for starts.
///
/// A reader of a large export indexes it, parses the small parts whole (`node`) and streams
/// the large arrays an element at a time (`JSONElementStream`), so no tree of the whole file
/// is ever held. The document is checked here, so parsing its parts later cannot fail, and a
/// broken file gets the very message and offset a parse of the whole would have given.
public struct JSONMemberIndex: Sendable {
    /// What the root value is.
    public enum Shape: Sendable, Equatable {
        case object
        case array
        /// Another value; `kindName` says which ("a string", "null"…).
        case other(kindName: String)

        /// What the root is, for messages (as `JSONNode.kindName` says it).
        public var kindName: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .other(let kindName): return kindName
            }
        }
    }

    /// One `"key": value` pair of the root object.
    public struct Member: Sendable {
        /// The member's key, unescaped.
        public let key: String
        /// Byte offset of the key's opening quote.
        public let keyOffset: Int
        /// Byte offset of the value's first character.
        public let offset: Int
        /// Byte offset just past the value.
        public let end: Int
        /// True when the value is an array.
        public let isArray: Bool
        /// Where each element starts, for the arrays the index was asked to look into.
        public let elements: [Int]
    }

    /// The text the offsets point into.
    public let text: MappedText
    /// What the root value is.
    public let shape: Shape
    /// Byte offset of the root value.
    public let rootOffset: Int
    /// The root object's members in file order (a repeated key appears twice); empty otherwise.
    public let members: [Member]
    /// Where each element of a root array starts (or each value of a sequence).
    public let elements: [Int]
    /// Byte offset just past the root value (past the last value of a sequence).
    public let end: Int

    private init(text: MappedText, shape: Shape, rootOffset: Int, members: [Member], elements: [Int], end: Int) {
        (self.text, self.shape, self.rootOffset, self.members, self.elements, self.end) =
            (text, shape, rootOffset, members, elements, end)
    }

    /// The member `key` (the last one if repeated).
    public subscript(key: String) -> Member? {
        members.last { $0.key == key }
    }

    /// Indexes one JSON document (a leading byte-order mark is allowed), recording the
    /// elements of a root array, and of the root object's arrays named in `arrays`. Pages
    /// that have been checked are handed back as the pass goes (`MappedText.release`).
    /// A large document's far part is checked on a second core at the same time (`SkimAhead`).
    public static func index(_ text: MappedText, arrays: Set<String> = []) -> Result<JSONMemberIndex, JSONSyntaxError> {
        index(text, arrays: arrays, aheadFrom: SkimAhead.split(of: text))
    }

    /// `index`, with the second core guessing from `aheadFrom` (none when nil); `waiting`
    /// has it done before the calling thread starts, so tests meet every guess.
    static func index(_ text: MappedText, arrays: Set<String>, aheadFrom: Int?,
                      waiting: Bool = false) -> Result<JSONMemberIndex, JSONSyntaxError> {
        let ahead = aheadFrom.map { SkimAhead.start(text, arrays: arrays, from: $0, waiting: waiting) }
        defer { ahead?.stop() }
        var p = JSONParser(text.bytes)
        var released = 0
        p.mark = { released = text.release(from: released, upTo: $0) }
        return Result { () throws(JSONSyntaxError) -> JSONMemberIndex in
            p.skipBOM()
            p.skipSpace()
            let root = p.i
            var members: [Member] = []
            var elements: [Int] = []
            let shape: Shape
            if root < p.b.count, p.b[root] == UInt8(ascii: "{") {
                shape = .object
                try p.enter()
                p.i += 1
                p.skipSpace()
                if p.i < p.b.count, p.b[p.i] == UInt8(ascii: "}") {
                    p.i += 1
                    p.depth -= 1
                } else {
                    try indexMembers(&p, arrays: arrays, afterValue: false, ahead: ahead, into: &members)
                }
            } else if root < p.b.count, p.b[root] == UInt8(ascii: "[") {
                shape = .array
                // A finding's members after the array would mean a broken root: the check
                // below says so, as a plain skim would.
                if try p.openArray() { _ = try indexElements(&p, into: &elements, ahead: ahead) }
            } else {
                // Not a container: small, so parsed for its kind (and its errors).
                let node = try p.value()
                shape = .other(kindName: node.kindName)
            }
            let end = p.i
            p.skipSpace()
            if p.i < p.b.count { throw p.fail(.textAfterValue) }
            p.mark(p.i)
            return JSONMemberIndex(text: text, shape: shape, rootOffset: root, members: members,
                                   elements: elements, end: end)
        }
    }

    /// Indexes a sequence of JSON values separated by white space or commas (JSON Lines, and
    /// the bracket-less output of old `task export`) as a root array of them at offset 0, as
    /// `JSONParser.parseSequence` reads it.
    public static func indexSequence(_ text: MappedText) -> Result<JSONMemberIndex, JSONSyntaxError> {
        var p = JSONParser(text.bytes)
        var released = 0
        p.mark = { released = text.release(from: released, upTo: $0) }
        return Result { () throws(JSONSyntaxError) -> JSONMemberIndex in
            p.skipBOM()
            var elements: [Int] = []
            p.skipSpace()
            var end = p.i
            while p.i < p.b.count {
                elements.append(p.i)
                try p.skipValue()
                end = p.i
                if p.i - p.reported >= 1 << 20 {
                    p.mark(p.i)
                    p.reported = p.i
                }
                p.skipSpace()
                if p.i < p.b.count, p.b[p.i] == UInt8(ascii: ",") { p.i += 1; p.skipSpace() }
            }
            p.mark(p.i)
            return JSONMemberIndex(text: text, shape: .array, rootOffset: 0, members: [], elements: elements, end: end)
        }
    }

    /// The root object's members through its closing brace, as `JSONParser.object` reads
    /// them: from the member at `i`, or from the separator after a member's value
    /// (`afterValue`, where a skim ahead picks up).
    static func indexMembers(_ p: inout JSONParser, arrays: Set<String>, afterValue: Bool, ahead: SkimAhead?,
                             into members: inout [Member]) throws(JSONSyntaxError) {
        var separator = afterValue
        while true {
            if separator {
                p.skipSpace()
                guard p.i < p.b.count else { throw p.fail(.endsInsideObject) }
                if p.b[p.i] == UInt8(ascii: "}") { p.i += 1; break }
                guard p.b[p.i] == UInt8(ascii: ",") else { throw p.fail(.expectedObjectComma(found: p.b[p.i])) }
                p.i += 1
            }
            separator = true
            p.skipSpace()
            guard p.i < p.b.count else { throw p.fail(.endsInsideObject) }
            guard p.b[p.i] == UInt8(ascii: "\"") else {
                throw p.fail(.expectedKey(found: p.b[p.i]))
            }
            let keyOffset = p.i
            let key = try p.string()
            p.skipSpace()
            guard p.i < p.b.count else { throw p.fail(.endsInsideObject) }
            guard p.b[p.i] == UInt8(ascii: ":") else { throw p.fail(.expectedColon(key: key)) }
            p.i += 1
            p.skipSpace()
            let offset = p.i
            let isArray = p.i < p.b.count && p.b[p.i] == UInt8(ascii: "[")
            var elements: [Int] = []
            var finding: SkimAhead.Finding?
            if isArray, arrays.contains(key) {
                if try p.openArray() { finding = try indexElements(&p, into: &elements, ahead: ahead) }
            } else {
                try p.skipValue()
            }
            members.append(Member(key: key, keyOffset: keyOffset, offset: offset, end: p.i, isArray: isArray,
                                  elements: elements))
            if let rest = finding?.rest {
                // The skim ahead checked the rest of the object too.
                members += rest.members
                p.i = rest.end
                p.depth -= 1
                return
            }
        }
        p.depth -= 1
    }

    /// An open indexed array's elements, from the one at `i` through its `]`, collected into
    /// `elements`. When the skim ahead's guess is one of them, what it found from there is
    /// taken instead of walking on: returned, and `p` is left just past the array.
    private static func indexElements(_ p: inout JSONParser, into elements: inout [Int],
                                      ahead: SkimAhead?) throws(JSONSyntaxError) -> SkimAhead.Finding? {
        guard let ahead else {
            _ = try p.skipElements { elements.append($0); return true }
            return nil
        }
        let whole = try p.skipElements { offset in
            if ahead.claim(offset) { return false }
            elements.append(offset)
            return true
        }
        if whole { return nil }
        guard let finding = ahead.finding() else {
            // The document is broken after the guess: the walk from here finds where.
            _ = try p.skipElements { elements.append($0); return true }
            return nil
        }
        elements += finding.elements
        p.i = finding.arrayEnd
        p.depth -= 1
        p.mark(p.i)
        return finding
    }

    /// The value at `offset` (a member's, an element's), parsed whole; `depth` is how deep it
    /// sits (1 for a member's value, 2 for an element of a member's array).
    public func node(at offset: Int, depth: Int) -> JSONNode {
        // The index checked the whole document, so this parse cannot fail.
        (try? JSONParser.parseValue(in: text.bytes, at: offset, depth: depth).get()) ?? JSONNode(.null, offset: offset)
    }

    /// The root object with every member parsed except the arrays named in `leavingOut`,
    /// which stand as empty arrays at their offsets (a reader streams those).
    public func root(leavingOut: Set<String>) -> JSONNode {
        guard shape == .object else { return JSONNode(.null, offset: rootOffset) }
        return JSONNode(.object(members.map { m in
            let value = m.isArray && leavingOut.contains(m.key) ? JSONNode(.array([]), offset: m.offset)
                : node(at: m.offset, depth: 1)
            return JSONMember(key: m.key, value: value, keyOffset: m.keyOffset)
        }), offset: rootOffset)
    }
}
