/// Who a request comes from, as the server let them in, and how far they may go.
struct Visitor: Sendable, Equatable {
    /// How they came in.
    enum Entry: String, Sendable {
        /// The board's feed link (a calendar subscription): feeds and the report only.
        case boardFeed
        /// A person's own feed link: feeds and the report only.
        case personFeed
        /// A person's link to the board page.
        case personalLink
        /// A person's token in `Authorization: Bearer`.
        case bearer
        /// A company login: a trusted reverse proxy named the person in a header.
        case proxy
        /// The board's open link, on a board without people: changes are recorded under the
        /// name the reader types (`X-Boardkit-Actor`, or the page's name cookie).
        case open
    }

    let entry: Entry
    /// The person let in; nil for the board's feed link and in open mode.
    let person: String?
    let reach: Reach

    /// Whether the request names who acts itself (open mode); everywhere else it is the person let in.
    var namesItself: Bool { entry == .open }
}
