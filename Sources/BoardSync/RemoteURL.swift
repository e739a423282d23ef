import BoardModel
import Foundation

/// What a sync says about the URL it is given, before it sends anything.
public enum RemoteURL {
    /// The URL without the user name and password it may carry (`http://mina:…@host/` →
    /// `http://host/`): what may be printed.
    public static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return text }
        return String(text[..<scheme.upperBound]) + String(rest[rest.index(after: at)...])
    }

    /// Warnings for a sync about to send `password` to `text`: over plain http to another
    /// machine, the password crosses the network as readable as the URL.
    public static func cautions(_ text: String, sendsPassword: Bool) -> [Diagnostic] {
        guard sendsPassword, let url = URL(string: text), url.scheme?.lowercased() == "http",
              let host = url.host?.lowercased(), !isThisMachine(host) else { return [] }
        return [Diagnostic(SyncCaution.passwordInTheClear(host: host), at: SourceLocation(file: redacted(text)))]
    }

    /// Loopback names and addresses: a password sent there never leaves this machine.
    static func isThisMachine(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" || bare.hasPrefix("127.")
    }
}
