#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel

/// The diagnostics of the shared layer: the limiter's closing lines, `OutputFile`'s failures
/// and the readers' count of items left out (`Diagnostic` tells where a target's messages go).
public enum BoardIOMessage: DiagnosticMessage, Equatable {
    /// The limiter's closing line: `count` more diagnostics of `code` were not listed.
    case moreNotShown(DiagnosticCode, count: Int)
    /// A reader could not load its input (`MappedText.load`'s `errno`).
    case cannotReadFile(errno: Int32)
    /// `OutputFile` could not create the file (`errno`).
    case cannotCreateFile(errno: Int32)
    /// `OutputFile` could not write or close the file (`errno`).
    case cannotWriteFile(errno: Int32)
    /// `--skip-invalid` left `count` items out (`LeftOutItems`); `item` and `items` name one
    /// and several (`card`, `cards`).
    case itemsLeftOut(count: Int, item: String, items: String)

    public var code: DiagnosticCode {
        switch self {
        case .moreNotShown(let code, _): code
        case .cannotReadFile, .cannotCreateFile, .cannotWriteFile: .ioError
        case .itemsLeftOut: .itemsLeftOut
        }
    }

    public var text: String {
        switch self {
        case .moreNotShown(_, let count):
            "\(count) more like this not shown"
        case .cannotReadFile(let e):
            "cannot read the file: \(SystemError.text(e))"
        case .cannotCreateFile(let e):
            "cannot create the file: \(SystemError.text(e))"
        case .cannotWriteFile(let e):
            "cannot write the file: \(SystemError.text(e))"
        case .itemsLeftOut(let count, let item, let items):
            "\(count == 1 ? "1 \(item) was" : "\(count) \(items) were") left out (--skip-invalid): not readable; the warnings above say why"
        }
    }
}
