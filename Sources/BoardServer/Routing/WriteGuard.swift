import Hummingbird

/// What every route that changes something asks of a request before its handler runs: that
/// it comes from the board's own page (same origin) and that its body is within the limit.
/// `BoardRoutes` applies it to the whole write group (every method but GET and HEAD), so a
/// new write route cannot go without either; the handler gets the body already read.
struct WriteGuard: Sendable {
    /// The host (and port) of the public URL the server runs behind, also taken as the
    /// page's own origin (`PageRequest.isSameOrigin`).
    let publicAuthority: String?

    /// The request's body, or why the request is refused.
    func admit(_ request: Request) async -> Result<[UInt8], RequestRefusal> {
        guard PageRequest.isSameOrigin(request, publicAuthority: publicAuthority) else { return .failure(.crossOrigin) }
        var request = request
        guard let buffer = try? await request.collectBody(upTo: PageLimits.bodyBytes) else { return .failure(.tooLarge) }
        return .success(Array(buffer.readableBytesView))
    }
}
