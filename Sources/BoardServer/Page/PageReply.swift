import BoardModel
import BoardStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Why a page or API request was refused, as one typed value: its HTTP status, a code a
/// client can act on, the field at fault, and words for a person. Rendered in one place as
/// JSON (`{"error": {…}}`) for the API and as a short page for a form post.
struct RequestRefusal: Error, Sendable {
    var status: HTTPResponse.Status
    var code: String
    var field: String?
    var message: String
    /// The card as it is now, for a conflict: the client shows it instead of its stale copy.
    var current: StoredCard?

    static let notFound = RequestRefusal(status: .notFound, code: "not-found", message: "no such board or card")
    static let crossOrigin = RequestRefusal(
        status: .forbidden, code: "cross-origin",
        message: "a change must come from the board's own page (Origin or Sec-Fetch-Site is another site's)")
    static let tooLarge = RequestRefusal(status: .contentTooLarge, code: "body-too-large",
                                         message: "the body is larger than \(PageLimits.bodyBytes) bytes")
    static let needsVersion = RequestRefusal(
        status: .preconditionRequired, code: "if-match-required",
        message: "send the card's version in If-Match (or If-Match: * to change it whatever it is now)")

    /// The refusal for an action that failed; `current` looks the card up again for a conflict.
    static func of(_ failure: ActionFailure, current: (String) -> StoredCard?) -> RequestRefusal {
        switch failure {
        case .readOnly:
            return RequestRefusal(status: .methodNotAllowed, code: "board-read-only",
                                  message: "this board is served from a file that is not a store; it cannot be changed here")
        case .field(let problem):
            return RequestRefusal(status: problem.kind == .unreadable ? .badRequest : .unprocessableContent,
                                  code: problem.kind == .unreadable ? "bad-body" : DiagnosticCode.invalidValue.id,
                                  field: problem.field, message: problem.message)
        case .store(let error):
            let code = error.diagnostic.code.id, message = error.diagnostic.message
            switch error {
            case .unknownCard: return RequestRefusal(status: .notFound, code: code, message: message)
            case .unknownState: return RequestRefusal(status: .unprocessableContent, code: code, field: "state", message: message)
            case .invalidValue(let field, _, _):
                return RequestRefusal(status: .unprocessableContent, code: code, field: field, message: message)
            case .nothingToUndo, .nothingToRedo: return RequestRefusal(status: .conflict, code: code, message: message)
            case .cardChanged(let id):
                return RequestRefusal(status: .conflict, code: code, message: message, current: current(id))
            case .notAStore, .newerSchema, .alreadyExists, .missing, .database:
                return RequestRefusal(status: .serviceUnavailable, code: code, message: message)
            }
        }
    }

    var json: [UInt8] {
        var out = Array("{\"error\": {\"code\": ".utf8)
        JSONText.appendQuoted(code, to: &out)
        if let field {
            out += Array(", \"field\": ".utf8)
            JSONText.appendQuoted(field, to: &out)
        }
        out += Array(", \"message\": ".utf8)
        JSONText.appendQuoted(message, to: &out)
        out += Array("}".utf8)
        if let current {
            out += Array(", \"card\": ".utf8)
            out += BoardView.apiJSON(current)
        }
        out += Array("}\n".utf8)
        return out
    }
}

/// Sizes the page and API accept.
enum PageLimits {
    /// A card's fields fit many times over; a request larger is refused (413) unread.
    static let bodyBytes = 256 * 1024
    /// History entries a page or `api/history` shows at most.
    static let historyEvents = 500
}

/// Responses with the headers every page and API answer carries.
enum PageReply {
    /// No script but our own file, no inline code or style, nothing from other sites, no
    /// framing; forms only to this server.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    static func html(_ text: String, status: HTTPResponse.Status = .ok, tag: String? = nil,
                     cookies: [String] = []) -> Response {
        var headers = common("text/html; charset=utf-8")
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.vary] = "Accept-Language, Cookie"
        if let tag { headers[.eTag] = tag }
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        let bytes = ByteBuffer(string: text)
        headers[.contentLength] = String(bytes.readableBytes)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok, tag: String? = nil) -> Response {
        var headers = common("application/json; charset=utf-8")
        if let tag { headers[.eTag] = tag }
        headers[.contentLength] = String(bytes.count)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
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
