import Testing
import BoardModel
import BoardIO

/// The one word list every format guesses a state's category with (#19 item 2).
@Suite struct StateCategoryWordsTests {
    /// Every word of every language gives its own category, alone and as people vary it
    /// (upper case, no spaces).
    @Test(arguments: StateCategoryWords.languages.map(\.code))
    func everyWordGivesItsCategory(code: String) throws {
        let language = try #require(StateCategoryWords.languages.first { $0.code == code })
        for (words, category) in [(language.todo, StateCategory.todo), (language.doing, .doing), (language.done, .done)] {
            #expect(!words.isEmpty)
            for word in words {
                #expect(StateCategoryWords.guess(word) == category, "\(code): \(word)")
                #expect(StateCategoryWords.guess(word.uppercased()) == category, "\(code): \(word.uppercased())")
                #expect(StateCategoryWords.guess(word.replacingOccurrences(of: " ", with: "")) == category, "\(code): \(word)")
            }
        }
    }

    /// No word stands in two categories, in one language or across them: one list, one answer.
    @Test func noWordHasTwoCategories() {
        var seen: [String: (StateCategory, String)] = [:]
        for language in StateCategoryWords.languages {
            for (words, category) in [(language.todo, StateCategory.todo), (language.doing, .doing), (language.done, .done)] {
                for word in words {
                    let key = NameKey.of(word)
                    if let (other, where_) = seen[key] {
                        #expect(other == category, "'\(word)' (\(language.code)) is \(category), but \(other) in \(where_)")
                    }
                    seen[key] = (category, language.code)
                }
            }
        }
    }

    /// A negated word is work not begun, in each language that negates so.
    @Test(arguments: [
        ("Not Started", StateCategory.todo), ("Not Yet Started", .todo), ("not-started", .todo), ("Not done", .todo),
        ("Não concluído", .todo), ("No completado", .todo), ("Non terminé", .todo), ("Nicht erledigt", .todo),
        ("미완료", .todo), ("未完成", .todo), ("未完了", .todo),
    ])
    func negationsAreNotBegun(name: String, category: StateCategory) {
        #expect(StateCategoryWords.guess(name) == category, "\(name)")
    }

    /// Names longer than one word: a done word at either end, a doing word anywhere, a todo
    /// word at the start; and names that only look like one.
    @Test(arguments: [
        ("Done (archived)", StateCategory.done), ("Sprint 3 - Done", .done), ("✅ Completed", .done),
        ("Ready for review", .doing), ("Ready for QA", .doing), ("진행 중인 작업", .doing), ("Waiting for Review", .doing),
        ("Backlog (Q3)", .todo), ("Open issues", .todo), ("확인 완료", .done), ("テスト完了", .done),
        ("Now doing", .doing), ("Notes", .todo), ("Nota", .todo), ("Novo", .todo), ("Incomplete", .todo),
        ("Inactive", .todo), ("Unresolved", .todo), ("Anything", .todo), ("TODO", .todo), ("DOING", .doing),
    ])
    func longerNames(name: String, category: StateCategory) {
        #expect(StateCategoryWords.guess(name) == category, "\(name)")
    }

    /// A name with no hint says so (the CSV reader then leaves a Status Category cell unread).
    @Test func noHint() {
        #expect(StateCategoryWords.hint("Anything") == nil)
        #expect(StateCategoryWords.hint("") == nil)
        #expect(StateCategoryWords.hint("Completada") == .done)
        #expect(StateCategoryWords.hint("Concluído") == .done)
    }
}
