import Foundation
import Testing
import BoardModel
import BoardIO
import BoardSample
import BoardTestSupport
import BoardXLSX

/// openpyxl (code nobody here wrote) reads boardkit's workbook and edits it like a person.
@Suite struct OracleTests {
    @Test func openpyxlSeesTheSameValuesAsRealDates() throws {
        let folder = try TemporaryFolder()
        let board = SampleBoard(cards: 30, weeks: 6, seed: 7).generate()
        let (_, _, path) = roundTrip(board, in: folder)
        let seen = try oracleJSON("xlsx_inspect.py", [path])
        #expect(seen["sheets"] as? [String] == ["Cards", "History", "States", "Board"])
        let cards = try #require(seen["Cards"] as? [String: Any])
        let rows = try #require(cards["rows"] as? [[Any]])
        let header = try #require(rows.first as? [String?])
        #expect(Array(header.prefix(4)) == ["id", "title", "body", "state"])
        #expect(rows.count == board.cards.count + 1)
        let zone = try #require(board.zone)
        func col(_ name: String) -> Int { header.firstIndex { $0 == name }! }
        for (card, row) in zip(board.cards, rows.dropFirst()) {
            #expect(row[col("id")] as? String == card.id)
            #expect(row[col("title")] as? String == card.title)
            #expect(row[col("state")] as? String == board.state(withID: card.state)?.name)
            // Due dates are date cells; created is a date-time cell in the board's zone.
            let due = row[col("due")] as? [String: String]
            switch card.due {
            case .date(let d)?: #expect(due?["datetime"] == d.description + "T00:00:00")
            case .instant(let i)?:
                let local = zone.local(i)
                #expect(due?["datetime"]?.hasPrefix(local.date.description + "T") == true)
            case nil: #expect(row[col("due")] is NSNull)
            }
            if let created = card.created {
                let l = zone.local(created)
                let hh = l.hour < 10 ? "0\(l.hour)" : "\(l.hour)"
                #expect((row[col("created")] as? [String: String])?["datetime"]?.hasPrefix("\(l.date)T\(hh):") == true)
            }
            #expect(row[col("archived")] as? Bool == card.archived)
            if !card.labels.isEmpty { #expect(row[col("labels")] as? String == card.labels.joined(separator: ", ")) }
            #expect(row[col("Story points")] as? String == card.fields["Story points"])
        }
        let formats = try #require(cards["number_formats"] as? [[String]])
        #expect(formats[1][col("created")] == "yyyy-mm-dd hh:mm")
        #expect(cards["freeze"] as? String == "A2")
        #expect((cards["autofilter"] as? String)?.hasPrefix("A1:") == true)
        #expect(cards["wrapped_body"] as? Bool == true)
        let hidden = try #require(cards["hidden_columns"] as? [String])
        #expect(hidden.count == 7)
        let validations = try #require(cards["validations"] as? [[String: Any]])
        #expect(validations.first?["type"] as? String == "list")
        #expect(validations.first?["formula1"] as? String == "States!$B$2:$B$5")
        #expect(validations.first?["sqref"] as? String == "D2:D31")
        let conditional = try #require(cards["conditional"] as? [[String: Any]])
        let formula = try #require((conditional.first?["formulas"] as? [String])?.first)
        #expect(formula.contains("TODAY()") && formula.contains("$E2"))
        #expect((conditional.first?["font_color"] as? [String?])?.first??.hasSuffix("FF0000") == true)
        let history = try #require(seen["History"] as? [String: Any])
        #expect((history["rows"] as? [Any])?.count == board.events.count + 1)
        let states = try #require((seen["States"] as? [String: Any])?["rows"] as? [[Any]])
        #expect(states.dropFirst().map { $0[0] as? String } == board.states.map(\.id))
    }

    @Test func editsMadeInASpreadsheetReadBack() throws {
        let folder = try TemporaryFolder()
        let board = SampleBoard(cards: 25, weeks: 6, seed: 11).generate()
        let (_, _, path) = roundTrip(board, in: folder)
        let edited = folder.path("edited.xlsx")
        let moving = board.cards[3]
        let target = board.states.first { $0.id != moving.state }!
        let out = try CommandRunner.python("xlsx_edit.py", [path, edited, "c2", moving.id, target.name, "c5", "2027-01-15", "Typed by hand"])
        #expect(out.status == 0, "\(out.stderr)")
        let read = BoardXLSXReader().read(BoardInput(path: edited), options: ReaderOptions())
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        let back = try #require(read.board)
        // Deleted: c2 and its history (reported, not silent). Reordered: the last card first.
        #expect(!back.cards.contains { $0.id == "c2" })
        #expect(!back.events.contains { $0.card == "c2" })
        #expect(read.diagnostics.contains { $0.code == .xlsxOrphanEvents })
        #expect(back.cards.first?.id == board.cards.last?.id)
        #expect(back.cards.count == board.cards.count)   // one deleted, one added
        // The dropdown change and the typed date.
        #expect(back.cards.first { $0.id == moving.id }?.state == target.id)
        #expect(back.cards.first { $0.id == "c5" }?.due == .date(CalendarDate(year: 2027, month: 1, day: 15)!))
        let added = try #require(back.cards.last)
        #expect(added.title == "Typed by hand" && added.state == target.id)
        #expect(added.due == .date(CalendarDate(year: 2027, month: 1, day: 15)!))
        // Untouched cards are exactly as written, exact instants included.
        for card in board.cards where !["c2", "c5", moving.id].contains(card.id) {
            #expect(back.cards.first { $0.id == card.id } == card, "\(card.id)")
        }
        #expect(back.events == board.events.filter { $0.card != "c2" })
    }

    /// Cards and History are read on two cores, History before the Cards sheet's states are
    /// known. Without a States sheet the states are made from the names the Cards sheet uses:
    /// a name a person typed into both a card and a history row is one state, with one id.
    @Test func aNewStateTypedInCardsAndHistoryIsOneState() throws {
        let folder = try TemporaryFolder()
        let board = SampleBoard(cards: 6, weeks: 4, seed: 5).generate()
        let (_, _, path) = roundTrip(board, in: folder)
        let edited = folder.path("edited.xlsx")
        let card = board.cards[0]
        let script = """
        import datetime, sys, openpyxl
        src, dst, card = sys.argv[1:4]
        wb = openpyxl.load_workbook(src)
        cards = wb["Cards"]
        header = [c.value for c in cards[1]]
        for row in cards.iter_rows(min_row=2):
            if row[header.index("id")].value == card:
                row[header.index("state")].value = "Blocked"
        history = wb["History"]
        history.append([card, datetime.datetime(2027, 1, 4, 9, 30), "moved", None, "Blocked", "mina"])
        del wb["States"]
        wb.save(dst)
        """
        let out = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, path, edited, card.id])
        #expect(out.status == 0, "\(out.stderr)")
        let read = BoardXLSXReader().read(BoardInput(path: edited), options: ReaderOptions())
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        let back = try #require(read.board)
        let blocked = try #require(back.states.first { $0.name == "Blocked" })
        #expect(blocked.id == "blocked")
        #expect(back.cards.first { $0.id == card.id }?.state == blocked.id)
        let typed = try #require(back.events.last)
        #expect(typed.card == card.id && typed.to == blocked.id && typed.actor == "mina")
        #expect(Array(back.events.dropLast()) == board.events)
    }
}
