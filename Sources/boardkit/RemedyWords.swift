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
        case .giveCollectionPassword: "give --password-file FILE or set BOARDKIT_CALDAV_PASSWORD (never on the command line)"
        case .giveCredentialsApart: "give the URL without them, the user with --user and the password with --password-file or BOARDKIT_CALDAV_PASSWORD"
        case .giveCollectionUser: "add --user NAME (the password from --password-file or BOARDKIT_CALDAV_PASSWORD)"
        case .skipCertificateCheck: "--insecure skips the check"
        case .confirmEmptiedCollection: "if they were deleted there on purpose, sync with --force-delete; to put every card there again "
            + "(a new or re-created collection), sync with --new-remote"
        case .switchCollection: "to switch, give --new-remote (the store forgets the old one; nothing is deleted on either side)"
        case .giveDatabasePassword: "give it in PGPASSWORD, a password file (--password-file) or ~/.pgpass"
        case .lookOnly: "commands that only look (show, history, convert, report, serve) read it as it is"
        }
    }
}
