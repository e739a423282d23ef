/// To-dos gone from the server that a sync would turn into deleted cards, when they are so
/// many that the server was more likely emptied, replaced or re-created than cleared by
/// hand: every to-do the store synced with it, or more than half of them and at least
/// `most`. vdirsyncer refuses in the same place ("storage was completely emptied") and
/// asks for `--force-delete`, as boardkit does.
public struct RemoteLoss: Sendable, Equatable {
    /// To-dos the store synced with the remote that it no longer lists.
    public var gone: Int
    /// To-dos the store synced with the remote.
    public var remembered: Int

    /// From this many gone, losing more than half counts as "most".
    public static let most = 10

    /// The loss, or nil when `gone` of `remembered` is an everyday deletion.
    public init?(gone: Int, remembered: Int) {
        guard gone > 0, gone == remembered || (gone * 2 > remembered && gone >= Self.most) else { return nil }
        self.gone = gone
        self.remembered = remembered
    }
}
