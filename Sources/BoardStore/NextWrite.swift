/// The write after this one in a group's transaction (`CommitGroup`), as a write sees it:
/// a step sends that write's first reads behind its own statements (`send()`), and they come
/// back with its own last read rather than costing the next write a round trip to
/// PostgreSQL of its own. The reads run after this write's statements, in the same
/// transaction: they see the board as the next write will.
struct NextWrite {
    /// Sends the next write's reads ahead; nothing when there is no next write, or it reads
    /// nothing it can ask for ahead. A failure to send leaves the next write to send them
    /// itself (and to meet the failure then), so this write never fails for the next one.
    let send: () -> Void

    /// No next write (a write alone in its transaction, or the last of a group).
    static var none: NextWrite { NextWrite(send: {}) }
}
