import BoardModel
import BoardIO

/// Reads a Trello board export (the JSON of Trello's "Print, export and share → Export as
/// JSON") into a board: lists become states, cards become cards (with their checklists and
/// attachments), comment actions their comments, and the other actions the history. See
/// docs/trello.md for the mapping.
///
/// Never throws and never traps: problems are diagnostics with `file:line:col` and the
/// JSON path of the element (`cards[3].idList`).
public struct TrelloReader: SniffingReader {
    public init() {}

    public func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult {
        ForeignSource.read(input) { read($0, options: options) }
    }

    /// Reads an export held in memory; `file` names it in diagnostics.
    public func read(bytes: [UInt8], file: String = "-", options: ReaderOptions = ReaderOptions()) -> ReadResult {
        read(ForeignSource(file: file, bytes: bytes), options: options)
    }

    /// `picking: false` builds every member of every card and action (for the tests that
    /// check `TrelloImport`'s picks leave out nothing it reads).
    func read(_ source: ForeignSource, options: ReaderOptions, picking: Bool = true) -> ReadResult {
        // The big arrays' elements are located for streaming; the rest is read whole.
        switch JSONMemberIndex.index(source.text, arrays: TrelloImport.streamed) {
        case .failure(let e):
            return .failed([Diagnostic(ForeignMessage.trelloSyntax(e.problem), at: source.location("", at: e.offset))],
                           file: source.file)
        case .success(let index):
            var importer = TrelloImport(source: source, options: options)
            importer.picking = picking
            return importer.run(index)
        }
    }

    /// A JSON object that is not boardkit's own and has Trello's marks: both "lists" and
    /// "cards" near the top, or the board keys Trello writes before its (long) actions
    /// array: "idOrganization" or "prefs" together with "labelNames", "shortLink" or "actions".
    public func recognizes(head: [UInt8]) -> Bool {
        guard let first = HeadSniffer.firstSignificant(head), first.byte == UInt8(ascii: "{") else { return false }
        if let v = HeadSniffer.valueStart(ofKey: "format", in: head, from: first.index),
           head[v...].starts(with: Array("\"boardkit/".utf8)) { return false }
        if HeadSniffer.hasKey("lists", in: head) && HeadSniffer.hasKey("cards", in: head) { return true }
        let boardKeys = HeadSniffer.hasKey("idOrganization", in: head) || HeadSniffer.hasKey("prefs", in: head)
        let trelloKeys = HeadSniffer.hasKey("labelNames", in: head) || HeadSniffer.hasKey("shortLink", in: head)
            || HeadSniffer.hasKey("actions", in: head)
        return boardKeys && trelloKeys
    }
}
