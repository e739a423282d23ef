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
    public private(set) var mapping: ColumnMapping?
    public private(set) var diagnostics: [Diagnostic] = []

    private let options: ReaderOptions
    private let catalogue: BoardCatalogue?
    private var plan: [CardAttribute] = []
    private var headers: [String] = []
    private var gathered: [Bool] = []        // a field column whose header repeats
    private var firstOfSingle: [Bool] = []   // the first column of a single-valued attribute
    private var states: StateResolver
    private var dates: TabularDateReader
    /// Slash dates whose order the column's own values settle (`SlashDateColumns`).
    private var slashColumns = SlashDateColumns()
    private let zone: Zone
    private var cards: [Card] = []
    private var cardRows: [Int32] = []
    private var rowNumber = -1
    private var generatedIDs: [String: Int] = [:]
    private var columnOfField: [String: Int] = [:]
    private var headerOK = false
    /// Where each single field column's header is, for `stateColumnUnread`.
    private var fieldHeaderPlaces: [(name: String, place: SourceLocation)] = []
    private var keptWarnings = 0
    /// Todoist-style row kinds: the kind column, and the state the last section row named.
    private var kindColumn: Int?
    private var currentSection: String?
    private var titleColumn = 0
    /// The single-valued custom field columns.
    private var fieldColumnIndices: [Int] = []
    /// True when rows' custom fields may be shared (see `header`).
    private var sharesFieldSets = false
    /// Repeated text, lists and field sets, shared across rows (`InterningCache`).
    private let strings = InterningCache<String>.forCells()
    private let lists = InterningCache<[String]>.forCells()
    private let fieldSets = InterningCache<[String: String]>.forCells()
    /// Scratch for a row's field-set key (behind a pointer: no exclusivity check per append).
    private let fieldKey: UnsafeMutablePointer<[UInt8]> = {
        let p = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)
        p.initialize(to: [])
        return p
    }()
    private var skippedKinds: [String: Int] = [:]
    /// Rows left out under `--skip-invalid`.
    private var leftOut: LeftOutItems
    private let file: String

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

    /// Takes the header row. False when the rows cannot become cards (no title column, a
    /// mapping that could not be loaded): the reader stops and reports `diagnostics`.
    @discardableResult
    public func header(_ cells: [TabularCell], locate: (_ column: Int) -> SourceLocation) -> Bool {
        if diagnostics.hasErrors { return false }
        // Spaces around a header are a typist's; a `field:NAME` header is boardkit's exact
        // name for a custom field, so the spaces at the end of NAME are part of it (the
        // writer uses that form for a name with leading or trailing spaces).
        headers = cells.map { cell in
            let t = cell.text.trimmingSpaces
            return t.hasPrefix("field:") ? String(cell.text.drop { $0 == " " || $0 == "\t" }) : t
        }
        let m = mapping ?? MappingLibrary.detect(header: headers)
        mapping = m
        guard let chosen = chosenColumns(locate) else { return false }
        states = StateResolver(catalogue: catalogue?.states ?? [], userMap: options.stateMap, mappingMap: m.stateMap)
        dates = TabularDateReader(formats: m.dateFormats, slashOrder: options.dateOrder ?? m.slashDates)
        plan = []
        var seen: [CardAttribute: Int] = [:]
        for (k, h) in headers.enumerated() {
            var a: CardAttribute
            if h.isEmpty {
                a = .field("column \(k + 1)")
                diagnostics.append(Diagnostic(TabularMessage.emptyHeader(column: k + 1), at: locate(k)))
            } else if let named = chosen[NameKey.of(h)] {
                a = named
            } else {
                a = m.attribute(forHeader: h)
                // `--columns` chose another column for this attribute: this one is a field.
                if !a.isList, chosen.values.contains(a) { a = .field(h) }
            }
            seen[a, default: 0] += 1
            plan.append(a)
        }
        gathered = plan.map { a in if case .field = a { return seen[a, default: 0] > 1 } else { return false } }
        var firstSeen: Set<CardAttribute> = []
        firstOfSingle = plan.map { a in
            if a.isList { return true }
            if case .field = a { return true }
            return firstSeen.insert(a).inserted
        }
        for (k, a) in plan.enumerated() where firstOfSingle[k] {
            if let f = a.modelField, columnOfField[f] == nil { columnOfField[f] = k }
        }
        // A second column for a single-valued attribute keeps its values as a field.
        for k in plan.indices where !firstOfSingle[k] { plan[k] = .field(headers[k]); firstOfSingle[k] = true }
        guard plan.contains(.title) else {
            let named = m.name == ColumnMapping.boardkit.name ? nil : m.name
            diagnostics.append(Diagnostic(TabularMessage.noTitleColumn(mapping: named, titleHeaders: m.headersOf[.title] ?? [],
                                                                       headers: headers.filter { !$0.isEmpty }),
                                          at: locate(0)))
            return false
        }
        titleColumn = plan.firstIndex(of: .title) ?? 0
        fieldColumnIndices = plan.indices.filter { k in
            if case .field = plan[k] { return !gathered[k] } else { return false }
        }
        // Sharing a row's fields is safe unless a value kept under a column's header (a date
        // that is not one) could land on a field name, where column order decides the winner.
        let fieldNames = Set(fieldColumnIndices.compactMap { k -> String? in
            if case .field(let n) = plan[k] { return n } else { return nil }
        })
        sharesFieldSets = !plan.indices.contains { k in
            if case .field = plan[k] { return false }
            return fieldNames.contains(headers[k].isEmpty ? "column \(k + 1)" : headers[k])
        }
        if let kinds = m.rowKinds {
            kindColumn = headers.firstIndex { NameKey.of($0) == NameKey.of(kinds.column) }
        }
        if !plan.contains(.state), kindColumn == nil, catalogue == nil {
            fieldHeaderPlaces = fieldColumnIndices.compactMap { k in
                if case .field(let name) = plan[k] { return (name, locate(k)) } else { return nil }
            }
        }
        headerOK = true
        return true
    }

    /// How much `cells` look like the header (`HeaderRowSearch`): two or more names, all
    /// text, one of them a title column by the mapping (or by `--columns title=…`). A title
    /// band, a date line or a data row does not.
    public func headerLikeness(_ cells: [TabularCell]) -> HeaderLikeness {
        var names: [String] = []
        var values = 0
        for cell in cells {
            switch cell {
            case .empty: continue
            case .text(let t):
                let name = t.trimmingSpaces
                if !name.isEmpty { names.append(name) }
            default: values += 1
            }
        }
        let filled = names.count + values
        guard values == 0, names.count >= 2 else { return filled >= 3 ? .wide : .no }
        let titled: Bool
        if let title = options.columns["title"] {
            titled = names.contains { NameKey.of($0) == NameKey.of(title) }
        } else {
            let m = mapping ?? MappingLibrary.detect(header: names)
            titled = names.contains { m.attribute(forHeader: $0) == .title }
        }
        return titled ? .namesTitle : filled >= 3 ? .wide : .shaped
    }

    /// Says that the header is not the first row: `passed` rows above it (the first holding
    /// `firstPassed`) were passed over, not read as cards.
    public func headerFound(atRow number: Int, passed: Int, firstPassed: [TabularCell]?, at location: SourceLocation) {
        guard passed > 0, options.headerRow == nil else { return }
        diagnostics.append(Diagnostic(TabularMessage.headerRow(row: number, passed: passed, firstPassed: (firstPassed ?? []).map(\.text)),
                                      at: location))
    }

    /// `--header-row N` names a row that is not there, or that holds nothing.
    public func headerRowMissing(_ number: Int, at location: SourceLocation) {
        diagnostics.append(Diagnostic(TabularMessage.noHeaderRow(number), at: location))
    }

    /// `--columns`: the attribute each named header holds, by `NameKey.of`. Nil after
    /// reporting a name that is no attribute, or a header the file does not have.
    private func chosenColumns(_ locate: (Int) -> SourceLocation) -> [String: CardAttribute]? {
        var chosen: [String: CardAttribute] = [:]
        let present = Set(headers.map(NameKey.of))
        for (name, header) in options.columns.sorted(by: { $0.key < $1.key }) {
            guard let attribute = CardAttribute(name: name) else {
                diagnostics.append(Diagnostic(TabularMessage.columnsNotAnAttribute(name), at: locate(0)))
                return nil
            }
            guard present.contains(NameKey.of(header)) else {
                diagnostics.append(Diagnostic(TabularMessage.columnsNoSuchHeader(name: name, header: header,
                                                                                 headers: headers.filter { !$0.isEmpty }),
                                              at: locate(0)))
                return nil
            }
            chosen[NameKey.of(header)] = attribute
        }
        return chosen
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

    /// The custom fields of a row's single field columns, one dictionary shared by every row
    /// with the same values in them.
    private func fieldSet<Row: TabularRowCells>(of row: Row) -> [String: String] {
        let key = fieldKey
        key.pointee.removeAll(keepingCapacity: true)
        for k in fieldColumnIndices where k < row.count {
            if !row.isEmpty(k) { row.withUTF8(k) { key.pointee.append(contentsOf: $0) } }
            key.pointee.append(0xFF) // never in UTF-8
        }
        return key.pointee.withUnsafeBufferPointer { bytes in
            fieldSets.value(for: bytes) { _ in
                var fields: [String: String] = [:]
                for k in fieldColumnIndices where k < row.count && !row.isEmpty(k) {
                    if case .field(let name) = plan[k] { fields[name] = row.text(k) }
                }
                return fields
            }
        }
    }

    /// Makes a card of a row (typed cells or text bytes; specialized for each).
    /// `fields`: the row's single field columns already made into the card's custom fields.
    private func addCard<Row: TabularRowCells>(_ row: Row, _ locate: (_ column: Int) -> SourceLocation,
                                               fields: [String: String]? = nil) {
        let mark = diagnostics.count
        var card = Card(id: "", title: "", state: "", fields: fields ?? [:])
        /// Slash dates of this row that read both ways (kept only if the card is).
        var undecided: [SlashDateColumns.Undecided] = []
        var stateName: String?
        /// The state cell as written, when spaces around it were trimmed: a state named
        /// ` spaced ` is written so, and found by that name before the trimmed one is tried.
        var stateText: String?
        var category: StateCategory?
        var lists: [String: [String]] = [:]
        let count = min(row.count, plan.count)
        for k in 0..<count {
            if row.isEmpty(k) { continue }
            switch plan[k] {
            case .id: card.id = row.uniqueText(k)
            case .title: card.title = row.text(k)
            case .body: card.body = row.text(k)
            case .url: card.url = row.text(k)
            case .state:
                stateName = row.trimmedText(k)
                let exact = row.text(k)
                if exact != stateName { stateText = exact }
            case .stateCategory:
                if let c = StateCategoryWords.hint(row.text(k)) { category = c }
                else { keep(row.cell(k), k, .notACategory, &card, locate) }
            case .due, .start, .created, .updated, .completed:
                if let r = reading(row, k, &card, locate, undecided: &undecided) { set(plan[k], r, on: &card) }
            case .labels: Self.appendItems(row.listItems(k), to: &card.labels)
            case .assignees: Self.appendItems(row.listItems(k), to: &card.assignees)
            case .position:
                if let d = row.number(k) { card.position = d }
                else { keep(row.cell(k), k, .notANumber, &card, locate) }
            case .archived:
                if let b = row.bool(k) { card.archived = b }
                else { keep(row.cell(k), k, .notABool, &card, locate) }
            case .field(let name):
                if gathered[k] { lists[name, default: []].append(row.text(k)) }
                else if fields == nil { card.fields[name] = row.text(k) }
            case .ignore: break
            }
        }
        for (name, items) in lists { card.fields[name] = ListCodec.join(items) }
        if leftOut.leavesOut(&diagnostics, since: mark) { return }
        if card.id.isEmpty { card.id = generatedID(card, stateName) }
        card.state = stateText.flatMap { states.exact($0) }
            ?? (stateName ?? currentSection).map { states.resolve($0, category: category) } ?? ""
        for u in undecided { slashColumns.wait(u) }
        cards.append(card)
        cardRows.append(Int32(truncatingIfNeeded: rowNumber))
    }

    /// The board, with the catalogue's id, name, zone and metadata when there is one.
    public func finish() -> Result {
        guard headerOK else {
            return Result(board: nil, diagnostics: diagnostics, cardRows: [], columnOfField: [:],
                          mappingName: mapping?.name ?? "boardkit")
        }
        settleSlashDates()
        if cards.contains(where: { $0.state.isEmpty }) {
            let fallback = states.defaultState()
            for k in cards.indices where cards[k].state.isEmpty { cards[k].state = fallback }
        }
        if let d = leftOut.summary(item: "row", items: "rows", at: SourceLocation(file: file)) { diagnostics.append(d) }
        stateColumnUnread()
        let c = catalogue
        let board = Board(id: c?.id ?? "board", name: c?.name ?? "Board",
                          timeZone: c?.timeZone ?? options.timeZone ?? "UTC",
                          states: states.states.isEmpty ? BoardState.defaults : states.states,
                          cards: cards, events: [], metadata: c?.metadata ?? [:], extras: c?.extras ?? [:])
        return Result(board: board, diagnostics: diagnostics, cardRows: cardRows,
                      columnOfField: columnOfField, mappingName: mapping?.name ?? "boardkit")
    }

    /// No column was read as the state, so every card is in one todo state: when a column
    /// kept as a field holds values that name a state of work ("Done", "In Progress", as
    /// Plane's `State Name` or an Asana `Section` do), say so and how to read it as the state,
    /// rather than let done work pass for work to do (#19 item 3).
    private func stateColumnUnread() {
        guard !fieldHeaderPlaces.isEmpty, !cards.isEmpty else { return }
        var hints: [String: Bool] = [:]
        for (name, place) in fieldHeaderPlaces {
            var count = 0
            var shown: [String] = []
            for card in cards {
                // An address is no state, whatever letters it holds (`qaz@in.ibm.com` has QA).
                guard let value = card.fields[name], value.utf8.count <= 60,
                      !value.contains("@"), !value.contains("://") else { continue }
                let started = hints[value] ?? {
                    let c = StateCategoryWords.hint(value)
                    hints[value] = c == .done || c == .doing
                    return c == .done || c == .doing
                }()
                guard started else { continue }
                count += 1
                if shown.count < 3, !shown.contains(value) { shown.append(value) }
            }
            guard count > 0 else { continue }
            let todo = states.states.first { $0.category == .todo }?.name ?? "TODO"
            diagnostics.append(Diagnostic(TabularMessage.stateColumnUnread(todo: todo, column: name, cards: count, shown: shown),
                                          at: place))
        }
    }

    /// Handles a row that is not a card (a section or a note); true when it is a card row.
    private func kindRow(_ cells: [TabularCell], _ column: Int, _ kinds: ColumnMapping.RowKinds,
                         _ locate: (Int) -> SourceLocation) -> Bool {
        let kind = column < cells.count ? cells[column].text.trimmingSpaces : ""
        if kind.isEmpty || kinds.cards.contains(kind) { return true }
        let text = titleColumn < cells.count ? cells[titleColumn].text : ""
        if kinds.states.contains(kind) {
            currentSection = text.trimmingSpaces.isEmpty ? nil : text.trimmingSpaces
        } else if kinds.notes.contains(kind), !cards.isEmpty {
            let k = cards.count - 1
            let previous = cards[k].fields[kinds.notesField]
            cards[k].fields[kinds.notesField] = previous.map { $0 + "\n\n" + text } ?? text
        } else {
            skippedKinds[kind, default: 0] += 1
            if skippedKinds[kind] == 1 {
                diagnostics.append(Diagnostic(TabularMessage.rowSkipped(kind: kind, cardKinds: kinds.cards), at: locate(column)))
            }
        }
        return false
    }

    // MARK: Values

    /// Most cards have one labels column: take its array as it is.
    private static func appendItems(_ items: [String], to list: inout [String]) {
        if list.isEmpty { list = items } else { list += items }
    }

    /// Keeps a value the attribute cannot take as a field under the column's header.
    private func keep(_ cell: TabularCell, _ k: Int, _ why: TabularMessage.KeptReason, _ card: inout Card,
                      _ locate: (Int) -> SourceLocation) {
        let name = headers[k].isEmpty ? "column \(k + 1)" : headers[k]
        card.fields[name] = cell.text
        keptWarnings += 1
        diagnostics.append(Diagnostic(TabularMessage.valueKept(column: name, value: cell.text, reason: why), at: locate(k)))
    }

    /// What a date cell denotes, or nil after reporting why it denotes nothing (or, for a
    /// slash date that reads both ways, after leaving it in `undecided` for its column).
    private func reading<Row: TabularRowCells>(_ row: Row, _ k: Int, _ card: inout Card,
                                               _ locate: (Int) -> SourceLocation,
                                               undecided: inout [SlashDateColumns.Undecided]) -> TabularDateReader.Reading? {
        let r = row.date(k, dates)
        switch r {
        case .malformed:
            keep(row.cell(k), k, .notADate(formats: dates.formats.map(\.pattern)), &card, locate)
            return nil
        case .impossible:
            diagnostics.append(Diagnostic(TabularMessage.impossibleDate(column: headers[k], value: row.text(k)), at: locate(k)))
            return nil
        case .ambiguous(let a, let b):
            undecided.append(.init(card: cards.count, column: k, attribute: plan[k], text: row.text(k),
                                   location: locate(k), readings: (a, b)))
            return nil
        default:
            // A slash date that reads one way only shows its column's order.
            if dates.slashOrder == .unknown, row.withUTF8(k, { $0.contains(UInt8(ascii: "/")) }),
               slashColumns.learns(fromColumn: k) {
                let text = row.text(k)
                if let order = dates.orderShown(by: text) { slashColumns.saw(order, text, column: k, at: locate(k)) }
            }
            return r
        }
    }

    /// Sets a card's date attribute from what its cell denotes.
    private func set(_ attribute: CardAttribute, _ r: TabularDateReader.Reading, on card: inout Card) {
        switch attribute {
        case .due: card.due = dueDate(r, .due)
        case .start: card.start = dueDate(r, .start)
        case .created: card.created = instant(r)
        case .updated: card.updated = instant(r)
        case .completed: card.completed = instant(r)
        default: break
        }
    }

    private func dueDate(_ r: TabularDateReader.Reading, _ attribute: CardAttribute) -> DueDate? {
        let dateOnly = mapping?.dateOnly.contains(attribute) ?? false
        switch r {
        case .date(let d): return .date(d)
        case .dateTime(let t): return dateOnly && t.isMidnight ? .date(t.date) : .instant(zone.instant(t))
        case .instant(let i): return dateOnly && i.local.isMidnight ? .date(i.local.date) : .instant(i)
        default: return nil
        }
    }

    private func instant(_ r: TabularDateReader.Reading) -> Instant? {
        switch r {
        case .date(let d): return zone.startOfDay(d)
        case .dateTime(let t): return zone.instant(t)
        case .instant(let i): return i
        default: return nil
        }
    }

    /// Gives each slash date that reads both ways its column's order, with a note per column
    /// saying which order and why; reports the rest (`tabular-ambiguous-date`). Under
    /// `--skip-invalid` a card with an unsettled date is left out.
    private func settleSlashDates() {
        var taken: [Int: Int] = [:]
        var unsettledCards: [Int: [Diagnostic]] = [:]
        for u in slashColumns.undecided {
            if let order = slashColumns.order(ofColumn: u.column) {
                set(u.attribute, dates.reading(slashDates: order).read(text: u.text), on: &cards[u.card])
                taken[u.column, default: 0] += 1
                continue
            }
            let message: TabularMessage
            if let shown = slashColumns.shown[u.column], let other = shown.other {
                message = .mixedDateOrders(column: headers[u.column], value: u.text, first: u.readings.0, second: u.readings.1,
                                           shown: shown.text, order: shown.order, other: other.text)
            } else {
                message = .ambiguousDate(column: headers[u.column], value: u.text, first: u.readings.0, second: u.readings.1)
            }
            unsettledCards[u.card, default: []].append(Diagnostic(message, at: u.location))
        }
        for (k, count) in taken.sorted(by: { $0.key < $1.key }) {
            guard let shown = slashColumns.shown[k] else { continue }
            diagnostics.append(Diagnostic(TabularMessage.dateOrderShown(column: headers[k], order: shown.order, shown: shown.text, count: count),
                                          at: shown.location))
        }
        guard !unsettledCards.isEmpty else { return }
        var leftOutCards: Set<Int> = []
        for (card, found) in unsettledCards.sorted(by: { $0.key < $1.key }) {
            let mark = diagnostics.count
            diagnostics += found
            if leftOut.leavesOut(&diagnostics, since: mark) { leftOutCards.insert(card) }
        }
        if !leftOutCards.isEmpty {
            let kept = cards.indices.filter { !leftOutCards.contains($0) }
            cards = kept.map { cards[$0] }
            cardRows = kept.map { cardRows[$0] }
        }
    }

    /// `month first (MM/DD)` or `day first (DD/MM)`.
    /// A deterministic id from the content, so a second export of the same file gives the same
    /// ids; identical rows get `-2`, `-3`… in order.
    private func generatedID(_ card: Card, _ state: String?) -> String {
        let base = StableID.make(from: [card.title, card.body, state ?? "",
                                        card.created?.description ?? "", card.due?.description ?? ""])
        let n = generatedIDs[base, default: 0] + 1
        generatedIDs[base] = n
        return n == 1 ? base : "\(base)-\(n)"
    }
}

extension LocalDateTime {
    /// 00:00:00.000, the time a tool writes beside a value that is only a date.
    fileprivate var isMidnight: Bool { hour == 0 && minute == 0 && second == 0 && millisecond == 0 }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        guard let f = first, let l = last, f == " " || f == "\t" || l == " " || l == "\t" else { return self }
        return String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
