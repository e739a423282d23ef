import BoardMail
import BoardModel
import BoardTestSupport
import Foundation
import Testing

/// The pieces a mail is made of, each checked against what the RFCs ask and against what a
/// reader decodes: a header's encoded words, quoted-printable and base64 bodies, the date.
@Suite("mail encodings")
struct EncodingTests {
    /// Decodes RFC 2047 `B` words the way a mail reader does, one word at a time (each must be
    /// whole UTF-8 on its own).
    static func decodedWords(_ header: String) -> (text: String, wholeWords: Bool) {
        var text = "", whole = true
        let value = header.split(separator: ":", maxSplits: 1)[1]
        for word in value.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?=") else { text += (text.isEmpty ? "" : " ") + word; continue }
            let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data()
            if String(data: data, encoding: .utf8) == nil { whole = false }
            text += String(decoding: data, as: UTF8.self)
        }
        return (text, whole)
    }

    @Test func anASCIISubjectStaysReadable() {
        #expect(EncodedWord.header("Subject", "Weekly report — Web team") != "Subject: Weekly report — Web team")
        #expect(EncodedWord.header("Subject", "Weekly report - Web team - 2026-W47") == "Subject: Weekly report - Web team - 2026-W47")
    }

    @Test func aKoreanSubjectIsEncodedInWholeCharactersAndFolded() throws {
        let subject = "주간 보고서 — 웹팀 보드 — 2026-W47 " + String(repeating: "검색 필터 추가 ", count: 8)
        let header = EncodedWord.header("Subject", subject)
        let lines = header.split(separator: "\n")
        #expect(lines.count > 1, "a long subject is folded")
        #expect(lines.allSatisfy { $0.count <= 78 }, "\(lines.map(\.count))")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") }, "continuation lines start with a space")
        #expect(header.unicodeScalars.allSatisfy { $0.isASCII })
        let words = header.split(whereSeparator: { $0 == " " || $0 == "\n" }).dropFirst()
        #expect(words.allSatisfy { $0.count <= EncodedWord.wordLimit })
        let decoded = Self.decodedWords(header)
        #expect(decoded.wholeWords, "no UTF-8 sequence is split between two words")
        #expect(decoded.text == subject)
    }

    @Test func aLineBreakInASubjectCannotStartAnotherHeader() {
        let header = EncodedWord.header("Subject", "Report\nBcc: someone@evil.example")
        #expect(!header.contains("\n"))
        #expect(header == "Subject: Report Bcc: someone@evil.example")
    }

    @Test func quotedPrintableKeepsLinesShortAndDecodesBack() throws {
        let text = "Fix login — 로그인 수정 = done \n" + String(repeating: "가나다라마바사 ", count: 30) + "\n"
            + String(repeating: "x", count: 200) + "\ntrailing tab\t\n"
        let encoded = QuotedPrintable.encode(Array(text.utf8))
        let lines = encoded.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= QuotedPrintable.lineLimit }, "\(lines.map(\.count).max() ?? 0)")
        #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") && !$0.hasSuffix("\t") }, "no white space at a line's end")
        #expect(encoded.contains("=3D done"), "'=' is encoded")
        // Python's quopri is the independent decoder.
        let decoded = try Self.python("import quopri,sys; sys.stdout.buffer.write(quopri.decodestring(sys.stdin.buffer.read()))", Data(encoded.utf8))
        #expect(String(decoding: decoded, as: UTF8.self) == text)
    }

    @Test func base64LinesAre76CharactersAndDecodeBack() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let encoded = Base64Lines.lines(bytes)
        let lines = encoded.split(separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.count == 76 })
        #expect(Data(base64Encoded: lines.joined()) == Data(bytes))
        #expect(Base64Lines.encode(Array("가".utf8)) == Data("가".utf8).base64EncodedString())
        #expect(Base64Lines.encode([]) == "")
    }

    @Test func theDateIsRFC5322InTheBoardsOffset() {
        let moment = Instant(epochSeconds: 1_795_165_200, offsetSeconds: 9 * 3600)  // 2026-11-20T18:00:00+09:00
        #expect(MailDate.format(moment) == "Fri, 20 Nov 2026 18:00:00 +0900")
        #expect(MailDate.format(Instant(epochSeconds: 0, offsetSeconds: -(3 * 3600 + 1800))) == "Wed, 31 Dec 1969 20:30:00 -0330")
    }

    @Test func addressesAreBareAndOneEach() throws {
        #expect(try MailAddress.list(" mina@example.org, sam@x.org,mina@example.org").get().map(\.text) == ["mina@example.org", "sam@x.org"])
        #expect(MailAddress.list("mina@example.org,nobody") == .failure(.badAddress("nobody")))
        #expect(MailAddress.list("a@x.org,") == .failure(.badAddress("")))
        for bad in ["mina@x.org\nBcc: b@x.org", "a b@x.org", "@x.org", "a@", "a@@x.org", "a@x.org;b@x.org"] {
            #expect(MailAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func addressesWithDisplayNamesAreTakenAsRFC5322Says() throws {
        let korean = try #require(MailAddress("\"보드킷\" <boardkit@example.org>"))
        #expect(korean.text == "boardkit@example.org" && korean.name == "보드킷")
        #expect(MailAddress("Team <team@example.org>")?.name == "Team")
        #expect(MailAddress("<team@example.org>")?.name == nil)
        #expect(MailAddress(#""Kim \"JS\" Jisoo" <j@x.org>"#)?.name == #"Kim "JS" Jisoo"#)
        let list = try MailAddress.list(#""Kim, Jisoo" <jisoo@example.org>, Team <team@example.org>,a@x.org, <a@x.org>"#).get()
        #expect(list.map(\.text) == ["jisoo@example.org", "team@example.org", "a@x.org"], "a comma in quotes separates nothing; each address once")
        #expect(list.map(\.name) == ["Kim, Jisoo", "Team", nil])
        for bad in ["Team <team@example.org", "\"Team <t@x.org>", "\"Team\" x <t@x.org>", "Te,am <t@x.org>", "Team <a b@x.org>",
                    "Team\nBcc: b@x.org <t@x.org>", "Team <t@x.org> x"] {
            #expect(MailAddress(bad) == nil, "\(bad)")
        }
        // As a mail reader reads them back: the Korean name encoded, a name with a comma quoted.
        let message = MailMessage(from: korean, to: list + [MailAddress("\"보드킷 팀 " + String(repeating: "가", count: 40) + "\" <long@x.org>")!],
                                  subject: "s", date: Instant(epochSeconds: 0), body: .text(subtype: "plain", "x\n"))
        let text = message.rendered
        #expect(text.hasPrefix("From: =?UTF-8?B?"))
        #expect(text.contains("To: \"Kim, Jisoo\" <jisoo@example.org>, Team <team@example.org>, a@x.org,"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 78 })
        let folder = try TemporaryFolder()
        try text.write(toFile: folder.path("m.eml"), atomically: true, encoding: .utf8)
        let read = try #require(try MailCommandTests.read([folder.path("m.eml")]).first)
        #expect(read["from"] as? String == "보드킷 <boardkit@example.org>")
        #expect(read["to"] as? [String] == ["jisoo@example.org", "team@example.org", "a@x.org", "long@x.org"])
        #expect((read["to_names"] as? [String])?.prefix(3) == ["Kim, Jisoo", "Team", ""])
        // A name longer than one encoded word is several, folded; RFC 2047 §6.2 has a reader
        // ignore the white space between them (Python's address parser keeps one space there).
        let words = try #require(text.range(of: "a@x.org,")).upperBound
        let long = text[words...].prefix { $0 != "<" }
        #expect(long.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { word in
            String(decoding: Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data(), as: UTF8.self)
        }.joined() == "보드킷 팀 " + String(repeating: "가", count: 40))
        #expect(read["defects"] as? [String] == [])
    }

    @Test func theMessageHasItsHeadersAndNoLongLine() throws {
        let moment = Instant(epochSeconds: 1_795_165_200, offsetSeconds: 9 * 3600)
        let message = MailMessage(
            from: MailAddress("boardkit@example.org"), to: [MailAddress("a@x.org")!, MailAddress("b@x.org")!],
            subject: "주간 보고서 — 웹팀", date: moment, messageID: MessageID(moment: moment, host: "box.example.org"),
            body: .multipart(subtype: "mixed", [
                .multipart(subtype: "alternative", [.text(subtype: "plain", String(repeating: "긴 줄 ", count: 100)),
                                                    .text(subtype: "html", "<p>표</p>")]),
                .attachment(contentType: "application/octet-stream", fileName: "r.bin", bytes: Array(repeating: 7, count: 500)),
            ]))
        let text = message.rendered
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 78 })
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        for header in ["From: boardkit@example.org\n", "To: a@x.org, b@x.org\n", "Date: Fri, 20 Nov 2026 18:00:00 +0900\n",
                       "MIME-Version: 1.0\n", "Message-ID: <", "@box.example.org>\n", "Content-Type: multipart/mixed;\n boundary=\"=_"] {
            #expect(text.contains(header), "\(header)")
        }
        #expect(text.contains("\nAuto-Submitted: auto-generated\n") && text.contains("\nX-Auto-Response-Suppress: All\n"))
        #expect(MessageID(moment: moment, host: "a host").host == "boardkit.invalid")
        // On the sender's domain, never on a machine's bare name.
        #expect(MessageID(moment: moment, domain: "example.org", host: "box.example.net").host == "example.org")
        #expect(MessageID(moment: moment, host: "vm").host == "boardkit.invalid")
        #expect(MessageID(moment: moment, domain: nil, host: "box.example.net").host == "box.example.net")
        #expect(MailMessage(from: MailAddress("Team <team@example.org>"), to: [], subject: "", date: moment, body: .text(subtype: "plain", ""))
                    .messageID.host == "example.org")
        #expect(MessageID(moment: moment, host: "h").description != MessageID(moment: moment, host: "h").description)
    }

    @Test func thePeopleFileMapsNamesToAddresses() throws {
        let people = try People.parse("name,email\nmina,mina@example.org\r\n# a comment\n\n\"Kim, Jisoo\", jisoo@example.org\n", path: "people.csv").get()
        #expect(people.addresses == ["mina": MailAddress("mina@example.org")!, "Kim, Jisoo": MailAddress("jisoo@example.org")!])
        #expect(People.parse("mina,mina@example.org\nsam\n", path: "p.csv") == .failure(.peopleRow(path: "p.csv", line: 2, text: "sam")))
        #expect(People.parse("sam,not-an-address\n", path: "p.csv") == .failure(.peopleRow(path: "p.csv", line: 1, text: "sam,not-an-address")))
    }

    @Test func theBoardsOwnColumnGivesAssigneesAddresses() {
        let cards = [
            Card(id: "1", title: "a", state: "todo", assignees: ["Mina Kim"], fields: ["Assignee Email": "mina@example.com"]),
            Card(id: "2", title: "b", state: "todo", assignees: ["Mina Kim"], fields: ["Assignee Email": "other@example.com"]),
            Card(id: "3", title: "c", state: "todo", assignees: ["Joon", "Seo"], fields: ["Assignee Email": "joon@example.com"]),
            Card(id: "4", title: "d", state: "todo", assignees: ["Seo"], fields: ["assignee e-mail": "not an address"]),
            Card(id: "5", title: "e", state: "todo", assignees: ["Yun"], fields: ["Assignee_E-mail": "yun@example.com"]),
        ]
        let carried = People.carried(by: cards)
        #expect(carried.addresses == ["Mina Kim": MailAddress("mina@example.com")!, "Yun": MailAddress("yun@example.com")!],
                "the first address per name; none for two assignees or a value that is no address")
        let file = People(["Mina Kim": MailAddress("mk@example.org")!])
        #expect(file.adding(carried).addresses["Mina Kim"]?.text == "mk@example.org", "the people file wins")
        #expect(file.adding(carried).addresses["Yun"]?.text == "yun@example.com")
    }

    static func python(_ code: String, _ input: Data) throws -> Data {
        try CommandRunner.run("/usr/bin/env", ["python3", "-c", code], stdin: input).stdout
    }
}
