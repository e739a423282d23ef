import BoardModel
import BoardIO

/// Builds a board from rows of cells, one row at a time, so a reader streams: feed the header,
/// then each row, then `finish`. The format supplies locations through a callback, so a CSV
/// says `board.csv:14:3` and a workbook `board.xlsx Cards!C7`.
///
/// What it does with columns: see `ColumnMapping.attribute(forHeader:)`. Repeated headers are
/// gathered in order (Jira's one `Labels` column per label); unknown columns become custom
/// fields; a value an attribute cannot take is kept as a field under the column's header,
/// with a warning; an empty cell leaves the attribute unset.
///
/// This file holds the builder's state and the calls a reader makes in order; the column plan,
/// row conversion, interning and finishing are in `TabularBoardBuilder+…` files beside it.
public final class TabularBoardBuilder {
    /// What building gave: a board unless the header was unusable, the diagnostics, and
    /// where each card came from for `TabularSourceMap`.
    public struct Result: Sendable {
        public var board: Board?
        public var diagnostics: [Diagnostic]
        /// The data-row number (0-based, header excluded, as fed) of each card.
        public var cardRows: [Int32]
        /// The column index of each model field (`title`, `due`) for locating diagnostics.
        public var columnOfField: [String: Int]
        /// The mapping used (named or detected).
        public var mappingName: String
    }

    /// The mapping in use (set by `header` when detected).
    public internal(set) var mapping: ColumnMapping?
    public internal(set) var diagnostics: [Diagnostic] = []

    // The builder's state. Internal rather than private only because the builder's parts
    // live in files of their own: the column plan (`+ColumnPlan`), row conversion
    // (`+RowConversion`), interning (`+Interning`) and what waits for the last row
    // (`+Finishing`).

    let options: ReaderOptions
    let catalogue: BoardCatalogue?
    var plan: [CardAttribute] = []
    var headers: [String] = []
    var gathered: [Bool] = []        // a field column whose header repeats
    var firstOfSingle: [Bool] = []   // the first column of a single-valued attribute
    var states: StateResolver
    var dates: TabularDateReader
    /// Slash dates whose order the column's own values settle (`SlashDateColumns`).
    var slashColumns = SlashDateColumns()
    let zone: Zone
    var cards: [Card] = []
    var cardRows: [Int32] = []
    var rowNumber = -1
    var generatedIDs: [String: Int] = [:]
    var columnOfField: [String: Int] = [:]
    var headerOK = false
    /// Where each single field column's header is, for `stateColumnUnread`.
    var fieldHeaderPlaces: [(name: String, place: SourceLocation)] = []
    /// Todoist-style row kinds: the kind column, and the state the last section row named.
    var kindColumn: Int?
    var currentSection: String?
    var titleColumn = 0
    /// The single-valued custom field columns.
    var fieldColumnIndices: [Int] = []
    /// True when rows' custom fields may be shared (see `header`).
    var sharesFieldSets = false
    /// Repeated text, lists and field sets, shared across rows (`InterningCache`).
    let strings = InterningCache<String>.forCells()
    let lists = InterningCache<[String]>.forCells()
    let fieldSets = InterningCache<[String: String]>.forCells()
    /// Scratch for a row's field-set key (behind a pointer: no exclusivity check per append).
    let fieldKey: UnsafeMutablePointer<[UInt8]> = {
        let p = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)
        p.initialize(to: [])
        return p
    }()
    var skippedKinds: [String: Int] = [:]
    /// Rows left out under `--skip-invalid`.
    var leftOut: LeftOutItems
    let file: String

    /// `mapping` nil: the one `options.mapping` names, else detected from the header.
    /// `catalogue`: the board's id, name, zone and states when the source carries them.
    public init(options: ReaderOptions, mapping: ColumnMapping? = nil, catalogue: BoardCatalogue? = nil,
                file: String) {
        self.options = options
        self.catalogue = catalogue
        self.file = file
        leftOut = LeftOutItems(options.invalidItems)
        var mapping = mapping
        if mapping == nil, let named = options.mapping {
            switch MappingFile.resolve(named) {
            case .success(let m): mapping = m
            case .failure(let d): diagnostics.append(d)
            }
        }
        self.mapping = mapping
        let zoneName = options.timeZone ?? catalogue?.timeZone ?? "UTC"
        if let z = Zone.named(zoneName) {
            zone = z
        } else {
            zone = .utc
            diagnostics.append(Diagnostic(TabularMessage.invalidTimeZone(zoneName), at: SourceLocation(file: file)))
        }
        states = StateResolver(catalogue: catalogue?.states ?? [], userMap: options.stateMap, mappingMap: [:])
        dates = TabularDateReader(formats: [], slashOrder: .unknown)
    }

    deinit {
        fieldKey.deinitialize(count: 1)
        fieldKey.deallocate()
    }

    /// Makes room for about `rows` more cards. A reader that can estimate its row count (a
    /// CSV from its size) calls it early: a growing array of a million cards would otherwise
    /// be copied as it doubles, with both copies in memory at the peak.
    public func reserveCapacity(rows: Int) {
        cards.reserveCapacity(cards.count + rows)
        cardRows.reserveCapacity(cardRows.count + rows)
    }

    /// Takes one data row. Missing trailing cells count as empty. A row whose cells are all
    /// empty is skipped (spreadsheets leave such rows).
    public func row(_ cells: [TabularCell], locate: (_ column: Int) -> SourceLocation) {
        rowNumber += 1
        guard headerOK, !cells.allSatisfy(\.isEmpty) else { return }
        if let kindColumn, let kinds = mapping?.rowKinds, !kindRow(cells, kindColumn, kinds, locate) { return }
        let cached = TabularCachedRow(row: TabularCellRow(cells: cells), strings: strings, lists: lists)
        addCard(cached, locate, fields: sharesFieldSets ? fieldSet(of: cached) : nil)
    }

    /// Takes one data row of a text format, read from its bytes in place (see
    /// `TabularTextRow`); otherwise the same as the row of cells.
    public func row(_ row: TabularTextRow, locate: (_ column: Int) -> SourceLocation) {
        // Rows of kinds (Todoist) look at cells across the row: take the general path.
        if kindColumn != nil { return self.row(row.cells, locate: locate) }
        rowNumber += 1
        guard headerOK, !(0..<row.count).allSatisfy(row.isEmpty) else { return }
        let cached = TabularCachedRow(row: row, strings: strings, lists: lists)
        addCard(cached, locate, fields: sharesFieldSets ? fieldSet(of: cached) : nil)
    }

    /// The board, with the catalogue's id, name, zone and metadata when there is one.
    public func finish() -> Result {
        guard headerOK else {
            return Result(board: nil, diagnostics: diagnostics, cardRows: [], columnOfField: [:],
                          mappingName: mapping?.name ?? "boardkit")
        }
        settleSlashDates()
        resolveLinks()
        if cards.contains(where: { $0.state.isEmpty }) {
            let fallback = states.defaultState()
            for k in cards.indices where cards[k].state.isEmpty { cards[k].state = fallback }
        }
        if let d = leftOut.summary(item: "row", items: "rows", at: SourceLocation(file: file)) { diagnostics.append(d) }
        stateColumnUnread()
        let c = catalogue
        var board = Board(id: c?.id ?? "board", name: c?.name ?? "Board",
                          timeZone: c?.timeZone ?? options.timeZone ?? "UTC",
                          states: states.states.isEmpty ? BoardState.defaults : states.states,
                          cards: cards, events: [], metadata: c?.metadata ?? [:], extras: c?.extras ?? [:])
        // A file says a link once (Jira's sub-task names its parent): the other side is the model's.
        if plansLinks { board.completeLinks() }
        return Result(board: board, diagnostics: diagnostics, cardRows: cardRows,
                      columnOfField: columnOfField, mappingName: mapping?.name ?? "boardkit")
    }
}
