/// What of a calendar its cards depend on besides their own items: the board id (card ids),
/// the states and whether titles carry them, the zone floating times are read in, the
/// VTIMEZONEs, and whether changed occurrences need every item seen first.
///
/// A reader that makes each card as soon as its item is read (`ICSReader`) takes the context
/// when the first item ends; if the calendar's properties after that change it (a property
/// or a VTIMEZONE after the items, which RFC 5545 does not allow but files have), the cards
/// made so far may be wrong, and the file is read again the long way.
struct ICSCardContext: Equatable {
    var boardID: String?
    var wrTimeZone: String?
    var showsState: Bool
    /// State definitions are only ever appended: their count tells whether any came later.
    var stateDefinitions: Int
    /// VTIMEZONEs read so far.
    var zonesRead: Int
    var hasChangedOccurrences: Bool
}
