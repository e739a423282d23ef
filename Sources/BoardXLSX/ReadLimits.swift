/// How much one piece of a workbook may inflate to while it is read. A zip inflates about
/// 1,000 times, so without limits a workbook of a few hundred KB could hold one cell of
/// gigabytes and take the machine's memory. No spreadsheet comes near these: Excel holds
/// 32,767 characters a cell, and boardkit continues longer texts on the Overflow sheet.
enum ReadLimits {
    /// One worksheet row's XML (its cells' texts and markup).
    static let row = 32 << 20
    /// One shared string's XML (`<si>…</si>`).
    static let sharedString = 32 << 20
    /// A part read whole: the workbook, its relationships, the styles.
    static let wholePart = 64 << 20

}

/// A part of the package inflated past its limit (`ReadLimits`); what was read is dropped.
struct PartTooLarge: Error {
    /// The part (`xl/styles.xml`).
    var part: String
    /// The shared string in it that was too large (1-based), nil for the part as a whole.
    var sharedString: Int?
    var limit: Int
}
