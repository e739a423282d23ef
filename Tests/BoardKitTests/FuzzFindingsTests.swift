import Foundation
import Testing
import BoardTestSupport
import BoardFuzzCheck

/// Every input a fuzz target found to crash, hang or break the readers' contract
/// (Tests/FuzzFindings/TARGET-what.EXT, docs/fuzzing.md), run through the fuzzer's own check
/// (FuzzCheck) and through the built `boardkit` as a user runs it.
@Suite("fuzz findings")
struct FuzzFindingsTests {
    struct Finding: CustomTestStringConvertible, Sendable {
        let name: String
        let target: FuzzTarget
        var testDescription: String { name }
    }

    static let folder = CommandRunner.packageRoot.appendingPathComponent("Tests/FuzzFindings").path

    /// The findings, each named after its target (the longest target name it starts with).
    static let all: [Finding] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let targets = FuzzTarget.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().compactMap { name in
            targets.first { name.hasPrefix($0.rawValue + "-") }.map { Finding(name: name, target: $0) }
        }
    }()

    @Test func everyFindingNamesItsTarget() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
        #expect(!names.isEmpty)
        #expect(Set(names) == Set(Self.all.map(\.name)), "a file in Tests/FuzzFindings does not start with a target's name")
    }

    /// The property the fuzzer checks: read, or refused with located, coded errors; what is
    /// read survives canonical JSON (and the reader's own format where it is lossless).
    @Test(arguments: all)
    func keepsTheContract(_ finding: Finding) throws {
        let tmp = try TemporaryFolder()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + finding.name)))
        let broken = FuzzCheck.check(finding.target, bytes, in: tmp.url.path)
        #expect(broken == nil, "\(broken ?? "")")
    }

    /// The same input given to `boardkit convert`: exit 0 with an output that reads back, or
    /// exit 1 with a coded diagnostic and no output; never a crash.
    @Test(arguments: all)
    func convertExitsZeroWithOutputOrOneWithACode(_ finding: Finding) throws {
        let tmp = try TemporaryFolder()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + finding.name)))
        let inputs = tmp.path("in")
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        guard let input = FuzzCheck.prepare(finding.target, bytes, in: inputs) else { return }
        var args = ["convert", input.path, tmp.path("out.json"), "--from", input.format]
        if let mapping = input.options.mapping { args += ["--mapping", mapping] }
        if let events = input.options.eventsPath { args += ["--events", events] }
        // Bounded, so that a hang fails the test instead of stopping the suite (KILL: a
        // process Foundation starts inherits SIGTERM blocked).
        let r = try CommandRunner.run("/usr/bin/timeout", ["-s", "KILL", "120", CommandRunner.boardkit] + args,
                                      environment: ["SWIFT_BACKTRACE": "enable=no"])
        let written = FileManager.default.fileExists(atPath: tmp.path("out.json"))
        switch r.status {
        case 0:
            #expect(written, "exit 0 without the output")
            let again = try CommandRunner.boardkit(["validate", tmp.path("out.json")])
            #expect(again.status == 0, "the output does not read back: \(again.stderr)")
        case 1:
            #expect(!written, "exit 1 left an output")
            #expect(r.stderr.contains("error:") && r.stderr.contains("]"), "exit 1 without a coded error: \(r.stderr)")
        case 124:
            Issue.record("no answer in 120 s: a hang")
        case 137:
            Issue.record("killed after 120 s: a hang")
        default:
            Issue.record("exit \(r.status): \(r.stderr)")
        }
    }

    /// The workbook whose sheet's deflate stream runs past the end of the file hung
    /// ZIPFoundation 0.9.20 forever (#17); read by boardkit's own zip reader it is damaged
    /// data: exit 1, the sheet named, nothing written.
    @Test func aDeflateStreamPastTheEndIsDamagedDataNotAHang() throws {
        let tmp = try TemporaryFolder()
        let out = tmp.path("out.json")
        let r = try CommandRunner.run("/usr/bin/timeout", ["-s", "KILL", "120", CommandRunner.boardkit,
                                      "convert", Self.folder + "/xlsx-deflate-past-end.xlsx", out])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("[xlsx-broken-xml]") && r.stderr.contains("cannot be inflated"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
