import Testing
import BoardModel
import BoardServer

/// The one place `serve`'s configuration wording is pinned.
@Suite("ServeMessage")
struct ServeMessageTests {
    @Test("every case's wording")
    func wording() {
        let cases: [(ServeMessage, String)] = [
            (.noSuchBoardFile, "no such file"),
            (.boardNameTwice("team"), "board name 'team' is given twice"),
            (.tokenFile(saving: true, reason: "Permission denied"), "cannot save the file of the boards' secret links: Permission denied"),
            (.tokenFile(saving: false, reason: "not JSON"), "cannot read the file of the boards' secret links: not JSON"),
            (.assetsMissing, "the board page's board.css and board.js were not found beside the program (reinstall it)"),
            (.badUserHeader("X Bad"), "user-header 'X Bad' is not a header name"),
            (.configUnreadable, "the configuration file cannot be read"),
            (.configEmpty, "the configuration file is empty; it needs at least 'boards:'"),
            (.notYAML(problem: "did not find expected key"), "not YAML: did not find expected key"),
            (.yamlFailed("something"), "something"),
            (.notAMapping, "the file must be a mapping of settings (host:, port:, boards:…)"),
            (.badPort, "port must be a number from 0 to 65535"),
            (.badPublicURL, "public-url must be an http or https URL"),
            (.badComponent, "component must be event, todo or both"),
            (.alarmsNotAList, "alarms must be a list, such as [-P1D]"),
            (.unknownSetting("colour", known: ["boards", "host"]), "unknown setting 'colour'; the settings are boards, host"),
            (.noBoards, "no 'boards:' (NAME: PATH lines of the boards to serve)"),
            (.boardsNotLines, "boards must be NAME: PATH lines, such as 'team: /var/lib/boardkit/team.db'"),
            (.badBoardName("a b"), "board name 'a b' must be letters, digits, '.', '_' or '-' (it is part of the URL)"),
            (.emptyValue(setting: "host"), "host must be an address"),
            (.emptyValue(setting: "alarms"), "alarms must be a list of durations such as -P1D"),
            (.emptyValue(setting: "other"), "other must be a text"),
            (.emptyBoardPath(board: "team"), "the board 'team' must be a text"),
            (.notAFlag(setting: "gzip"), "gzip must be true or false"),
            (.tooFewOpenFiles(needed: 300, limit: 256),
             "serving a board needs about 300 open files with room for connections (5 while a SQLite board's store is open, 2 for a PostgreSQL one, 256 kept free for connections), and this process may open 256: raise its limit (ulimit -n before serve, LimitNOFILE= in its systemd unit)"),
        ]
        #expect(ServeMessage.tooFewOpenFiles(needed: 1, limit: 1).code == .serveOpenFiles)
        for (message, text) in cases { #expect(message.text == text) }
    }
}
