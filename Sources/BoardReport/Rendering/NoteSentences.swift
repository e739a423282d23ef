import BoardLocale
import BoardModel

/// What a report noticed (`ReportNote`), said in each language.
extension ReportLocale {
    /// The sentence a note stands for.
    public func sentence(_ note: ReportNote) -> String {
        switch (self, note) {
        case (.en, .noCards): return "The board has no cards at this moment: every count is zero."
        case (.ko, .noCards): return "이 시점에 보드에 카드가 없습니다. 모든 수치가 0입니다."
        case (.en, .noDueDates): return "No card has a due date: nothing can be overdue or due soon."
        case (.ko, .noDueDates): return "마감일이 있는 카드가 없어 기한 지남·곧 마감 목록이 비어 있습니다."
        case (.en, .noEvents): return "The board has no history: throughput, cumulative flow, created vs completed and lead time use each card's created and completed times; cycle time and aging cannot be computed."
        case (.ko, .noEvents): return "보드에 이력이 없습니다. 처리량, 누적 흐름, 생성 대비 완료, 리드 타임은 카드의 생성·완료 시각으로 계산했고, 사이클 타임과 경과 일수는 계산할 수 없습니다."
        case (.en, .cardsWithoutHistory(let n)): return "\(Counted(n, "card")) \(Counted.verb(n, "has", "have")) no history: their throughput, flow and lead time use their created and completed times; their cycle time and age are unknown."
        case (.ko, .cardsWithoutHistory(let n)): return "카드 \(n)개에 이력이 없습니다. 이 카드들의 처리량, 흐름, 리드 타임은 생성·완료 시각으로 계산했고, 사이클 타임과 경과 일수는 알 수 없습니다."
        case (.en, .cardsWithoutCreated(let n)): return "\(Counted(n, "card")) \(Counted.verb(n, "has", "have")) neither history nor a creation time: \(Counted.verb(n, "it is", "they are")) counted as always on the board."
        case (.ko, .cardsWithoutCreated(let n)): return "카드 \(n)개는 이력도 생성 시각도 없어 처음부터 보드에 있던 것으로 셌습니다."
        case (.en, .eventsOutOfOrder(let n)): return "\(Counted(n, "event")) \(Counted.verb(n, "was", "were")) out of time order in the file; the report sorted the history by time."
        case (.ko, .eventsOutOfOrder(let n)): return "이벤트 \(n)개가 시간 순서가 아니어서 시간순으로 정렬해 계산했습니다."
        case (.en, .eventsAfterAsOf(let n)): return "\(Counted(n, "event")) happened after the report's moment and \(Counted.verb(n, "was", "were")) left out."
        case (.ko, .eventsAfterAsOf(let n)): return "기준 시각 이후의 이벤트 \(n)개는 제외했습니다."
        case (.en, .eventsForUnknownCards(let n)): return "\(Counted(n, "event")) \(Counted.verb(n, "names a card", "name cards")) the board does not have and \(Counted.verb(n, "was", "were")) left out."
        case (.ko, .eventsForUnknownCards(let n)): return "보드에 없는 카드를 가리키는 이벤트 \(n)개는 제외했습니다."
        case (.en, .movesWithoutState(let n)): return "\(Counted(n, "move")) \(Counted.verb(n, "has", "have")) no target state and \(Counted.verb(n, "was", "were")) left out."
        case (.ko, .movesWithoutState(let n)): return "대상 상태가 없는 이동 \(n)건은 제외했습니다."
        case (.en, .unknownStates(let ids)): return "States the board does not define: \(ids.joined(separator: ", ")). Cards in them are counted as '\(label("unknown"))'."
        case (.ko, .unknownStates(let ids)): return "보드에 정의되지 않은 상태: \(ids.joined(separator: ", ")). 해당 카드는 '\(label("unknown"))'으로 셌습니다."
        case (.en, .finishedWithoutDoing(let n)): return "\(Counted(n, "finished card")) never entered an in-progress state: \(Counted.verb(n, "it has", "they have")) a lead time but no cycle time."
        case (.ko, .finishedWithoutDoing(let n)): return "완료된 카드 \(n)개는 진행 중 상태를 거치지 않아 리드 타임만 있고 사이클 타임은 없습니다."
        case (.en, .nothingFinished): return "No card was finished in these weeks: cycle time and lead time have no values."
        case (.ko, .nothingFinished): return "이 기간에 완료된 카드가 없어 사이클 타임과 리드 타임 값이 없습니다."
        case (.en, .unknownTimeZone(let z)): return "The board's time zone '\(z)' is not known; days and weeks are in UTC."
        case (.ko, .unknownTimeZone(let z)): return "보드의 시간대 '\(z)'를 알 수 없어 날짜와 주는 UTC 기준입니다."
        case (.en, .forecastNothingDone): return "No card was finished in the forecast's sample (the last \(Forecast.Question().historyWeeks) weeks): there is no forecast."
        case (.ko, .forecastNothingDone): return "예측 표본 기간(최근 \(Forecast.Question().historyWeeks)주)에 완료된 카드가 없어 예측할 수 없습니다."
        case (_, .forecastThinSample(let done, let days)): return forecastThin(done: done, days: days)
        case (_, .forecastHistoryEnds(let end, let days)): return forecastHistoryEnds(end, days: days)
        }
    }
}
