import ArgumentParser

// Placeholder until the calendar server lands (issue 5); the ics helper replaces this file.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve due dates as calendar feeds (not available yet).")
    func run() throws { throw ValidationError("the serve command is not available in this build yet") }
}
