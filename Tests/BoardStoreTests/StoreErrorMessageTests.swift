import Testing
import BoardModel
import BoardStore

/// The one place the store's refusals are worded, pinned.
@Suite("StoreError's wording")
struct StoreErrorMessageTests {
    @Test("every case's wording and where it points")
    func wording() {
        let cases: [(StoreError, String)] = [
            (.notAStore(path: "b.db"), "not a boardkit store (a SQLite file without boardkit's tables); it was not changed"),
            (.newerSchema(path: "b.db", found: 9, supported: 3),
             "the store has schema version 9, written by a newer boardkit; this one reads up to 3; it was not changed"),
            (.alreadyExists(path: "b.db"), "a file is already there, and a store is never written over one (it may hold a board's history, "
                + "or be open in a server); nothing was written. Choose a new name, or remove the file first"),
            (.missing(path: "b.db"), "no store here; create one first"),
            (.database(path: "b.db", message: "disk I/O error"), "the store could not be used: disk I/O error"),
            (.busy(path: "b.db", message: "database is locked"),
             "the store is busy: another change held it for over 10 s (database is locked); nothing was changed. Try again"),
            (.refused(.unknownCard("x", close: [])), "no card 'x'; name a card by its id or its number (#12); the board's list shows them"),
            (.refused(.unknownCard("logn", close: ["login", "#3"])), "no card 'logn'; did you mean login, #3?"),
            (.refused(.unknownState("QA", known: ["To do", "Doing", "Done"])), "no state 'QA'; the board's states are To do, Doing, Done"),
            (.refused(.invalidValue(field: "card id", value: "a", accepted: .uniqueCardID)), "'a' is not a valid card id; another card has it"),
            (.refused(.invalidValue(field: "events[0].card", value: "ghost", accepted: .boardsCard)),
             "'ghost' is not a valid events[0].card; an event must name one of the board's cards"),
            (.refused(.invalidValue(field: "--timezone", value: "Seoul", accepted: .timeZone)),
             "'Seoul' is not a valid --timezone; use an IANA zone name such as Asia/Seoul or UTC"),
            (.refused(.invalidValue(field: "--due", value: "soon", accepted: .date(forms: "use YYYY-MM-DD, today or +3d"))),
             "'soon' is not a valid --due; use YYYY-MM-DD, today or +3d"),
            (.invalidAddress("postgres://db/b", problem: .password(parameter: nil)),
             "the PostgreSQL address cannot be used: a password in the address would be kept in shell histories and logs; "
                + "nothing was done; give it in PGPASSWORD, a password file or ~/.pgpass"),
            (.invalidAddress("postgres://db/b", problem: .password(parameter: "password")),
             "the PostgreSQL address cannot be used: a password in the address (password=) would be kept in shell histories and logs; "
                + "nothing was done; give it in PGPASSWORD, a password file or ~/.pgpass"),
            (.readOnly(path: "b.db"), "the store cannot be changed: its file or folder is read-only (a read-only mount, or no write "
                + "permission); nothing was changed; what only reads it reads it as it is"),
            (.invalidAddress("postgres://db/b", problem: .password(parameter: "sslpassword")),
             "the PostgreSQL address cannot be used: a password in the address (sslpassword=) would be kept in shell histories and logs, "
                + "and boardkit takes no client key (sslkey=) for it to unlock; nothing was done"),
            (.invalidAddress("postgres://db/b", problem: .repeatedParameter("board")),
             "the PostgreSQL address cannot be used: board= is given twice; give it once; nothing was done"),
            (.invalidAddress("postgres://db/b", problem: .parameterWithoutValue("sslmode")),
             "the PostgreSQL address cannot be used: sslmode= has no value; nothing was done"),
            (.invalidAddress("postgres://db/b", problem: .restatedInQuery("host")),
             "the PostgreSQL address cannot be used: host= says again what the address says before its path "
                + "(the address's own would win); say it in one place; nothing was done"),
            (.nothingToUndo, "nothing to undo"),
            (.nothingToRedo, "nothing to redo"),
            (.cardChanged(id: "c1", number: 5), "#5 changed since it was loaded; nothing was changed, look at it again"),
        ]
        // Library messages name no command: the remedy is worded here in words of no program.
        for (error, text) in cases { #expect(error.sentence() == text) }
        #expect(StoreError.missing(path: "b.db").diagnostic.location == SourceLocation(file: "b.db"))
        #expect(StoreError.refused(.invalidValue(field: "--due", value: "x", accepted: .date(forms: "use YYYY-MM-DD"))).diagnostic.location == SourceLocation(file: "--due"))
        #expect(StoreError.nothingToUndo.diagnostic.location == nil)
        #expect(StoreError.invalidAddress("postgres://db/b", problem: .notAURL).diagnostic.location == SourceLocation(file: "postgres://db/b"))
    }
}
