@testable import BoardStore
import BoardTestSupport
import Foundation
import Testing

/// A `postgres://` address as a person writes it, and where its password comes from.
@Suite struct PostgresAddressTests {
    let none: [String: String] = ["USER": "mina"]

    @Test func theAddressAndLibpqsDefaults() throws {
        let a = try #require(try PostgresAddress("postgres://boardkit@db.example.org:6543/boards?board=team&sslmode=verify-full", environment: none))
        #expect(a.endpoint == .tcp(host: "db.example.org", port: 6543))
        #expect(a.user == "boardkit" && a.database == "boards" && a.schema == "board_team" && a.sslMode == .verifyFull)
        // What the URL leaves out: libpq's variables, then its defaults.
        let b = try #require(try PostgresAddress("postgresql:///", environment: ["PGHOST": "10.0.0.5", "PGUSER": "jisoo", "PGPORT": "5433"]))
        #expect(b.endpoint == .tcp(host: "10.0.0.5", port: 5433) && b.user == "jisoo" && b.database == "jisoo" && b.board == "board")
        #expect(b.sslMode == .prefer)
        let c = try #require(try PostgresAddress("postgres://?host=/run/pg&dbname=boards", environment: none))
        #expect(c.endpoint == .socket(path: "/run/pg/.s.PGSQL.5432", port: 5432) && c.user == "mina" && c.database == "boards")
        #expect(try PostgresAddress("team.db", environment: none) == nil)
    }

    @Test func whatCannotBeUsedIsSaidAndNeverEchoesAPassword() throws {
        expectRefused([
            ("postgres://mina:s3cret@db/boards", "a password in the address"),
            ("postgres://db/boards?board=Team", "board 'Team' must be 1 to 50 of a-z, 0-9 and _"),
            ("postgres://db/boards?sslmode=sometimes", "sslmode 'sometimes' is not one of disable, allow, prefer"),
            ("postgres://db/boards?boards=team", "'boards' is not a parameter boardkit takes"),
            ("postgres://db:99999/boards", "port '99999' is not a port number"),
        ])
    }

    /// Each address is refused as `store-address-invalid`, saying what it says, and no
    /// message shows the password the first one holds.
    func expectRefused(_ cases: [(address: String, says: String)]) {
        for (address, says) in cases {
            do {
                _ = try PostgresAddress(address, environment: none)
                Issue.record("\(address) was taken")
            } catch {
                #expect(error.diagnostic.code == .storeAddressInvalid)
                #expect(error.text.contains(says), "\(error.text)")
                #expect(!error.text.contains("s3cret"))
            }
        }
    }

    /// A password is refused wherever the address holds it (before the `@`, `password=`,
    /// `sslpassword=`, an address too broken to read), and no message shows it: the
    /// refusal's location included, which is the address as given.
    @Test func aPasswordAnywhereInTheAddressIsRefusedAndNeverShown() throws {
        for address in [
            "postgres://db/boards?board=team&password=s3cret",
            "postgres://db/boards?sslpassword=s3cret&board=team",
            "postgres://db/boards?board=Team&PASSWORD=s3cret",
            "postgres://mina:s3cret@db/boards?board=Team",
            "postgres://mina:pa/s3cret@db/boards",
        ] {
            do {
                _ = try PostgresAddress(address, environment: none)
                Issue.record("\(address) was taken")
            } catch {
                #expect(error.diagnostic.code == .storeAddressInvalid)
                #expect(!error.diagnostic.description.contains("s3cret"), "\(error.diagnostic)")
            }
        }
        do {
            _ = try PostgresAddress("postgres://db/boards?board=team&password=s3cret", environment: none)
        } catch {
            #expect(error.text.contains("a password in the address (password=)"), "\(error.text)")
            #expect(error.diagnostic.location?.file == "postgres://db/boards?board=team")
        }
    }

    /// A parameter boardkit would not honour is refused, named, rather than passed over: one
    /// given twice (which one wins?), one it does not know, one without a value, and one that
    /// says again what the address says before its query (the address's own would win).
    @Test func aParameterGivenTwiceOrNotHonouredIsRefusedNamingIt() throws {
        expectRefused([
            ("postgres://db/boards?board=a&board=b", "board= is given twice"),
            ("postgres://db/boards?connect_timeout=5", "'connect_timeout' is not a parameter boardkit takes"),
            ("postgres://db/boards?sslmode", "sslmode= has no value"),
            ("postgres://db/boards?host=/run/pg", "host= says again what the address says before its path"),
            ("postgres://db:5432/boards?port=6543", "port= says again what the address says before its path"),
            ("postgres://mina@db/boards?user=jisoo", "user= says again what the address says before its path"),
            ("postgres://db/boards?dbname=other", "dbname= says again what the address says before its path"),
        ])
        // Said once, each in one place: taken.
        let socket = try #require(try PostgresAddress("postgres:///boards?host=/run/pg&port=6543&user=jisoo", environment: none))
        #expect(socket.endpoint == .socket(path: "/run/pg/.s.PGSQL.6543", port: 6543) && socket.user == "jisoo")
    }

    /// An IPv6 literal is a host like any other (the brackets are the URL's, not the host's).
    @Test func anIPv6LiteralIsAHost() throws {
        let a = try #require(try PostgresAddress("postgres://boardkit@[::1]:5432/boardkit?board=x", environment: none))
        #expect(a.endpoint == .tcp(host: "::1", port: 5432))
        #expect(a.passwordFileHost == "::1")
        let b = try #require(try PostgresAddress("postgres://[2001:db8::5]/boards", environment: none))
        #expect(b.endpoint == .tcp(host: "2001:db8::5", port: 5432))
        // ...and connects, when the test server listens on ::1 (the machine has IPv6 loopback).
        guard try TestPostgres.server().info["ipv6"] as? Bool == true else { return }
        let store = try TestPostgres.newBoard()
        #expect(try CommandRunner.boardkit(["init", "-b", store]).status == 0)
        let v6 = try CommandRunner.boardkit(["show", "-b", store.replacingOccurrences(of: "@127.0.0.1:", with: "@[::1]:")])
        #expect(v6.status == 0, "\(v6.stderr)")
    }

    @Test func aPasswordFileLineMatchesAsLibpqMatchesIt() throws {
        let address = try #require(try PostgresAddress("postgres://boardkit@db.example.org/boards", environment: none))
        let file = """
            # comment
            other.example.org:5432:boards:boardkit:no
            db.example.org:5432:boards:someone:no
            db.example.org:*:boards:boardkit:pa\\:ss\\\\word
            *:*:*:*:fallback
            """
        #expect(PostgresPassword.match(file, address) == "pa:ss\\word")
        let other = try #require(try PostgresAddress("postgres://x@elsewhere/db", environment: none))
        #expect(PostgresPassword.match(file, other) == "fallback")
        // A file saved on Windows: CR LF ends each line, and the CR is no part of a password
        // (libpq strips it; Swift reads CR LF as one character, so a split at "\n" kept the
        // whole file one line).
        #expect(PostgresPassword.match(file.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n", address) == "pa:ss\\word")
    }

    /// Against a real server: the password from each place, a wrong one said in the server's
    /// words, and `sslmode` honoured (this server has no TLS).
    @Test func thePasswordComesFromTheEnvironmentAFileOrPgpass() throws {
        let store = try TestPostgres.newBoard()
        let password = try #require(try TestPostgres.server().info["password"] as? String)
        let folder = try TemporaryFolder()
        #expect(try CommandRunner.boardkit(["init", "-b", store]).status == 0)
        let unset = ["PGPASSWORD": "", "HOME": folder.url.path]
        let refused = try CommandRunner.boardkit(["show", "-b", store], environment: unset)
        #expect(refused.status == 1 && refused.stderr.contains("the server asks for a password and none was given"), "\(refused.stderr)")
        let file = folder.path("pw")
        try (password + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.boardkit(["show", "-b", store, "--password-file", file], environment: unset).status == 0)
        try (password + "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.boardkit(["show", "-b", store, "--password-file", file], environment: unset).status == 0)
        let pgpass = folder.path(".pgpass")
        try ("127.0.0.1:*:boardkit:boardkit:" + password + "\n").write(toFile: pgpass, atomically: true, encoding: .utf8)
        // As libpq: a password file others may read is passed over, and the refusal says why.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pgpass)
        let loose = try CommandRunner.boardkit(["show", "-b", store], environment: unset)
        #expect(loose.status == 1 && loose.stderr.contains("the password file \(pgpass) was not read: others may read it"), "\(loose.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        #expect(try CommandRunner.boardkit(["show", "-b", store], environment: unset).status == 0)
        try "wrong\n".write(toFile: file, atomically: true, encoding: .utf8)
        let wrong = try CommandRunner.boardkit(["show", "-b", store, "--password-file", file], environment: unset)
        #expect(wrong.status == 1 && wrong.stderr.contains("password authentication failed"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains(password))
        #expect(try CommandRunner.boardkit(["show", "-b", store + "&sslmode=disable"]).status == 0)
        let tls = try CommandRunner.boardkit(["show", "-b", store + "&sslmode=require"])
        #expect(tls.status == 1 && tls.stderr.contains("[store-failed]"), "\(tls.stderr)")
        // No server there: said as the system says it, not in the driver's types.
        let nowhere = try CommandRunner.boardkit(["show", "-b", "postgres://boardkit@127.0.0.1:1/boardkit?board=x"])
        #expect(nowhere.status == 1 && nowhere.stderr.contains("could not connect to the server: Connection refused [store-failed]"),
                "\(nowhere.stderr)")
        let inAddress = try CommandRunner.boardkit(["show", "-b", store.replacingOccurrences(of: "boardkit@", with: "boardkit:\(password)@")])
        #expect(inAddress.status == 1 && inAddress.stderr.contains("[store-address-invalid]") && !inAddress.stderr.contains(password))
        for parameter in ["password", "sslpassword"] {
            let inQuery = try CommandRunner.boardkit(["show", "-b", store + "&\(parameter)=" + password])
            #expect(inQuery.status == 1 && inQuery.stderr.contains("[store-address-invalid]"), "\(inQuery.stderr)")
            #expect(!inQuery.stderr.contains(password), "\(inQuery.stderr)")
        }
    }
}
