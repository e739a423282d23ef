import BoardIO

extension InterningCache {
    /// The cache a tabular board keeps its repeated cell texts, lists and field sets in
    /// (one per kind of value): 4096 slots, as many distinct repeated values as a large
    /// board's columns hold (the labels, assignees, priorities and field sets of a Jira
    /// export), and cells of up to 128 bytes: longer text is rarely repeated, and copying it
    /// as a key would cost more than it saves.
    static func forCells() -> InterningCache<Value> {
        InterningCache(slotBits: 12, maxKeyLength: 128)
    }
}
