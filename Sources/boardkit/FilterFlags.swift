import ArgumentParser

/// `--where`: one filter for every command that reads a board (docs/filter.md).
struct FilterFlags: ParsableArguments {
    @Option(name: .customLong("where"), help: ArgumentHelp(
        "Only the cards this names, conditions joined by commas: 'assignee=mina,due=week', 'label=bug', 'state=doing', 'due<2026-12-01', 'text~login' (docs/filter.md).",
        valueName: "FILTER"))
    var filter: String?
}
