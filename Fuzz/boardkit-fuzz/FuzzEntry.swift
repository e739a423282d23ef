// The libFuzzer entry point for every reader (docs/fuzzing.md). BOARDKIT_FUZZ_TARGET names
// the reader (json, csv, csv-mapping, events, xlsx, xlsx-part, ics, trello, taskwarrior,
// mapping, store, access); a broken contract (FuzzCheck) aborts, so libFuzzer keeps the input.
// Built without `--sanitize fuzzer` (a plain `swift build`), this is a no-op executable.
import Foundation
import BoardFuzzCheck

nonisolated(unsafe) private var fuzzTarget: FuzzTarget?
nonisolated(unsafe) private var fuzzFolder = ""

@_cdecl("LLVMFuzzerTestOneInput")
public func boardkitFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if fuzzTarget == nil {
        let name = ProcessInfo.processInfo.environment["BOARDKIT_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("BOARDKIT_FUZZ_TARGET must be one of: \(names)\n".utf8))
            exit(2)
        }
        fuzzTarget = target
        // One scratch folder per process, in memory when /dev/shm is there.
        let root = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        fuzzFolder = "\(root)/boardkit-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: fuzzFolder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: fuzzFolder) }
    }
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    if let broken = FuzzCheck.check(fuzzTarget!, bytes, in: fuzzFolder) {
        FileHandle.standardError.write(Data("boardkit-fuzz: contract broken (\(fuzzTarget!.rawValue)): \(broken)\n".utf8))
        abort()
    }
    return 0
}
