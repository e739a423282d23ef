import Foundation
import BoardModel

/// Writes an output through a temporary file beside the target and renames it into place
/// only when the writer succeeded: a failed run never leaves a half-written file and never
/// touches an existing one. `-` streams the finished file to standard output.
public struct AtomicOutput {
    /// The path the user named (`-` for standard output).
    public let target: String

    public init(target: String) { self.target = target }

    /// Runs `write` against a temporary path, then commits or discards it.
    /// Returns the writer's diagnostics, plus an I/O error if committing failed.
    public func write(strict: Bool = false, _ write: (String) -> [Diagnostic]) -> [Diagnostic] {
        let folder: String
        if target == "-" {
            folder = FileManager.default.temporaryDirectory.path
        } else {
            let parent = (target as NSString).deletingLastPathComponent
            folder = parent.isEmpty ? "." : parent
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
                  isDirectory.boolValue else {
                return [Diagnostic(.ioError, "the folder '\(folder)' does not exist",
                                   at: SourceLocation(file: target))]
            }
        }
        let temp = TemporaryPath.make(near: folder, name: (target as NSString).lastPathComponent)
        // Writers only see the temporary name; users should read the one they typed.
        var diagnostics = write(temp).map { d in
            guard d.location?.file == temp else { return d }
            var d = d
            d.location?.file = target == "-" ? "<stdout>" : target
            return d
        }
        if strict { diagnostics = diagnostics.strict() }
        defer { try? FileManager.default.removeItem(atPath: temp) }
        guard !diagnostics.hasErrors else { return diagnostics }
        guard FileManager.default.fileExists(atPath: temp) else {
            return diagnostics + [Diagnostic(.ioError, "the writer produced no file", at: SourceLocation(file: target))]
        }
        if target == "-" {
            guard let handle = FileHandle(forReadingAtPath: temp) else {
                return diagnostics + [Diagnostic(.ioError, "cannot reopen the output", at: SourceLocation(file: target))]
            }
            defer { try? handle.close() }
            while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                do throws(StandardStreams.Failure) {
                    try StandardStreams.out(chunk)
                } catch {
                    return diagnostics + [error.diagnostic]
                }
            }
            return diagnostics
        }
        // Keep the permissions of a file being replaced; new files get the usual 0644.
        if let attributes = try? FileManager.default.attributesOfItem(atPath: target),
           let mode = attributes[.posixPermissions] {
            try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temp)
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: temp)
        }
        if rename(temp, target) != 0 {
            let reason = String(cString: strerror(errno))
            return diagnostics + [Diagnostic(.ioError, "cannot move the finished output into place: \(reason)",
                                             at: SourceLocation(file: target))]
        }
        return diagnostics
    }
}
