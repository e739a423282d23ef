import BoardModel
import BoardIO

/// The plan: what each column of the header holds (`CardAttribute`), found once from the
/// header row (or its search), so that every row after it is read by the plan alone.
extension TabularBoardBuilder {
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
        let listFields = m.listFields
        gathered = plan.map { a in
            if case .field(let name) = a { return seen[a, default: 0] > 1 || listFields.contains(name) } else { return false }
        }
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
}
