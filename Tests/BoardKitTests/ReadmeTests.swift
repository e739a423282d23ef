import Foundation
import Testing
import BoardKit
import BoardModel
import BoardTestSupport

/// The README is where a user looks a code up: it must list every one, with its severity.
@Suite("README")
struct ReadmeTests {
    @Test func listsEveryDiagnosticCodeWithItsSeverity() throws {
        let readme = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let missing = DiagnosticCatalog.all.filter { !readme.contains("| `\($0.id)` | \($0.severity.rawValue) |") }
        #expect(missing.isEmpty, "not in the README: \(missing.map(\.id))")
        #expect(Set(DiagnosticCatalog.all.map(\.id)).count == DiagnosticCatalog.all.count, "a code is listed twice")
    }
}
