import BoardModel
import BoardStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Sizes the page and API accept.
enum PageLimits {
    /// A card's fields fit many times over; a request larger is refused (413) unread.
    static let bodyBytes = 256 * 1024
    /// History entries a page or `api/history` shows at most.
    static let historyEvents = 500
    /// How long one stream of `GET events` lasts before the browser is let in again.
    static let eventStreamLasts: Duration = .seconds(300)
}

/// Responses with the headers every page and API answer carries.
enum PageReply {
    /// No script but our own file, no inline code or style, nothing from other sites, no
    /// framing; forms only to this server.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The weekly report is one self-contained file (its style inline, its charts inline
    /// SVG, no script): nothing else may load or run in it.
    static let reportPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

    /// The headers the page's answers and the live report share: its policy, no Referer (the
    /// secret is in the URL), no sniffing, no shared cache.
    static func securityHeaders(policy: String) -> HTTPFields {
        var headers = common(nil)
        headers[.contentSecurityPolicy] = policy
        return headers
    }

    static func html(_ page: HTML, status: HTTPResponse.Status = .ok, tag: String? = nil,
                     cookies: [String] = []) -> Response {
        var headers = common("text/html; charset=utf-8")
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.vary] = "Accept-Language, Cookie"
        if let tag { headers[.eTag] = tag }
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        let bytes = ByteBuffer(string: page.description)
        headers[.contentLength] = String(bytes.readableBytes)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok, tag: String? = nil) -> Response {
        json(ByteBuffer(bytes: bytes), status: status, tag: tag)
    }

    /// A JSON answer from a buffer kept elsewhere (sent as it is, not copied).
    static func json(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, tag: String? = nil) -> Response {
        var headers = common("application/json; charset=utf-8")
        if let tag { headers[.eTag] = tag }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    static func notModified(tag: String) -> Response {
        var headers = common(nil)
        headers[.eTag] = tag
        return Response(status: .notModified, headers: headers)
    }

    /// After a form post: back to a page (relative, so a path prefix in front is kept).
    static func seeOther(_ location: String, cookies: [String] = []) -> Response {
        var headers = common(nil)
        headers[.location] = location
        headers[.contentLength] = "0"
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: .seeOther, headers: headers)
    }

    static func asset(_ bytes: [UInt8], type: String, tag: String, request: Request) -> Response {
        var headers = common(type)
        headers[.eTag] = tag
        headers[.cacheControl] = "no-cache"
        if let match = request.headers[.ifNoneMatch], EntityTag.noneMatchHits(match, tag: tag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The secret is in the URL: never send it on as a Referer, never cache it in a shared cache.
    private static func common(_ type: String?) -> HTTPFields {
        var headers: HTTPFields = [
            .cacheControl: "private, no-cache",
            .referrerPolicy: "no-referrer",
            .xContentTypeOptions: "nosniff",
        ]
        if let type { headers[.contentType] = type }
        return headers
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let boardkitActor = HTTPField.Name("X-Boardkit-Actor")!
}
