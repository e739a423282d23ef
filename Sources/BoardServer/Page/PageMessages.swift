import BoardStore
import HTTPTypes

/// What the page says when a change was refused, needs confirming, or could only be partly
/// made, in the reader's language: built from the typed failure (`ActionFailure`,
/// `StoreError`), never from the API's English message, which is only the fallback for a
/// refusal the page has no words of its own for.
struct PageMessages {
    let language: PageLanguage

    private var ko: Bool { language == .ko }

    /// The heading of a refusal's page: what the page is ("Not saved" only where something
    /// was not saved).
    func heading(_ refusal: RequestRefusal) -> String {
        if refusal.confirm != nil { return ko ? "가져오기를 취소할까요?" : "Undo the import?" }
        if refusal.field == "actor" { return ko ? "이름이 필요합니다" : "A name is needed" }
        guard case .store(let error)? = refusal.failure else {
            return refusal.status == .notFound ? noSuchPage : language.words.notSaved
        }
        switch error {
        case .nothingToUndo, .nothingOfTheirs(_, true), .undoConflict(_, _, _, true): return ko ? "실행 취소하지 못함" : "Not undone"
        case .nothingToRedo, .nothingOfTheirs(_, false), .undoConflict(_, _, _, false): return ko ? "다시 실행하지 못함" : "Not redone"
        case .refused(.unknownCard): return noSuchPage
        default: return language.words.notSaved
        }
    }

    private var noSuchPage: String { ko ? "그런 카드가 없습니다" : "No such card" }

    /// The refusal in a sentence: the page's own words where it has them, else the field and
    /// the API's message.
    func sentence(_ refusal: RequestRefusal) -> String {
        if refusal.field == "actor" {
            return ko ? "변경 기록에 쓸 이름을 알려 주세요 (100자 이내, 줄바꿈이나 제어 문자 없이)."
                      : "Say who you are to change the board: a name of up to 100 characters, on one line."
        }
        if case .store(let error)? = refusal.failure, let said = sentence(error) { return said }
        if refusal.server == .starting {
            return ko ? "서버가 시작하는 중이라 이 보드를 아직 읽지 못했습니다. 잠시 뒤에 다시 해 보세요."
                      : "The server is starting and has not read this board yet. Try again in a moment."
        }
        if refusal.status == .tooManyRequests, let wait = refusal.retryAfter {
            return ko ? "이 주소에서 열리지 않는 링크로 너무 많이 요청했습니다. \(wait)초 뒤에 다시 해 보세요."
                      : "Too many requests from this address came with a link that opens nothing. Try again in \(wait) seconds."
        }
        switch refusal.read {
        case .filter(let problem)?: return language.words.filterProblem(problem)
        case .feedNotWritten?: return ko ? "캘린더 피드를 만들지 못했습니다." : "The calendar feed could not be written."
        case .reportNotRendered?: return ko ? "보고서를 만들지 못했습니다." : "The report could not be made."
        case nil: break
        }
        if refusal.failure == nil, refusal.status == .notFound { return ko ? "이 보드에 그런 카드가 없습니다." : "This board has no such card." }
        // A field of a form with no field to show it beside (a comment, an attachment, a link).
        let said = refusal.form.flatMap { language.words.problem($0.problem.reason) } ?? refusal.message
        return (refusal.field.map { $0 + ": " } ?? "") + said
    }

    private func sentence(_ error: StoreError) -> String? {
        switch error {
        case .nothingToUndo, .nothingOfTheirs(_, true): return ko ? "실행 취소할 내 단계가 없습니다." : "There is nothing of yours to undo."
        case .nothingToRedo, .nothingOfTheirs(_, false): return ko ? "다시 실행할 내 단계가 없습니다." : "There is nothing of yours to redo."
        case .undoConflict(let card, let by, let command, let undoing): return conflict(card: card, by: by, command: command, undoing: undoing)
        case .refused(.unknownCard(let id, _)): return ko ? "이 보드에 '\(id)' 카드가 없습니다." : "This board has no card '\(id)'."
        case .busy: return ko ? "다른 변경이 보드를 쓰는 중이라 저장하지 못했습니다. 잠시 뒤에 다시 해 보세요."
                              : "Another change was being written to the board, so yours was not saved. Try again in a moment."
        default: return nil
        }
    }

    /// Which step is in the way of an undo or redo, whose it is, and what the reader can do.
    private func conflict(card: Int64, by: String?, command: String, undoing: Bool) -> String {
        let who = by ?? (ko ? "누군가" : "someone")
        if ko {
            let verb = undoing ? "실행 취소하면" : "다시 실행하면"
            return "지금 \(verb) #\(card)에 그 뒤에 한 \(who)의 '\(command)' 단계가 사라집니다. 그 단계는 \(who)만 취소할 수 있습니다: \(who)에게 부탁하거나, #\(card)을(를) 직접 고치세요."
        }
        let verb = undoing ? "Undoing" : "Redoing"
        return "\(verb) your step now would throw away \(who)'s later '\(command)' of #\(card). That step is \(who)'s to undo: ask \(who), or change #\(card) by hand."
    }

    /// Asked before an undo that removes many cards at once: how many, whose import, when.
    func importUndo(cards: Int, actor: String?, at: String?) -> String {
        let when = at.map { " (\($0))" } ?? ""
        if ko {
            let whose = actor.map { "\($0)님이 한 가져오기" } ?? "가져오기"
            return "실행 취소하면 \(whose)\(when)로 보드에 들어온 카드 \(cards)개가 사라집니다. 지울까요, 그대로 둘까요?"
        }
        let whose = actor.map { "\($0)'s import" } ?? "the import"
        return "Undo takes back \(whose)\(when): the \(cards) cards it brought in are removed from the board. Remove them, or keep them?"
    }

    func keepCards(_ cards: Int) -> String { ko ? "카드 \(cards)개 그대로 두기" : "Keep the \(cards) cards" }
    func removeCards(_ cards: Int) -> String { ko ? "카드 \(cards)개 지우기" : "Remove the \(cards) cards" }

    /// A card's page for a card that is not on the board (deleted, or never there).
    func deletedHeading(number: Int64?, title: String?) -> String {
        let card = [number.map { "#\($0)" }, title.map { "'\($0)'" }].compactMap { $0 }.joined(separator: " ")
        return ko ? "\(card) 카드는 삭제되었습니다" : "\(card) was deleted"
    }

    func deletedBy(_ actor: String?, at: String) -> String {
        if ko { return "\(actor ?? "누군가")님이 \(at)에 삭제했습니다." }
        return "Deleted by \(actor ?? "someone"), \(at)."
    }

    func unknownCard(_ id: String) -> String { ko ? "이 보드에 '\(id)' 카드가 없습니다." : "This board has no card '\(id)'." }

    var undoDelete: String { ko ? "삭제 실행 취소" : "Undo the delete" }

    /// An edit posted to a card deleted meanwhile: what was typed is kept.
    var editKept: String {
        ko ? "저장하기 전에 카드가 삭제되어 변경은 저장되지 않았습니다. 입력한 내용은 아래에 그대로 있습니다: 새 카드로 추가하거나 복사하세요."
           : "The card was deleted before your edit was saved, so it was not saved. What you typed is below: add it as a new card, or copy it."
    }

    var addAsNew: String { ko ? "새 카드로 추가" : "Add as a new card" }

    /// A save refused for a card changed meanwhile, merged: what was saved, and what clashed.
    var mergedNotice: String {
        ko ? "불러온 뒤에 누군가 이 카드를 바꿨습니다. 그 사람이 바꾸지 않은 칸의 변경은 저장했습니다. 둘 다 바꾼 칸은 그 사람의 값이 칸에 있고, 내 값은 옆에 있습니다: '내 값 저장'으로 다시 보낼 수 있습니다."
           : "Someone changed this card since you loaded it. Your changes to the fields they did not touch are saved. Where you both changed a field, theirs is in the field and yours beside it, ready to save."
    }

    var yours: String { ko ? "내 값:" : "Yours:" }
    var saveYours: String { ko ? "내 값 저장" : "Save yours" }
    var emptyValue: String { ko ? "(비어 있음)" : "(empty)" }

    /// The script's toast when a move is refused for a card changed meanwhile; `{number}` is
    /// the card's (`#12`).
    var moveConflict: String {
        ko ? "{number} 카드가 그사이 바뀌어 옮기지 않았습니다. 지금의 보드를 보여 드립니다."
           : "{number} changed since the page showed it, so it was not moved; here is the board as it is now."
    }
}

extension PageLanguage {
    var messages: PageMessages { PageMessages(language: self) }
}
