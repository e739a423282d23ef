import ArgumentParser
import BoardKit

/// `boardkit formats`: what can be read and written, and by which extensions.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats", abstract: "List the formats boardkit reads and writes.")

    func run() {
        // The extensions column is as wide as the longest list, so none is cut.
        let extensions = FormatRegistry.all.map { $0.extensions.map { "." + $0 }.joined(separator: " ") }
        let width = extensions.map(\.count).max() ?? 0
        for (f, list) in zip(FormatRegistry.all, extensions) {
            let way = (f.reader != nil ? "r" : "-") + (f.writer != nil ? "w" : "-")
            let name = f.name.padding(toLength: 12, withPad: " ", startingAt: 0)
            let exts = list.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(name) \(way)  \(exts) \(f.summary)")
        }
    }
}
