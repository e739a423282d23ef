import Foundation
import BoardModel
import BoardIO

/// Writes an output through a temporary file beside the target and renames it into place
/// only when the writer succeeded: a failed run never leaves a half-written file and never
/// touches an existing one. `-` streams the finished file to standard output; so does a
/// target that is a device or a named pipe (`/dev/stdout`, a FIFO), which is written to, never
/// replaced, and a target that is the file standard output already writes to (`/dev/stdout`
/// when the shell sent it to a file: `>> log` appends, as the user asked). A symbolic link is
/// followed: its target is replaced, the link stays.
public struct AtomicOutput {
    /// The path the user named (`-` for standard output).
    public let target: String

    public init(target: String) { self.target = target }

    /// Where the finished bytes go.
    enum Destination: Equatable {
        /// Renamed into place at this path (a symbolic link's final target).
        case file(String)
        /// Copied into what is already there: standard output, a device, a FIFO.
        case stream(String)
    }

    var destination: Destination {
        if target == "-" { return .stream("-") }
        var info = stat(), output = stat()
        // stat follows links: a link to /dev/null is a device, to a file a file.
        if stat(target, &info) == 0 {
            if fstat(STDOUT_FILENO, &output) == 0, output.st_dev == info.st_dev, output.st_ino == info.st_ino {
                return .stream("-")
            }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK || kind == S_IFBLK { return .stream(target) }
        }
        return .file(Self.followingLinks(target))
    }

    /// The bytes go to standard output (`-`, `/dev/stdout`, or the file it writes to), where
    /// nothing else may follow them: a summary goes to standard error.
    public var isStandardOutput: Bool { destination == .stream("-") }

    /// The path a chain of symbolic links ends at (which need not exist yet).
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let next = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = next.hasPrefix("/") ? next : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(next)
        }
        return current
    }

    /// Runs `write` against a temporary path, then commits or discards it.
    /// Returns the writer's diagnostics, plus an I/O error if committing failed.
    /// `existing` is the error for a file already at the target, which is then left alone
    /// (nil: it is replaced).
    public func write(strict: Bool = false, existing refusal: Diagnostic? = nil,
                      _ write: (String) -> [Diagnostic]) -> [Diagnostic] {
        let destination = self.destination
        if let refusal, case .file(let path) = destination, FileManager.default.fileExists(atPath: path) {
            return [refusal]
        }
        let folder: String
        switch destination {
        case .stream:
            folder = FileManager.default.temporaryDirectory.path
        case .file(let path):
            let parent = (path as NSString).deletingLastPathComponent
            folder = parent.isEmpty ? "." : parent
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
                  isDirectory.boolValue else {
                return [Diagnostic(BoardKitMessage.noSuchFolder(folder), at: SourceLocation(file: target))]
            }
        }
        return TemporaryFiles.using(near: folder, name: (target as NSString).lastPathComponent) { temp in
            // Writers only see the temporary name; users should read the one they typed.
            var diagnostics = write(temp).map { d in
                guard d.location?.file == temp else { return d }
                var d = d
                d.location?.file = target == "-" ? "<stdout>" : target
                return d
            }
            if strict { diagnostics = diagnostics.strict() }
            guard !diagnostics.hasErrors else { return diagnostics }
            guard FileManager.default.fileExists(atPath: temp) else {
                return diagnostics + [Diagnostic(BoardKitMessage.noOutputFile, at: SourceLocation(file: target))]
            }
            switch destination {
            case .stream(let path):
                return diagnostics + copy(temp, to: path)
            case .file(let path):
                if let refusal { return diagnostics + place(path, with: temp, refusal: refusal) }
                return diagnostics + replace(path, with: temp)
            }
        }
    }

    /// Streams the finished file into standard output, a device or a FIFO.
    private func copy(_ temp: String, to path: String) -> [Diagnostic] {
        guard let handle = FileHandle(forReadingAtPath: temp) else {
            return [Diagnostic(BoardKitMessage.cannotReopenOutput, at: SourceLocation(file: target))]
        }
        defer { try? handle.close() }
        let fd = path == "-" ? STDOUT_FILENO : open(path, O_WRONLY)
        guard fd >= 0 else {
            return [Diagnostic(BoardKitMessage.cannotOpenOutput(errno: errno), at: SourceLocation(file: target))]
        }
        defer { if fd != STDOUT_FILENO { close(fd) } }
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            do throws(StandardStreams.Failure) {
                try StandardStreams.write(chunk, to: fd)
            } catch {
                var d = error.diagnostic
                if fd != STDOUT_FILENO { d.location = SourceLocation(file: target) }
                return [d]
            }
        }
        return []
    }

    /// Puts the finished file at `path` only if nothing is there, not even a file made
    /// while it was being written.
    private func place(_ path: String, with temp: String, refusal: Diagnostic) -> [Diagnostic] {
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: temp)
        switch TemporaryFiles.placeNew(temp, at: path) {
        case nil: return []
        case EEXIST?: return [refusal]
        case let error?: return [Diagnostic(BoardKitMessage.cannotMoveIntoPlace(errno: error), at: SourceLocation(file: target))]
        }
    }

    /// Renames the finished file over `path`, keeping the permissions of a file replaced.
    private func replace(_ path: String, with temp: String) -> [Diagnostic] {
        // New files get the usual 0644.
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
           let mode = attributes[.posixPermissions] {
            try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temp)
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: temp)
        }
        if rename(temp, path) != 0 {
            return [Diagnostic(BoardKitMessage.cannotMoveIntoPlace(errno: errno), at: SourceLocation(file: target))]
        }
        return []
    }
}
