import Foundation
import BoardStore
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Lets a request in to a board, or not: which secret or login it presents, and who that
/// makes it (`Visitor`). Asked on every request to a board, so an access change made by
/// `boardkit access` (on any machine sharing the store) holds from the next request.
///
/// A request presents, first found: a token in `Authorization: Bearer`; else the token in
/// its path (`/TOKEN/team/…`); else, with `-` in the token's place, the person a trusted
/// proxy names (`CompanyLogin`). A token is a person's link (their role), a person's or the
/// board's feed link (feeds and report only), or — while the board has no people — the
/// board's open link, where the reader types their name.
struct AccessGate: Sendable {
    let login: CompanyLogin?
    /// Whether a board without people is served open: on a loopback address, or with `--open`.
    let allowsOpen: Bool
    let logger: Logger

    enum Verdict: Sendable {
        case admitted(Visitor)
        /// Nothing the request presents opens the board: a 404, like any wrong path.
        case unknown
        /// The store could not say (a database down): a 503.
        case failed(StoreError)
    }

    /// Who the request is, by what it presents; `snapshot` is the board now, whose kept
    /// answers spare the store the question while the board has not changed.
    func admit(_ request: Request, pathToken: String, board: ServedBoards.Board, snapshot: BoardSnapshot,
               remote: SocketAddress?) -> Verdict {
        let bearer = Self.bearer(request.headers[.authorization])
        let presented = bearer ?? (pathToken == CompanyLogin.pathToken ? nil : pathToken)
        let proxied = presented == nil ? proxyPerson(request, remote) : nil
        var lookup = AccessLookup.none
        if let store = board.feed.store {
            do throws(StoreError) {
                lookup = try snapshot.answer(.access(token: presented, person: proxied)) { () throws(StoreError) in
                    try store.use { opened throws(StoreError) in try opened.store.access(token: presented, person: proxied) }
                }
            } catch {
                return .failed(error)
            }
        }
        if let key = lookup.key {
            switch key.kind {
            case .boardFeed: return .admitted(Visitor(entry: .boardFeed, person: nil, reach: .feeds))
            case .personFeed: return .admitted(Visitor(entry: .personFeed, person: key.person, reach: .feeds))
            case .personalLink:
                return .admitted(Visitor(entry: bearer != nil ? .bearer : .personalLink, person: key.person,
                                         reach: key.role?.reach ?? .read))
            }
        }
        if let presented {
            // The state file's feed secret, where the store does not hold one (a plain file,
            // a read-only store served before secrets were kept).
            if !lookup.hasBoardFeed && constantTimeEquals(presented, board.secrets.feed) {
                return .admitted(Visitor(entry: .boardFeed, person: nil, reach: .feeds))
            }
            if bearer == nil && !lookup.hasPeople && allowsOpen && constantTimeEquals(presented, board.secrets.open) {
                return .admitted(Visitor(entry: .open, person: nil, reach: .write))
            }
            return .unknown
        }
        if let proxied, let login {
            return .admitted(Visitor(entry: .proxy, person: proxied, reach: (lookup.personRole ?? login.role).reach))
        }
        return .unknown
    }

    /// The person a trusted proxy names; the header from any other address is logged and ignored.
    private func proxyPerson(_ request: Request, _ remote: SocketAddress?) -> String? {
        guard let login, let name = request.headers[login.header] else { return nil }
        guard login.proxies.contains(where: { $0.contains(remote) }) else {
            logger.notice("\(login.header.canonicalName) from \(remote?.ipAddress ?? "an unknown address"), which is not a trusted proxy: ignored")
            return nil
        }
        return PageRequest.validName(name)
    }

    /// Who is asking, for counting failed attempts: the peer's address, or behind a trusted
    /// proxy the client address the proxy last added to `X-Forwarded-For`.
    func client(_ request: Request, remote: SocketAddress?) -> String {
        let peer = remote?.ipAddress ?? "unknown"
        guard let login, login.proxies.contains(where: { $0.contains(remote) }),
              let forwarded = request.headers[values: Self.forwardedFor].last?.split(separator: ",").last else { return peer }
        let address = forwarded.trimmingCharacters(in: Self.optionalSpace)
        return address.isEmpty ? peer : address
    }

    /// The token of `Authorization: Bearer TOKEN` (the scheme in any case, RFC 9110 §11.1);
    /// nil when there is none (`Bearer` and a tab is no token: the path's is then used).
    static func bearer(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: Self.optionalSpace)
        return token.isEmpty ? nil : token
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// HTTP's optional white space around a value: spaces and tabs (RFC 9110 §5.6.3).
    static let optionalSpace = CharacterSet(charactersIn: " \t")
}
