import Foundation
import Testing
import BoardTestSupport
import BoardFuzzCheck

/// `make test` runs the format targets under libFuzzer and the address sanitizer; the store
/// and access targets link the server stack, whose sanitized build alone took ten of the
/// suite's 45 minutes, so it builds them out (`--disable-default-traits`). Here they keep the
/// same contract (FuzzCheck) on their seeds and 1,000 mutations of them each, the same inputs
/// on every machine; `make fuzz` runs them under libFuzzer and the sanitizer.
@Suite struct ServerFuzzTargetsTests {
    static let mutations = 1_000

    /// The target's seeds, as Fuzz/seeds.sh writes them for the fuzzer.
    static func seeds(_ target: FuzzTarget, in folder: TemporaryFolder) throws -> [[UInt8]] {
        let out = folder.path("seeds")
        // seeds.sh reads samples/ and Fuzz/Base/ from the repository's root.
        let r = try CommandRunner.run("/bin/sh", ["-c", "cd \"$0\" && Fuzz/seeds.sh \"$1\"", CommandRunner.packageRoot.path, out])
        try #require(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out + "/" + target.rawValue).sorted()
        return try names.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(out)/\(target.rawValue)/\($0)"))) }
    }

    @Test(arguments: [FuzzTarget.store, .access])
    func seedsAndTheirMutationsKeepTheContract(_ target: FuzzTarget) throws {
        let folder = try TemporaryFolder()
        let seeds = try Self.seeds(target, in: folder)
        try #require(!seeds.isEmpty)
        let scratch = folder.path("scratch")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        var mutator = SeededMutator(seed: 1)
        for (k, seed) in seeds.enumerated() {
            let broken = FuzzCheck.check(target, seed, in: scratch)
            #expect(broken == nil, "seed \(k): \(broken ?? "")")
        }
        for k in 0..<Self.mutations {
            let input = mutator.mutate(seeds[k % seeds.count])
            if let broken = FuzzCheck.check(target, input, in: scratch) {
                Issue.record("mutation \(k) of seed \(k % seeds.count) (\(input.count) bytes): \(broken)")
            }
        }
    }
}
