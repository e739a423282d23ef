import Foundation
import BoardModel
import BoardIO
import BoardXLSX
import BoardTestSupport

/// Writes a board to a workbook in `folder` and reads it back.
func roundTrip(_ board: Board, in folder: TemporaryFolder, name: String = "board.xlsx",
               options: ReaderOptions = ReaderOptions()) -> (written: [Diagnostic], read: ReadResult, path: String) {
    let path = folder.path(name)
    let written = BoardXLSXWriter().write(board, to: path, options: WriterOptions(exportedAt: Instant(epochSeconds: 1_795_683_600))).diagnostics
    let read = BoardXLSXReader().read(BoardInput(path: path), options: options)
    return (written, read, path)
}

/// The first difference between two boards, for a readable failure.
func firstDifference(_ a: Board, _ b: Board) -> String? {
    if a.id != b.id || a.name != b.name || a.timeZone != b.timeZone { return "board header: \(a.id) \(a.name) \(a.timeZone) vs \(b.id) \(b.name) \(b.timeZone)" }
    if a.metadata != b.metadata { return "metadata \(a.metadata) vs \(b.metadata)" }
    if a.extras != b.extras { return "extras \(a.extras) vs \(b.extras)" }
    if a.states != b.states { return "states \(a.states) vs \(b.states)" }
    if a.cards.count != b.cards.count { return "card count \(a.cards.count) vs \(b.cards.count)" }
    for (x, y) in zip(a.cards, b.cards) where x != y { return "card\n\(x)\nvs\n\(y)" }
    if a.events.count != b.events.count { return "event count \(a.events.count) vs \(b.events.count)" }
    for (k, (x, y)) in zip(a.events, b.events).enumerated() where x != y { return "event \(k)\n\(x)\nvs\n\(y)" }
    return nil
}

/// Runs `Tests/Oracles/SCRIPT` and decodes its JSON output.
func oracleJSON(_ script: String, _ args: [String]) throws -> [String: Any] {
    let out = try CommandRunner.python(script, args)
    guard out.status == 0 else { throw OracleFailure(message: out.stderr) }
    guard let json = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any] else {
        throw OracleFailure(message: "not a JSON object: \(out.stdoutText.prefix(200))")
    }
    return json
}

struct OracleFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
