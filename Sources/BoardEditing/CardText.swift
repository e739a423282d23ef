/// What a person may type into a card and give as their name: one set of rules for the
/// terminal's `add` and `edit` and the board page and its API, so the two cannot disagree
/// (the page capped titles at 500 characters and the terminal did not; both took a NUL).
///
/// Each rule takes the text as typed and gives it back as kept (trimmed where said), or the
/// problem, which the caller says in its own voice (a diagnostic, a 422 naming the field).
public enum CardText {
    /// Longest title, label or assignee, link and name, in characters: what a board shows with
    /// room to spare, and not a way to fill the store.
    public static let titleLimit = 500
    public static let itemLimit = 100
    public static let urlLimit = 2_000
    public static let nameLimit = 100
    /// Most labels, and most assignees, one card may have (3,000 labels made a 9,945 px card).
    public static let itemsPerCard = 50

    /// Why a text is refused.
    public enum Problem: Error, Equatable, Sendable {
        case empty
        case tooLong(count: Int, limit: Int)
        /// A control character (NUL, ESC, a bare CR…): it would be written raw into exports and
        /// terminals. `scalar` is the first one found.
        case controlCharacter(scalar: UInt32)
        case tooMany(count: Int, limit: Int)

        /// "is 600 characters; at most 500", as a field's problem is said after its name.
        public var sentence: String {
            switch self {
            case .empty: "must not be empty"
            case .tooLong(let count, let limit): "is \(count) characters; at most \(limit)"
            case .controlCharacter(let scalar): "holds a control character (U+\(hex(scalar))), which no card field takes"
            case .tooMany(let count, let limit): "has \(count) entries; at most \(limit) on one card"
            }
        }

        /// The same in Korean, as the Korean page and history say it.
        public var koreanSentence: String {
            switch self {
            case .empty: "비어 있으면 안 됩니다"
            case .tooLong(let count, let limit): "\(count)자입니다. 최대 \(limit)자까지입니다"
            case .controlCharacter(let scalar): "제어 문자(U+\(hex(scalar)))가 들어 있습니다"
            case .tooMany(let count, let limit): "\(count)개입니다. 한 카드에 최대 \(limit)개까지입니다"
            }
        }

        /// The problem as a store keeps it in its log (`too-long 600 500`), read back by
        /// `init(code:)`: a sync's refusal is said from it in either language, later.
        public var code: String {
            switch self {
            case .empty: "empty"
            case .tooLong(let count, let limit): "too-long \(count) \(limit)"
            case .controlCharacter(let scalar): "control \(scalar)"
            case .tooMany(let count, let limit): "too-many \(count) \(limit)"
            }
        }

        public init?(code: String) {
            let parts = code.split(separator: " ")
            let numbers = parts.dropFirst().compactMap { Int($0) }
            guard numbers.count == parts.count - 1 else { return nil }
            switch (parts.first, numbers.count) {
            case ("empty"?, 0): self = .empty
            case ("too-long"?, 2): self = .tooLong(count: numbers[0], limit: numbers[1])
            case ("control"?, 1) where numbers[0] >= 0 && numbers[0] <= 0x10FFFF: self = .controlCharacter(scalar: UInt32(numbers[0]))
            case ("too-many"?, 2): self = .tooMany(count: numbers[0], limit: numbers[1])
            default: return nil
            }
        }

        private func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// A title: trimmed, not empty, one line, at most `titleLimit` characters.
    public static func title(_ raw: String) -> Result<String, Problem> {
        line(raw, limit: titleLimit, required: true)
    }

    /// Notes: any length a store holds, lines and tabs allowed, no other control character.
    public static func body(_ raw: String) -> Result<String, Problem> {
        if let bad = firstControl(raw, allowing: [0x09, 0x0A, 0x0D]) { return .failure(.controlCharacter(scalar: bad)) }
        return .success(raw)
    }

    /// A comment: kept exactly as written, as notes are, and not only white space.
    public static func comment(_ raw: String) -> Result<String, Problem> {
        if raw.allSatisfy(\.isWhitespace) { return .failure(.empty) }
        return body(raw)
    }

    /// Labels or assignees: each one line of at most `itemLimit` characters (empty ones
    /// dropped), at most `itemsPerCard` of them.
    public static func items(_ raw: [String]) -> Result<[String], Problem> {
        var kept: [String] = []
        for item in raw {
            switch line(item, limit: itemLimit, required: false) {
            case .success(let text): if !text.isEmpty { kept.append(text) }
            case .failure(let problem): return .failure(problem)
            }
        }
        guard kept.count <= itemsPerCard else { return .failure(.tooMany(count: kept.count, limit: itemsPerCard)) }
        return .success(kept)
    }

    /// A link: trimmed, one line, at most `urlLimit` characters (empty: no link). Any scheme
    /// or none is kept as typed (imports hold `www.example.com/x`); pages link http and https only.
    public static func url(_ raw: String) -> Result<String, Problem> {
        line(raw, limit: urlLimit, required: false)
    }

    /// The name a change is recorded under: trimmed, not empty, one line, at most `nameLimit`
    /// characters, refused rather than cut.
    public static func name(_ raw: String) -> Result<String, Problem> {
        line(raw, limit: nameLimit, required: true)
    }

    private static func line(_ raw: String, limit: Int, required: Bool) -> Result<String, Problem> {
        let text = trimmed(raw)
        if required && text.isEmpty { return .failure(.empty) }
        if let bad = firstControl(text, allowing: []) { return .failure(.controlCharacter(scalar: bad)) }
        guard text.count <= limit else { return .failure(.tooLong(count: text.count, limit: limit)) }
        return .success(text)
    }

    /// White space around the text removed (spaces, tabs, line ends, the ideographic space).
    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The first C0 or C1 control character or DEL not in `allowing`.
    private static func firstControl(_ text: String, allowing: Set<UInt32>) -> UInt32? {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (v < 0x20 || (0x7F...0x9F).contains(v)) && !allowing.contains(v) { return v }
        }
        return nil
    }
}
