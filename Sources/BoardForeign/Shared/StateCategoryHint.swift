import BoardModel

/// Guesses what a foreign column name means for flow: "Done", "Complete", "완료" → done;
/// "Doing", "In progress", "Review", "진행" → doing; anything else → todo.
public enum StateCategoryHint {
    // Compared against the name lower-cased with everything but letters and digits removed.
    static let doneExact: Set<String> = ["done", "complete", "completed", "finished", "closed", "resolved",
                                         "shipped", "released", "merged", "완료", "완료됨", "끝", "종료"]
    static let doingExact: Set<String> = ["doing", "inprogress", "progress", "wip", "review", "inreview",
                                          "codereview", "testing", "qa", "started", "active", "ongoing",
                                          "진행", "진행중", "검토", "검토중", "작업중", "리뷰"]
    static let doneParts = ["done", "complete", "finished", "완료"]
    static let doingParts = ["doing", "progress", "review", "testing", "진행", "검토", "작업중"]

    /// The category a name suggests (todo when nothing does).
    public static func category(forName name: String) -> StateCategory {
        let key = String(name.lowercased().unicodeScalars.filter {
            $0.properties.isAlphabetic || $0.properties.numericType != nil
        }.map(Character.init))
        if doneExact.contains(key) { return .done }
        if doingExact.contains(key) { return .doing }
        if doneParts.contains(where: { key.contains($0) }) { return .done }
        if doingParts.contains(where: { key.contains($0) }) { return .doing }
        return .todo
    }

    /// `--state-map` applied to a name: the category it names, if the entry names one.
    /// Keys match case-insensitively.
    public static func mapped(_ name: String, in map: [String: String]) -> String? {
        if let v = map[name] { return v }
        let lower = name.lowercased()
        return map.first { $0.key.lowercased() == lower }?.value
    }
}
