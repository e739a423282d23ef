import BoardModel

/// The one word list that decides a state's category from its name, for every format that
/// names states without saying what they mean (a CSV's Status column, a Trello list, a
/// Taskwarrior status, a workbook typed by hand): "In Progress", "Em andamento", "진행 중" →
/// doing; "Done", "Concluído", "完了" → done; "Not started", "No iniciado", "未开始" → todo.
///
/// Words are written as people type them and compared by `NameKey` (case, spaces,
/// punctuation and Latin accents ignored). A word must not stand in two categories, in any
/// language (StateCategoryWordsTests checks it).
public enum StateCategoryWords {
    /// One language's state words.
    public struct Language: Sendable {
        /// ISO 639-1 code: `en`, `ko`, `pt`…
        public let code: String
        public let todo: [String]
        public let doing: [String]
        public let done: [String]
        /// Words that turn a state word into work not begun: "Not started", "Não iniciado",
        /// "미완료", "未完成".
        public let negations: [String]
    }

    /// Every language covered, in the order README lists them.
    public static let languages: [Language] = [
        Language(code: "en",
                 todo: ["To Do", "Backlog", "Open", "New", "Selected for Development", "Ready", "Icebox",
                        "Planned", "Triage", "Reopened", "Pending", "Waiting", "Up Next", "Incomplete",
                        "Unfinished", "Undone", "Unstarted", "Unresolved", "Inactive"],
                 doing: ["Doing", "In Progress", "Progress", "Started", "Active", "Working", "WIP", "Review",
                         "In Review", "Code Review", "Peer Review", "Testing", "In Testing", "QA", "Verify",
                         "Verifying", "Validation", "Blocked", "On Hold", "Ongoing", "In Development",
                         "Development", "Implementing"],
                 done: ["Done", "Closed", "Resolved", "Complete", "Completed", "Finished", "Shipped", "Released",
                        "Merged", "Archived", "Cancelled", "Canceled", "Won't Fix", "Won't Do", "Deployed",
                        "Delivered", "Fixed", "Rejected", "Declined", "Abandoned", "Dropped"],
                 negations: ["not", "not yet"]),
        Language(code: "ko",
                 todo: ["할 일", "대기", "대기 중", "예정", "신규", "시작 전", "미착수", "백로그", "열림"],
                 doing: ["진행", "진행 중", "검토", "검토 중", "리뷰", "테스트", "작업 중", "보류", "처리 중"],
                 done: ["완료", "완료됨", "종료", "닫힘", "해결", "해결됨", "끝", "취소", "취소됨", "배포됨", "병합됨"],
                 negations: ["미"]),
        Language(code: "pt",
                 todo: ["A fazer", "Pendente", "Novo", "Aberto", "Não iniciado", "Planejado", "Em espera",
                        "Aguardando"],
                 doing: ["Em andamento", "Em progresso", "Fazendo", "Em revisão", "Revisão", "Em teste", "Testando",
                         "Bloqueado", "Iniciado", "Em execução", "Em desenvolvimento"],
                 done: ["Concluído", "Concluída", "Feito", "Finalizado", "Finalizada", "Fechado", "Resolvido",
                        "Cancelado", "Entregue"],
                 negations: ["não"]),
        Language(code: "es",
                 todo: ["Por hacer", "Pendiente", "Nuevo", "Abierto", "No iniciado", "Sin empezar", "Sin iniciar",
                        "Planificado", "En espera"],
                 doing: ["En progreso", "En curso", "Haciendo", "En revisión", "Revisión", "En pruebas",
                         "Bloqueado", "Iniciado", "En proceso", "En desarrollo"],
                 done: ["Completado", "Completada", "Hecho", "Terminado", "Terminada", "Finalizado", "Cerrado",
                        "Cerrada", "Resuelto", "Cancelado", "Cancelada", "Entregado"],
                 negations: ["no"]),
        Language(code: "fr",
                 todo: ["À faire", "Nouveau", "Ouvert", "En attente", "Non démarré", "Non commencé", "Planifié"],
                 doing: ["En cours", "En revue", "En révision", "En test", "Bloqué", "Démarré", "Commencé",
                         "En développement"],
                 done: ["Terminé", "Terminée", "Fait", "Fini", "Fermé", "Résolu", "Annulé", "Clos", "Livré",
                        "Achevé"],
                 negations: ["non", "pas"]),
        Language(code: "de",
                 todo: ["Zu erledigen", "Offen", "Neu", "Geplant", "Nicht begonnen", "Ausstehend", "Wartend"],
                 doing: ["In Bearbeitung", "In Arbeit", "In Prüfung", "Blockiert", "Begonnen", "Läuft",
                         "In Entwicklung", "Im Test"],
                 done: ["Erledigt", "Fertig", "Abgeschlossen", "Geschlossen", "Gelöst", "Storniert",
                        "Abgebrochen", "Verworfen"],
                 negations: ["nicht", "noch nicht"]),
        Language(code: "zh",
                 todo: ["待办", "待处理", "未开始", "新建", "打开", "待定", "计划中"],
                 doing: ["进行中", "处理中", "开发中", "测试中", "审核中", "评审中", "阻塞", "暂停"],
                 done: ["完成", "已完成", "关闭", "已关闭", "已解决", "取消", "已取消", "已上线", "已发布"],
                 negations: ["未"]),
        Language(code: "ja",
                 todo: ["未着手", "未対応", "新規", "予定", "バックログ", "オープン"],
                 doing: ["進行中", "対応中", "作業中", "処理中", "レビュー", "レビュー中", "テスト中", "着手", "着手中",
                         "確認中", "保留"],
                 done: ["完了", "済み", "完了済み", "対応済み", "解決済み", "終了", "クローズ", "中止", "キャンセル"],
                 negations: ["未"]),
    ]

    private struct Table {
        var exact: [String: StateCategory] = [:]
        var done: [String] = []
        var doing: [String] = []
        var todo: [String] = []
        var negations: [String] = []
    }

    private static let table: Table = {
        var t = Table()
        for language in languages {
            for (words, category) in [(language.todo, StateCategory.todo), (language.doing, .doing), (language.done, .done)] {
                for word in words {
                    let key = NameKey.of(word)
                    t.exact[key] = category
                    switch category {
                    case .todo: t.todo.append(key)
                    case .doing: t.doing.append(key)
                    case .done: t.done.append(key)
                    }
                }
            }
            t.negations += language.negations.map(NameKey.of)
        }
        // The longest negation first: "notyet" before "not".
        t.negations.sort { $0.count > $1.count }
        return t
    }()

    /// The category a name suggests, or nil when the name gives no hint.
    public static func hint(_ name: String) -> StateCategory? { hint(key: NameKey.of(name)) }

    /// The category for a state name (todo when nothing suggests otherwise).
    public static func guess(_ name: String) -> StateCategory { hint(name) ?? .todo }

    private static func hint(key: String) -> StateCategory? {
        if key.isEmpty { return nil }
        if let c = StateCategory(rawValue: key) ?? table.exact[key] { return c }
        // A state word negated ("Not started", "No iniciado", "미완료") is work not begun,
        // whatever the word alone would say. After a short negation ("no", "미") the rest
        // must be a word of the list: "Now doing" is not "no" + "w doing".
        for negation in table.negations where key.hasPrefix(negation) && key.count > negation.count {
            let rest = String(key.dropFirst(negation.count))
            let negated = negation.count <= 2 ? table.exact[rest] : hint(key: rest)
            if negated != nil { return .todo }
        }
        // Longer names: "Done (archived)", "Sprint 3 done", "Ready for review", "진행 중인 작업".
        if table.done.contains(where: { long($0, 4) && (key.hasPrefix($0) || key.hasSuffix($0)) }) { return .done }
        if table.doing.contains(where: { long($0, 2) && key.contains($0) }) { return .doing }
        if table.todo.contains(where: { long($0, 4) && key.hasPrefix($0) }) { return .todo }
        return nil
    }

    /// A word long enough to be looked for inside a longer name: ASCII words of at least
    /// `ascii` letters; two letters of Hangul, kana or Han say as much as four Latin ones.
    private static func long(_ word: String, _ ascii: Int) -> Bool {
        word.utf8.count == word.count ? word.count >= ascii : word.count >= 2
    }
}
