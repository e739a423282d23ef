import BoardModel
import BoardStore

/// The three-way merge of one card's synced fields: what both sides last agreed on (the
/// base), the card now, the to-do now. A field changed on one side takes that side's value;
/// a field changed on both sides to different values takes the later change's, and the other
/// value is kept in the history as a conflict. With no base (the ledger lost it: a push whose
/// reply never came), a field the two sides hold differently was changed on both. Comments
/// and attachments merge element by element (`ThreadMerge`).
struct FieldMerge: Equatable {
    /// Values the card must take from the remote side (nil: cleared there).
    var toLocal: [String: FieldValue?] = [:]
    var conflicts: [SyncConflict] = []

    /// `remoteIsLater(field)` says whether the remote change of a field both sides changed
    /// came after the local one; `localActor(field)` who made the local one.
    /// (Both may fail, reading the store: the merge fails with them.)
    static func merge<Failure: Error>(base: [String: FieldValue]?, local: [String: FieldValue], remote: [String: FieldValue],
                                      remoteIsLater: (String) throws(Failure) -> Bool,
                                      localActor: (String) throws(Failure) -> String?) throws(Failure) -> FieldMerge {
        var out = FieldMerge()
        for field in SyncFields.names {
            let l = local[field], r = remote[field]
            if l == r { continue }
            if let part = ThreadMerge.part(named: field) {
                let merged = ThreadMerge.merge(part, base: base?[field], local: l, remote: r)
                if merged.value != l { out.toLocal[field] = .some(merged.value) }
                if merged.clashed {
                    out.conflicts.append(SyncConflict(field: field, kept: merged.value, lost: r, loser: .remote, localActor: try localActor(field)))
                }
                continue
            }
            if let base, l == base[field] {
                out.toLocal[field] = .some(r)
            } else if let base, r == base[field] {
                continue
            } else if try remoteIsLater(field) {
                out.toLocal[field] = .some(r)
                out.conflicts.append(SyncConflict(field: field, kept: r, lost: l, loser: .local, localActor: try localActor(field)))
            } else {
                out.conflicts.append(SyncConflict(field: field, kept: l, lost: r, loser: .remote, localActor: try localActor(field)))
            }
        }
        return out
    }
}
