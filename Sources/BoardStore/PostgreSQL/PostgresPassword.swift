import BoardIO
import Foundation

/// Where a PostgreSQL password comes from, never the command line: a file named with
/// `--password-file` (`BOARDKIT_PASSWORD_FILE` carries it to the store), `PGPASSWORD`, or
/// the lines of a libpq password file (`passfile=`, `PGPASSFILE`, `~/.pgpass`) that match
/// the address. `text` nil: none given (a server that trusts the connection asks for none).
struct PostgresPassword {
    /// The password, if one was found.
    var text: String?
    /// Why a libpq password file that is there was not read (as libpq, boardkit passes over
    /// one that others may read), for the error when the server then refuses the connection.
    var passedOver: String?

    static func find(for address: PostgresAddress,
                     environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) -> PostgresPassword {
        if let file = environment["BOARDKIT_PASSWORD_FILE"], !file.isEmpty {
            switch PasswordFile.text(of: file) {
            case .success(let text): return PostgresPassword(text: PasswordFile.firstLine(of: text))
            case .failure(let failure):
                throw .invalidAddress(address.text, problem: .passwordFileUnreadable(path: file, reason: SystemError.text(failure.errno)))
            }
        }
        // Empty is unset, as libpq has it.
        if let password = environment["PGPASSWORD"], !password.isEmpty { return PostgresPassword(text: password) }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let file = address.passwordFile ?? environment["PGPASSFILE"] ?? home + "/.pgpass"
        var status = stat()
        guard stat(file, &status) == 0 else {
            // None there is the usual case; one there that cannot be looked at is said.
            return errno == ENOENT ? PostgresPassword()
                : PostgresPassword(passedOver: "the password file \(file) was not read: \(SystemError.text(errno))")
        }
        if status.st_mode & S_IFMT != S_IFREG {
            return PostgresPassword(passedOver: "the password file \(file) was not read: it is not a plain file")
        }
        if status.st_mode & (S_IRWXG | S_IRWXO) != 0 {
            return PostgresPassword(passedOver: "the password file \(file) was not read: others may read it (chmod 600 it, as libpq asks)")
        }
        switch PasswordFile.text(of: file) {
        case .success(let text): return PostgresPassword(text: match(text, address))
        case .failure(let failure):
            return PostgresPassword(passedOver: "the password file \(file) was not read: \(SystemError.text(failure.errno))")
        }
    }

    /// The password of the first line of a `.pgpass` file that matches: `host:port:database:user:password`,
    /// each of the first four a value or `*`, `\:` and `\\` escaped.
    static func match(_ text: String, _ address: PostgresAddress) -> String? {
        let wanted = [address.passwordFileHost, String(address.port), address.database, address.user]
        for line in PasswordFile.lines(of: text) where !line.isEmpty && !line.hasPrefix("#") {
            let fields = split(String(line))
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    private static func split(_ line: String) -> [String] {
        var fields: [String] = [], current = "", escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
