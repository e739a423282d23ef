import BoardModel

/// `serve`'s diagnostics: its configuration's problems (a file's, or the flags'), a board file
/// that is gone, and what keeps it from starting (`Diagnostic` tells where a target's messages go).
public enum ServeMessage: DiagnosticMessage, Equatable {
    /// A served board's file is not there.
    case noSuchBoardFile
    case configUnreadable
    case configEmpty
    /// Not YAML; `problem` is the YAML parser's words.
    case notYAML(problem: String)
    /// The YAML library failed otherwise, in its words.
    case yamlFailed(String)
    case notAMapping
    case badPort
    case badPublicURL
    case badComponent
    case alarmsNotAList
    /// A setting boardkit does not have; `known` are the settings it has.
    case unknownSetting(String, known: [String])
    case noBoards
    case boardsNotLines
    case badBoardName(String)
    /// Two boards of one name.
    case boardNameTwice(String)
    /// The state file of the boards' secrets cannot be read or saved; `reason` is the system's words.
    case tokenFile(saving: Bool, reason: String)
    /// The page's stylesheet or script is missing from the installation.
    case assetsMissing
    /// `--user-header` is not a header name.
    case badUserHeader(String)
    /// The setting has no text where it needs some (`ServeConfigFile.keys` says what).
    case emptyValue(setting: String)
    /// A board's path is missing.
    case emptyBoardPath(board: String)
    case notAFlag(setting: String)
    /// `proxy-role` names no role.
    case badRole(String)
    /// `trust-proxy` is not a list, or an entry is not an address or CIDR range.
    case trustProxyNotAList
    case badProxyRange(String)
    /// Even one board's store would hold so many descriptors (`OpenFileLimit`) that too few
    /// are left for connections: `needed` with room for them, against the process's `limit`.
    case tooFewOpenFiles(needed: Int, limit: Int)

    public var code: DiagnosticCode {
        switch self {
        case .noSuchBoardFile, .tokenFile, .assetsMissing: .ioError
        case .tooFewOpenFiles: .serveOpenFiles
        default: .serveConfigInvalid
        }
    }

    public var text: String {
        switch self {
        case .noSuchBoardFile: "no such file"
        case .configUnreadable: "the configuration file cannot be read"
        case .configEmpty: "the configuration file is empty; it needs at least 'boards:'"
        case .notYAML(let problem): "not YAML: \(problem)"
        case .yamlFailed(let error): error
        case .notAMapping: "the file must be a mapping of settings (host:, port:, boards:…)"
        case .badPort: "port must be a number from 0 to 65535"
        case .badPublicURL: "public-url must be an http or https URL"
        case .badComponent: "component must be event, todo or both"
        case .alarmsNotAList: "alarms must be a list, such as [-P1D]"
        case .unknownSetting(let key, let known): "unknown setting '\(key)'; the settings are \(known.joined(separator: ", "))"
        case .noBoards: "no 'boards:' (NAME: PATH lines of the boards to serve)"
        case .boardsNotLines: "boards must be NAME: PATH lines, such as 'team: /var/lib/boardkit/team.db'"
        case .badBoardName(let name): "board name '\(name)' must be letters, digits, '.', '_' or '-' (it is part of the URL)"
        case .boardNameTwice(let name): "board name '\(name)' is given twice"
        case .tokenFile(let saving, let reason): "cannot \(saving ? "save" : "read") the file of the boards' secret links: \(reason)"
        case .assetsMissing: "the board page's board.css and board.js were not found beside the program (reinstall it)"
        case .badUserHeader(let name): "user-header '\(name)' is not a header name"
        case .emptyValue(let key): "\(key) must be \(ServeConfigFile.keys[key] ?? "a text")"
        case .emptyBoardPath(let board): "the board '\(board)' must be a text"
        case .notAFlag(let key): "\(key) must be true or false"
        case .badRole(let role): "proxy-role '\(role)' is not a role; the roles are viewer, editor, admin"
        case .trustProxyNotAList: "trust-proxy must be a list of addresses or CIDR ranges, such as [10.0.0.5, 192.168.0.0/24]"
        case .badProxyRange(let text): "trust-proxy '\(text)' is not an address or a CIDR range (10.0.0.0/8, ::1/128)"
        case .tooFewOpenFiles(let needed, let limit):
            "serving a board needs about \(needed) open files with room for connections (5 while a SQLite board's store is open, 2 for a PostgreSQL one, \(OpenFileLimit.connectionRoom) kept free for connections), and this process may open \(limit): raise its limit (ulimit -n before serve, LimitNOFILE= in its systemd unit)"
        }
    }
}
