/// Who gets which mail: a board's assignee names and their addresses, read from a
/// two-column CSV (`name,email`; a first line `name,email` is a header, `#` lines are
/// comments, a field may be in double quotes).
public struct People: Sendable, Equatable {
    public private(set) var addresses: [String: MailAddress] = [:]

    public init(_ addresses: [String: MailAddress] = [:]) { self.addresses = addresses }

    /// The mapping in `text` (the file at `path`, named in its errors).
    public static func parse(_ text: String, path: String) -> Result<People, MailError> {
        var people = People()
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = fields(trimmed)
            if index == 0, fields.map({ $0.lowercased() }) == ["name", "email"] { continue }
            guard fields.count == 2, !fields[0].isEmpty, let address = MailAddress(fields[1]) else {
                return .failure(.peopleRow(path: path, line: index + 1, text: trimmed))
            }
            people.addresses[fields[0]] = address
        }
        return .success(people)
    }

    /// The fields of one line: split at commas outside double quotes, `""` inside quotes is `"`.
    private static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { quoted = false }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                fields.append(field.trimmingBlanks())
                field = ""
            } else {
                field.append(c)
            }
        }
        fields.append(field.trimmingBlanks())
        return fields
    }
}
