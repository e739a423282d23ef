import BoardLocale
import BoardModel

/// The forecast's sentences in each language (its single words are in `ReportLocale.labels`).
extension ReportLocale {
    /// `50%`.
    public func percent(_ level: Int) -> String { "\(level)%" }

    /// The heading over the dates: "When the 14 remaining cards are likely done".
    public func forecastWhen(remaining n: Int) -> String {
        switch self {
        case .en: "When the \(Counted(n, "remaining card")) \(Counted.verb(n, "is", "are")) likely done"
        case .ko: "남은 카드 \(n)개의 완료 예상일"
        }
    }

    /// The heading over the counts: "Cards likely done by 2026-12-19 (Sat)".
    public func forecastHowMany(by d: CalendarDate) -> String {
        switch self {
        case .en: "Cards likely done by \(date(d))"
        case .ko: "\(date(d))까지 완료될 카드 수"
        }
    }

    /// What the sample holds and whose cards: "57 cards finished in 84 days, 2026-08-29 to
    /// 2026-11-20, of the cards label=bug names" (or "of every card", or "of the whole board;
    /// the remaining cards: label=bug" with `--pace board`).
    public func forecastSample(_ f: Forecast) -> String {
        let s = f.sample
        switch self {
        case .en:
            let whose = switch (f.described, f.pace) {
            case (nil, _): "of every card"
            case (let filter?, .filter): "of the cards \(filter) names"
            case (let filter?, .board): "of the whole board; the remaining cards: \(filter)"
            }
            return "\(Counted(s.done, "card")) finished in \(Counted(s.days, "day")), \(s.from) to \(s.to), \(whose)"
        case .ko:
            let whose = switch (f.described, f.pace) {
            case (nil, _): "모든 카드"
            case (let filter?, .filter): "\(filter) 카드"
            case (let filter?, .board): "보드 전체, 남은 카드는 \(filter)"
            }
            return "\(s.from) ~ \(s.to)의 \(s.days)일 동안 완료 \(s.done)개 (\(whose))"
        }
    }

    /// What a forecast of no remaining card says instead of dates: "No open card: nothing to
    /// forecast.", naming the filter when there is one.
    public func forecastNothingLeft(_ f: Forecast) -> String {
        switch (self, f.described) {
        case (.en, nil): "No open card: nothing to forecast."
        case (.en, let filter?): "No open card among those \(filter) names: nothing to forecast."
        case (.ko, nil): "남은 카드가 없어 예측할 것이 없습니다."
        case (.ko, let filter?): "\(filter) 카드 중 남은 카드가 없어 예측할 것이 없습니다."
        }
    }

    /// A date, or "later than …" past the horizon.
    public func forecastDate(_ d: CalendarDate?, horizon: CalendarDate) -> String {
        if let d { return date(d) }
        switch self {
        case .en: return "later than \(date(horizon))"
        case .ko: return "\(date(horizon)) 이후"
        }
    }

    /// "22 or more".
    public func atLeast(_ n: Int) -> String {
        switch self {
        case .en: "\(n) or more"
        case .ko: "\(n)개 이상"
        }
    }

    /// How the odds were made and what they assume.
    public func forecastMethod(_ t: ThroughputForecast.Trials) -> String {
        let (trials, seed) = (t.count, t.seed)
        return switch self {
        case .en: "From \(Counted(trials, "trial")) (seed \(seed)), each drawing days from the sample at random until the cards are done. The odds assume the days ahead resemble the sample."
        case .ko: "표본의 날을 무작위로 뽑아 카드를 다 끝낼 때까지 진행하는 시행 \(trials)회(시드 \(seed))의 결과입니다. 앞으로의 날들이 표본과 비슷하다고 가정한 확률입니다."
        }
    }

    /// Why the sample ends before as-of: "The board records nothing after 2026-10-31, 20 days
    /// before as-of: the sample ends there, rather than count those days as finishing nothing."
    public func forecastHistoryEnds(_ end: CalendarDate, days: Int) -> String {
        switch self {
        case .en: "The board records nothing after \(date(end)), \(Counted(days, "day")) before as-of: the sample ends there, rather than count those days as finishing nothing."
        case .ko: "보드의 기록이 \(date(end))(기준일 \(days)일 전)에서 끝나 표본도 그날까지입니다. 그 뒤의 날을 완료 0개로 세지 않았습니다."
        }
    }

    /// Why the forecast should be read as rough.
    public func forecastThin(done: Int, days: Int) -> String {
        switch self {
        case .en: "The forecast draws from only \(Counted(done, "finished card")) in \(Counted(days, "day")) of history: read its dates as rough."
        case .ko: "예측 표본이 \(days)일, 완료 카드 \(done)개뿐이라 예측 날짜는 대략적입니다."
        }
    }

    /// The board page's line above the columns: when the open cards (those the page's filter
    /// shows, when `filtered`) are likely done, at 50 % and 85 %, and what the odds come from.
    public func forecastLine(_ f: Forecast, filtered: Bool) -> String {
        let n = f.when.remaining
        if n == 0 {
            switch self {
            case .en: return filtered ? "No open card among those shown: nothing to forecast." : "No open card: nothing to forecast."
            case .ko: return filtered ? "표시된 카드 중 남은 카드가 없어 예측할 것이 없습니다." : "남은 카드가 없어 예측할 것이 없습니다."
            }
        }
        let dates = f.dates
        let at50 = forecastDate(dates[0], horizon: f.horizon), at85 = forecastDate(dates[1], horizon: f.horizon)
        switch self {
        case .en:
            return "Likely done: 50% by \(at50), 85% by \(at85), for the \(Counted(n, "open card"))\(filtered ? " shown" : ""), from \(Counted(f.sample.done, "card")) finished in the last \(Counted(f.sample.days, "day"))."
        case .ko:
            return "완료 예상: 50% \(at50), 85% \(at85) — \(filtered ? "표시된 " : "")남은 카드 \(n)개, 최근 \(f.sample.days)일 동안 완료된 \(f.sample.done)개 기준."
        }
    }
}
