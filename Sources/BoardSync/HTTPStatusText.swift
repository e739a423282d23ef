import NIOHTTP1

/// An HTTP status as a person reads it: `503 Service Unavailable`.
enum HTTPStatusText {
    static func describe(_ status: Int) -> String {
        let phrase = HTTPResponseStatus(statusCode: status).reasonPhrase
        return phrase.isEmpty || phrase.hasPrefix("Unknown") ? "\(status)" : "\(status) \(phrase)"
    }
}
