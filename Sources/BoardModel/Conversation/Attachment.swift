import Foundation

/// A file or page attached to a card. boardkit moves the reference, never the file.
public struct Attachment: Sendable, Equatable, Hashable {
    public var name: String
    public var url: String
    /// The media type (`image/png`), where the source says.
    public var type: String?
    /// Size in bytes, where the source says.
    public var size: Int?
    /// When it was attached.
    public var at: Instant?
    /// Who attached it.
    public var by: String?
    /// True for a file uploaded to the source tool, false for a link to elsewhere; nil
    /// when the source does not say.
    public var upload: Bool?

    public init(name: String, url: String, type: String? = nil, size: Int? = nil, at: Instant? = nil,
                by: String? = nil, upload: Bool? = nil) {
        self.name = name
        self.url = url
        self.type = type
        self.size = size
        self.at = at
        self.by = by
        self.upload = upload
    }

    /// The name an attachment gets when none is given: `spec v2.pdf` of
    /// `https://example.org/files/spec%20v2.pdf?dl=1` (decoded as people read it), the host
    /// when the path is empty.
    public static func defaultName(for url: String) -> String {
        let path = url.split(separator: "?", maxSplits: 1).first ?? Substring(url)
        guard let last = path.split(separator: "/").last.map(String.init) else { return url }
        return last.removingPercentEncoding ?? last
    }
}
