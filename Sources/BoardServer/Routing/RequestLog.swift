import Hummingbird
import Logging
import NIOCore

/// One log line per request: method, path with the secret token masked, status, bytes and
/// milliseconds. Errors (a 404 for an unknown path) are logged with their status too.
struct RequestLog<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, bytes: response.body.contentLength, since: start)
            return response
        } catch let error as HTTPResponseError {
            log(request, status: error.status.code, bytes: nil, since: start)
            throw error
        } catch {
            log(request, status: 500, bytes: nil, since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, bytes: Int?, since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start).components
        let micros = elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1000 / 10)
        let size = bytes.map(String.init) ?? "-"
        logger.info("\(request.method) \(Self.masked(request.uri.path)) \(status) \(size) \(micros / 1000).\(fraction.count == 1 ? "0" + fraction : fraction)ms")
    }

    /// `/9f86…/team.ics` → `/…/team.ics`: logs must not hand out subscriptions. The first
    /// segment is where a token stands, whatever the slashes before it (`//9f86…/team.ics`
    /// is routed like the canonical path) and whether anything follows it (`/9f86…`); any
    /// other segment that holds a token's 32 hex digits, percent-encoded or not, is masked
    /// too (`/boards/9f86…/team/` from a proxy keeping its prefix, `/./9f86…`, `/%2E/9f86…`).
    static func masked(_ path: String) -> String {
        let segments = path.split(separator: "/")
        guard !segments.isEmpty else { return path }
        let rest = segments.dropFirst().map { $0.removingPercentEncoding.map(holdsToken) ?? true ? "…" : String($0) }
        return (["/…"] + rest).joined(separator: "/")
    }

    /// Whether a run of 32 hex digits (a token's length) is in the text.
    static func holdsToken(_ text: String) -> Bool {
        var run = 0
        for c in text.utf8 {
            run = (c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 102) ? run + 1 : 0
            if run >= 32 { return true }
        }
        return false
    }
}
