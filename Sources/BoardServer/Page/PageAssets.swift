import Foundation

/// The page's stylesheet, script and icon, shipped with the binary as resources (no build step,
/// no CDN): read once at start, served with an ETag.
struct PageAssets: Sendable {
    enum File: String, Sendable, CaseIterable {
        case stylesheet = "board.css"
        case script = "board.js"
        case icon = "board.svg"

        var contentType: String {
            switch self {
            case .stylesheet: return "text/css; charset=utf-8"
            case .script: return "text/javascript; charset=utf-8"
            case .icon: return "image/svg+xml"
            }
        }
    }

    private let contents: [File: [UInt8]]
    private let tags: [File: String]

    /// Where the files are looked for.
    static var folder: String { Bundle.module.bundlePath + "/Assets" }

    /// Reads the files; nil when the resource bundle is missing one.
    static func load() -> PageAssets? {
        var contents: [File: [UInt8]] = [:]
        for file in File.allCases {
            let parts = file.rawValue.split(separator: ".")
            guard let url = Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1]),
                                              subdirectory: "Assets"),
                  let data = try? Data(contentsOf: url) else { return nil }
            contents[file] = Array(data)
        }
        return PageAssets(contents: contents)
    }

    private init(contents: [File: [UInt8]]) {
        self.contents = contents
        self.tags = contents.mapValues { EntityTag.of($0, kind: "asset") }
    }

    func bytes(_ file: File) -> [UInt8] { contents[file] ?? [] }
    func tag(_ file: File) -> String { tags[file] ?? "\"\"" }
}
