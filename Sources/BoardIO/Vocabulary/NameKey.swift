import Foundation

/// The key names people type are compared by, ignoring case, spaces, punctuation and
/// accents: the headers `Due date`, `due_date`, `DUE DATE` and `DueDate` are one; `Component/s`
/// is `components`; `Échéance` is `echeance`; the states `In Progress` and `in-progress` are one.
public enum NameKey {
    /// Lower-cased letters and digits only, Latin letters without their accents; other
    /// scripts' letters (Hangul, kana, Han) kept as they are.
    public static func of(_ name: String) -> String {
        var out = ""
        out.reserveCapacity(name.utf8.count)
        for ch in name.lowercased() where ch.isLetter || ch.isNumber {
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
