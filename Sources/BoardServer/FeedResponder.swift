import BoardModel
import BoardEditing
import BoardReport
import Foundation
import Hummingbird
import NIOCore

/// Builds the responses: the feed with its validators (ETag, Last-Modified), 304 when the
/// client's copy is current, gzip only when asked for and allowed, and the live report page.
struct FeedResponder: Sendable {
    let gzip: Bool

    /// `GET|HEAD /<token>/<name>.ics`, the whole board's; with a filter in the query
    /// (`?assignee=mina&due=week`, `FilterExpression.query`), the cards it names, with a tag of
    /// their own. A filter naming what the board does not have is a 400 saying what it has.
    func calendar(_ request: Request, _ version: BoardSnapshot) -> Result<Response, RequestRefusal> {
        guard case .success(let snapshot) = version.calendar(), case .success(let whole) = version.board() else {
            return .failure(.feedNotWritten)
        }
        var body = snapshot.plain
        var tag = snapshot.etag
        var headers: HTTPFields = [
            .contentType: "text/calendar; charset=utf-8",
            .cacheControl: "private, max-age=300",
            .lastModified: snapshot.lastModified,
        ]
        switch Self.filtered(whole, request, now: .now()) {
        case .failure(let problem):
            return .failure(.filter(problem))
        case .success(let (view, said?)):
            // Named for what it holds, so a calendar app lists "Team (assignee=mina)".
            var view = view
            view.name += " (\(said))"
            guard let filtered = version.calendar(of: view) else { return .failure(.feedNotWritten) }
            body = ByteBuffer(bytes: filtered)
            tag = EntityTag.of(filtered, kind: "ics-f")
        case .success:
            if gzip {
                headers[.vary] = "Accept-Encoding"
                if Self.acceptsGzip(request.headers[.acceptEncoding]), let (zipped, zippedTag) = snapshot.gzip {
                    body = zipped
                    tag = zippedTag
                    headers[.contentEncoding] = "gzip"
                }
            }
        }
        headers[.eTag] = tag
        if Self.notModified(request, tag: tag, modified: snapshot.modifiedEpochSeconds) {
            headers[.contentType] = nil
            headers[.contentEncoding] = nil
            return .success(Response(status: .notModified, headers: headers))
        }
        headers[.contentLength] = String(body.readableBytes)
        return .success(Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body)))
    }

    /// `GET /<token>/<name>/report.html`: the weekly report as of now, in the board's zone;
    /// with a filter in the query, of the cards it names (as `report --where`).
    func report(_ request: Request, _ version: BoardSnapshot) -> Result<Response, RequestRefusal> {
        guard case .success(let whole) = version.board() else { return .failure(.reportNotRendered) }
        let zone = whole.zone ?? .utc
        let now = Instant.now(in: zone)
        let board: Board, said: String?
        switch Self.filtered(whole, request, now: now) {
        case .failure(let problem): return .failure(.filter(problem))
        case .success(let narrowed): (board, said) = narrowed
        }
        let report = WeeklyReport(board: board, options: ReportOptions(asOf: now, filter: said))
        guard case .success(let html) = ReportRenderer.render(report, format: .html) else { return .failure(.reportNotRendered) }
        let tag = EntityTag.of(html, kind: "html")
        // The page's security headers: the report carries the same secret in its URL.
        var headers = PageReply.securityHeaders(policy: PageReply.reportPolicy)
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.eTag] = tag
        if let match = request.headers[.ifNoneMatch], EntityTag.noneMatchHits(match, tag: tag) {
            return .success(Response(status: .notModified, headers: headers))
        }
        headers[.contentLength] = String(html.count)
        return .success(Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: html))))
    }

    /// `board` narrowed by the filter the request's query names (`FilterExpression.query`),
    /// and the filter as said back; nil said: no filter asked.
    static func filtered(_ board: Board, _ request: Request, now: Instant) -> Result<(Board, String?), FilterProblem> {
        let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        let asked = FilterExpression.query(query)
        return asked.flatMap { expression in
            expression.filter(on: board, now: now).map { filter in
                filter.isEmpty ? (board, nil) : (board.keeping(filter, now: now), expression.description)
            }
        }
    }

    static func plainText(_ status: HTTPResponse.Status, _ text: String) -> Response {
        let bytes = ByteBuffer(string: text + "\n")
        return Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .contentLength: String(bytes.readableBytes)],
                        body: ResponseBody(byteBuffer: bytes))
    }

    static var notFound: Response {
        Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .contentLength: "10"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: "not found\n")))
    }

    /// RFC 9110 §13.1.2: If-None-Match decides when present; else If-Modified-Since.
    static func notModified(_ request: Request, tag: String, modified: Int64) -> Bool {
        if let match = request.headers[.ifNoneMatch] { return EntityTag.noneMatchHits(match, tag: tag) }
        if let since = request.headers[.ifModifiedSince], let t = HTTPDate.parse(since) { return modified <= t }
        return false
    }

    /// True when `Accept-Encoding` lists gzip (or `*`) without `q=0`.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let coding = parts.first?.trimmingSpaces, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let refused = parts.dropFirst().contains { p in
                let kv = p.trimmingSpaces
                return kv.hasPrefix("q=") && (Double(kv.dropFirst(2)) ?? 1) == 0
            }
            return !refused
        }
        return false
    }
}
