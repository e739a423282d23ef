import Foundation
import Hummingbird

/// Behind a proxy that keeps the public URL's path (`--public-url https://example.org/boards`
/// forwarding `/boards/TOKEN/team/` as it is), the server answers there as at `/TOKEN/team/`:
/// the prefix is taken off before the router looks the path up, so the printed URL works
/// whether the proxy strips it or not. (A router middleware runs after the lookup.)
struct PublicPathPrefix<Inner: HTTPResponder>: HTTPResponder {
    typealias Context = Inner.Context
    /// `/boards`: the public URL's path without its last slash; nil when it has none.
    let prefix: String?
    let inner: Inner

    init(publicURL: String?, inner: Inner) {
        let path = publicURL.flatMap { URLComponents(string: $0)?.path } ?? ""
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        prefix = trimmed.isEmpty ? nil : trimmed
        self.inner = inner
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let prefix, let path = request.head.path, path.hasPrefix(prefix + "/") else {
            return try await inner.respond(to: request, context: context)
        }
        var head = request.head
        head.path = String(path.dropFirst(prefix.count))
        return try await inner.respond(to: Request(head: head, body: request.body), context: context)
    }
}
