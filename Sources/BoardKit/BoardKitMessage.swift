import BoardModel
import BoardIO

/// The pipeline's own diagnostics: opening the input, telling its format, and putting the
/// output in place (`Diagnostic` tells where a target's messages go).
public enum BoardKitMessage: DiagnosticMessage, Equatable {
    /// Standard input could not be kept in the temporary file `temp`.
    case cannotBufferStandardInput(temp: String)
    case noSuchFile
    case isAFolder
    case cannotOpenForReading
    /// `--from NAME` names no reader (nil: the format could not be told); `known` are the readers.
    case unknownInputFormat(String?, known: [String])
    /// `--to NAME` names no writer (nil: the format could not be told); `known` are the writers.
    case unknownOutputFormat(String?, known: [String])
    /// The `format` reader gave no board and no error.
    case noBoardRead(format: String)
    /// `format` writes bytes that are no text, and standard output is a terminal.
    case binaryToTerminal(format: String)
    case noSuchFolder(String)
    case noOutputFile
    case cannotReopenOutput
    /// The output (a device or FIFO) could not be opened (`errno`).
    case cannotOpenOutput(errno: Int32)
    /// The finished output could not be renamed into place (`errno`).
    case cannotMoveIntoPlace(errno: Int32)
    /// Standard output or error could not be written (`errno`).
    case cannotWrite(errno: Int32)

    public var code: DiagnosticCode {
        switch self {
        case .unknownInputFormat, .unknownOutputFormat: .unknownFormat
        case .noBoardRead: .noBoardRead
        case .binaryToTerminal: .binaryToTerminal
        default: .ioError
        }
    }

    public var text: String {
        switch self {
        case .cannotBufferStandardInput(let temp): "cannot buffer standard input in \(temp)"
        case .noSuchFile: "no such file"
        case .isAFolder: "is a folder, not a file"
        case .cannotOpenForReading: "cannot open for reading (permissions?)"
        case .unknownInputFormat(let name, let known):
            "\(name.map { "'\($0)' is not a format boardkit reads" } ?? "cannot tell the format from the name or the content"); use --from with one of: \(known.joined(separator: ", "))"
        case .unknownOutputFormat(let name, let known):
            "\(name.map { "'\($0)' is not a format boardkit writes" } ?? "cannot tell the output format from the name"); use --to with one of: \(known.joined(separator: ", "))"
        case .noBoardRead(let format): "the \(format) reader gave no board and no reason"
        case .binaryToTerminal(let format):
            "\(format) is a binary format and standard output is a terminal; name an output file, or pipe or redirect standard output"
        case .noSuchFolder(let folder): "the folder '\(folder)' does not exist"
        case .noOutputFile: "the writer produced no file"
        case .cannotReopenOutput: "cannot reopen the output"
        case .cannotOpenOutput(let e): "cannot open: \(SystemError.text(e))"
        case .cannotMoveIntoPlace(let e): "cannot move the finished output into place: \(SystemError.text(e))"
        case .cannotWrite(let e): "cannot write: \(SystemError.text(e))"
        }
    }
}
