import Foundation
import BoardModel

/// The last step of the foreign writers, which build their export in memory.
enum ExportFile {
    /// Writes `bytes` to `path`; returns `diagnostics` plus an I/O error if writing failed.
    static func write(_ bytes: [UInt8], with diagnostics: [Diagnostic], to path: String) -> [Diagnostic] {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            return diagnostics + [Diagnostic(.ioError, "cannot write: \(error.localizedDescription)",
                                             at: SourceLocation(file: path))]
        }
        return diagnostics
    }
}
