import ArgumentParser
import BoardKit
import BoardLocale
import BoardModel
import BoardStore

/// `boardkit history [CARD]`: the change log in sentences (or JSON).
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the change log, of the board or of one card; undone changes are marked.")

    @Argument(help: "A card (number, id or title); default: the whole board.")
    var card: String?

    @Option(name: .long, help: "At most this many events (the newest).")
    var limit: Int?

    @Option(name: .long, help: "Only events since this date or time.")
    var since: String?

    @Option(name: .long, help: "text or json.")
    var format: HistoryFormat = .text

    @Option(name: .long, help: "Language of the sentences: en or ko.")
    var locale: ReportLocale = .en

    @OptionGroup var store: StoreFlags

    enum HistoryFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit takes 0 or more") }
    }

    func run() throws {
        try StoreCommand.run(store) { () throws(StoreError) in
            let session = try StoreSession(path: store.path, actor: nil, readOnly: true)
            let id = try card.map { ref throws(StoreError) in try session.store.card(ref).card.id }
            let from = try since.map { v throws(StoreError) in try session.date(v, for: "--since") }
                .map { startInstant($0, session.zone) }
            let events = try session.store.history(card: id, since: from, limit: limit)
            let text = session.sentences(locale)
            switch format {
            case .text: for e in events { print(text.sentence(e)) }
            case .json: print(HistoryJSON.render(events, text: text))
            }
        }
    }

    /// A date means from the start of that day in the board's zone.
    private func startInstant(_ due: DueDate, _ zone: Zone) -> Instant {
        switch due {
        case .date(let d): return zone.startOfDay(d)
        case .instant(let i): return i
        }
    }
}
