import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// HTTP for a CalDAV collection (RFC 4791, RFC 6578) through AsyncHTTPClient: the few
/// requests a sync makes, with Basic authentication, certificates verified unless told not
/// to, and every failure a typed `SyncError`. The password stays in this object's memory.
final class CalDAVClient: Sendable {
    /// The collection's URL (ending in `/`).
    let collection: URL
    private let authorization: String?
    private let http: HTTPClient

    /// A response: status, headers that matter, body.
    struct Reply: Sendable {
        var status: Int
        var etag: String?
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    init(collection: URL, user: String?, password: String?, insecure: Bool) {
        self.collection = collection
        if let user, let password {
            authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        var configuration = insecure ? HTTPClient.Configuration(certificateVerification: .none) : HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(Int64(Self.readTimeoutSeconds)))
        configuration.redirectConfiguration = .follow(max: 3, allowCycles: false)
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async {
        try? await http.shutdown()
    }

    /// The URL of a resource the server named by `href` (usually a path).
    func url(of href: String) -> URL {
        URL(string: href, relativeTo: collection)?.absoluteURL ?? collection.appendingPathComponent(href)
    }

    /// One request; 401 and 403 become `unauthorized`, a failure to connect `unreachable`.
    func send(_ method: String, _ url: URL, headers: [(String, String)] = [], body: String? = nil) async throws(SyncError) -> Reply {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        if let authorization { request.headers.add(name: "Authorization", value: authorization) }
        request.headers.add(name: "User-Agent", value: "boardkit")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.body = .bytes(ByteBuffer(string: body))
            if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                request.headers.add(name: "Content-Type", value: "application/xml; charset=utf-8")
            }
        }
        do {
            let response = try await http.execute(request, timeout: .seconds(Int64(Self.readTimeoutSeconds)))
            let bytes = try await response.body.collect(upTo: 256 << 20)
            let status = Int(response.status.code)
            if status == 401 {
                throw authorization == nil ? SyncError.loginNeeded(url: collection.absoluteString)
                                           : SyncError.unauthorized(url: collection.absoluteString)
            }
            return Reply(status: status, etag: response.headers.first(name: "ETag"), body: Array(bytes.readableBytesView))
        } catch let error as SyncError {
            throw error
        } catch {
            throw .unreachable(url: url.absoluteString, why: Self.why(error))
        }
    }

    private static func why(_ error: any Error) -> SyncError.Unreachable {
        if let failure = error as? HTTPClientError {
            if failure == .connectTimeout { return .noAnswer }
            if failure == .readTimeout || failure == .deadlineExceeded { return .timedOut(seconds: readTimeoutSeconds) }
            if failure == .remoteConnectionClosed { return .closed }
        }
        return TransportFailure.reason(String(describing: error))
    }

    /// How long a request waits for its answer.
    static let readTimeoutSeconds = 60
}
