import BoardStore
import HTTPTypes

/// A company's login in front of the server (`--trust-proxy CIDR… --user-header Remote-User`):
/// a request from one of the listed proxy addresses names its person in the header, as
/// Kanboard, Gitea and Grafana take a reverse proxy's `Remote-User`. The same header from
/// any other address is not believed (and is logged).
struct CompanyLogin: Sendable {
    /// The proxies' addresses.
    let proxies: [IPRange]
    /// The header the proxy names the person in.
    let header: HTTPField.Name
    /// The role of a person the board's people do not list.
    let role: AccessRole

    /// The path segment that stands where a link's token does, for a request the proxy names
    /// its person in: `https://boards.example.org/-/team/`.
    static let pathToken = "-"
}
