/// A card's edit refused because someone changed the card since its form was loaded, taken
/// apart field by field. The form carries the values it was loaded with (hidden `was-FIELD`
/// inputs), so each field can be told: changed by the reader only (saved now, as a step of
/// its own), by both to different values (a clash: the page shows both, the reader's ready to
/// save), or not by the reader (theirs stands). Only the refused form's typing is compared,
/// as text: a field the reader did not touch comes back exactly as it was loaded.
struct ConflictMerge {
    /// The edit form's fields, in its order.
    static let fields = ["title", "body", "due", "dueComplete", "start", "labels", "assignees", "url", "state"]

    /// The hidden input holding a field's value as the form was loaded.
    static func loadedName(_ field: String) -> String { "was-" + field }

    /// The reader's changes to fields the other person did not touch: saved now.
    private(set) var toSave: [String: String] = [:]
    /// Fields both changed to different values: the reader's value.
    private(set) var clashes: [String: String] = [:]

    /// nil when the form carried no loaded values (a script's post): nothing to tell apart.
    init?(sent: ActionFields, now current: FormValues) {
        guard sent[Self.loadedName("title")] != nil else { return nil }
        for field in Self.fields {
            guard case .text(let mine)? = sent[field], case .text(let loaded)? = sent[Self.loadedName(field)], mine != loaded else { continue }
            let theirs = current[field]
            if theirs == loaded {
                toSave[field] = mine
            } else if theirs != mine {
                clashes[field] = mine
            }
        }
    }
}
