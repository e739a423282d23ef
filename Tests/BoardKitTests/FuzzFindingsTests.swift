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

    /// Findings not fixed yet, and why (docs/fuzzing.md). Their command-line test is a known
    /// issue (it fails, bounded by a timeout), so it turns into a failure once they are fixed.
    static let open: [String: String] = [
        "xlsx-deflate-past-end.xlsx":
            "ZIPFoundation 0.9.20 inflates by reading chunks until the deflate stream ends; when the file ends first it loops forever (Data.decode)",
    ]

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
        // An open hang would hang this process; the command-line test below shows it.
        if Self.open[finding.name] != nil { return }
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
        let r = try CommandRunner.run("/usr/bin/timeout", ["-s", "KILL", Self.open[finding.name] == nil ? "120" : "20", CommandRunner.boardkit] + args,
                                      environment: ["SWIFT_BACKTRACE": "enable=no"])
        if let why = Self.open[finding.name] {
            withKnownIssue(Comment(rawValue: why)) {
                if r.status != 0 && r.status != 1 { Issue.record("exit \(r.status)") }
            }
            return
        }
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
}
