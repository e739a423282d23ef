import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// One HTTP request with a body, and the JSON of an answer.
extension RawHTTP {
    static func call(port: Int, _ method: String, _ path: String, headers: [String: String] = [:],
                     body: String = "", until marker: String? = nil) throws -> Reply {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (k, v) in headers { text += "\(k): \(v)\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\n\r\n"
        return try send(port: port, Array(text.utf8) + Array(body.utf8), until: marker)
    }
}

/// A title as the page escapes it (`'` as `&#39;`).
func escapedHTML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
}

extension String {
    /// The text without the first-strong isolates a page sets around what people wrote.
    var withoutIsolates: String { replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "") }
}

extension RawHTTP.Reply {
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A store made from the sample board, served; the tests change it over HTTP and check
/// what a person or a script would see.
final class ServedStore: @unchecked Sendable {
    let folder: TemporaryFolder
    let store: String
    let server: RunningServer

    init(extraBoards: [String] = []) throws {
        folder = try TemporaryFolder()
        store = folder.path("team.db")
        let made = try CommandRunner.boardkit(["init", "--board", store, "--from", CommandRunner.sample("board.json")])
        guard made.status == 0 else { throw POSIXError(.EIO) }
        server = try RunningServer(boards: ["team=\(store)"] + extraBoards, stateFile: folder.path("tokens.json"))
    }

    deinit { _ = server.stop() }

    var page: String { server.pagePath }
    var port: Int { server.port }

    func call(_ method: String, _ path: String, headers: [String: String] = [:], body: String = "") throws -> RawHTTP.Reply {
        try RawHTTP.call(port: port, method, page + path, headers: headers, body: body)
    }

    /// The cards `GET api/board` lists, by id.
    func cards() throws -> [String: [String: Any]] {
        let board = try call("GET", "api/board").json
        let list = board["cards"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0) })
    }

    func historyCount() throws -> Int {
        let reply = try call("GET", "api/history")
        return ((try? JSONSerialization.jsonObject(with: Data(reply.body))) as? [Any])?.count ?? -1
    }
}

@Suite(.serialized) struct BoardPageAPITests {
    @Test func theConversationThroughTheAPIAndTheForms() throws {
        let s = try ServedStore()
        let id = try #require(try s.cards().keys.sorted().first)
        let mina = ["X-Boardkit-Actor": "mina"]
        let said = try s.call("POST", "api/cards/\(id)/comments", headers: mina, body: #"{"text": "Okta first\n다음은 Azure <script>"}"#)
        #expect(said.status == 200)
        let comment = (said.json["comments"] as? [[String: Any]])?.first
        #expect(comment?["author"] as? String == "mina" && comment?["text"] as? String == "Okta first\n다음은 Azure <script>")
        // Who wrote it and when are the step's: a request's own name or time is refused.
        #expect(try s.call("POST", "api/cards/\(id)/comments", headers: mina, body: #"{"text": "x", "author": "mallory"}"#).status == 422)
        #expect(try s.call("POST", "api/cards/\(id)/comments", headers: mina, body: #"{"text": " \n "}"#).status == 422)
        let ticked = try s.call("POST", "api/cards/\(id)/checklist", headers: mina, body: #"{"checklist": "Launch", "item": "Runbook", "done": true}"#)
        let item = ((ticked.json["checklists"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first
        #expect(ticked.status == 200 && item?["text"] as? String == "Runbook" && item?["done"] as? Bool == true, "\(ticked.text)")
        #expect(try s.call("POST", "api/cards/\(id)/checklist", headers: mina, body: #"{"checklist": "Launch", "item": "Runbook", "done": "yes"}"#).status == 422)

        // The forms: back to the card's page, which shows the thread as text.
        let form = ["Cookie": "boardkit-actor=jisoo", "Content-Type": "application/x-www-form-urlencoded"]
        // A text area's lines come as CR LF (the form encoding): they are kept as the lines typed.
        let posted = try s.call("POST", "cards/\(id)/comments", headers: form, body: "text=%EC%A2%8B%EC%95%84%EC%9A%94%0D%0A%F0%9F%91%8D")
        #expect(posted.status == 303 && posted.headers["location"]?.hasPrefix("../../cards/\(id)?did=") == true, "\(posted.headers)")
        let untick = try s.call("POST", "cards/\(id)/checklist", headers: form, body: "checklist=Launch&item=Runbook&done=false")
        #expect(untick.status == 303)
        let page = try s.call("GET", "cards/\(id)", headers: form).text.withoutIsolates
        #expect(page.contains("Okta first\n다음은 Azure &lt;script&gt;") && page.contains("좋아요\n👍</p>"))
        #expect(page.contains("aria-pressed=\"false\""))
        #expect(try s.call("GET", "", headers: form).text.contains("💬 2  ☑ 0/1"))
        // jisoo's Undo takes back jisoo's untick, then jisoo's comment; mina's stay.
        #expect(try s.call("POST", "undo", headers: form).status == 303)
        #expect(try s.call("POST", "undo", headers: form).status == 303)
        let after = try #require(try s.cards()[id])
        #expect((after["comments"] as? [[String: Any]])?.map { $0["author"] as? String } == ["mina"])
        #expect(((after["checklists"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first?["done"] as? Bool == true)
        // Another site cannot comment.
        let foreign = try s.call("POST", "cards/\(id)/comments", headers: form.merging(["Origin": "https://evil.example"]) { a, _ in a }, body: "text=x")
        #expect(foreign.status == 403)
    }

    /// Attachments and links from the card's page and the API (#44): an address attached
    /// shows as a link that opens nothing of the page, a link to `#N` shows on both cards,
    /// each comes off with its button, a step that Undo takes back; a `javascript:` address,
    /// an unknown card, the card itself and an unknown kind are refused at the field, in the
    /// page's language.
    @Test func attachmentsAndLinksFromThePageAndTheAPI() throws {
        let s = try ServedStore()
        let ids = try s.cards().sorted { ($0.value["number"] as? Int ?? 0) < ($1.value["number"] as? Int ?? 0) }.map(\.key)
        let (id, other) = (ids[0], ids[1])
        let otherNumber = try #require(try s.cards()[other]?["number"] as? Int)
        let form = ["Cookie": "boardkit-actor=jisoo", "Content-Type": "application/x-www-form-urlencoded"]

        let attached = try s.call("POST", "cards/\(id)/attachments", headers: form,
                                  body: "url=https%3A%2F%2Fexample.org%2Ffiles%2Fspec%2520v2.pdf%3Fdl%3D1&name=")
        #expect(attached.status == 303, "\(attached.text)")
        let linked = try s.call("POST", "cards/\(id)/links", headers: form, body: "type=blocks&card=%23\(otherNumber)")
        #expect(linked.status == 303, "\(linked.text)")
        let page = try s.call("GET", "cards/\(id)", headers: form).text.withoutIsolates
        #expect(page.contains("href=\"https://example.org/files/spec%20v2.pdf?dl=1\" rel=\"noopener noreferrer\" target=\"_blank\" dir=\"auto\">spec v2.pdf</a>"), "\(page)")
        #expect(page.contains("<span class=\"link-type\">Blocks</span> <a href=\"../cards/\(other)\">"))
        let theirs = try s.call("GET", "cards/\(other)", headers: form).text
        #expect(theirs.contains("<span class=\"link-type\">Blocked by</span>"))
        let api = try #require(try s.cards()[id])
        #expect((api["attachments"] as? [[String: Any]])?.first?["by"] as? String == "jisoo")
        #expect((api["links"] as? [[String: Any]])?.first?["card"] as? String == other)

        // Refused at the field, nothing changed; in Korean on a Korean page.
        let before = try s.historyCount()
        let script = try s.call("POST", "cards/\(id)/attachments", headers: form, body: "url=javascript%3Aalert(1)")
        #expect(script.status == 422 && script.text.contains("must start with http:// or https://"))
        let korean = form.merging(["Cookie": "boardkit-actor=jisoo; boardkit-lang=ko"]) { _, new in new }
        let nobody = try s.call("POST", "cards/\(id)/links", headers: korean, body: "type=relates&card=%23999")
        #expect(nobody.status == 422 && nobody.text.contains("이 보드에 없는 카드입니다"), "\(nobody.text.suffix(3000))")
        #expect(try s.call("POST", "cards/\(id)/links", headers: form, body: "type=relates&card=\(id)").status == 422)
        #expect(try s.call("POST", "cards/\(id)/links", headers: form, body: "type=sibling&card=%23\(otherNumber)").status == 422)
        #expect(try s.historyCount() == before)

        // The API: JSON, the same fields; `remove` takes them off, both ways round.
        let mina = ["X-Boardkit-Actor": "mina"]
        let relates = try s.call("POST", "api/cards/\(id)/links", headers: mina, body: #"{"type": "relates", "card": "\#(other)"}"#)
        #expect(relates.status == 200 && (relates.json["links"] as? [[String: Any]])?.count == 2, "\(relates.text)")
        let unlinked = try s.call("POST", "api/cards/\(id)/links", headers: mina, body: #"{"type": "relates", "card": "\#(other)", "remove": true}"#)
        #expect(unlinked.status == 200 && (unlinked.json["links"] as? [[String: Any]])?.count == 1)
        #expect((try s.cards()[other]?["links"] as? [[String: Any]])?.count == 1)

        // The remove buttons: the page's own forms, as a browser sends them.
        #expect(try s.call("POST", "cards/\(id)/links", headers: form, body: "type=blocks&card=%23\(otherNumber)&remove=true").status == 303)
        #expect(try s.call("POST", "cards/\(id)/attachments", headers: form,
                           body: "url=https%3A%2F%2Fexample.org%2Ffiles%2Fspec%2520v2.pdf%3Fdl%3D1&remove=true").status == 303)
        var now = try #require(try s.cards()[id])
        let otherNow = try #require(try s.cards()[other])
        #expect(now["attachments"] == nil && now["links"] == nil && otherNow["links"] == nil)
        // jisoo's Undo puts the attachment back, then the link, on both cards.
        #expect(try s.call("POST", "undo", headers: form).status == 303)
        #expect(try s.call("POST", "undo", headers: form).status == 303)
        now = try #require(try s.cards()[id])
        #expect((now["attachments"] as? [[String: Any]])?.count == 1 && (now["links"] as? [[String: Any]])?.count == 1)
        #expect((try s.cards()[other]?["links"] as? [[String: Any]])?.first?["type"] as? String == "blocked-by")
    }

    @Test func cardsAreAddedMovedEditedDeletedAndUndoneThroughTheAPI() throws {
        let s = try ServedStore()
        let first = try s.call("GET", "api/board")
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "application/json; charset=utf-8")
        let tag = try #require(first.headers["etag"])
        #expect(first.json["format"] as? String == "boardkit/1")
        #expect(try s.call("GET", "api/board", headers: ["If-None-Match": tag]).status == 304)

        // Add, in a state named by its display name; the answer is the card with its version.
        let added = try s.call("POST", "api/cards", headers: ["X-Boardkit-Actor": "mina"],
                               body: #"{"title": "From the API", "state": "DOING", "due": "2026-12-01", "labels": ["api", "test"]}"#)
        #expect(added.status == 201)
        let id = try #require(added.json["id"] as? String)
        #expect(added.headers["location"] == "cards/\(id)")
        #expect(added.json["state"] as? String == "doing")
        #expect(added.json["labels"] as? [String] == ["api", "test"])
        let version = try #require(added.json["version"] as? String)
        #expect(added.headers["etag"] == "\"\(version)\"")
        #expect(try s.call("GET", "api/board", headers: ["If-None-Match": tag]).status == 200)

        // Move with the version seen; the same stale version again is a conflict showing the card now.
        let moved = try s.call("POST", "api/cards/\(id)/move", headers: ["If-Match": "\"\(version)\""],
                               body: #"{"state": "done", "position": 1}"#)
        #expect(moved.status == 200)
        #expect(moved.json["state"] as? String == "done")
        #expect(moved.json["completed"] != nil)
        let stale = try s.call("PATCH", "api/cards/\(id)", headers: ["If-Match": "\"\(version)\""], body: #"{"title": "Lost?"}"#)
        #expect(stale.status == 409)
        #expect((stale.json["error"] as? [String: Any])?["code"] as? String == "card-changed")
        #expect((stale.json["card"] as? [String: Any])?["state"] as? String == "done")
        #expect(try s.cards()[id]?["title"] as? String == "From the API")

        // PATCH needs If-Match; `*` means whatever it is now. A null clears, a list replaces.
        #expect(try s.call("PATCH", "api/cards/\(id)", body: #"{"title": "x"}"#).status == 428)
        let patched = try s.call("PATCH", "api/cards/\(id)", headers: ["If-Match": "*"],
                                 body: #"{"title": "Renamed", "due": null, "labels": ["test", "new"]}"#)
        #expect(patched.status == 200)
        #expect(patched.json["title"] as? String == "Renamed")
        #expect(patched.json["due"] == nil)
        #expect(patched.json["labels"] as? [String] == ["test", "new"])

        // Delete, then undo brings it back as it was, redo deletes it again.
        #expect(try s.call("DELETE", "api/cards/\(id)").status == 204)
        #expect(try s.call("GET", "api/cards/\(id)").status == 404)
        let undone = try s.call("POST", "api/undo")
        #expect(undone.status == 200)
        #expect(undone.json["undone"] as? Bool == true)
        #expect((undone.json["text"] as? String)?.hasPrefix("Undid delete") == true)
        #expect(try s.call("GET", "api/cards/\(id)").json["title"] as? String == "Renamed")
        #expect(try s.call("POST", "api/redo").status == 200)
        #expect(try s.call("GET", "api/cards/\(id)").status == 404)

        // The card's history: every step, newest first, with who did it.
        let history = try s.call("GET", "api/history?card=\(id)")
        let events = try #require((try? JSONSerialization.jsonObject(with: Data(history.body))) as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String ?? "" } == ["deleted", "updated", "moved", "created"])
        #expect(events.last?["actor"] as? String == "mina")

        // Archive and restore are posts; the board lists archived cards with `archived: true`.
        let other = try #require(try s.cards().first { $0.value["archived"] == nil }?.key)
        #expect(try s.call("POST", "api/cards/\(other)/archive").json["archived"] as? Bool == true)
        #expect(try s.cards()[other]?["archived"] as? Bool == true)
        #expect(try s.call("POST", "api/cards/\(other)/restore").json["archived"] == nil)
        #expect(try s.call("POST", "api/undo").status == 200)
        #expect(try s.call("POST", "api/undo").status == 200)
        #expect(try s.cards()[other]?["archived"] == nil)
    }

    /// A person's Undo takes back their own last step, not the board's (one click on a shared
    /// board reverted someone else's move); over a later change to the same card it is
    /// refused with the card's number; a request naming no one undoes the board's last step.
    @Test func undoTakesBackTheCallersOwnStep() throws {
        let s = try ServedStore()
        let cards = try s.cards().filter { $0.value["archived"] == nil }
        let mine = try #require(cards.filter { $0.value["state"] as? String == "review" }.keys.sorted().first)
        let theirs = try #require(cards.filter { $0.value["state"] as? String == "todo" }.keys.sorted().first)
        let mina = ["X-Boardkit-Actor": "mina"], jisoo = ["X-Boardkit-Actor": "jisoo"]
        #expect(try s.call("POST", "api/cards/\(mine)/move", headers: mina, body: #"{"state": "todo", "position": 1}"#).status == 200)
        #expect(try s.call("POST", "api/cards/\(theirs)/move", headers: jisoo, body: #"{"state": "done", "position": 1}"#).status == 200)

        // The page says what each person's Undo takes before it is pressed.
        let minasPage = try s.call("GET", "", headers: ["Cookie": "boardkit-actor=mina"]).text.withoutIsolates
        #expect(minasPage.contains("class=\"undo\" title=\"Undo: mina moved #"), "\(minasPage.prefix(1500))")
        #expect(try s.call("GET", "", headers: ["Cookie": "boardkit-actor=jisoo"]).text.withoutIsolates.contains("title=\"Undo: jisoo moved #"))

        let undone = try s.call("POST", "api/undo", headers: mina)
        #expect(undone.status == 200)
        #expect((undone.json["text"] as? String)?.contains("mina") == true, "\(undone.text)")
        #expect(try s.cards()[theirs]?["state"] as? String == "done", "jisoo's move stays")
        #expect(try s.call("POST", "api/redo", headers: mina).status == 200)

        // Jisoo moves Mina's card after her: Mina's undo would lose it, and is refused.
        #expect(try s.call("POST", "api/cards/\(mine)/move", headers: jisoo, body: #"{"state": "doing", "position": 1}"#).status == 200)
        let refused = try s.call("POST", "api/undo", headers: mina)
        #expect(refused.status == 409)
        let error = refused.json["error"] as? [String: Any]
        #expect(error?["code"] as? String == "undo-conflict")
        #expect((error?["message"] as? String)?.contains("jisoo's 'move' changed #") == true, "\(refused.text)")
        #expect(try s.cards()[mine]?["state"] as? String == "doing")
        #expect(try s.call("POST", "api/undo", headers: ["X-Boardkit-Actor": "nobody"]).json["error"].map { ($0 as? [String: Any])?["message"] as? String } == "nothing of nobody's to undo")

        // No name: the board's last step, whoever made it (Jisoo's move).
        #expect(try s.call("POST", "api/undo").status == 200)
        #expect(try s.cards()[mine]?["state"] as? String == "todo")
    }

    /// After a form post the board says what was done, the reader's own step only, with an
    /// Undo while it is still theirs to take back ("Deleted #12 · Undo"); after the undo, what
    /// was undone.
    @Test func theBoardSaysWhatAFormDid() throws {
        let s = try ServedStore()
        let id = try #require(try s.cards().filter { $0.value["archived"] == nil }.keys.sorted().first)
        let form = ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "boardkit-actor=mina"]
        let deleted = try s.call("POST", "cards/\(id)/delete", headers: form, body: "")
        #expect(deleted.status == 303)
        let location = try #require(deleted.headers["location"])
        #expect(location.hasPrefix("../../?did="), "\(location)")
        let query = String(location.dropFirst("../../".count))
        let page = try s.call("GET", query, headers: ["Cookie": "boardkit-actor=mina"]).text.withoutIsolates
        #expect(page.contains("class=\"notice done\"") && page.contains("mina deleted #"), "\(page.prefix(2000))")
        #expect(page.contains("<form method=\"post\" action=\"undo\"><button class=\"undo\">Undo</button></form></div>"))
        // Someone else's step number says nothing.
        #expect(!(try s.call("GET", query, headers: ["Cookie": "boardkit-actor=jisoo"]).text.contains("notice done")))

        let undone = try s.call("POST", "undo", headers: form, body: "")
        let after = try s.call("GET", String(try #require(undone.headers["location"]).dropFirst(2)), headers: ["Cookie": "boardkit-actor=mina"]).text.withoutIsolates
        #expect(after.contains("Undid delete: mina deleted #"), "\(after.prefix(2000))")
        #expect(try s.cards()[id] != nil)
    }

    /// What people wrote is set apart where the page shows it: an unclosed U+202E in a title
    /// stays inside the title instead of reversing the rest of the history sentence.
    @Test func writtenTextIsIsolatedOnThePage() throws {
        let s = try ServedStore()
        let added = try s.call("POST", "api/cards", headers: ["X-Boardkit-Actor": "mina"], body: #"{"title": "abc\u202Exyz"}"#)
        #expect(added.status == 201)
        let history = try s.call("GET", "history", headers: ["Cookie": "boardkit-actor=mina"]).text
        #expect(history.contains("\u{2068}mina\u{2069} created #41 &#39;\u{2068}abc\u{202E}xyz\u{2069}&#39; in \u{2068}TODO\u{2069}"), "\(history.suffix(1500))")
        let board = try s.call("GET", "", headers: ["Cookie": "boardkit-actor=mina"]).text
        #expect(board.contains("<bdi>abc\u{202E}xyz</bdi>"))
        // The API's sentences stay plain for scripts; a limit that is not a number is refused.
        #expect(!(try s.call("GET", "api/history?limit=1").text.contains("\u{2068}")))
        let bad = try s.call("GET", "api/history?limit=abc")
        #expect(bad.status == 422 && (bad.json["error"] as? [String: Any])?["field"] as? String == "limit")
    }

    /// Finding a card: the filter is the page's query (a view to bookmark), each column says
    /// how many of its cards show, and the live columns follow the same filter.
    @Test func theFilterShowsTheCardsAskedFor() throws {
        let s = try ServedStore()
        let cards = try s.cards().values.filter { $0["archived"] == nil }
        let people: [String] = cards.compactMap { card in (card["assignees"] as? [String]).flatMap(\.first) }
        let person = try #require(people.sorted().first)
        let theirs = cards.filter { ($0["assignees"] as? [String] ?? []).contains(person) }
        let page = try s.call("GET", "?assignee=\(person)").text
        let shown = page.components(separatedBy: "<li class=\"card").count - 1
        #expect(shown == theirs.count, "\(shown) shown, \(theirs.count) assigned to \(person)")
        #expect(page.contains("<option value=\"\(person)\" selected>@\(person)</option>"))
        #expect(page.contains(" of ") && page.contains(" shown</span>"))
        // Words in a title, in any case; a due window; nothing matched is an empty board, not an error.
        let title = try #require(cards.compactMap { $0["title"] as? String }.first { $0.count > 4 })
        let word = String(title.prefix(4)).uppercased()
        let found = try s.call("GET", "?q=" + (word.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")).text
        #expect(found.contains(escapedHTML(title)), "\(word)")
        let none = try s.call("GET", "?q=nothing-has-this")
        #expect(none.status == 200 && !none.text.contains("<li class=\"card"))
        let noDue = try s.call("GET", "?due=none").text
        #expect(noDue.components(separatedBy: "<li class=\"card").count - 1 == cards.filter { $0["due"] == nil }.count)
        // The live columns take the same query, and their tag differs from the unfiltered one's.
        let columns = try s.call("GET", "columns?assignee=\(person)")
        #expect(columns.text.components(separatedBy: "<li class=\"card").count - 1 == theirs.count)
        #expect(columns.headers["etag"] != (try s.call("GET", "columns").headers["etag"]))
        // The address's filter means what --where means: a name the board lacks is said, with
        // what it has, above every card (it showed an empty board, as if nothing matched).
        let typo = try s.call("GET", "?assignee=nobody-here").text
        #expect(typo.contains("the board has no assignee &#39;nobody-here&#39;; it has &#39;\(person)&#39;"))
        #expect(typo.components(separatedBy: "<li class=\"card").count - 1 == cards.count)
        // On the Korean page, in Korean (it was English there).
        let korean = try s.call("GET", "?assignee=nobody-here", headers: ["Accept-Language": "ko"]).text
        #expect(korean.contains("보드에 담당자 &#39;nobody-here&#39;이(가) 없습니다. 있는 것: &#39;\(person)&#39;"), "\(korean)")
        #expect(!korean.contains("the board has no"))
    }

    /// The line above the columns says when the open cards are likely done, for the cards the
    /// filter shows; the live columns (asked for every second) never compute it.
    @Test func theForecastLineFollowsTheFilter() throws {
        let s = try ServedStore()
        // A card finished now, so the sample has a finish whatever day the test runs.
        let open = try s.cards().values.filter { $0["archived"] == nil && $0["state"] as? String != "done" }
        let finished = try #require(open.compactMap { $0["id"] as? String }.sorted().first)
        #expect(try CommandRunner.boardkit(["move", finished, "done", "--board", s.store, "--actor", "t"]).status == 0)
        let remaining = open.filter { $0["id"] as? String != finished }
        let page = try s.call("GET", "").text
        #expect(page.contains("<p id=\"forecast\" class=\"tools forecast\">Likely done: 50% by "))
        #expect(page.contains(", for the \(remaining.count) open cards, from "), "\(remaining.count) open")
        #expect(page.range(of: "id=\"forecast\"")!.lowerBound < page.range(of: "<main id=\"columns\"")!.lowerBound)
        let people: [String] = remaining.compactMap { card in (card["assignees"] as? [String]).flatMap(\.first) }
        let person = try #require(people.sorted().first)
        let theirs = remaining.filter { ($0["assignees"] as? [String] ?? []).contains(person) }
        let filtered = try s.call("GET", "?assignee=\(person)").text
        #expect(filtered.contains(", for the \(theirs.count) open card\(theirs.count == 1 ? "" : "s") shown, from "))
        #expect(try s.call("GET", "?lang=ko").text.contains("완료 예상: 50% "))
        #expect(!(try s.call("GET", "columns").text.contains("forecast")))
    }

    /// A refused form comes back with everything typed and the problem beside its field, in
    /// the page's language (it answered a bare "Not saved" page and the typing was gone).
    @Test func aRefusedFormKeepsWhatWasTyped() throws {
        let s = try ServedStore()
        let id = try #require(try s.cards().filter { $0.value["archived"] == nil }.keys.sorted().first)
        let form = ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "boardkit-actor=mina; boardkit-lang=ko"]
        let edit = try s.call("POST", "cards/\(id)", headers: form, body: "title=Kept+title&due=someday&labels=a%2C+b")
        #expect(edit.status == 422)
        let page = edit.text
        #expect(page.contains("value=\"Kept title\"") && page.contains("value=\"someday\" placeholder") && page.contains("value=\"a, b\""), "\(page.prefix(3000))")
        #expect(page.contains("aria-invalid=\"true\" aria-describedby=\"error-due\""))
        #expect(page.contains("&#39;someday&#39;은(는) 날짜가 아닙니다"), "\(page.prefix(3000))")
        #expect(try s.cards()[id]?["title"] as? String != "Kept title", "nothing saved")

        let add = try s.call("POST", "cards", headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "boardkit-actor=mina"],
                             body: "state=doing&title=Half+done&due=someday")
        #expect(add.status == 422)
        #expect(add.text.contains("<details class=\"add\" open>") && add.text.contains("value=\"Half done\""))
        #expect(add.text.contains("&#39;someday&#39; is not a date"))
    }

    /// Undoing the import (40 cards at once) is never one click: the API answers 409 with the
    /// step to confirm and how many cards go, the form a page saying so in the reader's
    /// language with the one button that undoes that step.
    @Test func undoingTheImportAsksFirst() throws {
        let s = try ServedStore()
        let cards = try s.cards().count
        let refused = try s.call("POST", "api/undo")
        #expect(refused.status == 409)
        let error = try #require(refused.json["error"] as? [String: Any])
        #expect(error["code"] as? String == "undo-unconfirmed")
        #expect(error["cards"] as? Int == cards)
        let step = try #require(error["confirm"] as? Int)
        #expect(try s.cards().count == cards, "nothing undone")

        let form = try s.call("POST", "undo?lang=ko", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "")
        #expect(form.status == 409)
        #expect(form.text.contains("카드 \(cards)개가 사라집니다"), "\(form.text.prefix(600))")
        #expect(form.text.contains("name=\"confirm\" value=\"\(step)\""))
        #expect(try s.call("POST", "api/undo", body: #"{"confirm": "\#(step + 1)"}"#).status == 409, "another step's confirmation")

        let confirmed = try s.call("POST", "undo", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "confirm=\(step)")
        #expect(confirmed.status == 303)
        #expect(try s.cards().isEmpty)
    }

    @Test func badInputIsRefusedNamingTheFieldAndChangesNothing() throws {
        let s = try ServedStore()
        let before = try s.historyCount()
        let cases: [(String, Int, String?)] = [
            (#"{"title": "x", "state": "Nowhere"}"#, 422, "state"),
            (#"{"title": "x", "due": "someday"}"#, 422, "due"),
            (#"{"title": "\#(String(repeating: "a", count: 501))"}"#, 422, "title"),
            (#"{"title": "   "}"#, 422, "title"),
            (#"{"state": "todo"}"#, 422, "title"),
            (#"{"title": "x", "labels": [1, 2]}"#, 422, "labels"),
            (#"{"title": "a\u0000b"}"#, 422, "title"),
            (#"{"title": "x", "labels": [\#((1...51).map { "\"l\($0)\"" }.joined(separator: ", "))]}"#, 422, "labels"),
            (#"{"title": "x", "body": "bell\u0007"}"#, 422, "body"),
            // Wrong JSON types are refused, not coerced; a member no request takes is named.
            (#"{"title": 123}"#, 422, "title"),
            (#"{"title": "x", "url": 5}"#, 422, "url"),
            (#"{"title": "x", "labels": "bug"}"#, 422, "labels"),
            (#"{"title": true}"#, 422, "title"),
            (#"{"title": "x", "lables": ["bug"]}"#, 422, "lables"),
            (#"{"title": "x""#, 400, "body"),
            (#"["title"]"#, 400, "body"),
        ]
        for (body, status, field) in cases {
            let reply = try s.call("POST", "api/cards", body: body)
            #expect(reply.status == status, "\(body.prefix(40))")
            #expect((reply.json["error"] as? [String: Any])?["field"] as? String == field, "\(body.prefix(40))")
        }
        let id = try #require(try s.cards().keys.first)
        // A state the board lacks: the API in the terminal's words, the Korean page in Korean.
        let nowhere = try s.call("POST", "api/cards/\(id)/move", body: #"{"state": "Nowhere"}"#)
        #expect((nowhere.json["error"] as? [String: Any])?["message"] as? String
                == "no state 'Nowhere'; the board's states are TODO, DOING, REVIEW, DONE")
        let korean = try s.call("POST", "cards/\(id)/move", headers: ["Content-Type": "application/x-www-form-urlencoded",
                                                                      "Cookie": "boardkit-actor=jisoo; boardkit-lang=ko"], body: "state=Nowhere")
        #expect(korean.status == 422)
        #expect(korean.text.withoutIsolates.contains("이 보드에 없는 상태입니다(&#39;Nowhere&#39;). 상태는 TODO, DOING, REVIEW, DONE입니다"), "\(korean.text.suffix(1500))")
        #expect(try s.call("POST", "api/cards/\(id)/move", body: #"{"state": "done", "position": 0}"#).status == 422)
        #expect(try s.call("POST", "api/cards/\(id)/move", body: #"{"state": "done", "position": "1"}"#).status == 422)
        #expect(try s.call("POST", "api/cards/\(id)/archive", body: #"{"why": "done"}"#).status == 422)
        #expect(try s.call("POST", "api/cards/nosuchcard/move", body: #"{"state": "done"}"#).status == 404)
        let huge = try s.call("POST", "api/cards", body: #"{"title": "x", "body": ""# + String(repeating: "b", count: 300_000) + #""}"#)
        #expect(huge.status == 413)
        // A name over the limit is refused, not cut to 100 and recorded.
        let long = try s.call("POST", "api/cards", headers: ["X-Boardkit-Actor": String(repeating: "m", count: 101)], body: #"{"title": "x"}"#)
        #expect(long.status == 422 && (long.json["error"] as? [String: Any])?["field"] as? String == "X-Boardkit-Actor")
        #expect(try s.historyCount() == before)
    }

    /// Behind a reverse proxy (`--public-url`), the public URL's host is the other origin a
    /// page's write may come from; the printed URLs are the public ones, after where it listens.
    /// (A board without people is served open there only with `--open`.)
    @Test func behindAProxyThePublicOriginWrites() throws {
        let folder = try TemporaryFolder()
        let store = folder.path("team.db")
        #expect(try CommandRunner.boardkit(["init", "--board", store]).status == 0)
        let server = try RunningServer(boards: ["team=\(store)"], stateFile: folder.path("tokens.json"),
                                       extra: ["--public-url", "https://example.org/boards/", "--open"])
        defer { _ = server.stop() }
        #expect(server.pagePath.hasPrefix("/boards/"))
        let page = String(server.pagePath.dropFirst("/boards".count))
        let call = { (origin: String) in
            try RawHTTP.call(port: server.port, "POST", page + "api/cards", headers: ["Origin": origin], body: #"{"title": "x"}"#).status
        }
        #expect(try call("https://example.org") == 201)
        #expect(try call("https://evil.example") == 403)
        // The printed URL's own path answers too (a proxy that keeps the prefix).
        #expect(try RawHTTP.call(port: server.port, "GET", server.pagePath + "api/board").status == 200)
        #expect(try RawHTTP.call(port: server.port, "GET", server.feedPath).status == 200)
    }

    @Test func writesFromAnotherSiteAreRefused() throws {
        let s = try ServedStore()
        let before = try s.historyCount()
        let evil = try s.call("POST", "api/cards", headers: ["Origin": "http://evil.example"], body: #"{"title": "x"}"#)
        #expect(evil.status == 403)
        #expect((evil.json["error"] as? [String: Any])?["code"] as? String == "cross-origin")
        #expect(try s.call("POST", "api/cards", headers: ["Sec-Fetch-Site": "cross-site"], body: #"{"title": "x"}"#).status == 403)
        #expect(try s.call("POST", "undo", headers: ["Origin": "null"]).status == 403)
        #expect(try s.historyCount() == before)
        // The page's own origin passes.
        #expect(try s.call("POST", "api/cards", headers: ["Origin": "http://127.0.0.1:\(s.port)"], body: #"{"title": "x"}"#).status == 201)
        #expect(try s.call("POST", "api/cards", headers: ["Sec-Fetch-Site": "same-origin"], body: #"{"title": "y"}"#).status == 201)
        // A client's X-Forwarded-Host is not believed: anyone can send one.
        let proxied = ["Origin": "https://example.org", "X-Forwarded-Host": "example.org"]
        #expect(try s.call("POST", "api/cards", headers: proxied, body: #"{"title": "z"}"#).status == 403)
        // A wrong token is a 404 for pages, the API and posts alike.
        var wrong = Array(s.page)
        wrong[1] = wrong[1] == "a" ? "b" : "a"
        for path in ["", "api/board", "history"] {
            #expect(try RawHTTP.call(port: s.port, "GET", String(wrong) + path).status == 404)
        }
        #expect(try RawHTTP.call(port: s.port, "POST", String(wrong) + "api/cards", body: #"{"title": "x"}"#).status == 404)
    }

    @Test func concurrentWritersAllLand() throws {
        let s = try ServedStore()
        let before = try s.cards().count
        let results = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 24) { k in
            let status = (try? s.call("POST", "api/cards", body: #"{"title": "parallel \#(k)"}"#).status) ?? 0
            results.withLock { $0.append(status) }
        }
        #expect(results.withLock { $0 }.allSatisfy { $0 == 201 })
        let titles = try s.cards().values.compactMap { $0["title"] as? String }
        #expect(try s.cards().count == before + 24)
        #expect((0..<24).allSatisfy { titles.contains("parallel \($0)") })
    }
}

@Suite(.serialized) struct BoardPageHTMLTests {
    @Test func thePageEscapesTextAndAllowsNoInlineScript() throws {
        let s = try ServedStore()
        #expect(try CommandRunner.boardkit(["add", "<img src=x onerror=alert(1)>", "--board", s.store, "--label", "\"><script>x</script>"]).status == 0)
        let page = try s.call("GET", "")
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<script>x"))
        #expect(html.contains("&quot;&gt;&lt;script&gt;x&lt;/script&gt;"))
        // One script, from a file; the policy forbids any inline one.
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(html.contains("<script src=\"board.js\" defer></script>"))
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("script-src 'self'"))
        #expect(policy.contains("default-src 'none'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(page.headers["referrer-policy"] == "no-referrer")
        // The assets come with the binary.
        for (file, type) in [("board.css", "text/css"), ("board.js", "text/javascript"), ("board.svg", "image/svg+xml")] {
            let asset = try s.call("GET", file)
            #expect(asset.status == 200)
            #expect(asset.headers["content-type"]?.hasPrefix(type) == true)
            #expect(try s.call("GET", file, headers: ["If-None-Match": asset.headers["etag"] ?? ""]).status == 304)
        }
        // Without the trailing slash, a redirect to the page (its links are relative).
        let bare = try RawHTTP.call(port: s.port, "GET", String(s.page.dropLast()))
        #expect(bare.status == 303)
        #expect(bare.headers["location"] == "team/")
    }

    @Test func formsWorkWithoutScriptAndAConflictShowsTheCardNow() throws {
        let s = try ServedStore()
        // No name yet: the page asks for one and offers no changes.
        #expect(try s.call("GET", "").text.contains("class=\"ask-name"))
        let named = try s.call("POST", "actor", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "actor=Ji+Su")
        #expect(named.status == 303)
        let cookie = try #require(named.headers["set-cookie"])
        #expect(cookie.hasPrefix("boardkit-actor=Ji%20Su;"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let me = ["Cookie": "boardkit-actor=Ji%20Su", "Content-Type": "application/x-www-form-urlencoded"]
        #expect(!(try s.call("GET", "", headers: me).text.contains("class=\"ask-name")))

        let added = try s.call("POST", "cards", headers: me, body: "title=Form+card&state=todo&due=tomorrow&labels=a%2C+b")
        #expect(added.status == 303)
        #expect(added.headers["location"]?.hasPrefix("./?did=") == true)
        let (id, card) = try #require(try s.cards().first { $0.value["title"] as? String == "Form card" })
        #expect(card["labels"] as? [String] == ["a", "b"])
        #expect(card["due"] != nil)
        let version = try #require(card["version"] as? String)
        let history = try s.call("GET", "api/history?card=\(id)").text
        #expect(history.contains("\"actor\": \"Ji Su\""))

        let moved = try s.call("POST", "cards/\(id)/move", headers: me, body: "version=\(version)&state=done")
        #expect(moved.status == 303)
        #expect(moved.headers["location"]?.hasPrefix("../../?did=") == true)
        #expect(try s.cards()[id]?["state"] as? String == "done")

        // The old version again: 409, the card's page with its new state and a notice.
        let stale = try s.call("POST", "cards/\(id)", headers: me, body: "version=\(version)&title=Stale")
        #expect(stale.status == 409)
        #expect(stale.text.contains("class=\"notice conflict\""))
        #expect(stale.text.contains("<option value=\"done\" selected>"))
        #expect(stale.text.contains("<form class=\"edit\" method=\"post\" action=\"../cards/\(id)\">"))
        // A stale move, from the board's own move form: the card's page again, its links
        // climbing two folders from `cards/ID/move`.
        let staleMove = try s.call("POST", "cards/\(id)/move", headers: me, body: "version=\(version)&state=todo")
        #expect(staleMove.status == 409)
        #expect(staleMove.text.contains("href=\"../../board.css\""))
        #expect(staleMove.text.contains("action=\"../../cards/\(id)\""))
        #expect(try s.cards()[id]?["title"] as? String == "Form card")

        // A bad date: the form again, the problem beside the field, nothing changed.
        let bad = try s.call("POST", "cards", headers: me, body: "title=x&due=someday")
        #expect(bad.status == 422)
        #expect(bad.text.contains("id=\"error-due\""))

        // A place within a column, from the card page's form.
        let cardPage = try s.call("GET", "cards/\(id)", headers: me).text
        #expect(cardPage.contains("<form class=\"move place\""))
        let fresh = try #require(try s.cards()[id]?["version"] as? String)
        #expect(try s.call("POST", "cards/\(id)/move", headers: me, body: "version=\(fresh)&state=done&position=1").status == 303)
        let doneOrder = try s.call("GET", "api/board").json["cards"] as? [[String: Any]] ?? []
        let firstDone = doneOrder.filter { $0["state"] as? String == "done" && $0["archived"] == nil }
            .min { ($0["position"] as? Double ?? 0) < ($1["position"] as? Double ?? 0) }
        #expect(firstDone?["id"] as? String == id)

        #expect(try s.call("POST", "undo", headers: me).status == 303)
        #expect(try s.call("POST", "undo", headers: me).status == 303)
        #expect(try s.cards()[id]?["state"] as? String == "todo")
    }

    @Test func koreanEnglishAndReadOnlyBoards() throws {
        let folder = try TemporaryFolder()
        let json = folder.path("plain.json")
        try FileManager.default.copyItem(atPath: CommandRunner.sample("board.json"), toPath: json)
        let s = try ServedStore(extraBoards: ["plain=\(json)"])
        let korean = try s.call("GET", "", headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"]).text
        #expect(korean.contains("<html lang=\"ko\">"))
        #expect(korean.contains("기록"))
        let english = try s.call("GET", "", headers: ["Accept-Language": "en-US,ko;q=0.2"]).text
        #expect(english.contains("<html lang=\"en\">"))
        // The switch keeps the choice in a cookie.
        let switched = try s.call("GET", "?lang=ko")
        #expect(switched.headers["set-cookie"]?.hasPrefix("boardkit-lang=ko;") == true)
        #expect(try s.call("GET", "history", headers: ["Cookie": "boardkit-lang=ko"]).text.contains("<html lang=\"ko\">"))

        // A board that is a file, not a store: the same page, read-only; writes are 405.
        let tokens = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: s.folder.path("tokens.json")))) as? [String: Any]
        // Its page by its open link; its feed link opens the feeds and nothing else.
        let plainToken = try #require((tokens?["links"] as? [String: String])?["plain"])
        let plainFeed = try #require((tokens?["tokens"] as? [String: String])?["plain"])
        #expect(try RawHTTP.call(port: s.port, "GET", "/\(plainFeed)/plain/").status == 404)
        #expect(try RawHTTP.call(port: s.port, "GET", "/\(plainFeed)/plain.ics").status == 200)
        let plainPage = "/\(plainToken)/plain/"
        let page = try RawHTTP.call(port: s.port, "GET", plainPage)
        #expect(page.status == 200)
        #expect(page.text.contains("class=\"notice\">Read-only"))
        #expect(!page.text.contains("<form class=\"move\""))
        let refused = try RawHTTP.call(port: s.port, "POST", plainPage + "api/cards", body: #"{"title": "x"}"#)
        #expect(refused.status == 405)
        #expect(refused.headers["allow"] == "GET, HEAD")
        #expect(try RawHTTP.call(port: s.port, "GET", plainPage + "api/board").json["cards"] != nil)
    }

    @Test func theColumnsFollowChangesFromOtherProcesses() throws {
        let s = try ServedStore()
        // The page carries the columns' own tag: its script's first look finds nothing new
        // (it used to replace the columns a second after every load, wiping a form being filled).
        let page = try s.call("GET", "").text
        let carried = try #require(page.firstMatch(of: /data-tag="([^"]*)"/)?.1).replacingOccurrences(of: "&quot;", with: "\"")
        #expect(try s.call("GET", "columns", headers: ["If-None-Match": carried]).status == 304, "\(carried)")
        let first = try s.call("GET", "columns")
        let tag = try #require(first.headers["etag"])
        #expect(tag == carried)
        #expect(try s.call("GET", "columns", headers: ["If-None-Match": tag]).status == 304)
        #expect(try CommandRunner.boardkit(["add", "Made in a terminal", "--board", s.store]).status == 0)
        let changed = try s.call("GET", "columns", headers: ["If-None-Match": tag])
        #expect(changed.status == 200)
        #expect(changed.text.contains("Made in a terminal"))
        let newTag = try #require(changed.headers["etag"])
        #expect(newTag != tag)
        #expect(try s.call("GET", "columns", headers: ["If-None-Match": newTag]).status == 304)
        // An undo in the terminal shows too.
        #expect(try CommandRunner.boardkit(["undo", "--board", s.store]).status == 0)
        #expect(!(try s.call("GET", "columns").text.contains("Made in a terminal")))
    }
}

/// The page in Debian's chromium through Selenium: see Tests/Oracles/page_browser_check.py.
@Suite(.serialized) struct BoardPageBrowserTests {
    /// axe-core finds no serious or critical violation on any page (board, archived, card,
    /// history, a refused form, a card the board does not have, a refused redo, a merged
    /// save's clash), light and dark, English and Korean, desktop and phone (dark
    /// buttons were white on #579dff, 2.7:1; the light columns' counts 4.49:1).
    @Test func everyPageIsAccessibleToAxe() throws {
        let s = try ServedStore()
        let url = "http://127.0.0.1:\(s.port)\(s.page)"
        let ids = try s.cards().keys.sorted()
        let card = try #require(ids.first)
        // The card's page with its whole conversation: checklists, an attachment, a link, comments.
        for args in [["comment", card, "첫 댓글\nsecond line", "--actor", "mina"], ["check", card, "Write tests", "--done"],
                     ["check", card, "Ship"], ["attach", card, "https://example.org/plan.pdf"], ["link", card, "blocks", ids[1]]] {
            #expect(try CommandRunner.boardkit(args + ["-b", s.store]).status == 0, "\(args)")
        }
        let run = try CommandRunner.python("page_axe_check.py", [url, card])
        #expect(run.status == 0, "\(run.stderr)")
        let pages = try #require((try? JSONSerialization.jsonObject(with: run.stdout)) as? [String: [Any]])
        #expect(pages.count == 64)
        for (page, violations) in pages.sorted(by: { $0.key < $1.key }) {
            #expect(violations.isEmpty, "\(page): \(violations)")
        }
    }

    @Test func aPersonWorksOnTheBoardInARealBrowser() throws {
        let s = try ServedStore()
        let url = "http://127.0.0.1:\(s.port)\(s.page)"
        let run = try CommandRunner.python("page_browser_check.py", [url, CommandRunner.boardkit, s.store])
        #expect(run.status == 0, "\(run.stderr)")
        let checks = try #require((try? JSONSerialization.jsonObject(with: run.stdout)) as? [String: Any])
        #expect(checks.count >= 18)
        for (name, result) in checks.sorted(by: { $0.key < $1.key }) {
            #expect(result as? Bool == true, "\(name): \(result)")
        }
    }
}
