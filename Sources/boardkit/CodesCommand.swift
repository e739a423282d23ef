import ArgumentParser
import BoardKit
import BoardModel
import BoardServer

/// `boardkit codes`: every diagnostic code with its severity and meaning.
struct CodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codes", abstract: "List every diagnostic code, its severity and meaning.")

    func run() {
        for code in DiagnosticCatalog.all + DiagnosticCode.serveCodes {
            let id = code.id.padding(toLength: 30, withPad: " ", startingAt: 0)
            let severity = code.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            print("\(id) \(severity) \(code.summary)")
        }
    }
}
