/// A header's text as RFC 2047 encoded words when it is not plain ASCII
/// (`=?UTF-8?B?…?=`), folded so no header line is longer than 78 characters.
///
/// Each word holds whole characters (a UTF-8 sequence is never split between two words, so
/// a Korean subject decodes whole in any reader), and no word is longer than 75 characters.
public enum EncodedWord {
    /// RFC 2047's limit on one encoded word.
    public static let wordLimit = 75

    /// The header line `Name: value`, folded (continuation lines start with a space), without
    /// its final line break. Control characters (a line break in a user's `--subject`) become
    /// spaces: a header value can never start another header.
    public static func header(_ name: String, _ value: String) -> String {
        let clean = String(String.UnicodeScalarView(value.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? " " : $0
        }))
        let words: [String]
        if clean.unicodeScalars.allSatisfy({ $0.isASCII }) && !clean.contains("=?") {
            words = clean.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        } else {
            // The first word shares its line with `Name: `, so none may be longer than that leaves.
            words = encode(clean, wordLength: min(wordLimit, lineLimit - name.count - 2))
        }
        return fold(name + ":", words)
    }

    /// An address header (`From`, `To`): each address as `MailAddress.headerWords` writes
    /// it, separated by commas, folded between words as `header` folds.
    public static func addressHeader(_ name: String, _ addresses: [MailAddress]) -> String {
        let wordLength = min(wordLimit, lineLimit - name.count - 2)
        let words = addresses.enumerated().flatMap { index, address in
            var words = address.headerWords(wordLength: wordLength)
            if index < addresses.count - 1 { words[words.count - 1] += "," }
            return words
        }
        return fold(name + ":", words)
    }

    /// The longest header line.
    public static let lineLimit = 78

    /// `text` as encoded words of base64 UTF-8, each at most `wordLength` characters.
    public static func encode(_ text: String, wordLength: Int = wordLimit) -> [String] {
        let prefix = "=?UTF-8?B?", suffix = "?="
        // Base64 turns 3 bytes into 4 characters: the bytes one word may carry.
        let maxBytes = max(3, (wordLength - prefix.count - suffix.count) / 4 * 3)
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if !chunk.isEmpty && chunk.count + bytes.count > maxBytes {
                words.append(prefix + Base64Lines.encode(chunk) + suffix)
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(prefix + Base64Lines.encode(chunk) + suffix) }
        return words
    }

    /// Words joined by spaces, a line break put before a word that would pass `lineLimit`.
    private static func fold(_ start: String, _ words: [String]) -> String {
        var lines: [String] = []
        var line = start
        for word in words {
            if line.count + 1 + word.count > lineLimit && line != start && !line.isEmpty {
                lines.append(line)
                line = ""
            }
            line += " " + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
