import Foundation
import BoardModel
import BoardIO

/// How one tool's tabular export maps onto cards, and how to write that tool's import layout.
/// Loaded from a JSON file (templates/mappings/<name>.json, or a user's own file in the same
/// format; docs/mappings.md describes it). Header matching ignores case, spaces and
/// punctuation (`NameKey.of`).
public struct ColumnMapping: Sendable {
    /// Preset name (`jira`), or the file's name for a user mapping.
    public var name: String
    /// One line: which export this reads and which importer the written file is for.
    public var summary: String
    /// Headers that identify this tool's export; a header row containing all of them selects
    /// the mapping when none is named.
    public var detect: [String]
    /// Reading: header aliases per attribute, by `NameKey.of`.
    public var aliases: [String: CardAttribute]
    /// The same headers as the mapping writes them, for messages (`Summary` for the title).
    public var headersOf: [CardAttribute: [String]] = [:]
    /// Also try boardkit's own aliases for headers this mapping does not name.
    public var genericFallback: Bool
    /// Date and time layouts the tool writes, tried after ISO 8601.
    public var dateFormats: [TabularDateFormat]
    /// How to read `03/04/2026`.
    public var slashDates: SlashDateOrder
    /// Date attributes (`due`, `start`) the tool keeps as calendar dates but exports with a
    /// time of midnight (Jira writes its date fields as `20/Nov/26 12:00 AM`): such a value
    /// is read as the date, so it stays all-day in every zone. Other times are read as usual.
    public var dateOnly: Set<CardAttribute> = []
    /// State names onto categories (`todo`/`doing`/`done`) or state ids, before guessing.
    public var stateMap: [String: String]
    /// The custom field whose values name a card in link columns (`parent`, `children`):
    /// Jira's `Parent id` and `Sub-tasks` name an `Issue id`, not the key. A link is written
    /// so too, by the other card's value of this field (its id when it has none).
    public var linkKey: String?
    /// Writing: the tool's import columns, in order. Empty: boardkit's canonical layout.
    public var writeColumns: [WriteColumn]
    /// Writing: also write every custom field as a column of its own (after `writeColumns`).
    public var writeFields: Bool
    /// Rows that are not all cards (Todoist's templates: `section` rows name the column of the
    /// tasks below them, `note` rows are comments on the task above).
    public var rowKinds: RowKinds?
    /// Writing: a section row before each state's cards (Todoist).
    public var writeSections: Bool = false
    /// Writing: times without an offset, as wall-clock times in the board's zone (importers
    /// that take no offsets, such as Jira's).
    public var writeLocalTimes: Bool

    /// Which column says what a row is, and what each value means.
    public struct RowKinds: Sendable, Equatable {
        /// The header of the kind column (`TYPE`).
        public var column: String
        /// Values for a card row (`task`); an empty value is a card too.
        public var cards: [String]
        /// Values for a row naming the state of the cards below it (`section`).
        public var states: [String]
        /// Values for a comment on the card above (`note`), kept in field `notesField`.
        public var notes: [String]
        public var notesField: String

        public init(column: String, cards: [String], states: [String], notes: [String], notesField: String) {
            self.column = column
            self.cards = cards
            self.states = states
            self.notes = notes
            self.notesField = notesField
        }
    }

    /// One written column.
    public struct WriteColumn: Sendable, Equatable {
        public var header: String
        public var attribute: CardAttribute
        /// Lists: one column per item, all under this header (Jira's `Labels`), instead of one
        /// joined cell.
        public var repeats: Bool
        /// Layout for a date-time (ISO 8601 when nil).
        public var dateTimeFormat: TabularDateFormat?
        /// Layout for a calendar date (ISO 8601 when nil).
        public var dateFormat: TabularDateFormat?
        /// A fixed value for every row (Jira's `Issue Type` = `Task`), when the attribute is `ignore`.
        public var constant: String?
        /// Comments or attachments as one JSON array in one cell (Plane's `Comments`, `Links`)
        /// instead of one per column.
        public var json = false

        public init(header: String, attribute: CardAttribute, repeats: Bool = false,
                    dateTimeFormat: TabularDateFormat? = nil, dateFormat: TabularDateFormat? = nil,
                    constant: String? = nil) {
            self.header = header
            self.attribute = attribute
            self.repeats = repeats
            self.dateTimeFormat = dateTimeFormat
            self.dateFormat = dateFormat
            self.constant = constant
        }
    }

    public init(name: String, summary: String = "", detect: [String] = [],
                aliases: [String: CardAttribute] = [:], genericFallback: Bool = true,
                dateFormats: [TabularDateFormat] = [], slashDates: SlashDateOrder = .unknown,
                stateMap: [String: String] = [:], writeColumns: [WriteColumn] = [],
                writeFields: Bool = true, writeLocalTimes: Bool = false) {
        self.name = name
        self.summary = summary
        self.detect = detect
        self.aliases = aliases
        self.genericFallback = genericFallback
        self.dateFormats = dateFormats
        self.slashDates = slashDates
        self.stateMap = stateMap
        self.writeColumns = writeColumns
        self.writeFields = writeFields
        self.writeLocalTimes = writeLocalTimes
    }

    /// Custom fields the tool keeps as lists, one item per column (Jira's `Sprint`): the write
    /// columns that repeat one. Read as a list even from one column (a sprint whose name has
    /// a comma stays one sprint), and written one column per item.
    public var listFields: Set<String> {
        Set(writeColumns.compactMap { c in
            if c.repeats, case .field(let name) = c.attribute { return name } else { return nil }
        })
    }

    /// What a header means under this mapping: a `field:NAME` header is that field; then this
    /// mapping's aliases; then boardkit's; anything else is a custom field named as the header.
    public func attribute(forHeader header: String) -> CardAttribute {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("field:"), trimmed.count > 6 {
            // The name as written after the prefix, its own spaces included (`field: pad `).
            return .field(String(header.drop { $0 == " " || $0 == "\t" }.dropFirst(6)))
        }
        let key = NameKey.of(trimmed)
        if let a = aliases[key] { return a }
        if genericFallback, let a = ColumnMapping.boardkitAliases[key] { return a }
        return .field(trimmed)
    }

    /// The attributes `dateOnly` may name: the card's two dates that can be a calendar date.
    public static let dateOnlyAttributes: Set<CardAttribute> = [.due, .start]

    /// boardkit's own header aliases (English and Korean), used by the generic mapping and as
    /// the fallback of presets.
    public static let boardkitAliases: [String: CardAttribute] = {
        // English and Korean first, then Portuguese, Spanish, French, German, Chinese and
        // Japanese as people write them in their own sheets. Keys ignore case, spaces,
        // punctuation and accents (`NameKey.of`), so `due_date`, `DueDate` and `Échéance`
        // need no entries of their own.
        let table: [(CardAttribute, [String])] = [
            (.id, ["id", "key", "card id", "task id", "issue key", "issue id", "identifier", "chave", "clave", "cle", "schlussel", "번호", "아이디",
                   "编号", "任务编号", "番号", "チケット番号"]),
            (.title, ["title", "summary", "name", "task", "task name", "card name", "content", "subject",
                      "story", "story name", "user story", "item", "item name", "issue",
                      "제목", "이름", "할 일", "작업", "업무",
                      "titulo", "tarefa", "tarefas", "resumo", "atividade", "nome", "nome da tarefa", "tarea", "nombre", "nombre de la tarea",
                      "titre", "tache", "nom", "nom de la tache", "intitule",
                      "titel", "aufgabe", "bezeichnung", "aufgabenname",
                      "标题", "任务", "任务名称", "名称", "事项",
                      "タイトル", "件名", "タスク", "タスク名", "項目"]),
            (.body, ["body", "description", "desc", "card description", "notes", "details", "내용", "설명", "비고",
                     "descricao", "notas", "observacoes", "descripcion", "notes", "remarques", "commentaire",
                     "beschreibung", "notizen", "details",
                     "描述", "说明", "备注", "详情", "説明", "詳細", "内容", "備考"]),
            (.state, ["state", "status", "list", "list name", "column", "stage", "상태", "단계", "진행 상태",
                      "estado", "situacao", "etat", "statut", "zustand", "bearbeitungsstatus",
                      "状态", "当前状态", "ステータス", "状態", "進捗"]),
            (.stateCategory, ["state category", "status category", "category"]),
            (.due, ["due", "due date", "due at", "deadline", "due on", "target date", "end", "end date", "finish",
                    "finish date", "마감", "마감일", "기한",
                    "prazo", "fim", "data fim", "data de vencimento", "vencimento", "data limite", "data de entrega",
                    "fecha limite", "fecha de vencimiento", "vencimiento", "plazo", "fecha de entrega",
                    "echeance", "date d'echeance", "date limite", "date butoir",
                    "fallig", "falligkeit", "falligkeitsdatum", "frist", "termin", "fallig am",
                    "截止日期", "截止时间", "到期日", "期限", "期日", "締め切り", "締切", "締切日"]),
            (.start, ["start", "start date", "starts", "start on", "시작일", "시작",
                      "inicio", "data de inicio", "fecha de inicio", "debut", "date de debut",
                      "beginn", "startdatum", "anfang", "开始日期", "开始时间", "開始日", "開始"]),
            (.created, ["created", "created at", "created date", "date created", "creation date", "생성일", "작성일",
                        "criado", "criado em", "data de criacao", "creado", "fecha de creacion", "cree le", "date de creation",
                        "erstellt", "erstellt am", "erstelldatum", "创建时间", "创建日期", "作成日", "作成日時"]),
            (.updated, ["updated", "updated at", "last modified", "modified", "last activity", "last activity date", "수정일",
                        "atualizado", "atualizado(a)", "atualizado em", "actualizado", "modifie le", "mis a jour", "geandert", "aktualisiert",
                        "更新时间", "更新日期", "更新日", "更新日時"]),
            (.completed, ["completed", "completed at", "completed date", "date completed", "resolved", "resolution date",
                          "done at", "closed at", "완료일", "resolvido", "concluido em", "data de conclusao", "completado",
                          "fecha de finalizacion", "termine le", "date de fin", "erledigt am", "abgeschlossen am",
                          "完成时间", "完成日期", "完了日", "完了日時"]),
            (.labels, ["labels", "label", "tags", "tag", "라벨", "태그", "etiquetas", "rotulos", "etiquettes",
                       "libelles", "schlagworter", "stichworter", "标签", "ラベル", "タグ"]),
            (.assignees, ["assignees", "assignee", "members", "assigned to", "owner", "owners", "responsible", "담당자",
                          "responsavel", "responsaveis", "atribuido a", "responsable", "asignado a", "assigne a",
                          "zustandig", "verantwortlich", "bearbeiter", "zugewiesen an",
                          "负责人", "经办人", "指派给", "担当者", "担当"]),
            (.reminders, ["reminders", "reminder", "알림", "lembretes", "recordatorios", "rappels", "erinnerungen", "提醒", "リマインダー"]),
            (.position, ["position", "order", "sort order", "순서", "ordem", "orden", "ordre", "reihenfolge", "顺序", "順序"]),
            (.dueComplete, ["duecomplete", "due complete", "due met", "마감 완료"]),
            (.archived, ["archived", "is archived", "보관", "arquivado", "archivado", "archive", "archiviert", "已归档", "アーカイブ"]),
            (.url, ["url", "link", "card url", "permalink", "web url", "enlace", "lien"]),
            (.link(.parent), ["parent", "parent id", "parent task", "parent issue", "parent item", "parent card", "상위 작업", "상위 항목",
                       "pai", "tarefa pai", "item pai", "padre", "tarea padre", "tache parente", "ubergeordnete aufgabe",
                       "父任务", "父项", "親タスク", "親課題",
                       "epic id", "epic link", "custom field (epic link)", "parent link", "custom field (parent link)"]),
            (.link(.blockedBy), ["blocked by", "blocked by (dependencies)", "depends on", "dependencies", "선행 작업", "bloqueado por",
                                    "inward issue link (blocks)"]),
            (.link(.blocks), ["blocking", "blocking (dependencies)", "blocks", "is blocking", "후행 작업", "bloqueando",
                                 "outward issue link (blocks)"]),
            (.link(.relates), ["relates", "relates to", "related", "related issues", "related tasks", "linked issues",
                               "outward issue link (relates)", "inward issue link (relates)", "관련 작업",
                               "itens associados", "itens relacionados", "elementos vinculados"]),
            (.link(.duplicates), ["duplicates", "duplicate of", "outward issue link (duplicate)", "중복 대상"]),
            (.link(.child), ["sub-tasks", "subtasks", "sub-issues", "child issues", "하위 작업", "subtarefas", "subtareas",
                         "sous-taches", "unteraufgaben", "子任务", "サブタスク"]),
        ]
        var out: [String: CardAttribute] = [:]
        for (attribute, names) in table {
            for n in names { out[NameKey.of(n)] = attribute }
        }
        return out
    }()

    /// boardkit's own layout: canonical columns when writing, every alias when reading.
    public static let boardkit = ColumnMapping(
        name: "boardkit", summary: "boardkit's own CSV: canonical columns, ISO 8601 dates",
        dateFormats: ["dd/MMM/yy h:mm a", "dd/MMM/yy"].compactMap(TabularDateFormat.init))
}
