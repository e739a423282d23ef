import BoardModel

/// What a diagnostic's remedy is in boardkit's own commands: the libraries name the step
/// (`Remedy`), this command names the command that takes it.
enum RemedyWords {
    static func text(_ remedy: Remedy) -> String {
        switch remedy {
        case .createStore: "create one with 'boardkit init'"
        case .listCards: "'boardkit show' prints them"
        case .checkRecovered(let path): "then check it with 'boardkit validate \(path)' (docs/store.md)"
        case .changeAccess: "'boardkit access role' changes their role, 'boardkit access relink' gives them new links"
        case .nameCollection: "give its URL once (boardkit sync URL --user NAME) and the store remembers it"
        case .readHistory: "boardkit history shows the server's"
        }
    }
}
