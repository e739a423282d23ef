import ArgumentParser

// Placeholder until the report engine lands (issue 6); the report helper replaces this file.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Weekly status report (not available yet).")
    func run() throws { throw ValidationError("the report command is not available in this build yet") }
}
