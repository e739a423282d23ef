import Foundation
import Synchronization
import Testing

/// The engines every store test runs on: a store in a SQLite file, and one in a real
/// PostgreSQL server (Tests/Oracles/postgres_server.py: Debian's postgresql, started once
/// for the test process, stopped when it ends).
public enum StoreEngineUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    public var testDescription: String { rawValue }

    /// Where a new store called `name` goes: a file in `folder`, or a board of its own in the
    /// shared server's database (a name no other test uses).
    public func location(_ name: String, in folder: TemporaryFolder) throws -> String {
        switch self {
        case .sqlite: return folder.path(name)
        case .postgres: return try TestPostgres.newBoard()
        }
    }
}

/// The PostgreSQL server the tests of this process share.
public enum TestPostgres {
    private static let started = Mutex<Result<ScriptServer, TestPostgresError>?>(nil)
    private static let counter = Mutex(0)

    /// The server, started on first use. Its password is put in `PGPASSWORD` for this process
    /// and the commands it runs, as an operator's environment would have it.
    public static func server() throws -> ScriptServer {
        try started.withLock { state -> Result<ScriptServer, TestPostgresError> in
            if let state { return state }
            let result: Result<ScriptServer, TestPostgresError>
            do {
                let server = try ScriptServer("postgres_server.py", [])
                if server.url.isEmpty { throw TestPostgresError.notStarted }
                setenv("PGPASSWORD", server.info["password"] as? String ?? "", 1)
                result = .success(server)
            } catch {
                result = .failure(.notStarted)
            }
            state = result
            return result
        }.get()
    }

    /// The server's database URL (`postgres://boardkit@127.0.0.1:PORT/boardkit`).
    public static func databaseURL() throws -> String { try server().url }

    /// What `psql` prints for one statement on the server's database (unaligned, tuples only),
    /// as `user` (the oracle's superuser, `postgres`, has the same password as `boardkit`).
    public static func psql(_ sql: String, as user: String = "boardkit") throws -> String {
        let server = try server()
        let bin = server.info["bin"] as? String ?? "/usr/lib/postgresql/15/bin"
        let port = (server.info["port"] as? Int).map(String.init) ?? ""
        return try CommandRunner.run(bin + "/psql", ["-h", "127.0.0.1", "-p", port, "-U", user, "-d", "boardkit",
                                                     "-At", "-c", sql]).stdoutText
    }

    /// A board name no other test of this run has, and its address.
    public static func newBoard() throws -> String {
        let url = try databaseURL()
        let n = counter.withLock { n -> Int in
            n += 1
            return n
        }
        return url + "?board=t\(getpid())_\(n)"
    }
}

public enum TestPostgresError: Error {
    case notStarted
}
