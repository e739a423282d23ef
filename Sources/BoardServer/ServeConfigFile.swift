import BoardModel
import BoardStore
import BoardIO
import Foundation
import Yams

/// `boardkit serve --config serve.yaml`: the boards and the server's options in a YAML file
/// (read with Yams, over libyaml), as an alternative to flags, for a service; a flag given
/// beside it wins over its setting (the command lays the flags over what this reads). Every
/// problem is a diagnostic at its line and column: a key it does not know, a value of the
/// wrong kind, a board name a URL cannot hold.
///
/// ```yaml
/// host: 127.0.0.1
/// port: 8080
/// state-file: /var/lib/boardkit/serve-tokens.json
/// public-url: https://example.org/boards   # what the printed URLs start with, behind a proxy
/// gzip: true
/// component: event          # event, todo or both
/// alarms: [-P1D]
/// include-done: false
/// show-state: false
/// boards:
///   team: /var/lib/boardkit/team.db
///   ops: /srv/boards/ops.xlsx
/// ```
public enum ServeConfigFile {
    /// What the file gives: the server's configuration, and where the URLs are reached from.
    public struct Settings: Sendable {
        /// The boards and how to serve them, the public URL among them.
        public var configuration: FeedServer.Configuration
        public var quiet: Bool

        public init(configuration: FeedServer.Configuration, quiet: Bool) {
            self.configuration = configuration
            self.quiet = quiet
        }
    }

    /// The keys the file may hold, with what each takes (for the message on an unknown one).
    static let keys: [String: String] = [
        "host": "an address", "port": "a number from 0 to 65535", "state-file": "a path",
        "public-url": "a URL", "gzip": "true or false", "quiet": "true or false",
        "component": "event, todo or both", "alarms": "a list of durations such as -P1D",
        "include-done": "true or false", "show-state": "true or false", "boards": "NAME: PATH lines",
        "open": "true or false", "trust-proxy": "a list of addresses or CIDR ranges", "user-header": "a header name",
        "proxy-role": "viewer, editor or admin", "failed-attempts": "a whole number from 0 up",
        "database-connections": "a whole number from 1 up",
    ]

    /// Why the file was refused: every problem found, each located.
    public struct Failure: Error, Sendable {
        public var diagnostics: [Diagnostic]
    }

    public static func read(_ path: String) -> Result<Settings, Failure> {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(Failure(diagnostics: [Diagnostic(ServeMessage.configUnreadable, at: SourceLocation(file: path))]))
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                return .failure(Failure(diagnostics: [Diagnostic(ServeMessage.configEmpty, at: SourceLocation(file: path))]))
            }
            root = node
        } catch let error as YamlError {
            return .failure(Failure(diagnostics: [Self.diagnostic(error, file: path)]))
        } catch {
            return .failure(Failure(diagnostics: [Diagnostic(ServeMessage.yamlFailed("\(error)"), at: SourceLocation(file: path))]))
        }
        var reader = Reader(file: path)
        let settings = reader.settings(root)
        return reader.problems.isEmpty ? .success(settings) : .failure(Failure(diagnostics: reader.problems))
    }

    private static func diagnostic(_ error: YamlError, file: String) -> Diagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return Diagnostic(ServeMessage.notYAML(problem: problem), at: SourceLocation(file: file, line: mark.line, column: mark.column))
        default:
            return Diagnostic(ServeMessage.notYAML(problem: "\(error)"), at: SourceLocation(file: file))
        }
    }

    /// Walks the document, collecting every problem (not only the first).
    private struct Reader {
        let file: String
        var problems: [Diagnostic] = []

        mutating func settings(_ root: Node) -> Settings {
            var configuration = FeedServer.Configuration(boards: [])
            var settings = Settings(configuration: configuration, quiet: false)
            guard let mapping = root.mapping else {
                complain(root, .notAMapping)
                return settings
            }
            var calendar = CalendarOptions()
            for (keyNode, value) in mapping {
                let key = keyNode.string ?? ""
                switch key {
                case "host": configuration.host = text(value, key) ?? configuration.host
                case "port":
                    if let port = value.int, (0...65535).contains(port) { configuration.port = port } else {
                        complain(value, .badPort)
                    }
                case "state-file": configuration.stateFile = text(value, key) ?? configuration.stateFile
                case "public-url":
                    if let url = text(value, key) {
                        if URL(string: url)?.scheme.map({ ["http", "https"].contains($0) }) == true {
                            configuration.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
                        } else {
                            complain(value, .badPublicURL)
                        }
                    }
                case "gzip": configuration.gzip = flag(value, key) ?? configuration.gzip
                case "quiet": settings.quiet = flag(value, key) ?? false
                case "include-done": calendar.includeDone = flag(value, key) ?? false
                case "show-state": calendar.showState = flag(value, key) ?? false
                case "component":
                    if let text = text(value, key), let component = CalendarOptions.Component(rawValue: text) {
                        calendar.component = component
                    } else {
                        complain(value, .badComponent)
                    }
                case "alarms":
                    guard let items = value.sequence else { complain(value, .alarmsNotAList); continue }
                    calendar.alarms = items.compactMap { text($0, key) }
                case "open": configuration.open = flag(value, key) ?? false
                case "trust-proxy":
                    guard let items = value.sequence else { complain(value, .trustProxyNotAList); continue }
                    for item in items {
                        guard let range = text(item, key) else { continue }
                        if IPRange(range) == nil { complain(item, .badProxyRange(range)) } else { configuration.trustedProxies.append(range) }
                    }
                case "user-header": configuration.userHeader = text(value, key) ?? configuration.userHeader
                case "failed-attempts":
                    if let n = value.int, n >= 0 { configuration.failedAttempts = n } else { complain(value, .emptyValue(setting: key)) }
                case "database-connections":
                    if let n = value.int, n >= 1 { configuration.databaseConnections = n } else { complain(value, .emptyValue(setting: key)) }
                case "proxy-role":
                    guard let name = text(value, key) else { continue }
                    if let role = AccessRole(rawValue: name) { configuration.proxyRole = role } else { complain(value, .badRole(name)) }
                case "boards":
                    configuration.boards = boards(value)
                default:
                    complain(keyNode, .unknownSetting(key, known: ServeConfigFile.keys.keys.sorted()))
                }
            }
            if !mapping.keys.contains(where: { $0.string == "boards" }) {
                problems.append(Diagnostic(ServeMessage.noBoards, at: SourceLocation(file: file)))
            }
            configuration.writerOptions = WriterOptions(calendar: calendar)
            settings.configuration = configuration
            return settings
        }

        private mutating func boards(_ node: Node) -> [(name: String, path: String)] {
            guard let mapping = node.mapping, !mapping.isEmpty else {
                complain(node, .boardsNotLines)
                return []
            }
            var out: [(name: String, path: String)] = []
            for (nameNode, pathNode) in mapping {
                let name = nameNode.string ?? ""
                guard FeedServer.isBoardName(name) else {
                    complain(nameNode, .badBoardName(name))
                    continue
                }
                guard let path = pathNode.scalar?.string, !path.isEmpty else {
                    complain(pathNode, .emptyBoardPath(board: name))
                    continue
                }
                out.append((name, path))
            }
            return out
        }

        private mutating func text(_ node: Node, _ key: String) -> String? {
            guard let scalar = node.scalar, !scalar.string.isEmpty else {
                complain(node, .emptyValue(setting: key))
                return nil
            }
            return scalar.string
        }

        private mutating func flag(_ node: Node, _ key: String) -> Bool? {
            guard let value = node.bool else {
                complain(node, .notAFlag(setting: key))
                return nil
            }
            return value
        }

        private mutating func complain(_ node: Node, _ message: ServeMessage) {
            problems.append(Diagnostic(message,
                                       at: SourceLocation(file: file, line: node.mark?.line, column: node.mark?.column)))
        }
    }
}
