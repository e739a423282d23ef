import BoardModel

/// Cards on the board at as-of counted per assignee or per label, by category, with how many
/// of them are overdue. A card with two assignees counts for each. Assignees and labels are
/// the cards' current ones: boards keep no history of them.
public struct Breakdown: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        /// The assignee or label; empty for cards that have none.
        public var name: String
        public var todo = 0
        public var doing = 0
        public var done = 0
        public var overdue = 0
        public var total: Int { todo + doing + done + other }
        /// Cards in states the board does not define.
        public var other = 0
    }

    public var rows: [Row]

    /// Per assignee.
    public static func perAssignee(_ board: Board, _ replay: BoardReplay, overdue: Set<Int>) -> Breakdown {
        Breakdown(board, replay, overdue: overdue) { $0.assignees }
    }

    /// Per label.
    public static func perLabel(_ board: Board, _ replay: BoardReplay, overdue: Set<Int>) -> Breakdown {
        Breakdown(board, replay, overdue: overdue) { $0.labels }
    }

    /// `overdue` holds the board indices of overdue cards.
    init(_ board: Board, _ replay: BoardReplay, overdue: Set<Int>, keys: (borrowing Card) -> [String]) {
        var index: [String: Int] = [:]
        var rows: [Row] = []
        var last: (name: String, row: Int)?
        for c in board.cards.indices where replay.isActive(c) {
            let names = keys(board.cards[c])
            for name in names.isEmpty ? [""] : names {
                let k: Int
                // Neighbouring cards often share an assignee: skip the hash then.
                if let last, last.name == name { k = last.row } else if let found = index[name] { k = found } else {
                    k = rows.count
                    index[name] = k
                    rows.append(Row(name: name))
                }
                last = (name, k)
                switch replay.category(c) {
                case .todo?: rows[k].todo += 1
                case .doing?: rows[k].doing += 1
                case .done?: rows[k].done += 1
                case nil: rows[k].other += 1
                }
                if overdue.contains(c) { rows[k].overdue += 1 }
            }
        }
        // Busiest first; the "none" row last; names break ties.
        rows.sort { a, b in
            if a.name.isEmpty != b.name.isEmpty { return b.name.isEmpty }
            return a.total != b.total ? a.total > b.total : a.name < b.name
        }
        self.rows = rows
    }
}
