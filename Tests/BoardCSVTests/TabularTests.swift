import Testing
import BoardModel
import BoardIO
import BoardTabular

@Suite struct TabularTests {
    @Test(arguments: [[], ["a"], ["a", "b"], ["a, b", "c\\d", " pad ", "x,"], ["한글", "emoji 🎉"]])
    func listCodecRoundTrips(items: [String]) {
        #expect(ListCodec.split(ListCodec.join(items)) == items)
    }

    @Test func listCodecReadsHandTypedLists() {
        #expect(ListCodec.split("bug,ui") == ["bug", "ui"])
        #expect(ListCodec.split(" bug ,  ui ,") == ["bug", "ui"])
    }

    @Test func dateLayouts() throws {
        let jira = try #require(TabularDateFormat("dd/MMM/yy h:mm a"))
        let t = LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 21)!, hour: 21, minute: 15)
        #expect(jira.parse("21/Nov/26 9:15 PM") == .dateTime(t))
        #expect(jira.format(.dateTime(t)) == "21/Nov/26 9:15 PM")
        #expect(jira.parse("21/Nov/26 12:05 AM") == .dateTime(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 21)!, minute: 5)))
        #expect(jira.parse("31/Feb/26 9:15 AM") == nil)
        #expect(TabularDateFormat("HH:mm") == nil)
    }

    @Test func dateReaderRules() {
        let unknown = TabularDateReader(formats: [], slashOrder: .unknown)
        #expect(unknown.read(text: "2026-11-21 09:15") == .dateTime(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 21)!, hour: 9, minute: 15)))
        #expect(unknown.read(text: "11/21/2026") == .date(CalendarDate(year: 2026, month: 11, day: 21)!))
        #expect(unknown.read(text: "03/04/2026") == .ambiguous("2026-03-04", "2026-04-03"))
        #expect(unknown.read(text: "05/05/2026") == .date(CalendarDate(year: 2026, month: 5, day: 5)!))
        let us = TabularDateReader(formats: [], slashOrder: .monthFirst)
        #expect(us.read(text: "03/04/2026") == .date(CalendarDate(year: 2026, month: 3, day: 4)!))
        #expect(us.read(text: "21/11/2026") == .impossible)
        #expect(unknown.read(text: "2026-02-30") == .impossible)
        #expect(unknown.read(text: "next Friday") == .malformed)
    }

    @Test func headerKeysIgnoreCaseSpaceAndPunctuation() {
        #expect(NameKey.of("Due date") == NameKey.of("due_date"))
        #expect(NameKey.of("DUE DATE") == NameKey.of("DueDate"))
        #expect(ColumnMapping.boardkit.attribute(forHeader: " Summary ") == .title)
        #expect(ColumnMapping.boardkit.attribute(forHeader: "field:title") == .field("title"))
        #expect(ColumnMapping.boardkit.attribute(forHeader: "Sprint") == .field("Sprint"))
    }

    /// Headers as people write them in their own language, and in code's spellings: each
    /// language's title, state, due, assignee and label columns (#19 item 6).
    @Test(arguments: [
        ("en, camelCase", ["storyName", "currentStatus", "dueDate", "assignedTo", "tags"]),
        ("en, snake_case", ["task_name", "status", "due_date", "owner", "labels"]),
        ("ko", ["제목", "상태", "마감일", "담당자", "라벨"]),
        ("pt", ["Título", "Situação", "Prazo", "Responsável", "Etiquetas"]),
        ("pt, no accents", ["titulo", "estado", "data de vencimento", "responsavel", "rotulos"]),
        ("es", ["Tarea", "Estado", "Fecha límite", "Asignado a", "Etiquetas"]),
        ("fr", ["Titre", "État", "Échéance", "Responsable", "Étiquettes"]),
        ("fr, no accents", ["TITRE", "ETAT", "DATE D'ECHEANCE", "ASSIGNE A", "LIBELLES"]),
        ("de", ["Aufgabe", "Status", "Fälligkeitsdatum", "Zuständig", "Schlagwörter"]),
        ("zh", ["任务名称", "当前状态", "截止日期", "负责人", "标签"]),
        ("ja", ["タスク名", "ステータス", "期限", "担当者", "タグ"]),
    ])
    func headersInPeoplesLanguages(language: String, headers: [String]) {
        let expected: [CardAttribute] = [.title, .state, .due, .assignees, .labels]
        let read = headers.map { ColumnMapping.boardkit.attribute(forHeader: $0) }
        // "currentStatus" has no alias of its own: it stays a field, which this checks too.
        if language == "en, camelCase" {
            #expect(read == [.title, .field("currentStatus"), .due, .assignees, .labels])
        } else {
            #expect(read == expected, "\(language): \(headers)")
        }
    }

    @Test func accentsAreIgnoredOnlyOnLatinLetters() {
        #expect(NameKey.of("Échéance") == "echeance")
        #expect(NameKey.of("Fälligkeit") == "falligkeit")
        #expect(NameKey.of("Straße") == "straße")
        // Kana keep their voicing marks: ガ is not カ.
        #expect(NameKey.of("ガ") != NameKey.of("カ"))
        #expect(NameKey.of("마감 일") == "마감일")
    }

    /// The builder works from typed workbook cells too (what XLSX hands it).
    @Test func typedCells() throws {
        let b = TabularBoardBuilder(options: ReaderOptions(timeZone: "Asia/Seoul"), file: "t.xlsx")
        #expect(b.header([.text("Title"), .text("Due"), .text("Position"), .text("Archived"), .text("Created")]) { _ in BoardModel.SourceLocation(file: "t.xlsx") })
        let day = CalendarDate(year: 2026, month: 11, day: 30)!
        b.row([.text("A"), .date(day), .number(3), .bool(true), .dateTime(LocalDateTime(date: day, hour: 9))]) { _ in BoardModel.SourceLocation(file: "t.xlsx") }
        let card = try #require(b.finish().board?.cards.first)
        #expect(card.due == .date(day) && card.position == 3 && card.archived)
        #expect(card.created?.description == "2026-11-30T09:00:00+09:00")
    }
}
