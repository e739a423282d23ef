import BoardModel

/// What a board is apart from its cards and history: id, name, zone, the state catalogue and
/// metadata. A row-per-card table cannot hold it, so it travels beside the table (CSV's
/// events sidecar, a workbook's Board and States sheets) and the builder takes it in.
public struct BoardCatalogue: Sendable, Equatable {
    public var id: String?
    public var name: String?
    public var timeZone: String?
    /// Empty: states are made from the state names the rows use.
    public var states: [BoardState]
    public var metadata: [String: String]
    public var extras: [String: String]

    public init(id: String? = nil, name: String? = nil, timeZone: String? = nil,
                states: [BoardState] = [], metadata: [String: String] = [:],
                extras: [String: String] = [:]) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.states = states
        self.metadata = metadata
        self.extras = extras
    }

    /// The catalogue of an existing board.
    public init(of board: Board) {
        self.init(id: board.id, name: board.name, timeZone: board.timeZone, states: board.states,
                  metadata: board.metadata, extras: board.extras)
    }
}
