import CLibPQ
import Foundation

/// One connection to PostgreSQL through libpq, used by one caller at a time (`PostgresPool`
/// lends it). The store's API is synchronous (its commands, and a server's group committer,
/// run on threads of their own), and libpq's calls block the calling thread until the server
/// answers: a statement costs one round trip and no hand-over between threads (through
/// postgres-nio each statement woke an event loop's thread and then the caller's, which
/// doubled what a statement cost on a busy two-core machine).
///
/// Statements the store runs again and again are prepared once per connection
/// (`prepared(_:_:)`); parameters go in PostgreSQL's binary form with their types (`int8`,
/// `float8`, `text`), rows come back as text.
///
/// A write's transaction is pipelined (`transaction(_:pipelined:_:)`, libpq's pipeline
/// mode): a statement whose answer the store does not read (`send`: an INSERT, an UPDATE, a
/// savepoint) goes at once without waiting, and is answered together with the next statement
/// that is waited for, which throws the first failure among them. A step's writes then cost
/// no round trip of their own; its reads still do.
final class PostgresSession: @unchecked Sendable {
    // Touched only by the one caller the pool has lent the session to.
    private var connection: OpaquePointer?
    private var statements: [String: PostgresStatement] = [:]
    /// The names of the statements prepared on this connection, by text and parameter types.
    private var preparedNames: [PreparedKey: String] = [:]
    /// The number in the last prepared statement's name (a name is never given twice).
    private var lastName = 0
    /// Whether the connection is in pipeline mode (a write's transaction).
    private var pipelined = false
    /// Statements (and preparations) sent in pipeline mode whose answers are not read yet.
    private var unanswered = 0
    /// Statements prepared in pipeline mode whose preparation is not answered yet: forgotten
    /// when the pipeline fails (the server may not have them).
    private var preparing: [PreparedKey] = []
    /// Reads sent ahead (`sendAhead`): the ticket of each by its place among the statements
    /// unanswered, then its rows once read, until taken (or the pipeline ends).
    private var aheadPlaces: [Int: Int] = [:]
    private var aheadResults: [Int: PostgresResult] = [:]
    private var lastTicket = 0

    /// The most statements left unanswered before they are read: both sides' buffers could
    /// otherwise fill, each waiting for the other to read.
    private static let mostUnanswered = 500
    /// The schema the connection's search path names (the board it last served).
    private(set) var schema: String?
    private let address: PostgresAddress
    private let password: String?
    private let readOnly: Bool

    private struct PreparedKey: Hashable {
        var sql: String
        var types: [Oid]
    }

    init(_ address: PostgresAddress, password: String?, readOnly: Bool) {
        self.address = address
        self.password = password
        self.readOnly = readOnly
    }

    deinit { close() }

    /// Ends the connection (a lock held by it is released with it).
    func close() {
        if let connection { PQfinish(connection) }
        connection = nil
        pipelined = false
        unanswered = 0
        preparing = []
    }

    /// Whether the session's connection is gone for good (the pool then forgets the session).
    var isClosed: Bool { connection.map { PQstatus($0) == CONNECTION_BAD } ?? false }

    /// Readies the session for a board in `schema`: connects when there is no connection (or
    /// the last one was lost: a server restarted, a network cut), with the schema in its
    /// search path from the start; otherwise points the search path at it when it served
    /// another board last.
    func ready(for schema: String) throws {
        if connection == nil || isClosed {
            close()
            statements = [:]
            preparedNames = [:]
            self.schema = nil
            var settings = [
                ("search_path", "\"\(schema)\""),
                // Writers of one board wait for each other as SQLite's do (`BoardStore.busyTimeout`).
                ("lock_timeout", "\(Int(BoardStore.busyTimeout))s"),
            ]
            if readOnly { settings.append(("default_transaction_read_only", "on")) }
            connection = try Self.connect(address, password: password, settings: settings)
        } else if self.schema != schema {
            self.schema = nil
            _ = try query("SET search_path TO \"\(schema)\"")
        }
        self.schema = schema
    }

    /// The cached statement for `sql`, cleared for new bindings.
    func statement(_ sql: String) -> PostgresStatement {
        if let s = statements[sql] {
            s.clear()
            return s
        }
        let s = PostgresStatement(sql, session: self)
        statements[sql] = s
        return s
    }

    /// Runs `body` between `begin` and COMMIT; a `body` that throws is rolled back.
    /// `pipelined`: the statements sent in between go without waiting (see the type's note),
    /// and the rows of reads sent ahead come back with the COMMIT, for `answered` to take.
    func transaction<T>(_ begin: String, pipelined: Bool = false, answered: () throws -> Void = {},
                        _ body: () throws -> T) throws -> T {
        if pipelined {
            guard PQenterPipelineMode(try connected()) == 1 else { throw connectionFailure() }
            self.pipelined = true
        }
        defer { if pipelined { leavePipeline() } }
        do {
            try send(begin)
            let result = try body()
            try send("COMMIT")
            try waitForAnswers()
            try answered()
            return result
        } catch {
            // What was sent is answered before the rollback; a connection that cannot even
            // roll back is closed, so the next use starts on a new one rather than inside a
            // transaction left open.
            try? waitForAnswers()
            if (try? query("ROLLBACK")) == nil { close() }
            throw error
        }
    }

    /// Sends a statement whose answer is not read: in a pipelined transaction it is answered
    /// with the next statement waited for, which throws its failure; otherwise now.
    func send(_ sql: String, _ values: [SQLValue] = [], prepared: Bool = false) throws {
        guard pipelined else {
            _ = try run(sql, values, prepared: prepared)
            return
        }
        try enqueue(sql, values, prepared: prepared)
        if unanswered >= Self.mostUnanswered { _ = try collect() }
    }

    /// Waits until every statement sent has been answered; throws the first failure.
    func waitForAnswers() throws {
        if pipelined && unanswered > 0 { _ = try collect() }
    }

    /// Hands what a pipeline holds to the server now (`SQLConnection.flush`).
    func flush() throws {
        guard pipelined, unanswered > 0 else { return }
        guard PQflush(try connected()) == 0 else { throw connectionFailure() }
    }

    /// Sends a read (prepared) in a pipelined transaction without waiting for its rows, which
    /// come with the next statement waited for; the ticket that `answer(ahead:)` takes them
    /// by. Nil outside a pipeline: the read then runs when its rows are asked for.
    func sendAhead(_ sql: String, _ values: [SQLValue]) throws -> Int? {
        guard pipelined else { return nil }
        try enqueue(sql, values, prepared: true)
        lastTicket += 1
        aheadPlaces[unanswered - 1] = lastTicket
        return lastTicket
    }

    /// The rows of a read sent ahead, waiting for them when they have not come yet; nil when
    /// they never will (a failure before them ended the pipeline's run, or the transaction
    /// they were read in): the caller reads anew.
    func answer(ahead ticket: Int) throws -> PostgresResult? {
        if aheadResults[ticket] == nil && aheadPlaces.values.contains(ticket) { _ = try collect() }
        return aheadResults.removeValue(forKey: ticket)
    }

    /// Sends one statement, parsed and planned for this run only (a statement run once: DDL,
    /// a batch of rows whose text depends on its size), and waits for its rows.
    func query(_ sql: String, _ values: [SQLValue] = []) throws -> PostgresResult {
        try run(sql, values, prepared: false)
    }

    /// The same for a statement the store runs again and again: prepared the first time this
    /// connection runs it (with these parameter types), then only bound and run.
    func prepared(_ sql: String, _ values: [SQLValue]) throws -> PostgresResult {
        try run(sql, values, prepared: true)
    }

    private func run(_ sql: String, _ values: [SQLValue], prepared: Bool) throws -> PostgresResult {
        if pipelined {
            try enqueue(sql, values, prepared: prepared)
            guard let result = try collect() else { throw connectionFailure() }
            return result
        }
        let connection = try connected()
        guard prepared else {
            return try Self.withParameters(values) { types, pointers, lengths, formats in
                try answer(PQexecParams(connection, sql, Int32(values.count), types, pointers, lengths, formats, 0))
            }
        }
        let name = try preparedName(sql, values) { name, types in
            _ = try answer(PQprepare(connection, name, sql, Int32(types.count), types))
        }
        return try Self.withParameters(values) { _, pointers, lengths, formats in
            try answer(PQexecPrepared(connection, name, Int32(values.count), pointers, lengths, formats, 0))
        }
    }

    /// The name `sql` is prepared under on this connection for these values' types, prepared
    /// by `prepare` the first time (a name is never given twice).
    private func preparedName(_ sql: String, _ values: [SQLValue],
                              prepare: (_ name: String, _ types: [Oid]) throws -> Void) throws -> String {
        let key = PreparedKey(sql: sql, types: values.map(\.postgresType))
        if let known = preparedNames[key] { return known }
        lastName += 1
        let name = "boardkit_\(lastName)"
        try prepare(name, key.types)
        preparedNames[key] = name
        if pipelined { preparing.append(key) }
        return name
    }

    /// Sends a statement in pipeline mode (preparing it first when it is to be prepared and
    /// this connection has not yet), without reading any answer.
    private func enqueue(_ sql: String, _ values: [SQLValue], prepared: Bool) throws {
        let connection = try connected()
        var sent: Int32
        if prepared {
            let name = try preparedName(sql, values) { name, types in
                guard PQsendPrepare(connection, name, sql, Int32(types.count), types) == 1 else { throw connectionFailure() }
                unanswered += 1
            }
            sent = Self.withParameters(values) { _, pointers, lengths, formats in
                PQsendQueryPrepared(connection, name, Int32(values.count), pointers, lengths, formats, 0)
            }
        } else {
            sent = Self.withParameters(values) { types, pointers, lengths, formats in
                PQsendQueryParams(connection, sql, Int32(values.count), types, pointers, lengths, formats, 0)
            }
        }
        guard sent == 1 else { throw connectionFailure() }
        unanswered += 1
    }

    /// Ends what the pipeline holds with a sync and reads every answer: the last statement's
    /// result (nil when the last was a read sent ahead: its rows are kept for its ticket), or
    /// the first failure among them (the statements after a failure are skipped by the
    /// server, up to the sync).
    private func collect() throws -> PostgresResult? {
        let connection = try connected()
        guard PQpipelineSync(connection) == 1 else { throw connectionFailure() }
        var failure: (any Error)?
        var last: PostgresResult?
        for place in 0..<unanswered {
            // One statement's answer: its result, then nil.
            while let result = PQgetResult(connection) {
                if PQresultStatus(result) == PGRES_PIPELINE_ABORTED {
                    PQclear(result)
                    continue
                }
                do {
                    let answered = try answer(result)
                    if let ticket = aheadPlaces[place] { aheadResults[ticket] = answered; last = nil } else { last = answered }
                } catch { failure = failure ?? error }
            }
        }
        unanswered = 0
        aheadPlaces = [:]
        guard let sync = PQgetResult(connection) else { throw failure ?? connectionFailure() }
        let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
        PQclear(sync)
        if let failure {
            for key in preparing { preparedNames[key] = nil }
            preparing = []
            aheadResults = [:]
            throw failure
        }
        preparing = []
        guard synced else { throw connectionFailure() }
        return last
    }

    /// Leaves pipeline mode once every answer is read (a connection that cannot is closed).
    private func leavePipeline() {
        try? waitForAnswers()
        aheadResults = [:]
        guard let connection else { return }
        if PQexitPipelineMode(connection) != 1 { close() }
        pipelined = false
    }

    /// Rows into `table` through one `COPY … FROM STDIN` (`PostgresCopy.run`).
    /// Not in a pipelined transaction: libpq does not copy in pipeline mode.
    func copy(into table: String, columns: [String], _ produce: (PostgresCopy.Feed) throws -> Void) throws {
        guard !pipelined else { throw PostgresFailure(.connection, "COPY inside a pipelined transaction") }
        try PostgresCopy.run(on: connected(), into: table, columns: columns, check: answer, produce)
    }

    private func connected() throws -> OpaquePointer {
        guard let connection else { throw PostgresFailure(.connection, "not connected to the server") }
        return connection
    }

    /// The statement's result, or its failure as PostgreSQL or libpq said it.
    func answer(_ result: OpaquePointer?) throws -> PostgresResult {
        guard let result else { throw connectionFailure() }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY, PGRES_COPY_IN:
            return PostgresResult(result)
        default:
            defer { PQclear(result) }
            guard let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map({ String(cString: $0) }) else {
                throw connectionFailure()
            }
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) } ?? state
            throw PostgresFailure(.statement(sqlState: state), message)
        }
    }

    /// What libpq says went wrong with the connection (lost, or a failure of its own).
    private func connectionFailure() -> PostgresFailure {
        let message = connection.map { Self.firstLine(String(cString: PQerrorMessage($0))) } ?? ""
        return PostgresFailure(.connection, message.isEmpty ? "the connection to the server was lost before it answered" : message)
    }

    /// Calls `body` with `values` as libpq takes parameters: their types, pointers to their
    /// bytes in PostgreSQL's binary form (nil for NULL), the bytes' lengths and formats.
    private static func withParameters<R>(
        _ values: [SQLValue],
        _ body: (_ types: [Oid], _ pointers: [UnsafePointer<CChar>?], _ lengths: [Int32], _ formats: [Int32]) throws -> R
    ) rethrows -> R {
        var bytes: [UInt8] = []
        var offsets: [Int?] = []
        var lengths: [Int32] = []
        for value in values {
            let start = bytes.count
            switch value {
            case .null: offsets.append(nil); lengths.append(0); continue
            case .int(let v): withUnsafeBytes(of: v.bigEndian) { bytes.append(contentsOf: $0) }
            case .real(let v): withUnsafeBytes(of: v.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
            case .text(let v): bytes.append(contentsOf: v.utf8)
            }
            offsets.append(start)
            lengths.append(Int32(bytes.count - start))
        }
        // Never empty, so an empty text still points somewhere (a nil pointer is NULL).
        bytes.append(0)
        let types = values.map(\.postgresType)
        let formats = [Int32](repeating: 1, count: values.count)
        return try bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            let pointers = offsets.map { $0.map { base.advanced(by: $0).assumingMemoryBound(to: CChar.self) } }
            return try body(types, pointers, lengths, formats)
        }
    }

    /// How long PostgreSQL lets a write transaction (one holding the board's lock) sit
    /// without a statement before it ends the session: a process frozen mid-write (SIGSTOP, a
    /// VM paused, a debugger) would otherwise hold the lock for as long as it is frozen, and
    /// every other writer would wait and give up. Shorter than `BoardStore.busyTimeout`, so a
    /// writer queued behind a frozen one gets the lock before it gives up. A step waits on
    /// nothing but the database inside its transaction, so a live one is never idle that
    /// long; reads and imports, which may decode or encode many rows between statements and
    /// hold no lock a writer waits for, are not ended (`PostgresEngine.write` sets it).
    static let idleInTransaction: Duration = .seconds(5)

    /// How long connecting (the TCP connection, TLS, the login and the server's new session)
    /// may take: on a loaded machine 10 s was not enough (of twenty commands connecting at
    /// once under a load of 10, two gave up). A store that cannot be reached still says so.
    static let connectTimeout: Duration = .seconds(30)

    /// A new connection to the address's database, as its `sslmode` asks, with `settings`
    /// (PostgreSQL's run-time parameters) given when it starts: no round trip of their own.
    ///
    /// Every connection parameter is given, so none comes from libpq's environment
    /// (`PGOPTIONS`, `PGAPPNAME`…) behind the address's back; the password is the one
    /// `PostgresPassword` found, and libpq is pointed at no password file of its own.
    static func connect(_ address: PostgresAddress, password: String?, settings: [(String, String)] = []) throws -> OpaquePointer {
        var parameters: [(String, String)] = [
            ("user", address.user), ("dbname", address.database),
            ("sslmode", address.sslMode.rawValue), ("gssencmode", "disable"),
            ("connect_timeout", "\(connectTimeout.components.seconds)"),
            ("client_encoding", "UTF8"), ("application_name", "boardkit"),
            ("passfile", "/nonexistent/boardkit-finds-its-own-password"),
            // Each `-c name=value` with its backslashes and spaces escaped, as the server splits them.
            ("options", settings.map { name, value in
                "-c " + "\(name)=\(value)".replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: " ", with: "\\ ")
            }.joined(separator: " ")),
        ]
        switch address.endpoint {
        case .tcp(let host, let port):
            parameters += [("host", host), ("port", "\(port)")]
        case .socket(let path, let port):
            parameters += [("host", (path as NSString).deletingLastPathComponent), ("port", "\(port)")]
        }
        if let root = address.rootCertificate { parameters.append(("sslrootcert", root)) }
        if let password { parameters.append(("password", password)) }
        let connection = withCStrings(parameters.map(\.0)) { keywords in
            withCStrings(parameters.map(\.1)) { values in PQconnectdbParams(keywords, values, 0) }
        }
        guard let connection else { throw PostgresFailure(.connect(needsPassword: false), "out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            defer { PQfinish(connection) }
            let said = firstLine(String(cString: PQerrorMessage(connection)))
            throw PostgresFailure(.connect(needsPassword: PQconnectionNeedsPassword(connection) != 0), said)
        }
        // The server's notices ("… already exists, skipping") are not the user's business;
        // libpq would print them on standard error.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        return connection
    }

    /// libpq's message without its "connection to server at … failed:" preface, its
    /// severity and its hints on the lines after.
    private static func firstLine(_ message: String) -> String {
        var line = message.split(separator: "\n").first.map(String.init) ?? ""
        if line.hasPrefix("connection to server"), let failed = line.range(of: " failed: ") { line = String(line[failed.upperBound...]) }
        for severity in ["FATAL:  ", "ERROR:  "] where line.hasPrefix(severity) { line = String(line.dropFirst(severity.count)) }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// `strings` as a NULL-ended array of C strings, for `body`'s length: one buffer holds
    /// them all, each ending in its NUL (no copy can fail alone and end the array early).
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        var bytes: [CChar] = []
        var starts: [Int] = []
        for string in strings {
            starts.append(bytes.count)
            bytes.append(contentsOf: string.utf8CString)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            body(starts.map { UnsafePointer(buffer.baseAddress! + $0) } + [nil])
        }
    }
}

/// A statement's rows, as text (libpq's result, freed with this value).
final class PostgresResult {
    private let result: OpaquePointer
    let rowCount: Int
    let columnCount: Int

    init(_ result: OpaquePointer) {
        self.result = result
        rowCount = Int(PQntuples(result))
        columnCount = Int(PQnfields(result))
    }

    deinit { PQclear(result) }

    /// The cell's text; nil when it is NULL or out of range.
    func cell(_ row: Int, _ column: Int) -> UnsafePointer<CChar>? {
        guard row < rowCount, column >= 0, column < columnCount, PQgetisnull(result, Int32(row), Int32(column)) == 0 else { return nil }
        return UnsafePointer(PQgetvalue(result, Int32(row), Int32(column)))
    }

    func text(_ row: Int, _ column: Int) -> String? { cell(row, column).map { String(cString: $0) } }

    /// Every row's text in `column`, NULLs left out (a catalogue query's names).
    func texts(_ column: Int) -> [String] { (0..<rowCount).compactMap { text($0, column) } }

    /// A boolean cell (`t` or `f`).
    func flag(_ row: Int, _ column: Int) -> Bool? { text(row, column).map { $0 == "t" } }
}

/// What PostgreSQL or libpq said went wrong, kept apart by kind (the engine turns it into the
/// store's error), in their words.
struct PostgresFailure: Error, CustomStringConvertible {
    enum Kind: Equatable {
        /// The server refused a statement, with this SQLSTATE.
        case statement(sqlState: String)
        /// No connection was made; `needsPassword` when the server asked for a password and
        /// none was given.
        case connect(needsPassword: Bool)
        /// The connection is not there, or was lost before the server answered.
        case connection
    }

    var kind: Kind
    var message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    var sqlState: String? {
        if case .statement(let state) = kind { return state }
        return nil
    }

    var description: String { message }
}

extension SQLValue {
    /// The PostgreSQL type its parameter is sent as (0: the server's to infer, for NULL).
    var postgresType: Oid {
        switch self {
        case .null: 0
        case .int: 20 // int8
        case .real: 701 // float8
        case .text: 25 // text
        }
    }
}
