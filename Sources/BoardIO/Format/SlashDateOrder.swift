/// How to read day/month/year dates written with slashes, where `03/04/2026` is April 3rd in
/// Europe and March 4th in the US.
public enum SlashDateOrder: String, Sendable, Equatable, CaseIterable {
    /// `MM/dd/yyyy` (US exports: Asana, GitHub, Todoist in English).
    case monthFirst = "month-first"
    /// `dd/MM/yyyy`.
    case dayFirst = "day-first"
    /// No rule: a date that reads only one way (`11/21/2026`, `21/11/2026`) is taken; one
    /// that reads both ways takes the order its column's other dates show, and is reported,
    /// never guessed, when they show none (or both).
    case unknown
}
