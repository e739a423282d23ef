/// Everything reading found besides the board: the problems (in the order found), how many
/// were errors, the warnings tallied per key, and the wall-clock times waiting for the
/// board's zone. One value, so whether a part read cleanly — and so may stand in for reading
/// it again in order (`ReadAhead`) — is a property of what was found (`isClean`), not a list
/// of the decoder's fields to remember.
struct DecodeFindings {
    private(set) var problems: [JSONProblem] = []
    private(set) var errors = 0
    var repeated = RepeatedWarnings()
    var pendingLocal: [PendingLocal] = []
    /// Conversation parts with wall-clock times, read again once the board's zone is known.
    var pendingConversation: [PendingConversation] = []

    /// Records a problem, counting it when it is an error.
    mutating func append(_ p: JSONProblem) {
        problems.append(p)
        if p.code.severity == .error { errors += 1 }
    }

    /// Nothing to report and nothing left to resolve.
    var isClean: Bool {
        problems.isEmpty && errors == 0 && repeated.isEmpty && pendingLocal.isEmpty && pendingConversation.isEmpty
    }
}
