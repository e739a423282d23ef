import Foundation

/// Where a PostgreSQL password comes from, never the command line: a file named with
/// `--password-file` (`BOARDKIT_PASSWORD_FILE` carries it to the store), `PGPASSWORD`, or
/// the lines of a libpq password file (`passfile=`, `PGPASSFILE`, `~/.pgpass`) that match
/// the address. Nil: none given (a server that trusts the connection asks for none).
enum PostgresPassword {
    static func find(for address: PostgresAddress,
                     environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) -> String? {
        if let file = environment["BOARDKIT_PASSWORD_FILE"], !file.isEmpty {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw .invalidAddress(address.text, problem: "the password file \(file) cannot be read")
            }
            // The first line: a file written by `echo` ends with a newline that is no part of it.
            return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        // Empty is unset, as libpq has it.
        if let password = environment["PGPASSWORD"], !password.isEmpty { return password }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let file = address.passwordFile ?? environment["PGPASSFILE"] ?? home + "/.pgpass"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        return match(text, address)
    }

    /// The password of the first line of a `.pgpass` file that matches: `host:port:database:user:password`,
    /// each of the first four a value or `*`, `\:` and `\\` escaped.
    static func match(_ text: String, _ address: PostgresAddress) -> String? {
        let wanted = [address.passwordFileHost, String(address.port), address.database, address.user]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
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
