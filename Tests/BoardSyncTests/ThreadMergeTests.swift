import Testing
@testable import BoardSync

/// The element-wise merge a sync gives comments and attachments (#44), on plain values: what
/// each side did since the base decides, and nothing either side made is dropped unsaid.
@Suite struct ThreadMergeTests {
    struct Item: Equatable { var key: String; var text: String }

    static func merge(base: [Item], local: [Item], remote: [Item]) -> (merged: [Item], clashed: Bool) {
        ThreadMerge.elements(base: base, local: local, remote: remote, key: \.key)
    }

    @Test func whatEachSideAddedStays() {
        let a = Item(key: "a", text: "first")
        let m = Self.merge(base: [a], local: [a, Item(key: "b", text: "here")], remote: [a, Item(key: "c", text: "there")])
        #expect(m.merged.map(\.key) == ["a", "b", "c"] && !m.clashed)
    }

    @Test func aRemovalOnOneSideOfWhatTheOtherLeftAloneHolds() {
        let a = Item(key: "a", text: "first"), b = Item(key: "b", text: "second")
        #expect(Self.merge(base: [a, b], local: [a], remote: [a, b]).merged == [a])
        #expect(Self.merge(base: [a, b], local: [a, b], remote: [b]).merged == [b])
    }

    @Test func aChangeWinsOverNoChangeAndOverARemoval() {
        let a = Item(key: "a", text: "first"), edited = Item(key: "a", text: "first, edited")
        #expect(Self.merge(base: [a], local: [a], remote: [edited]).merged == [edited])
        #expect(Self.merge(base: [a], local: [edited], remote: [a]).merged == [edited])
        // Removed here, edited there: it comes back, edited (as a card deleted here does).
        #expect(Self.merge(base: [a], local: [], remote: [edited]).merged == [edited])
        #expect(Self.merge(base: [a], local: [edited], remote: []).merged == [edited])
    }

    @Test func changedOnBothSidesKeepsOursAndSaysSo() {
        let a = Item(key: "a", text: "first")
        let m = Self.merge(base: [a], local: [Item(key: "a", text: "ours")], remote: [Item(key: "a", text: "theirs")])
        #expect(m.merged == [Item(key: "a", text: "ours")] && m.clashed)
    }

    @Test func withoutABaseNothingIsRemoved() {
        let m = Self.merge(base: [], local: [Item(key: "a", text: "here")], remote: [Item(key: "b", text: "there")])
        #expect(m.merged.map(\.key) == ["a", "b"] && !m.clashed)
    }
}
