import Foundation

/// Header matching that ignores case, spaces, punctuation and accents: `Due date`,
/// `due_date`, `DUE DATE` and `DueDate` are one header; `Component/s` is `components`;
/// `Échéance` is `echeance` and `Título` is `titulo`.
public enum HeaderName {
    /// The key two headers are compared by: lower-cased letters and digits only, Latin letters
    /// without their accents; other scripts' letters (Hangul, kana, Han) kept as they are.
    public static func key(_ header: String) -> String {
        var out = ""
        out.reserveCapacity(header.utf8.count)
        for ch in header.lowercased() where ch.isLetter || ch.isNumber {
            out.append(ch.isASCII ? ch : unaccented(ch))
        }
        return out
    }

    /// `é` → `e`: a Latin letter whose canonical decomposition is an ASCII letter and
    /// combining marks. Anything else (`ß`, `ø`, kana with their voicing marks) is kept whole.
    private static func unaccented(_ ch: Character) -> Character {
        let scalars = String(ch).decomposedStringWithCanonicalMapping.unicodeScalars
        guard let base = scalars.first, base.isASCII, base.properties.isAlphabetic,
              scalars.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) else { return ch }
        return Character(base)
    }
}
