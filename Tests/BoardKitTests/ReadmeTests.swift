import Foundation
import Testing
import BoardKit
import BoardModel
import BoardTestSupport

/// The README is where a user looks a code up: it must list every one, with its severity.
@Suite("README")
struct ReadmeTests {
    /// Every code `boardkit codes` lists (the library's and serve's).
    @Test func listsEveryDiagnosticCodeWithItsSeverity() throws {
        let readme = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let listed = try CommandRunner.boardkit(["codes"]).stdoutText.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(listed.count > DiagnosticCatalog.all.count, "codes lists serve's too")
        let missing = listed.filter { !readme.contains("| `\($0[0])` | \($0[1]) |") }.map { $0[0] }
        #expect(missing.isEmpty, "not in the README: \(missing)")
        #expect(Set(listed.map { $0[0] }).count == listed.count, "a code is listed twice")
    }
}
