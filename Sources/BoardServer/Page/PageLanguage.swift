import BoardEditing
import BoardKit
import BoardLocale
import BoardModel

/// The page's words in English and Korean. The language comes from `?lang=`, then the
/// `boardkit-lang` cookie a switch sets, then the browser's Accept-Language.
enum PageLanguage: String, Sendable, CaseIterable {
    case en, ko

    /// The first of `en` and `ko` an Accept-Language header prefers (q-values honoured).
    static func preferred(by header: String?) -> PageLanguage? {
        guard let header else { return nil }
        var best: (PageLanguage, Double)?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            let tag = parts[0].trimmingSpaces.lowercased()
            let q = parts.dropFirst().compactMap { p -> Double? in
                let kv = p.trimmingSpaces
                return kv.hasPrefix("q=") ? Double(kv.dropFirst(2)) : nil
            }.first ?? 1
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = PageLanguage(rawValue: primary), q > 0 else { continue }
            if best == nil || q > best!.1 { best = (language, q) }
        }
        return best?.0
    }

    /// The history sentences' locale.
    var reportLocale: ReportLocale { self == .ko ? .ko : .en }

    var other: PageLanguage { self == .ko ? .en : .ko }

    var words: PageWords { self == .ko ? .korean : .english }
}

/// Every text the page shows, by what it is for.
struct PageWords: Sendable {
    var switchTo: String
    var history: String
    var undo: String
    var redo: String
    var showArchived: String
    var hideArchived: String
    var addCard: String
    var title: String
    var body: String
    var due: String
    /// The edit form's choice of a met due (`Card.dueComplete`), and its two answers.
    var dueComplete: String
    var no: String
    var yes: String
    var start: String
    var labels: String
    var assignees: String
    var link: String
    var state: String
    var save: String
    var move: String
    var position: String
    var archive: String
    var restore: String
    var delete: String
    var overLimit: String
    var archived: String
    var readOnly: String
    /// A viewer's link: the board is shown, not changed.
    var viewOnly: String
    var yourName: String
    var askName: String
    var signedIn: String
    var backToBoard: String
    var cardHistory: String
    var noHistory: String
    var dateHint: String
    var listHint: String
    /// The reminders field: its label and what it takes.
    var reminders: String
    var reminderHint: String
    var keyboardHint: String
    var changedMeanwhile: String
    var notSaved: String
    var calendar: String
    var report: String
    var overdue: @Sendable (Int) -> String
    var dueToday: String
    /// Beside a due marked met.
    var dueMet: String
    var dueIn: @Sendable (Int) -> String
    /// The script's toast when a move got no answer.
    var moveFailed: String
    /// The filter above the columns.
    var find: String
    var findHint: String
    var anyLabel: String
    var anyone: String
    var anyDue: String
    var anyState: String
    var dueWords: [CardFilter.Due: String]
    var filter: String
    var clearFilter: String
    /// "3 of 12 shown" in a column while a filter is on.
    var shownOf: @Sendable (Int, Int) -> String
    /// The keys `?` lists.
    var keys: String
    /// A form's field problem, after the field's name: in the reader's language where its
    /// reason is known, else the API's English message.
    var problem: @Sendable (FieldProblem.Reason) -> String?
    /// Why the filter in the address names no cards, said above the columns.
    var filterProblem: @Sendable (FilterProblem) -> String
    /// The conversation on a card's page.
    var comments: String
    var noComments: String
    var addComment: String
    var comment: String
    var someone: String
    var edited: String
    var checklists: String
    var checklist: String
    var item: String
    var addItem: String
    var tick: String
    var untick: String
    var done: String
    var notDone: String
    var attachments: String
    /// The attach form: the address, the name shown, its button; a remove button's label.
    var address: String
    var attachmentName: String
    var attach: String
    var remove: String
    var linkedCards: String
    /// The link form: the kind of link, the other card (and how to name it), its button.
    var linkKind: String
    var otherCard: String
    var otherCardHint: String
    var addLink: String
    var linkType: @Sendable (LinkType) -> String
    /// A card's counts said in words, for a screen reader (`3 comments, 2 of 5 items done`).
    var counted: @Sendable (ConversationTally) -> String

    static let english = PageWords(
        switchTo: "한국어", history: "History", undo: "Undo", redo: "Redo",
        showArchived: "Show archived", hideArchived: "Hide archived", addCard: "Add a card",
        title: "Title", body: "Notes", due: "Due", dueComplete: "Due met", no: "No", yes: "Yes", start: "Start", labels: "Labels",
        assignees: "Assignees", link: "Link", state: "State", save: "Save", move: "Move", position: "Place in the column (1 = top)",
        archive: "Archive", restore: "Restore", delete: "Delete", overLimit: "over the WIP limit",
        archived: "archived", readOnly: "Read-only: this board is a file, not a store; open a store to change it here.",
        viewOnly: "View only: your link lets you see this board; its editors change it.",
        yourName: "Your name", askName: "Tell the board who you are to change it (kept in this browser).",
        signedIn: "Changes are recorded as",
        backToBoard: "Back to the board", cardHistory: "History of this card", noHistory: "No changes yet.",
        dateHint: "2026-12-01, tomorrow, friday, +3d", listHint: "comma-separated",
        reminders: "Reminders", reminderHint: "-P1D, 2h, friday 9:00",
        keyboardHint: "Keyboard: focus a card, then Shift+←/→ moves it to another column, Shift+↑/↓ within its column.",
        changedMeanwhile: "Someone changed this card since you loaded it. Here it is now; your change was not saved.",
        notSaved: "Not saved", calendar: "Calendar feed", report: "Weekly report",
        overdue: { $0 > 0 ? "overdue \($0)d" : "overdue" }, dueToday: "today", dueMet: "met",
        dueIn: { "in \($0)d" },
        moveFailed: "The move did not reach the server (is it running, is the network up?); nothing changed.",
        find: "Find", findHint: "words in a title, notes or label", anyLabel: "Any label", anyone: "Anyone",
        anyDue: "Any due date", anyState: "Any state",
        dueWords: [.overdue: "Overdue", .today: "Due today", .week: "Due this week", .none: "No due date"],
        filter: "Filter", clearFilter: "Show all", shownOf: { "\($0) of \($1) shown" },
        keys: "Keys: n adds a card to the focused column; Shift+←/→ moves a card to another column, Shift+↑/↓ within it; ←/→/↑/↓ move the focus; Enter opens a card; ? shows this.",
        problem: { reason in
            switch reason {
            case .needed: "is needed"
            case .notADate(let text): "'\(text)' is not a date; write 2026-12-01, 2026-12-01T18:00, today, tomorrow, friday, +3d or +2w"
            case .text(let problem): problem.sentence
            case .noSuchCard(let reference): "names no card of this board ('\(reference)'); write #12, the card's id or its title"
            case .noSuchState(let reference, let known): "names no state of this board ('\(reference)'); its states are \(known.joined(separator: ", "))"
            case .sameCard: "must be another card than this one"
            case .notAWebAddress: "must start with http:// or https://"
            case .said: nil
            }
        },
        filterProblem: { $0.text },
        comments: "Comments", noComments: "No comments yet.", addComment: "Your comment", comment: "Comment",
        someone: "someone", edited: "(edited)", checklists: "Checklists", checklist: "Checklist", item: "Item",
        addItem: "Add the item", tick: "Tick", untick: "Untick", done: "done", notDone: "not done",
        attachments: "Attachments", address: "Address", attachmentName: "Name (optional)", attach: "Attach", remove: "Remove",
        linkedCards: "Linked cards", linkKind: "This card", otherCard: "Card", otherCardHint: "#12, its id or its title", addLink: "Link",
        linkType: { type in
            switch type {
            case .parent: "Part of"
            case .child: "Has part"
            case .blocks: "Blocks"
            case .blockedBy: "Blocked by"
            case .relates: "Relates to"
            case .duplicates: "Duplicates"
            }
        },
        counted: { c in
            var parts: [String] = []
            if c.comments > 0 { parts.append(c.comments == 1 ? "1 comment" : "\(c.comments) comments") }
            if c.items > 0 { parts.append("\(c.itemsDone) of \(c.items) items done") }
            if c.attachments > 0 { parts.append(c.attachments == 1 ? "1 attachment" : "\(c.attachments) attachments") }
            return parts.joined(separator: ", ")
        })

    static let korean = PageWords(
        switchTo: "English", history: "기록", undo: "실행 취소", redo: "다시 실행",
        showArchived: "보관된 카드 보기", hideArchived: "보관된 카드 숨기기", addCard: "카드 추가",
        title: "제목", body: "내용", due: "마감", dueComplete: "마감 지킴", no: "아니요", yes: "예", start: "시작", labels: "라벨",
        assignees: "담당자", link: "링크", state: "상태", save: "저장", move: "옮기기", position: "열 안의 순서 (1 = 맨 위)",
        archive: "보관", restore: "복원", delete: "삭제", overLimit: "WIP 한도 초과",
        archived: "보관됨", readOnly: "읽기 전용: 이 보드는 저장소가 아닌 파일입니다. 여기서 바꾸려면 저장소를 여세요.",
        viewOnly: "보기 전용: 이 링크로는 보드를 볼 수만 있습니다. 바꾸는 것은 편집자가 합니다.",
        yourName: "이름", askName: "보드를 바꾸려면 이름을 알려 주세요 (이 브라우저에 저장됩니다).",
        signedIn: "변경 기록 이름:",
        backToBoard: "보드로 돌아가기", cardHistory: "이 카드의 기록", noHistory: "아직 변경이 없습니다.",
        dateHint: "2026-12-01, 내일, 금요일, +3d", listHint: "쉼표로 구분",
        reminders: "알림", reminderHint: "-P1D, 2h, 금요일 9:00",
        keyboardHint: "키보드: 카드에 초점을 두고 Shift+←/→ 로 다른 열로, Shift+↑/↓ 로 열 안에서 옮깁니다.",
        changedMeanwhile: "불러온 뒤에 누군가 이 카드를 바꿨습니다. 지금의 카드입니다. 변경은 저장되지 않았습니다.",
        notSaved: "저장되지 않음", calendar: "캘린더 구독", report: "주간 보고서",
        overdue: { $0 > 0 ? "\($0)일 지남" : "기한 지남" }, dueToday: "오늘", dueMet: "완료",
        dueIn: { "\($0)일 남음" },
        moveFailed: "옮기기가 서버에 닿지 않았습니다 (서버나 네트워크를 확인하세요). 바뀐 것은 없습니다.",
        find: "찾기", findHint: "제목, 내용, 라벨의 단어", anyLabel: "모든 라벨", anyone: "모든 담당자",
        anyDue: "모든 마감", anyState: "모든 상태",
        dueWords: [.overdue: "기한 지남", .today: "오늘 마감", .week: "이번 주 마감", .none: "마감 없음"],
        filter: "거르기", clearFilter: "모두 보기", shownOf: { "\($1)개 중 \($0)개 표시" },
        keys: "키: n 초점이 있는 열에 카드 추가, Shift+←/→ 다른 열로 옮기기, Shift+↑/↓ 열 안에서 옮기기, ←/→/↑/↓ 초점 이동, Enter 카드 열기, ? 이 도움말.",
        problem: { reason in
            switch reason {
            case .needed: "꼭 필요합니다"
            case .notADate(let text): "'\(text)'은(는) 날짜가 아닙니다. \(DateInput.acceptedInKorean)"
            case .text(let problem): problem.koreanSentence
            case .noSuchCard(let reference): "이 보드에 없는 카드입니다('\(reference)'). #12, 카드 id 또는 제목을 쓰세요"
            case .noSuchState(let reference, let known): "이 보드에 없는 상태입니다('\(reference)'). 상태는 \(known.joined(separator: ", "))입니다"
            case .sameCard: "이 카드가 아닌 다른 카드여야 합니다"
            case .notAWebAddress: "http:// 또는 https://로 시작해야 합니다"
            case .said: nil
            }
        },
        filterProblem: { $0.koreanText },
        comments: "댓글", noComments: "아직 댓글이 없습니다.", addComment: "댓글 쓰기", comment: "댓글 달기",
        someone: "누군가", edited: "(수정됨)", checklists: "체크리스트", checklist: "체크리스트", item: "항목",
        addItem: "항목 추가", tick: "완료로 표시", untick: "완료 취소", done: "완료", notDone: "미완료",
        attachments: "첨부", address: "주소", attachmentName: "이름(선택)", attach: "첨부하기", remove: "빼기",
        linkedCards: "연결된 카드", linkKind: "이 카드와의 관계", otherCard: "카드", otherCardHint: "#12, 카드 id 또는 제목", addLink: "연결하기",
        linkType: { type in
            switch type {
            case .parent: "상위 카드"
            case .child: "하위 카드"
            case .blocks: "막고 있는 카드"
            case .blockedBy: "막힌 원인"
            case .relates: "관련 카드"
            case .duplicates: "중복 대상"
            }
        },
        counted: { c in
            var parts: [String] = []
            if c.comments > 0 { parts.append("댓글 \(c.comments)개") }
            if c.items > 0 { parts.append("항목 \(c.items)개 중 \(c.itemsDone)개 완료") }
            if c.attachments > 0 { parts.append("첨부 \(c.attachments)개") }
            return parts.joined(separator: ", ")
        })
}
