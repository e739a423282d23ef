import BoardTestSupport
import Foundation
import Testing

/// People, roles and links on a served store, tried route by route as each kind of visitor
/// would: what a link or login opens is exactly what its role allows, and who acted is the
/// person let in.
@Suite(.serialized) struct AccessTests {
    /// A served store with three people (ada admin, eve editor, vic viewer), one revoked (rex),
    /// its feed link rotated once, and a second `serve` of it that trusts no proxy here.
    final class Setting: @unchecked Sendable {
        let folder: TemporaryFolder
        let store: String
        let server: RunningServer
        let untrusting: RunningServer
        var links: [String: (link: String, feed: String)] = [:]
        let oldFeed: String
        let feed: String

        init() throws {
            folder = try TemporaryFolder()
            store = folder.path("team.db")
            try Self.run(["init", "--board", store, "--from", CommandRunner.sample("board.json")])
            // No limit on failed attempts: the matrix tries hundreds of wrong links on purpose
            // (the limit has its own test).
            server = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"),
                                       extra: ["--trust-proxy", "127.0.0.1/32", "--failed-attempts", "0"])
            untrusting = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"),
                                           extra: ["--trust-proxy", "10.9.9.9", "--failed-attempts", "0"])
            oldFeed = String(server.feedPath.split(separator: "/").first ?? "")
            for (name, role) in [("ada", "admin"), ("eve", "editor"), ("vic", "viewer"), ("rex", "editor")] {
                let out = try Self.run(["access", "add", name, "--role", role, "--board", store])
                links[name] = (Self.token(in: out, after: "board link: "), Self.token(in: out, after: "feed: "))
            }
            try Self.run(["access", "revoke", "rex", "--board", store])
            feed = Self.token(in: try Self.run(["access", "rotate", "--board", store]), after: "feed: ")
        }

        deinit {
            _ = server.stop()
            _ = untrusting.stop()
        }

        @discardableResult
        static func run(_ args: [String]) throws -> String {
            let r = try CommandRunner.boardkit(args)
            guard r.status == 0 else { throw POSIXError(.EIO) }
            return r.stdoutText
        }

        /// The token of the first URL after `marker` (`http://host/TOKEN/team/`).
        static func token(in text: String, after marker: String) -> String {
            guard let range = text.range(of: marker) else { return "" }
            let url = text[range.upperBound...].prefix { !$0.isWhitespace }
            return url.split(separator: "/").dropFirst(2).first.map(String.init) ?? ""
        }
    }

    /// A way in: the path's token, headers, which server, and how far it should reach
    /// (nil: nowhere; a 404 on every route, as for a wrong link).
    struct WayIn {
        let name: String
        let token: String
        var headers: [String: String] = [:]
        var untrusting = false
        let reach: Int?
        /// Whether it is one of the board's people (a refusal past their reach is a 403, not a 404).
        var isPerson = false
    }

    static let reaches = ["feeds": 0, "read": 1, "write": 2, "admin": 3]

    @Test func everyRouteAnswersEachWayInAsItsRoleAllows() throws {
        let s = try Setting()
        // The routes from the server's own list: a route added without a rule cannot be served.
        let listed = try Setting.run(["serve", "--routes"]).split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let routes = listed.map { (method: String($0[0]), path: String($0[1]), reach: Self.reaches[String($0[2])] ?? -1) }
        #expect(routes.count >= 25 && routes.allSatisfy { $0.reach >= 0 }, "\(listed)")

        let ways: [WayIn] = [
            WayIn(name: "board feed", token: s.feed, reach: 0),
            WayIn(name: "person feed", token: s.links["vic"]!.feed, reach: 0),
            WayIn(name: "viewer link", token: s.links["vic"]!.link, reach: 1, isPerson: true),
            WayIn(name: "editor link", token: s.links["eve"]!.link, reach: 2, isPerson: true),
            WayIn(name: "admin link", token: s.links["ada"]!.link, reach: 3, isPerson: true),
            WayIn(name: "viewer bearer", token: "-", headers: ["Authorization": "Bearer \(s.links["vic"]!.link)"], reach: 1, isPerson: true),
            WayIn(name: "editor bearer", token: "-", headers: ["Authorization": "bearer \(s.links["eve"]!.link)"], reach: 2, isPerson: true),
            WayIn(name: "admin bearer", token: "-", headers: ["Authorization": "Bearer \(s.links["ada"]!.link)"], reach: 3, isPerson: true),
            WayIn(name: "feed token as bearer", token: "-", headers: ["Authorization": "Bearer \(s.feed)"], reach: 0),
            WayIn(name: "proxy naming an editor", token: "-", headers: ["Remote-User": "eve"], reach: 2, isPerson: true),
            WayIn(name: "proxy naming someone unlisted", token: "-", headers: ["Remote-User": "zed"], reach: 1, isPerson: true),
            WayIn(name: "proxy header from an untrusted address", token: "-", headers: ["Remote-User": "ada"], untrusting: true, reach: nil),
            WayIn(name: "revoked link", token: s.links["rex"]!.link, reach: nil),
            WayIn(name: "revoked bearer", token: "-", headers: ["Authorization": "Bearer \(s.links["rex"]!.link)"], reach: nil),
            WayIn(name: "feed link before rotation", token: s.oldFeed, reach: nil),
            WayIn(name: "open link of a board with people", token: Self.openLink(s), reach: nil),
            WayIn(name: "a typed name alone", token: "-", headers: ["X-Boardkit-Actor": "ada"], reach: nil),
            WayIn(name: "a wrong token", token: String(repeating: "a", count: 32), reach: nil),
        ]
        let admin = s.links["ada"]!.link
        let board = try RawHTTP.call(port: s.server.port, "GET", "/\(admin)/team/api/board").json
        let card = try #require((board["cards"] as? [[String: Any]])?.first?["id"] as? String)

        var wrong: [String] = []
        for way in ways {
            for route in routes {
                let port = way.untrusting ? s.untrusting.port : s.server.port
                let path = route.path.replacingOccurrences(of: "/TOKEN/NAME", with: "/\(way.token)/team")
                    .replacingOccurrences(of: ":id", with: card).replacingOccurrences(of: ":verb", with: "move")
                // Writes that would change what the next requests see are made to fail after
                // the gate: a stale version (409) or a body the handler refuses (422).
                var headers = way.headers
                if route.method == "DELETE" || route.method == "PATCH" { headers["If-Match"] = "\"v-stale\"" }
                // The events stream does not end: its head says enough.
                let status = try RawHTTP.call(port: port, route.method, path, headers: headers, body: route.method == "GET" || route.method == "HEAD" ? "" : "{}",
                                              until: route.path.hasSuffix("/events") ? "\r\n\r\n" : nil).status
                let allowed = way.reach.map { $0 >= route.reach } ?? false
                // The name a reader types is an open board's only: for a person it is not there.
                let expected: ClosedRange<Int>? = route.path.hasSuffix("/actor") ? 404...404
                    : allowed ? nil : (way.isPerson && (way.reach ?? 0) >= 1 ? 403...403 : 404...404)
                let ok = expected.map { $0.contains(status) } ?? (status != 403 && status != 404 && status < 500)
                if !ok { wrong.append("\(way.name): \(route.method) \(route.path) → \(status)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    /// Every write route (from the server's own list) refuses another site's request and a
    /// body over the limit before its handler runs, whatever the route: the write group's
    /// guard, not a call each handler must remember. The board is unchanged after all of them.
    @Test func everyWriteRouteRefusesAnotherSiteAndAnOversizedBodyBeforeItsHandler() throws {
        let s = try Setting()
        let admin = s.links["ada"]!.link
        let before = try RawHTTP.call(port: s.server.port, "GET", "/\(admin)/team/api/board")
        let card = try #require((before.json["cards"] as? [[String: Any]])?.first?["id"] as? String)
        let routes = try Setting.run(["serve", "--routes"]).split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .filter { $0[0] != "GET" && $0[0] != "HEAD" }
        #expect(routes.count >= 10, "\(routes)")
        let oversized = "{\"title\": \"" + String(repeating: "x", count: 256 * 1024) + "\"}"
        var wrong: [String] = []
        for route in routes {
            let path = String(route[1]).replacingOccurrences(of: "/TOKEN/NAME", with: "/\(admin)/team")
                .replacingOccurrences(of: ":id", with: card).replacingOccurrences(of: ":verb", with: "move")
            let body = #"{"title": "from elsewhere", "to": "done"}"#
            let crossSite = try RawHTTP.call(port: s.server.port, String(route[0]), path,
                                             headers: ["Origin": "https://attacker.example", "If-Match": "*"], body: body)
            if crossSite.status != 403 {
                wrong.append("\(route[0]) \(path) from another site → \(crossSite.status)")
            }
            let large = try RawHTTP.call(port: s.server.port, String(route[0]), path, headers: ["If-Match": "*"], body: oversized)
            if large.status != 413 { wrong.append("\(route[0]) \(path) with \(oversized.utf8.count) bytes → \(large.status)") }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        let after = try RawHTTP.call(port: s.server.port, "GET", "/\(admin)/team/api/board")
        #expect(after.body == before.body)
    }

    /// Guessing links is slowed down: past the limit of attempts that open nothing, every
    /// request from that address is a 429 with Retry-After for the rest of the minute, the
    /// right link too (else a guesser would still learn which link was right), in the
    /// reader's language; another client behind the same trusted proxy is not held up.
    @Test func anAddressThatKeepsGuessingLinksWaits() throws {
        let folder = try TemporaryFolder()
        let store = folder.path("team.db")
        try Setting.run(["init", "--board", store, "--from", CommandRunner.sample("board.json")])
        let eve = Setting.token(in: try Setting.run(["access", "add", "eve", "--role", "editor", "--board", store]), after: "board link: ")
        let server = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"),
                                       extra: ["--trust-proxy", "127.0.0.1/32", "--failed-attempts", "5"])
        defer { _ = server.stop() }
        let guesser = ["X-Forwarded-For": "203.0.113.7"]
        #expect(try RawHTTP.call(port: server.port, "GET", "/\(eve)/team/api/board", headers: guesser).status == 200)
        for k in 0..<5 {
            let wrong = try RawHTTP.call(port: server.port, "GET", "/wrong\(k)/team/api/board", headers: guesser)
            #expect(wrong.status == 404)
        }
        let held = try RawHTTP.call(port: server.port, "GET", "/wrong9/team/", headers: guesser.merging(["Accept-Language": "ko"]) { a, _ in a })
        #expect(held.status == 429)
        #expect(Int(held.headers["retry-after"] ?? "") ?? 0 > 0, "\(held.headers)")
        #expect(held.text.contains("초 뒤에 다시 해 보세요"), "\(held.text)")
        // The right link from that address waits too; from another client it opens.
        #expect(try RawHTTP.call(port: server.port, "GET", "/\(eve)/team/api/board", headers: guesser).status == 429)
        #expect(try RawHTTP.call(port: server.port, "GET", "/\(eve)/team/api/board", headers: ["X-Forwarded-For": "198.51.100.2"]).status == 200)
        // A feed link from the held address is held as well, as text.
        let feed = try RawHTTP.call(port: server.port, "GET", "/wrong/team.ics", headers: guesser)
        #expect(feed.status == 429 && feed.text.contains("Try again in"))
    }

    /// The open link `serve` keeps for the board (its state file's `links`).
    static func openLink(_ s: Setting) -> String {
        let data = (try? Data(contentsOf: URL(fileURLWithPath: s.folder.path("tokens.json")))) ?? Data()
        let tokens = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return (tokens?["links"] as? [String: String])?["team"] ?? ""
    }

    @Test func whoActedIsThePersonLetInAndARevokeHoldsOnEveryInstanceAtOnce() throws {
        let s = try Setting()
        let eve = s.links["eve"]!.link
        // A typed name is ignored where the link names the person.
        let added = try RawHTTP.call(port: s.server.port, "POST", "/\(eve)/team/api/cards",
                                     headers: ["X-Boardkit-Actor": "mallory"], body: #"{"title": "Eve's card"}"#)
        #expect(added.status == 201)
        let proxied = try RawHTTP.call(port: s.server.port, "POST", "/-/team/api/cards",
                                       headers: ["Remote-User": "eve", "X-Boardkit-Actor": "mallory"], body: #"{"title": "Through the login"}"#)
        #expect(proxied.status == 201)
        let bearer = try RawHTTP.call(port: s.untrusting.port, "POST", "/-/team/api/cards",
                                      headers: ["Authorization": "Bearer \(s.links["ada"]!.link)"], body: #"{"title": "By token"}"#)
        #expect(bearer.status == 201)
        let history = try Setting.run(["history", "--board", s.store])
        #expect(history.contains("eve created #41 'Eve's card'") && history.contains("eve created #42 'Through the login'")
                && history.contains("ada created #43 'By token'") && !history.contains("mallory"), "\(history)")

        // Eve's page knows her: no name asked, her name on the changes; Vic's is view only.
        let page = try RawHTTP.call(port: s.server.port, "GET", "/\(eve)/team/").text
        #expect(!page.contains("class=\"ask-name") && page.contains("<b>eve</b>") && page.contains("<form class=\"move\""), "\(page.prefix(3000))")
        let viewer = try RawHTTP.call(port: s.server.port, "GET", "/\(s.links["vic"]!.link)/team/").text
        #expect(viewer.contains("View only") && !viewer.contains("<form class=\"move\"") && !viewer.contains("class=\"ask-name"))

        // A revoke by the terminal holds on both instances from their next request.
        for server in [s.server, s.untrusting] {
            #expect(try RawHTTP.call(port: server.port, "GET", "/\(eve)/team/api/board").status == 200)
        }
        try Setting.run(["access", "revoke", "eve", "--board", s.store])
        for server in [s.server, s.untrusting] {
            #expect(try RawHTTP.call(port: server.port, "GET", "/\(eve)/team/api/board").status == 404)
            #expect(try RawHTTP.call(port: server.port, "POST", "/\(eve)/team/api/cards", body: #"{"title": "x"}"#).status == 404)
        }
        // A role change holds at once too: vic made editor can add.
        try Setting.run(["access", "role", "vic", "editor", "--board", s.store])
        #expect(try RawHTTP.call(port: s.server.port, "POST", "/\(s.links["vic"]!.link)/team/api/cards", body: #"{"title": "Vic now edits"}"#).status == 201)
    }

    @Test func theStoreKeepsOnlyDigestsAndTheCommandsSayWhatIsWrong() throws {
        let folder = try TemporaryFolder()
        let store = folder.path("team.db")
        try Setting.run(["init", "--board", store])
        let out = try Setting.run(["access", "add", "민지", "--role", "viewer", "--board", store, "--server", "https://boards.example.org/", "--name", "team"])
        let link = Setting.token(in: out, after: "board link: ")
        #expect(out.contains("https://boards.example.org/\(link)/team/") && link.count == 32, "\(out)")
        // Neither secret is in the store's bytes: only their SHA-256.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        #expect(bytes.range(of: Data(link.utf8)) == nil)
        let again = try CommandRunner.boardkit(["access", "add", "민지", "--board", store])
        #expect(again.status == 1 && again.stderr.contains("already has access"))
        let unknown = try CommandRunner.boardkit(["access", "role", "nobody", "admin", "--board", store])
        #expect(unknown.status == 1 && unknown.stderr.contains("one of 민지"), "\(unknown.stderr)")
        #expect(try Setting.run(["access", "list", "--board", store]).contains("민지  viewer"))
        let badRole = try CommandRunner.boardkit(["access", "add", "x", "--role", "owner", "--board", store])
        #expect(badRole.status == 2)
    }
}

/// Open mode: for one person on a laptop, never open unawares.
@Suite(.serialized) struct OpenModeTests {
    @Test func aBoardWithoutPeopleIsOpenOnThisMachineOnlyUnlessSaidAndItsFeedURLSurvivesTheUpgrade() throws {
        let folder = try TemporaryFolder()
        let store = folder.path("team.db")
        #expect(try CommandRunner.boardkit(["init", "--board", store, "--from", CommandRunner.sample("board.json")]).status == 0)
        // A state file from before open links: only the feed token. Its feed URL keeps working,
        // the page moves to the open link, said once in the log.
        let old = String(repeating: "5e", count: 16)
        try #"{"tokens": {"team": "\#(old)"}}"#.write(toFile: folder.path("tokens.json"), atomically: true, encoding: .utf8)
        let first = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"))
        #expect(first.feedPath == "/\(old)/team.ics")
        #expect(try RawHTTP.get(port: first.port, first.feedPath).status == 200)
        #expect(try RawHTTP.get(port: first.port, "/\(old)/team/").status == 404)
        #expect(try !first.pagePath.contains(old) && RawHTTP.get(port: first.port, first.pagePath).status == 200)
        #expect(first.stop() == 0)
        let log = first.log
        #expect(log.contains("the store now keeps its feed link's secret") && log.contains("served open"))
        let second = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"))
        #expect(try second.feedPath == "/\(old)/team.ics" && RawHTTP.get(port: second.port, second.feedPath).status == 200)
        #expect(second.stop() == 0)
        #expect(!second.log.contains("the store now keeps"), "the upgrade is said once")

        // Behind a public URL the server is reached from elsewhere: not open without --open.
        let proxied = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"),
                                        extra: ["--public-url", "https://boards.example.org"])
        let openLink = try #require(((try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("tokens.json"))))
                                      as? [String: Any])?["links"] as? [String: String])?["team"])
        #expect(try RawHTTP.get(port: proxied.port, "/\(openLink)/team/").status == 404)
        #expect(try RawHTTP.get(port: proxied.port, "/\(old)/team.ics").status == 200)
        #expect(proxied.stop() == 0)
        #expect(proxied.log.contains("its page is not served"))
        let said = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"),
                                     extra: ["--public-url", "https://boards.example.org", "--open"])
        #expect(try said.pagePath.contains(openLink) && RawHTTP.get(port: said.port, "/\(openLink)/team/").status == 200)
        #expect(said.stop() == 0)
    }
}

/// Two people through their own links in Debian's chromium: see Tests/Oracles/page_access_check.py.
@Suite(.serialized) struct AccessBrowserTests {
    @Test func anEditorAndAViewerInARealBrowser() throws {
        let s = try AccessTests.Setting()
        let base = "http://127.0.0.1:\(s.server.port)"
        let run = try CommandRunner.python("page_access_check.py", [
            "\(base)/\(s.links["eve"]!.link)/team/", "\(base)/\(s.links["vic"]!.link)/team/", CommandRunner.boardkit, s.store,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        var checks = try #require((try? JSONSerialization.jsonObject(with: run.stdout)) as? [String: Any])
        let axe = checks.removeValue(forKey: "axe") as? [String: [Any]] ?? [:]
        #expect(checks.count >= 9 && axe.count == 4)
        for (name, result) in checks.sorted(by: { $0.key < $1.key }) {
            #expect(result as? Bool == true, "\(name): \(result)")
        }
        for (page, violations) in axe.sorted(by: { $0.key < $1.key }) {
            #expect(violations.isEmpty, "\(page): \(violations)")
        }
    }
}
