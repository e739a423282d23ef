import ArgumentParser
import BoardKit

/// `boardkit version`: what `--version` prints, one item a line.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print boardkit's version and the versions of the libraries it was built with.")

    func run() {
        print("boardkit \(BuildInfo.version)")
        for library in BuildInfo.libraries { print("\(library.name) \(library.version)") }
    }
}
