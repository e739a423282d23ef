import Foundation
import BoardIO
import BoardModel

/// An input made ready for a reader: standard input copied to a temporary file (readers
/// may need to seek, and XLSX is a zip), plus the first bytes for sniffing.
struct InputFile {
    let input: BoardInput
    let head: [UInt8]
    /// Removed when the conversion is over, or on a stop signal (standard input only).
    let temporaryCopy: (path: String, watch: Int)?

    static let headSize = 64 * 1024

    /// Opens `path` (`-` for standard input). Errors are diagnostics, not throws.
    static func open(_ path: String) -> Result<InputFile, Diagnostic> {
        if path == "-" {
            let temp = TemporaryFiles.path(near: FileManager.default.temporaryDirectory.path, name: "stdin")
            let watch = TemporaryFiles.register(temp)
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard FileManager.default.createFile(atPath: temp, contents: data) else {
                TemporaryFiles.release(watch)
                return .failure(Diagnostic(BoardKitMessage.cannotBufferStandardInput(temp: temp), at: SourceLocation(file: "-")))
            }
            return .success(InputFile(input: BoardInput(path: temp, displayName: "-"),
                                      head: Array(data.prefix(headSize)), temporaryCopy: (temp, watch)))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(Diagnostic(BoardKitMessage.noSuchFile, at: SourceLocation(file: path)))
        }
        guard !isDirectory.boolValue else {
            return .failure(Diagnostic(BoardKitMessage.isAFolder, at: SourceLocation(file: path)))
        }
        // Through HeldFiles: a store this process holds open must not be opened here (closing
        // the descriptor would release its SQLite locks).
        guard case .success(let head) = HeldFiles.head(of: path, count: headSize) else {
            return .failure(Diagnostic(BoardKitMessage.cannotOpenForReading, at: SourceLocation(file: path)))
        }
        return .success(InputFile(input: BoardInput(path: path), head: head,
                                  temporaryCopy: nil))
    }

    func close() {
        guard let temporaryCopy else { return }
        try? FileManager.default.removeItem(atPath: temporaryCopy.path)
        TemporaryFiles.release(temporaryCopy.watch)
    }
}
