import BoardStore
import Testing

/// The cards a reader holds that follows a store as a served board does: read whole once,
/// then only the card rows written since (`BoardStore.overview(since:)`), each put in or
/// taken out. `check` says whether that is the board as a whole read gives it now.
struct FollowedCards {
    private var cards: [Int64: StoredCard]
    private var commit: Int64

    init(_ store: BoardStore) throws {
        let whole = try store.overview()
        cards = Dictionary(uniqueKeysWithValues: whole.cards.map { ($0.number, $0) })
        commit = try #require(whole.commit)
    }

    /// Follows the store to now and compares with a whole read; false (with the issue
    /// recorded) when they differ.
    mutating func check(_ store: BoardStore, _ comment: Comment) throws -> Bool {
        let since = try store.overview(since: commit)
        #expect(!since.isWhole, comment)
        for stored in since.cards { cards[stored.number] = stored.present ? stored : nil }
        commit = try #require(since.commit)
        let whole = try store.overview().cards
        let followed = cards.values.sorted { $0.number < $1.number }
        #expect(followed == whole, comment)
        return followed == whole
    }
}
