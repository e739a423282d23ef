import BoardIO
import BoardModel
import BoardStore
import Foundation

/// The secrets `serve` itself keeps for each board, in a small JSON file so the URLs survive
/// restarts: the feed link's (`tokens`, the one calendars subscribed to) and the open link's
/// (`links`: the board page of a board without people, docs/serve.md):
/// `{"tokens": {"team": "9f86d081…"}, "links": {"team": "3c5a…"}}`. The file is created
/// with mode 0600; a board named for the first time gets new ones. (A store keeps its
/// people's secrets itself, as digests: BoardAccess.)
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

    /// The state file could not be read or saved: its path and the system's words
    /// (`FeedServer.StartFailure` says them as a diagnostic).
    public enum Failure: Error {
        case unreadable(String, String)
        case unwritable(String, String)
    }

    /// One board's secrets.
    public struct Secrets: Sendable, Equatable {
        /// The feed link's: feeds and the report.
        public var feed: String
        /// The open link's: the board page while the board has no people.
        public var open: String
    }

    /// The secrets for `names`: the stored ones, new random ones for the others (saved). A
    /// file from before open links had only feed tokens: its boards get open links, and
    /// their feed URLs stay. Two instances started at once on one state file take turns
    /// (an flock(2) on a file beside it), so the second reads what the first made rather
    /// than making its own, and both serve the same addresses.
    public func secrets(for names: [String]) throws(Failure) -> [String: Secrets] {
        try locked { () throws(Failure) in try readOrMake(names) }
    }

    private func readOrMake(_ names: [String]) throws(Failure) -> [String: Secrets] {
        var tokens: [String: String] = [:], links: [String: String] = [:]
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unreadable(path, "permission denied")
            }
            let document = JSONDocument.parse(Array(data))
            guard let stored = document?["tokens"]?.stringMap else {
                throw .unreadable(path, "not a boardkit token file ({\"tokens\": {NAME: TOKEN}})")
            }
            tokens = stored
            links = document?["links"]?.stringMap ?? [:]
        }
        var changed = false
        for name in names {
            if tokens[name].map(AccessSecret.isWellFormed) != true { tokens[name] = AccessSecret.newToken(); changed = true }
            if links[name].map(AccessSecret.isWellFormed) != true { links[name] = AccessSecret.newToken(); changed = true }
        }
        if changed { try save(["tokens": tokens, "links": links]) }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, Secrets(feed: tokens[$0]!, open: links[$0]!)) })
    }

    /// `body` while this process holds the lock beside the file (`.serve-tokens.json.lock`,
    /// kept), its folder made first.
    private func locked<T>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unwritable(path, "\(error)")
            }
        }
        let lock = ((folder as NSString).appendingPathComponent("." + (path as NSString).lastPathComponent + ".lock"))
        let fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unwritable(lock, SystemError.text(errno)) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .unwritable(lock, SystemError.text(errno)) }
        }
        return try body()
    }

    private func save(_ maps: [String: [String: String]]) throws(Failure) {
        do {
            var json = JSONWriter()
            json.beginObject()
            for (map, tokens) in maps.sorted(by: { $0.key > $1.key }) {
                json.key(named: map)
                json.beginObject()
                for (name, token) in tokens.sorted(by: { $0.key < $1.key }) {
                    json.key(named: name)
                    json.string(token)
                }
                json.endObject()
            }
            json.endObject()
            json.endDocument()
            let data = Data(json.finish())
            let temp = path + ".tmp"   // one writer at a time: the lock
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
}
