import Foundation
import HTTPTypes
import BoardEditing
import Hummingbird

/// What the page reads from a request besides its body: whether a write comes from the
/// board's own page, who the reader is, which language they read.
enum PageRequest {
    static let actorCookie = "boardkit-actor"
    static let languageCookie = "boardkit-lang"
    /// A year: a name or language given once is remembered.
    static let cookieSeconds = 365 * 24 * 3600

    /// The same-origin check every write passes: a browser names the site a request comes
    /// from (Sec-Fetch-Site, else Origin); another site's, or an opaque `null` origin, is
    /// refused. A request with neither header is not from a browser page (curl, a script
    /// holding the secret URL) and passes, since the secret URL is what grants access.
    /// `publicAuthority` is the host (and port) of the public URL the server was given behind
    /// a proxy: the one other origin allowed. A client's X-Forwarded-Host is not believed.
    static func isSameOrigin(_ request: Request, publicAuthority: String?) -> Bool {
        if let site = request.headers[.secFetchSite]?.lowercased() {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers[.origin] else { return true }
        guard let originAuthority = authority(of: origin) else { return false }
        // The scheme may differ behind a TLS-terminating proxy; the host and port may not.
        return [request.head.authority, publicAuthority].contains { $0?.lowercased() == originAuthority }
    }

    /// `host` or `host:port` of a URL, lowercased; nil when it has no host.
    static func authority(of url: String) -> String? {
        guard let parsed = URL(string: url), let host = parsed.host else { return nil }
        return (parsed.port.map { "\(host):\($0)" } ?? host).lowercased()
    }

    /// The name a change on an open board is recorded under: `X-Boardkit-Actor` (for scripts),
    /// else the cookie. (Elsewhere it is the person let in: `AccessGate`.)
    /// A name that breaks BoardEditing's rule is no name: a write under it is refused
    /// (`nameProblem`), never recorded under a name cut short.
    static func actor(_ request: Request) -> String? {
        if let header = request.headers[.boardkitActor] { return validName(header) }
        return request.cookies[actorCookie].flatMap { validName($0.value.removingPercentEncoding ?? $0.value) }
    }

    /// `text` when it is a name BoardEditing takes, else nil.
    static func validName(_ text: String) -> String? {
        try? CardText.name(text).get()
    }

    /// Why the name a request gives in `X-Boardkit-Actor` is refused, if it is.
    static func nameProblem(_ request: Request) -> FieldProblem? {
        guard let header = request.headers[.boardkitActor], case .failure(let problem) = CardText.name(header) else { return nil }
        return .invalid("X-Boardkit-Actor", problem.sentence)
    }

    /// The reader's language and, when `?lang=` chose it, the cookie that keeps the choice.
    static func language(_ request: Request) -> (PageLanguage, cookie: String?) {
        if let asked = request.uri.queryParameters.get("lang").flatMap(PageLanguage.init(rawValue:)) {
            return (asked, cookie(languageCookie, asked.rawValue))
        }
        if let kept = request.cookies[languageCookie].flatMap({ PageLanguage(rawValue: $0.value) }) {
            return (kept, nil)
        }
        return (PageLanguage.preferred(by: request.headers[.acceptLanguage]) ?? .en, nil)
    }

    /// A cookie for this board only: no Path, so the browser scopes it to the folder of
    /// the URL that set it (the board's, also behind a path prefix); script cannot read it;
    /// other sites' requests do not carry it.
    static func cookie(_ name: String, _ value: String) -> String {
        let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "\(name)=\(encoded); Max-Age=\(cookieSeconds); HttpOnly; SameSite=Strict"
    }
}
