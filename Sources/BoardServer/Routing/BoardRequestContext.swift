import Hummingbird
import NIOCore

/// Hummingbird's request context with the peer's address: a company login's header is
/// believed only from a trusted proxy's (`CompanyLogin`).
struct BoardRequestContext: RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
