import BoardModel
import NIOCore
import Synchronization

/// One version of a board as served: the feed's bytes (plain and, once asked for, gzip),
/// their entity tags and the time the board file last changed.
public final class FeedSnapshot: Sendable {
    public let board: Board
    let plain: ByteBuffer
    public let etag: String
    /// IMF-fixdate of the board file's modification time.
    public let lastModified: String
    let modifiedEpochSeconds: Int64
    private let compressed = Mutex<(ByteBuffer, String)?>(nil)

    init(board: Board, ics: [UInt8], modifiedEpochSeconds: Int64) {
        self.board = board
        self.plain = ByteBuffer(bytes: ics)
        self.etag = EntityTag.of(ics, kind: "ics")
        self.modifiedEpochSeconds = modifiedEpochSeconds
        self.lastModified = HTTPDate.format(epochSeconds: modifiedEpochSeconds)
    }

    /// The gzip representation and its own tag, compressed on first use.
    var gzip: (ByteBuffer, String)? {
        if let done = compressed.withLock({ $0 }) { return done }
        guard let bytes = Gzip.compress(Array(plain.readableBytesView)) else { return nil }
        let made = (ByteBuffer(bytes: bytes), EntityTag.of(bytes, kind: "ics-gz"))
        compressed.withLock { $0 = made }
        return made
    }
}
