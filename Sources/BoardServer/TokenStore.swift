import BoardIO
import BoardModel
import Foundation

/// The secret part of each board's feed URL, kept in a small JSON file so the URL a
/// calendar subscribed to survives restarts: `{"tokens": {"team": "9f86d081…"}}`.
/// The file is created with mode 0600; a board named for the first time gets a new token.
public struct TokenStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_CONFIG_HOME/boardkit/serve-tokens.json`, else `~/.config/boardkit/serve-tokens.json`.
    public static var defaultPath: String {
        let env = ProcessInfo.processInfo.environment
        let config = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config")
        return ((config as NSString).appendingPathComponent("boardkit") as NSString)
            .appendingPathComponent("serve-tokens.json")
    }

    public enum Failure: Error, CustomStringConvertible {
        case unreadable(String, String)
        case unwritable(String, String)
        public var description: String {
            switch self {
            case .unreadable(let p, let why): return "\(p): cannot read the token file: \(why)"
            case .unwritable(let p, let why): return "\(p): cannot save the token file: \(why)"
            }
        }
    }

    /// The tokens for `names`: the stored ones, new random ones for the others (saved).
    public func tokens(for names: [String]) throws(Failure) -> [String: String] {
        var stored: [String: String] = [:]
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unreadable(path, "permission denied")
            }
            guard let tokens = JSONDocument.parse(Array(data))?["tokens"]?.stringMap else {
                throw .unreadable(path, "not a boardkit token file ({\"tokens\": {NAME: TOKEN}})")
            }
            stored = tokens
        }
        var changed = false
        for name in names where stored[name].map(Self.isWellFormed) != true {
            stored[name] = Self.newToken()
            changed = true
        }
        if changed { try save(stored) }
        return stored.filter { names.contains($0.key) }
    }

    private func save(_ tokens: [String: String]) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
            var json = JSONWriter()
            json.beginObject()
            json.key("tokens")
            json.beginObject()
            for (name, token) in tokens.sorted(by: { $0.key < $1.key }) {
                json.key(named: name)
                json.string(token)
            }
            json.endObject()
            json.endObject()
            json.endDocument()
            let data = Data(json.finish())
            let temp = path + ".tmp"
            guard FileManager.default.createFile(atPath: temp, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw Failure.unwritable(path, "cannot create \(temp)")
            }
            guard rename(temp, path) == 0 else {
                throw Failure.unwritable(path, SystemError.text(errno))
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unwritable(path, "\(error)")
        }
    }

    /// 128 random bits from the system's generator, as 32 hex digits.
    static func newToken() -> String {
        var rng = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(rng.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count >= 16 && token.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
