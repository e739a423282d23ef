import BoardModel
import BoardStore
import BoardTestSupport
import Testing
import BoardValidation
@testable import BoardIO

/// Random sequences of edits, undos and redos, checked after every step against a model a
/// reader can verify by eye: a dictionary of cards and two stacks of snapshots.
@Suite("random edits against a reference model")
struct RandomEditTests {
    struct Snapshot: Equatable {
        var cards: [String: Card] = [:]
    }

    /// The reference: undo restores the snapshot before the step, redo the one after.
    struct Reference {
        var current = Snapshot()
        var undo: [Snapshot] = []
        var redo: [Snapshot] = []

        mutating func commit(_ next: Snapshot) {
            guard next != current else { return }
            undo.append(current)
            redo.removeAll()
            current = next
        }
    }

    /// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
    }

    static let states = ["todo", "doing", "done"]
    static let labels = ["bug", "ui", "긴급"]

    @Test(arguments: [1, 2, 3, 4], StoreEngineUnderTest.allCases)
    func matchesTheReference(seed: Int, engine: StoreEngineUnderTest) throws {
        let tmp = try TemporaryFolder()
        let store = try BoardStore.create(try engine.location("r.db", in: tmp), board: Board(states: BoardState.defaults),
                                          step: StepInfo(actor: nil, command: "init", at: Instant(epochSeconds: 0)))
        var reference = Reference()
        var random = Random(state: UInt64(seed))
        var followed = try FollowedCards(store)
        var made = 0
        for n in 1...150 {
            let info = StepInfo(actor: "p\(n % 3)", command: "op\(n)", at: Instant(epochSeconds: Int64(n) * 60))
            let ids = reference.current.cards.keys.sorted()
            var next = reference.current
            var kind = random.next(10)
            if ids.isEmpty && (2...6).contains(kind) { kind = 0 }
            switch kind {
            case 0, 1:
                made += 1
                let card = Card(id: "c\(made)", title: "카드 \(made)", state: Self.states[random.next(3)])
                try store.apply([.add(card)], by: info)
                next.cards[card.id] = try store.card(card.id).card
                reference.commit(next)
            case 2:
                let id = ids[random.next(ids.count)]
                let label = Self.labels[random.next(Self.labels.count)]
                let patch = switch random.next(3) {
                case 0: CardPatch(title: "t\(n)", addLabels: [label])
                case 1: CardPatch(removeLabels: [label])
                // The conversation, logged and undone as fields are.
                default: CardPatch(conversation: [.comment(text: "말 \(n)\n둘째 줄"), .check(checklist: "할 일", item: label, done: n % 2 == 0)])
                }
                try store.apply([.update(card: id, patch)], by: info)
                next.cards[id] = patch.applied(to: next.cards[id]!, in: info)
                reference.commit(next)
            case 3, 4:
                let id = ids[random.next(ids.count)]
                let state = Self.states[random.next(3)]
                try store.apply([.move(card: id, state: state, position: nil)], by: info)
                next.cards[id] = try store.card(id).card  // position and completion are the store's to choose
                #expect(next.cards[id]!.state == state)
                reference.commit(next)
            case 5:
                let id = ids[random.next(ids.count)]
                let archive = random.next(2) == 0
                try store.apply([archive ? .archive(card: id) : .restore(card: id)], by: info)
                next.cards[id]!.archived = archive
                reference.commit(next)
            case 6:
                let id = ids[random.next(ids.count)]
                try store.apply([.delete(card: id)], by: info)
                next.cards[id] = nil
                reference.commit(next)
            case 7, 8:
                if let before = reference.undo.popLast() {
                    _ = try store.undo()
                    reference.redo.append(reference.current)
                    reference.current = before
                } else {
                    #expect(throws: StoreError.nothingToUndo) { try store.undo() }
                }
            default:
                if let after = reference.redo.popLast() {
                    _ = try store.redo()
                    reference.undo.append(reference.current)
                    reference.current = after
                } else {
                    #expect(throws: StoreError.nothingToRedo) { try store.redo() }
                }
            }
            let stored = Dictionary(uniqueKeysWithValues: try store.cards().map { ($0.card.id, $0.card) })
            #expect(stored == reference.current.cards, "seed \(seed), step \(n)")
            if stored != reference.current.cards { return }
            // A served board reading only the cards written since sees the same board.
            guard try followed.check(store, "seed \(seed), step \(n)") else { return }
        }
        // Whatever happened, the board the store gives validates: its events name its cards.
        let board = try store.board()
        #expect(BoardValidator.validate(board, sourceMap: PathSourceMap(file: "r.db")).filter { $0.severity == .error }.isEmpty)
    }
}
