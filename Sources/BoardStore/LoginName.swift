import Foundation

/// The name of the person running boardkit, as the system knows it: `$USER`, `$LOGNAME`, else
/// the password database's entry for the user. A change is recorded under it when `--actor`
/// is not given, and libpq's default user for a PostgreSQL address is the same name.
public enum LoginName {
    /// Nil when the environment names nobody and the user has no password-database entry.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let user = environment["USER"] ?? environment["LOGNAME"], !user.isEmpty { return user }
        guard let pw = getpwuid(getuid()), let name = pw.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
