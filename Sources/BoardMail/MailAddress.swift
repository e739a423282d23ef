/// A mail address, checked before anything is sent: the address itself (`mina@example.org`:
/// one `@` with text on both sides, no spaces, commas, angle brackets or control characters,
/// so it can never add a header or a second recipient) and, as RFC 5322's `name-addr` has
/// it, an optional display name: `Team <team@example.org>`, `"Kim, Jisoo" <jisoo@example.org>`,
/// `"보드킷" <boardkit@example.org>`.
public struct MailAddress: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The address alone (RFC 5322's addr-spec), what the mailer delivers to.
    public let text: String
    /// The display name, unquoted (`Kim, Jisoo`); nil for a bare address.
    public let name: String?

    /// Nil when `input` is neither a bare address nor `NAME <address>` (`<address>`, a name
    /// of words or in double quotes with `\"` and `\\` inside), or holds a control character.
    public init?(_ input: String) {
        let trimmed = input.trimmingBlanks()
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        guard let open = trimmed.lastIndex(of: "<") else {
            guard Self.isBare(trimmed) else { return nil }
            (text, name) = (trimmed, nil)
            return
        }
        guard trimmed.hasSuffix(">") else { return nil }
        let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        guard Self.isBare(address), let name = Self.displayName(trimmed[..<open].trimmingBlanks()) else { return nil }
        (text, self.name) = (address, name.isEmpty ? nil : name)
    }

    /// The address alone.
    public var description: String { text }

    /// The part after `@`.
    public var domain: String { String(text.split(separator: "@", omittingEmptySubsequences: false).last ?? "") }

    /// One `@` with text on both sides and nothing an address may not hold.
    private static func isBare(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
            && !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || "<>,;:\"()[]\\".unicodeScalars.contains($0) })
    }

    /// A phrase's text: a quoted string unquoted, or words without RFC 5322's specials (an
    /// unquoted comma or `<` would start another address); nil when it is neither.
    private static func displayName(_ phrase: String) -> String? {
        guard phrase.hasPrefix("\"") else {
            return phrase.unicodeScalars.contains(where: { "<>,;:\"()[]\\@".unicodeScalars.contains($0) }) ? nil : phrase
        }
        var name = "", escaped = false
        for (offset, c) in phrase.dropFirst().enumerated() {
            if escaped {
                name.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" {
                // The closing quote must end the phrase.
                return offset == phrase.count - 2 ? name : nil
            } else {
                name.append(c)
            }
        }
        return nil
    }

    /// The address as a header writes it, in words a header may be folded between: the bare
    /// address, or the name (as it is when plain ASCII, in double quotes when it holds more
    /// than letters, digits and spaces, RFC 2047 encoded words when it is not ASCII) and
    /// `<address>`. `wordLength` bounds each encoded word.
    func headerWords(wordLength: Int) -> [String] {
        guard let name else { return [text] }
        let phrase: [String]
        if !name.unicodeScalars.allSatisfy(\.isASCII) || name.contains("=?") {
            phrase = EncodedWord.encode(name, wordLength: wordLength)
        } else if name.unicodeScalars.allSatisfy({ Self.atext.contains($0) || $0 == " " }), !name.hasPrefix(" "), !name.contains("  ") {
            phrase = name.split(separator: " ").map(String.init)
        } else {
            phrase = ["\"" + name.replacingAll("\\", "\\\\").replacingAll("\"", "\\\"") + "\""]
        }
        return phrase + ["<\(text)>"]
    }

    /// RFC 5322's atext: what a word of a display name may hold without quotes.
    private static let atext = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-/=?^_`{|}~".unicodeScalars)

    /// The addresses of a comma-separated list (`a@x.org, Team <t@x.org>, "Kim, Jisoo" <j@x.org>`:
    /// a comma inside double quotes or angle brackets separates nothing), each address once,
    /// or the first entry that is not one.
    public static func list(_ text: String) -> Result<[MailAddress], MailError> {
        var addresses: [MailAddress] = []
        for entry in entries(text) {
            let trimmed = entry.trimmingBlanks()
            guard let address = MailAddress(trimmed) else { return .failure(.badAddress(trimmed)) }
            if !addresses.contains(where: { $0.text == address.text }) { addresses.append(address) }
        }
        return .success(addresses)
    }

    /// `text` split at the commas outside double quotes and angle brackets.
    private static func entries(_ text: String) -> [String] {
        var entries: [String] = [], entry = ""
        var quoted = false, angled = false, escaped = false
        for c in text {
            switch c {
            case _ where escaped: escaped = false
            case "\\" where quoted: escaped = true
            case "\"": quoted.toggle()
            case "<" where !quoted: angled = true
            case ">" where !quoted: angled = false
            case "," where !quoted && !angled:
                entries.append(entry)
                entry = ""
                continue
            default: break
            }
            entry.append(c)
        }
        entries.append(entry)
        return entries
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }

    /// Every `target` replaced by `replacement` (without Foundation).
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
