import BoardModel

/// The canonical JSON reader's and writer's diagnostics (`Diagnostic` tells where a target's
/// messages go). Paths are JSON paths (`cards[3].title`); bytes are the input's as found.
public enum JSONMessage: DiagnosticMessage, Equatable {
    // The scanner: the JSON itself.
    /// The file ends where `expected` should be.
    case endsWhere(expected: Expected)
    /// `found` stands where `expected` should be.
    case unexpected(expected: Expected, found: UInt8)
    /// A comma right before `closing` (`}` or `]`).
    case trailingComma(before: Character)
    case endsInString
    /// A line break inside a string: most likely a missing closing quote.
    case stringRunsPastLine
    case controlCharacter(UInt8)
    case endsInEscape
    case loneLowSurrogate(UInt32)
    case unpairedHighSurrogate(UInt32)
    /// A backslash followed by `byte`, which starts no escape.
    case invalidEscape(UInt8)
    case endsInUnicodeEscape
    case badUnicodeEscape
    /// `byte` starts no UTF-8 sequence here.
    case invalidUTF8(UInt8)
    case leadingZero
    case tooDeep(max: Int)

    // The decoder: the board in the JSON.
    case emptyFile
    /// The document starts with `byte`, which starts no JSON value.
    case notAnObject(found: UInt8)
    /// The document is a JSON value of this kind, not an object.
    case documentHolds(Kind)
    case afterTheBoard(found: UInt8)
    /// An object with none of a board's keys; `keys` are its own.
    case noBoardKeys(keys: [String])
    case missingFormat
    /// `"format"` names a later boardkit format.
    case newerFormat(String)
    /// `"format"` names something that is not boardkit's.
    case notBoardkitFormat(String)
    case wrongType(path: String, expected: Wanted, found: Kind)
    case missingKey(path: String, key: String)
    /// A field change holds a key other than field, old and new.
    case changeKey(path: String, key: String)
    /// A key a comment, checklist, attachment or link has no place for.
    case nestedKey(path: String, key: String)
    case notOneOf(path: String, value: String, allowed: [String])
    case numberTooLarge(path: String)
    /// A count (a WIP limit) that is not a whole number from 0 up; `text` as written.
    case notACount(path: String, text: String)
    case impossibleDate(path: String, text: String)
    case malformedDate(path: String, text: String)
    /// A reminder that is neither a duration (`-P1D`) nor a timestamp with its offset.
    case badReminder(path: String, text: String)
    case tooManyErrors(Int)
    /// Tallied warnings: `times` is how many there were, reported once at the first.
    case unknownKey(section: String, key: String, times: Int)
    case duplicateKey(section: String, key: String, times: Int)
    case convertedValues(section: String, count: Int)
    /// `count` times without an offset, read in `zone`; when `known` is false `zone` is not a
    /// zone and they were read in UTC.
    case localTimes(count: Int, zone: String, known: Bool)

    // The writer.
    case positionsNotWritten(Int)
    case clashingExtrasNotWritten(Int)

    /// What the scanner expected where it stopped.
    public enum Expected: Sendable, Equatable {
        case commaOrBrace, commaOrBracket, key, colon, digit, fractionDigit, exponentDigit, value
    }

    /// What a value at a path should be.
    public enum Wanted: Sendable, Equatable {
        case string, number, bool, array, object, stringListOrNull, date
    }

    /// What a JSON value is, told by its first byte.
    public enum Kind: Sendable, Equatable {
        case string, object, array, bool, null, number

        init(first: UInt8) {
            switch first {
            case UInt8(ascii: "\""): self = .string
            case UInt8(ascii: "{"): self = .object
            case UInt8(ascii: "["): self = .array
            case UInt8(ascii: "t"), UInt8(ascii: "f"): self = .bool
            case UInt8(ascii: "n"): self = .null
            default: self = .number
            }
        }
    }

    public var code: DiagnosticCode {
        switch self {
        case .endsWhere, .unexpected, .trailingComma, .endsInString, .endsInEscape, .endsInUnicodeEscape,
             .leadingZero, .emptyFile, .notAnObject, .afterTheBoard: .jsonSyntax
        case .stringRunsPastLine, .controlCharacter, .loneLowSurrogate, .unpairedHighSurrogate, .invalidEscape,
             .badUnicodeEscape: .jsonInvalidString
        case .invalidUTF8: .jsonInvalidUTF8
        case .tooDeep: .jsonTooDeep
        case .documentHolds, .noBoardKeys: .jsonNotABoard
        case .missingFormat: .jsonMissingFormat
        case .newerFormat, .notBoardkitFormat: .jsonUnsupportedFormat
        case .wrongType: .jsonWrongType
        case .missingKey: .jsonMissingKey
        case .changeKey, .nestedKey, .notOneOf, .numberTooLarge, .notACount, .badReminder: .jsonInvalidValue
        case .impossibleDate, .malformedDate: .invalidDate
        case .tooManyErrors: .jsonTooManyErrors
        case .unknownKey: .unknownKey
        case .duplicateKey: .jsonDuplicateKey
        case .convertedValues: .jsonConvertedValue
        case .localTimes: .jsonLocalTime
        case .positionsNotWritten, .clashingExtrasNotWritten: .dataNotWritten
        }
    }

    public var text: String {
        switch self {
        case .endsWhere(let expected):
            return "the file ends where \(expected.text) was expected (is it truncated?)"
        case .unexpected(let expected, let found):
            return "expected \(expected.text), found \(Self.describe(found))"
        case .trailingComma(let closing):
            return "trailing comma before '\(closing)'"
        case .endsInString:
            return "the file ends inside a string (is it truncated, or is a closing quote missing?)"
        case .stringRunsPastLine:
            return "a string runs past the end of the line (missing closing quote, or a raw newline that should be \\n)"
        case .controlCharacter(let c):
            return "raw control character \(Self.describe(c)) in a string (write it as an escape such as \\t or \\u0001)"
        case .endsInEscape:
            return "the file ends inside a string escape (is it truncated?)"
        case .loneLowSurrogate(let unit):
            return "lone low surrogate \\u\(String(unit, radix: 16)) (not a character)"
        case .unpairedHighSurrogate(let unit):
            return "high surrogate \\u\(String(unit, radix: 16)) is not followed by a low surrogate (not a character)"
        case .invalidEscape(let c):
            return "invalid escape '\\\(Character(Unicode.Scalar(c)))' (JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
        case .endsInUnicodeEscape:
            return "the file ends inside a \\u escape (is it truncated?)"
        case .badUnicodeEscape:
            return "\\u must be followed by four hex digits"
        case .invalidUTF8(let c):
            return "invalid UTF-8 (\(Self.describe(c)) does not start a valid sequence here); is the file in another encoding?"
        case .leadingZero:
            return "numbers may not have leading zeros"
        case .tooDeep(let max):
            return "objects and arrays nested more than \(max) deep"
        case .emptyFile:
            return "the file is empty"
        case .notAnObject(let found):
            return "a boardkit file is a JSON object starting with '{', not \(Self.describe(found))"
        case .documentHolds(let kind):
            return "a boardkit file is a JSON object ('{…}'); this one holds \(kind.text)"
                + (kind == .array ? " (a Taskwarrior export is an array of tasks with \"uuid\" and \"description\": say --from taskwarrior if it is one)" : "")
        case .afterTheBoard(let found):
            return "unexpected \(Self.describe(found)) after the end of the board's object"
        case .noBoardKeys(let keys):
            let none = "the JSON object has none of a board's keys (\"format\", \"board\", \"states\", \"cards\", \"events\")"
            let what: String
            if keys.contains("boards") {
                what = "it looks like a Nextcloud Deck export (\"boards\"), which boardkit does not read"
            } else if keys.isEmpty {
                what = "it is empty"
            } else {
                let shown = keys.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
                what = "its keys are \(shown)\(keys.count > 10 ? " and \(keys.count - 10) more" : "")"
            }
            return "\(none); \(what)"
        case .missingFormat:
            return "no \"format\" key; reading as boardkit/1 (add \"format\": \"boardkit/1\")"
        case .newerFormat(let value):
            return "this file is \(value), written by a newer boardkit; this version reads \(BoardJSONWriter.readableFormats.joined(separator: " and "))"
        case .notBoardkitFormat(let value):
            return "\"format\" is \"\(value)\": not a boardkit board (expected \"\(BoardJSONWriter.formatName)\"); use --from to pick another reader"
        case .wrongType(let path, let expected, let found):
            return "\(path) should be \(expected.text), not \(found.text)"
        case .missingKey(let path, let key):
            return "\(path) has no \"\(key)\""
        case .changeKey(let path, let key):
            return "\(path) has the key \"\(key)\"; a change holds only field, old and new"
        case .nestedKey(let path, let key):
            return "\(path) has the key \"\(key)\", which boardkit has no place for (docs/json.md lists the keys)"
        case .notOneOf(let path, let value, let allowed):
            return "\(path) is \"\(value)\"; expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .numberTooLarge(let path):
            return "\(path) is too large a number"
        case .notACount(let path, let text):
            return "\(path) is \(text); expected a whole number from 0 up"
        case .impossibleDate(let path, let text):
            return "\(path) is \"\(text)\", which is not a real date or time"
        case .malformedDate(let path, let text):
            return "\(path) is \"\(text)\", not an ISO 8601 date (2026-11-30) or timestamp (2026-11-30T18:00:00+09:00)"
        case .badReminder(let path, let text):
            return "\(path) is \"\(text)\", not a reminder: a duration before the due (-P1D, -PT2H) or a timestamp with its offset (2026-12-01T09:00:00+09:00)"
        case .tooManyErrors(let n):
            return "stopped after \(n) errors; fix these and run again"
        case .unknownKey(let section, let key, let times):
            return "unknown key \"\(key)\" in \(section)\(Self.times(times)); kept and written back as read"
        case .duplicateKey(let section, let key, let times):
            return "key \"\(key)\" is given twice in one object of \(section)\(Self.times(times)); the last value is kept"
        case .convertedValues(let section, let n):
            return "\(n) \(section) value\(n == 1 ? " is" : "s are") a number, true/false or null, not a string; kept as text (null drops the entry)"
        case .localTimes(let n, let zone, let known):
            let place = known ? zone : "UTC ('\(zone)' is not a time zone)"
            return "\(Counted(n, "timestamp")) \(Counted.verb(n, "has", "have")) no UTC offset (or \(Counted.verb(n, "is a bare date", "are bare dates"))); read as wall-clock time in \(place)"
        case .positionsNotWritten(let n):
            return "\(n) card position\(n == 1 ? " is" : "s are") not a finite number and \(n == 1 ? "was" : "were") left out"
        case .clashingExtrasNotWritten(let n):
            return "\(Counted(n, "kept unknown key")) named like a boardkit key \(Counted.verb(n, "was", "were")) left out"
        }
    }

    /// A tallied warning's count, once there is more than one: where it is reported is the first.
    private static func times(_ n: Int) -> String {
        n == 1 ? "" : " (\(n) times; the first is here)"
    }

    /// A byte as the messages show it: the character when printable, else its value.
    static func describe(_ c: UInt8) -> String {
        switch c {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(c)))'"
        case 0x20: return "a space"
        default:
            let hex = String(c, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
        }
    }
}

extension JSONMessage.Expected {
    var text: String {
        switch self {
        case .commaOrBrace: "',' or '}'"
        case .commaOrBracket: "',' or ']'"
        case .key: "a key in double quotes"
        case .colon: "':' after the key"
        case .digit: "a digit"
        case .fractionDigit: "a digit after the decimal point"
        case .exponentDigit: "a digit in the exponent"
        case .value: "a value (a string, number, object, array, true, false or null)"
        }
    }
}

extension JSONMessage.Wanted {
    var text: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .array: "an array"
        case .object: "an object"
        case .stringListOrNull: "a string, an array of strings or null"
        case .date: "an ISO 8601 date or timestamp string"
        }
    }
}

extension JSONMessage.Kind {
    var text: String {
        switch self {
        case .string: "a string"
        case .object: "an object"
        case .array: "an array"
        case .bool: "true/false"
        case .null: "null"
        case .number: "a number"
        }
    }
}
