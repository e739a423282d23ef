import ArgumentParser

/// A first argument that names no command (`boardkit convrt a.json b.csv`): ArgumentParser
/// would say "3 unexpected arguments"; this says which word it took for a command and
/// which command is closest, as ArgumentParser does for a mistyped option.
enum UnknownCommand {
    /// The message for `arguments` (without the program's name) when its first word should
    /// be a command and names none; nil when it names one, or is an option.
    static func message(_ arguments: [String], commands: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-"), word != "help", !commands.contains(word) else { return nil }
        let suggestion = commands.map { ($0, distance(word.lowercased(), $0)) }
            .filter { $0.1 <= ($0.0.count <= 3 ? 1 : 2) }
            .min { $0.1 < $1.1 }?.0
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; 'boardkit --help' lists the commands"
        return "Error: no command '\(word)'\(hint)"
    }

    /// The Levenshtein distance: insertions, deletions and substitutions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
