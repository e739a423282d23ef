import ArgumentParser
import BoardKit

/// `boardkit formats`: what can be read and written, and by which extensions.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats", abstract: "List the formats boardkit reads and writes.")

    func run() {
        for f in FormatRegistry.all {
            let way = (f.reader != nil ? "r" : "-") + (f.writer != nil ? "w" : "-")
            let name = f.name.padding(toLength: 12, withPad: " ", startingAt: 0)
            let exts = f.extensions.map { "." + $0 }.joined(separator: " ").padding(toLength: 18, withPad: " ", startingAt: 0)
            print("\(name) \(way)  \(exts) \(f.summary)")
        }
    }
}
