import BoardTestSupport
import Foundation
import Testing

/// The board page's second pass (issue 45, "The page, second pass"), as a person reading the
/// pages the server answers would notice each item; the browser-only ones are checks in
/// Tests/Oracles/page_browser_check.py.
@Suite(.serialized) struct BoardPageSecondPassTests {
    static let form = ["Content-Type": "application/x-www-form-urlencoded"]

    static func person(_ name: String, _ language: String = "en") -> [String: String] {
        form.merging(["Cookie": "boardkit-actor=\(name); boardkit-lang=\(language)"]) { a, _ in a }
    }

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    /// The body an edit form sends: its values, with the values it was loaded with.
    static func edit(version: String, loaded: [String: String], sent: [String: String]) -> String {
        var pairs = ["version=\(version)"]
        for (name, value) in loaded { pairs.append("was-\(name)=\(encoded(value))") }
        for (name, value) in loaded.merging(sent, uniquingKeysWith: { _, b in b }) { pairs.append("\(name)=\(encoded(value))") }
        return pairs.joined(separator: "&")
    }

    /// Item 1: a save refused because the card changed meanwhile saves the fields the other
    /// person did not touch, and shows a field both changed twice: theirs in the field, the
    /// reader's beside it with a button that saves it.
    @Test func aSaveRefusedForAChangeMeanwhileKeepsWhatWasTyped() throws {
        let s = try ServedStore()
        let (id, card) = try #require(try s.cards().first { $0.value["state"] as? String == "todo" && $0.value["archived"] == nil })
        let version = try #require(card["version"] as? String)
        let page = try s.call("GET", "cards/\(id)", headers: Self.person("mina")).text
        #expect(page.contains("name=\"was-title\""), "the form carries the values it was loaded with")
        let loaded = ["title": card["title"] as? String ?? "", "body": card["body"] as? String ?? "",
                      "labels": (card["labels"] as? [String] ?? []).joined(separator: ", "), "url": card["url"] as? String ?? ""]
        // Jisoo changes the title and adds a label; Mina, from her older form, changes the
        // title too and writes notes.
        let theirs = try s.call("PATCH", "api/cards/\(id)", headers: ["If-Match": "*", "X-Boardkit-Actor": "jisoo"],
                                body: #"{"title": "Jisoo's title", "labels": ["urgent"]}"#)
        #expect(theirs.status == 200)
        let saved = try s.call("POST", "cards/\(id)", headers: Self.person("mina"),
                               body: Self.edit(version: version, loaded: loaded, sent: ["title": "Mina's title", "body": "Mina's notes"]))
        #expect(saved.status == 409)
        let now = try #require(try s.cards()[id])
        #expect(now["body"] as? String == "Mina's notes", "the field Jisoo did not touch is saved")
        #expect(now["labels"] as? [String] == ["urgent"], "Jisoo's label stays")
        #expect(now["title"] as? String == "Jisoo's title")
        let text = saved.text
        #expect(text.contains("value=\"Jisoo&#39;s title\""), "theirs in the field")
        #expect(text.contains("<q dir=\"auto\">Mina&#39;s title</q> <input type=\"submit\" form=\"yours-title\" class=\"save-yours\" value=\"Save yours\">"), "\(text.prefix(4000))")
        // "Save yours" sends Mina's title with the card's version now: saved.
        let newVersion = try #require(now["version"] as? String)
        #expect(text.contains("<form id=\"yours-title\" class=\"yours-form\" method=\"post\" action=\"../cards/\(id)\"><input type=\"hidden\" name=\"version\" value=\"\(newVersion)\">"))
        let resent = try s.call("POST", "cards/\(id)", headers: Self.person("mina"),
                                body: "version=\(newVersion)&title=\(Self.encoded("Mina's title"))")
        #expect(resent.status == 303)
        #expect(try s.cards()[id]?["title"] as? String == "Mina's title")

        // No clash at all: the save simply lands, beside the other person's change.
        let before = try #require(try s.cards()[id])
        let v = try #require(before["version"] as? String)
        let loaded2 = ["title": "Mina's title", "body": "Mina's notes", "labels": "urgent"]
        #expect(try s.call("PATCH", "api/cards/\(id)", headers: ["If-Match": "*"], body: #"{"url": "https://example.org/x"}"#).status == 200)
        let merged = try s.call("POST", "cards/\(id)", headers: Self.person("mina"),
                                body: Self.edit(version: v, loaded: loaded2, sent: ["body": "Second notes"]))
        #expect(merged.status == 303 && merged.headers["location"]?.hasPrefix("../?did=") == true, "\(merged.status) \(merged.headers)")
        let after = try #require(try s.cards()[id])
        #expect(after["body"] as? String == "Second notes" && after["url"] as? String == "https://example.org/x")

        // A value of the reader's that does not fit, the card changed meanwhile too: the form
        // comes back with the reader's changes and the problem, and the field the reader did
        // not touch shows the card's value now (its stale one would be saved back over it).
        let v3 = try #require(try s.cards()[id]?["version"] as? String)
        let loaded3 = ["title": "Mina's title", "body": "Second notes", "due": ""]
        #expect(try s.call("PATCH", "api/cards/\(id)", headers: ["If-Match": "*"], body: #"{"title": "Third title"}"#).status == 200)
        let refused = try s.call("POST", "cards/\(id)", headers: Self.person("mina"),
                                 body: Self.edit(version: v3, loaded: loaded3, sent: ["body": "Third notes", "due": "someday"]))
        #expect(refused.status == 422 && refused.text.contains("id=\"error-due\""))
        #expect(refused.text.contains("name=\"title\" value=\"Third title\"") && refused.text.contains(">Third notes</textarea>")
                && refused.text.contains("name=\"due\" value=\"someday\""), "\(refused.text)")
        #expect(try s.cards()[id]?["body"] as? String == "Second notes")
    }

    /// Item 2: a refused add comes back with its field focused (and so brought into view) and
    /// its problem announced.
    @Test func aRefusedAddTakesTheFocus() throws {
        let s = try ServedStore()
        let add = try s.call("POST", "cards", headers: Self.person("mina"), body: "state=done&title=Half+done&due=someday")
        #expect(add.status == 422)
        #expect(add.text.contains("name=\"due\" value=\"someday\" placeholder=\"2026-12-01, tomorrow, friday, +3d\" aria-invalid=\"true\" aria-describedby=\"error-due\" autofocus>"), "\(add.text)")
        #expect(add.text.contains("<span class=\"field-error\" id=\"error-due\" role=\"alert\">"))
        #expect(add.text.components(separatedBy: " autofocus").count == 2, "one field takes the focus")
    }

    /// Item 3: every form and its answer keep the reader's filter.
    @Test func formsAndRedirectsKeepTheFilter() throws {
        let s = try ServedStore()
        let me = Self.person("mina")
        let page = try s.call("GET", "?assignee=jisoo", headers: me).text
        #expect(page.contains("<form method=\"post\" action=\"cards?assignee=jisoo\">"), "the Add form")
        #expect(page.contains("/move?assignee=jisoo\">"), "the move forms")
        #expect(page.contains("<form method=\"post\" action=\"undo?assignee=jisoo\">"), "Undo")
        // A card of jisoo's not done yet, so the move below is a step.
        let id = try #require(try s.cards().first {
            ($0.value["assignees"] as? [String])?.contains("jisoo") == true && $0.value["archived"] == nil && $0.value["state"] as? String != "done"
        }?.key)
        #expect(page.contains("href=\"cards/\(id)?assignee=jisoo\""), "a card's link")

        let added = try s.call("POST", "cards?assignee=jisoo", headers: me, body: "state=todo&title=Kept+filter&assignees=jisoo")
        #expect(added.status == 303)
        let location = try #require(added.headers["location"])
        #expect(location.hasPrefix("./?did=") && location.hasSuffix("&assignee=jisoo"), "\(location)")

        let cardPage = try s.call("GET", "cards/\(id)?assignee=jisoo", headers: me).text
        #expect(cardPage.contains("action=\"../cards/\(id)?assignee=jisoo\""))
        #expect(cardPage.contains("<a href=\"../?assignee=jisoo\">"))
        let version = try #require(try s.cards()[id]?["version"] as? String)
        let moved = try s.call("POST", "cards/\(id)/move?assignee=jisoo&state=doing", headers: me, body: "version=\(version)&state=done")
        #expect(moved.headers["location"]?.hasPrefix("../../?did=") == true && moved.headers["location"]?.hasSuffix("&assignee=jisoo&state=doing") == true,
                "\(moved.status) \(moved.headers) \(moved.text.prefix(1500))")
        let undone = try s.call("POST", "undo?assignee=jisoo", headers: me)
        #expect(undone.headers["location"]?.hasSuffix("&assignee=jisoo") == true, "\(undone.headers)")
        let comment = try s.call("POST", "cards/\(id)/comments?assignee=jisoo", headers: me, body: "text=hi")
        #expect(comment.headers["location"]?.hasPrefix("../../cards/\(id)?did=") == true && comment.headers["location"]?.hasSuffix("&assignee=jisoo") == true)
    }

    /// Item 4: with a filter on, each column carries its whole order, so the script places a
    /// card among the cards shown where it lands on the board.
    @Test func aFilteredColumnCarriesItsWholeOrder() throws {
        let s = try ServedStore()
        let page = try s.call("GET", "?assignee=jisoo", headers: Self.person("mina")).text
        let todo = try s.call("GET", "api/board").json["cards"] as? [[String: Any]] ?? []
        let order = todo.filter { $0["state"] as? String == "todo" && $0["archived"] == nil }.compactMap { $0["id"] as? String }
        let attribute = "[" + order.map { "&quot;\($0)&quot;" }.joined(separator: ",") + "]"
        #expect(page.contains("<ol class=\"cards\" data-order=\"\(attribute)\">"), "\(attribute)")
        #expect(!(try s.call("GET", "", headers: Self.person("mina")).text.contains("data-order")), "not without a filter")
    }

    /// Item 4: a move onto the card's own place makes no step, whatever its neighbours'
    /// positions (it got a new position halfway between them: a step no one could see).
    @Test func aMoveOntoItsOwnPlaceMakesNoStep() throws {
        let s = try ServedStore()
        var ids: [String] = []
        for title in ["X", "Y", "Z"] {
            ids.append(try #require(try s.call("POST", "api/cards", body: #"{"title": "\#(title)", "state": "review"}"#).json["id"] as? String))
        }
        let review = { try s.call("GET", "api/board").json["cards"] as? [[String: Any]] ?? [] }
        let count = try review().filter { $0["state"] as? String == "review" && $0["archived"] == nil }.count
        // Z between X and Y (halfway), so Y, last, sits a whole step after Z.
        #expect(try s.call("POST", "api/cards/\(ids[2])/move", body: #"{"state": "review", "position": \#(count - 1)}"#).status == 200)
        let before = try s.historyCount()
        let again = try s.call("POST", "api/cards/\(ids[1])/move", body: #"{"state": "review", "position": \#(count)}"#)
        #expect(again.status == 200)
        #expect(try s.historyCount() == before, "no step")
        let order = try review().filter { $0["state"] as? String == "review" && $0["archived"] == nil }.compactMap { $0["id"] as? String }
        #expect(Array(order.suffix(3)) == [ids[0], ids[2], ids[1]])
    }

    /// Item 5: a deleted card's page is the page's frame saying who deleted it and when, with
    /// Undo for the person who did; an unknown card's says so; an edit saved to a card
    /// deleted meanwhile keeps what was typed.
    @Test func aDeletedCardsPageSaysWhoAndWhen() throws {
        let s = try ServedStore()
        let (id, card) = try #require(try s.cards().first { $0.value["archived"] == nil })
        let version = try #require(card["version"] as? String)
        #expect(try s.call("POST", "cards/\(id)/delete", headers: Self.person("mina"), body: "").status == 303)
        let mine = try s.call("GET", "cards/\(id)", headers: Self.person("mina"))
        #expect(mine.status == 404)
        let text = mine.text.withoutIsolates
        #expect(text.contains("<header class=\"bar\">") && text.contains("← Back to the board</a>"))
        #expect(text.contains("was deleted</h2>") && text.contains("Deleted by mina, "), "\(text)")
        #expect(text.contains("<form method=\"post\" action=\"../undo\"><button class=\"undo\">Undo the delete</button></form>"))
        #expect(!text.contains("Not saved"))
        let theirs = try s.call("GET", "cards/\(id)", headers: Self.person("jisoo", "ko")).text
        #expect(theirs.contains("mina님이 ") && theirs.contains("삭제했습니다") && !theirs.contains("Undo the delete") && !theirs.contains("삭제 실행 취소"))
        let unknown = try s.call("GET", "cards/no-such-card", headers: Self.person("mina"))
        #expect(unknown.status == 404 && unknown.text.contains("<h2>No such card</h2>") && unknown.text.contains("This board has no card &#39;no-such-card&#39;."))

        let edit = try s.call("POST", "cards/\(id)", headers: Self.person("jisoo"), body: "version=\(version)&title=Typed+words&body=My+long+notes")
        #expect(edit.status == 404)
        #expect(edit.text.contains("value=\"Typed words\"") && edit.text.contains(">My long notes</textarea>"), "\(edit.text)")
        #expect(edit.text.contains("<form class=\"edit\" method=\"post\" action=\"../cards\">"))
    }

    /// Item 6: refusals in the page's language, and Korean day words as the English ones.
    @Test func refusalsAreInThePagesLanguage() throws {
        let s = try ServedStore()
        let ko = Self.person("mina", "ko")
        let redo = try s.call("POST", "redo", headers: ko)
        #expect(redo.status == 409 && redo.text.contains("다시 실행할 내 단계가 없습니다.") && !redo.text.contains("nothing of"), "\(redo.text)")
        #expect(redo.text.contains("<h2>다시 실행하지 못함</h2>"))
        let move = try s.call("POST", "cards/no-such-card/move", headers: ko, body: "state=done")
        #expect(move.status == 404 && move.text.contains("이 보드에 &#39;no-such-card&#39; 카드가 없습니다."), "\(move.text)")
        let name = try s.call("POST", "actor?lang=ko", headers: Self.form, body: "actor=+")
        #expect(name.status == 422 && name.text.contains("이름이 필요합니다") && !name.text.contains("a name is needed"), "\(name.text)")

        let due = try s.call("POST", "cards", headers: ko, body: "state=todo&title=\(Self.encoded("금요일 카드"))&due=\(Self.encoded("다음 주 월요일"))")
        #expect(due.status == 303)
        let added = try #require(try s.cards().values.first { $0["title"] as? String == "금요일 카드" })
        #expect((added["due"] as? String)?.count == 10)
        let bad = try s.call("POST", "cards", headers: ko, body: "state=todo&title=x&due=someday")
        #expect(bad.text.contains("금요일") && bad.text.contains("다음 주 월요일"), "the Korean problem lists the Korean forms")
        // The command line reads them too.
        #expect(try CommandRunner.boardkit(["add", "CLI 금요일", "--due", "금요일", "--board", s.store]).status == 0)
    }

    /// Items 7 and 9: the import's undo asks with two buttons; an undo-conflict says which
    /// step is in the way and whose.
    @Test func undoingTheImportAsksWithTwoButtons() throws {
        let s = try ServedStore()
        let cards = try s.cards().count
        for (language, keep, remove) in [("en", "Keep the \(cards) cards", "Remove the \(cards) cards"),
                                         ("ko", "카드 \(cards)개 그대로 두기", "카드 \(cards)개 지우기")] {
            let asked = try s.call("POST", "undo?lang=\(language)", headers: Self.form)
            #expect(asked.status == 409)
            let text = asked.text
            #expect(text.contains("<a class=\"button keep\" href=\"./\">\(keep)</a>"), "\(text)")
            #expect(text.contains("<button class=\"remove delete\">\(remove)</button>"))
            #expect(!text.contains("Not saved") && !text.contains("저장되지 않음"))
        }
        #expect(try s.call("POST", "undo", headers: Self.form).text.contains("the \(cards) cards it brought in are removed"))
    }

    @Test func theUndoConflictSaysWhichStepIsInTheWay() throws {
        let s = try ServedStore()
        let id = try #require(try s.cards().first { $0.value["state"] as? String == "review" }?.key)
        #expect(try s.call("POST", "api/cards/\(id)/move", headers: ["X-Boardkit-Actor": "mina"], body: #"{"state": "todo"}"#).status == 200)
        #expect(try s.call("POST", "api/cards/\(id)/move", headers: ["X-Boardkit-Actor": "jisoo"], body: #"{"state": "doing"}"#).status == 200)
        let number = try #require(try s.call("GET", "api/cards/\(id)").json["number"])
        let en = try s.call("POST", "undo", headers: Self.person("mina"))
        #expect(en.status == 409 && en.text.contains("<h2>Not undone</h2>"))
        #expect(en.text.contains("would throw away jisoo&#39;s later &#39;move&#39; of #\(number). That step is jisoo&#39;s to undo: ask jisoo"), "\(en.text)")
        let ko = try s.call("POST", "undo", headers: Self.person("mina", "ko"))
        #expect(ko.text.contains("jisoo의 &#39;move&#39; 단계가 사라집니다") && ko.text.contains("<h2>실행 취소하지 못함</h2>"), "\(ko.text)")
    }

    /// Item 8: a title over 500 characters is the server's to refuse, beside the field with
    /// the text kept; the field has no maxlength that would cut it without a word.
    @Test func aLongTitleIsRefusedBesideTheField() throws {
        let s = try ServedStore()
        let page = try s.call("GET", "", headers: Self.person("mina")).text
        #expect(!page.contains("maxlength=\"500\""))
        let long = String(repeating: "가", count: 501)
        let refused = try s.call("POST", "cards", headers: Self.person("mina", "ko"), body: "state=todo&title=\(Self.encoded(long))")
        #expect(refused.status == 422)
        #expect(refused.text.contains("value=\"\(long)\"") && refused.text.contains("id=\"error-title\""))
    }

    /// Item 10: Undo and Redo are disabled with nothing of the reader's to take.
    @Test func undoAndRedoAreDisabledWithNothingToTake() throws {
        let s = try ServedStore()
        let page = try s.call("GET", "", headers: Self.person("nobody-yet")).text
        #expect(page.contains("<button class=\"undo\" disabled>Undo</button>") && page.contains("<button class=\"redo\" disabled>Redo</button>"))
        #expect(try s.call("POST", "cards", headers: Self.person("nobody-yet"), body: "title=Mine").status == 303)
        let after = try s.call("GET", "", headers: Self.person("nobody-yet")).text.withoutIsolates
        #expect(after.contains("<button class=\"undo\" title=\"Undo: nobody-yet created #") && after.contains("<button class=\"redo\" disabled>"))
    }

    /// Item 11: `?state=` filters the page as it filters the feeds and `--where`.
    @Test func theStateFilters() throws {
        let s = try ServedStore()
        let doing = try s.cards().values.filter { $0["state"] as? String == "doing" && $0["archived"] == nil }
        let page = try s.call("GET", "?state=DOING").text
        #expect(page.components(separatedBy: "<li class=\"card").count - 1 == doing.count)
        #expect(page.contains("<option value=\"doing\" selected>DOING</option>"))
        let typo = try s.call("GET", "?state=Nowhere").text
        #expect(typo.contains("Nowhere") && typo.contains("role=\"alert\""))
    }

    /// Item 12: headings say what the page is; a due in the board's words.
    @Test func headingsAndDatesInTheBoardsWords() throws {
        let s = try ServedStore()
        let unknown = try s.call("GET", "cards/nothing-here").text
        #expect(!unknown.contains("Not saved"))
        let page = try s.call("GET", "", headers: Self.person("mina")).text
        // c5 is due 2026-12-01T18:00:00+09:00, in a Seoul board.
        #expect(page.contains("<time datetime=\"2026-12-01T18:00:00+09:00\">Tue 1 Dec 18:00</time>") || page.contains(">Tue 1 Dec 2026 18:00</time>"), "\(page.prefix(0))")
        let korean = try s.call("GET", "?lang=ko").text
        #expect(korean.contains(">12월 1일 (화) 18:00</time>") || korean.contains(">2026년 12월 1일 (화) 18:00</time>"))
        let card = try s.call("GET", "cards/c5", headers: Self.person("mina")).text
        #expect(card.contains("name=\"due\" value=\"2026-12-01 18:00\""), "the form's date as the board's wall clock")
        #expect(!card.contains("value=\"2026-12-01T18:00:00+09:00\""))
    }
}
