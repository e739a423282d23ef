import BoardModel

/// A sync stopped by an error, with what it had warned of by then. The pull it kept is not
/// read again by the next sync (its to-dos' tags are remembered), so a warning of a to-do it
/// read (an unknown TZID, a value refused) is said with the error or never.
public struct SyncStopped: Error, Sendable {
    /// Why it stopped.
    public var error: SyncError
    /// Its warnings up to the error, located at their resources (none when it stopped before
    /// reading any).
    public var warnings: [Diagnostic]

    public init(error: SyncError, warnings: [Diagnostic]) {
        self.error = error
        self.warnings = warnings
    }
}
