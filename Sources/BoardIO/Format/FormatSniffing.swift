/// A reader that can recognise its format from the first bytes of a file, so that
/// `boardkit convert trello.json board.csv` needs no `--from`.
public protocol SniffingReader: BoardReader {
    /// True when `head` (up to the first 64 KiB of the file) looks like this format.
    func recognizes(head: [UInt8]) -> Bool
}
