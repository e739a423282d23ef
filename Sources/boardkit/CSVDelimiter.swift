import ArgumentParser

/// What `--delimiter` takes: the three delimiters the CSV reader also sniffs. `tab` is a
/// word because a tab character is awkward to type in a shell.
enum CSVDelimiter: String, ExpressibleByArgument, CaseIterable {
    case comma = ","
    case semicolon = ";"
    case tab

    /// None listed in the help, which names them in words (ArgumentParser would print
    /// "(values: ,, ;, tab)"); completion still offers them.
    static var allValueStrings: [String] { [] }
    static var defaultCompletionKind: CompletionKind { .list(allCases.map(\.rawValue)) }

    /// The byte written between fields.
    var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .semicolon: UInt8(ascii: ";")
        case .tab: 0x09
        }
    }
}
