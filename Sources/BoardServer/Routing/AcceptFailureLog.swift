#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore

/// Says in the log when the server cannot take a connection: the listening socket's accept
/// failed, most often for want of a descriptor (`EMFILE`, the process's `ulimit -n`; `ENFILE`,
/// the system's). SwiftNIO then waits a second and tries again, in silence: a server out of
/// descriptors looked idle while connections queued. Said once a minute at most, with how
/// many accepts failed since.
///
/// It sits first on the listening channel (installed once the server runs), before the
/// handler that backs off and swallows the error.
final class AcceptFailureLog: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Channel

    private let logger: Logger
    private var lastSaid: NIODeadline?
    private var unsaid = 0
    static let interval = TimeAmount.seconds(60)

    init(logger: Logger) {
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        if let failure = error as? IOError {
            unsaid += 1
            let now = NIODeadline.now()
            if lastSaid.map({ now - $0 >= Self.interval }) ?? true {
                logger.error("\(Self.sentence(failure, failures: unsaid))")
                lastSaid = now
                unsaid = 0
            }
        }
        context.fireErrorCaught(error)
    }

    /// The log line for `failures` accepts that failed as `failure` did.
    static func sentence(_ failure: IOError, failures: Int) -> String {
        let times = failures > 1 ? " (\(failures) times since the last message)" : ""
        switch failure.errnoCode {
        case EMFILE:
            return "cannot accept connections: every open file this process may hold is in use\(times); connections wait until some close. Raise its limit (ulimit -n before serve, LimitNOFILE= in its systemd unit)"
        case ENFILE:
            return "cannot accept connections: the system's table of open files is full\(times); connections wait until some close"
        default:
            return "cannot accept a connection: \(failure)\(times)"
        }
    }

    /// Puts the log first on the listening channel `server`.
    static func install(on server: Channel, logger: Logger) async {
        try? await server.eventLoop.submit {
            try server.pipeline.syncOperations.addHandler(AcceptFailureLog(logger: logger), position: .first)
        }.get()
    }
}
