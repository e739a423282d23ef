import BoardServer
import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// Instances started at once on one state file serve the same addresses (docs/postgres.md:
/// two instances behind nginx). Each made its own secrets for a board the file did not name
/// yet and the last to save won: the other instance answered half of nginx's requests 404.
@Suite struct TokenStoreTests {
    @Test func instancesStartedAtOnceOnOneStateFileGetTheSameSecrets() throws {
        let folder = try TemporaryFolder()
        for round in 0..<10 {
            let path = folder.path("state-\(round)/tokens.json")
            let starters = 8
            let got = Mutex<[[String: TokenStore.Secrets]]>([])
            let ready = DispatchGroup(), go = DispatchSemaphore(value: 0), done = DispatchGroup()
            for _ in 0..<starters {
                ready.enter()
                done.enter()
                Thread.detachNewThread {
                    defer { done.leave() }
                    ready.leave()
                    go.wait()
                    if let secrets = try? TokenStore(path: path).secrets(for: ["team", "ops"]) { got.withLock { $0.append(secrets) } }
                }
            }
            ready.wait()
            for _ in 0..<starters { go.signal() }
            done.wait()
            let all = got.withLock { $0 }
            #expect(all.count == starters)
            #expect(all.allSatisfy { $0 == all.first }, "round \(round): every instance serves the same addresses")
            #expect(try TokenStore(path: path).secrets(for: ["team", "ops"]) == all.first, "and the file says them")
        }
    }
}
