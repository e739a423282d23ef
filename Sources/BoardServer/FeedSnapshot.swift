import NIOCore
import Synchronization

/// One version of a board's calendar feed: its bytes (plain and, once asked for, gzip),
/// their entity tags and the time the board last changed.
final class FeedSnapshot: Sendable {
    let plain: ByteBuffer
    let etag: String
    /// IMF-fixdate of the board's modification time.
    let lastModified: String
    let modifiedEpochSeconds: Int64
    private let compressed = Mutex<(ByteBuffer, String)?>(nil)

    init(ics: [UInt8], modifiedEpochSeconds: Int64) {
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
