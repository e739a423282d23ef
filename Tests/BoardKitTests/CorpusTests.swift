import Foundation
import Testing
import BoardTestSupport

/// The corpus of real files other projects wrote (Tests/Corpus, issue #17 "corpus", #19).
///
/// Every entry of Tests/Corpus/corpus.json states what boardkit does with the file today:
/// `convert` and `validate` must still do exactly that (exit code, card count and the format
/// the file was read as, or the error codes it is refused with), the independent count
/// (python icalendar, json, csv, openpyxl: Tests/Oracles/corpus_count.py) must still be the
/// recorded one, and a file with no recorded gap must be read whole (cards == items) or be
/// refused for a stated reason. When boardkit changes, an entry fails here: re-measure with
/// `python3 Tests/Corpus/record.py`, then look at the entry's gap by hand.
///
/// The files themselves are not in git: they are in `../shared/corpus/` beside the project
/// (SOURCES.md there says where each came from; CI has them too), or where
/// `$BOARDKIT_CORPUS` says. corpus.json names each one's repository, path and commit; on a
/// machine without them the suite does not run, and says so.
@Suite("Real-file corpus", .enabled(if: Corpus.filesArePresent,
                                    "the corpus's data files are not here (../shared/corpus or $BOARDKIT_CORPUS; see Tests/Corpus/README.md)"))
struct CorpusTests {
    @Test func theCorpusIsWhatTheIssueAsks() throws {
        let entries = try Corpus.entries.get()
        let files = Set(entries.map(\.file))
        #expect(files.count >= 60, "the corpus holds \(files.count) distinct files; #17 asks for at least 60")
        let projects = Set(entries.map(\.source.repository))
        #expect(projects.count >= 6, "the corpus comes from \(projects.count) projects (\(projects.sorted())); #17 asks for at least 6")

        var total = 0
        var missing: [String] = []
        for file in files.sorted() {
            let path = Corpus.folder.appendingPathComponent(file).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
                missing.append(file)
                continue
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            total += size
            #expect(size < 1 << 20, "\(file) is \(size) bytes; corpus files stay under 1 MiB")
        }
        #expect(missing.isEmpty, "corpus.json names files that are not in \(Corpus.folder.path): \(missing)")
        #expect(total < 12_000_000, "the corpus is \(total) bytes; it stays under about 12 MB")

        // Every data file in the folder has an entry (nothing kept without its provenance).
        let onDisk = try Corpus.dataFiles()
        #expect(onDisk.subtracting(files).isEmpty,
                "files in \(Corpus.folder.path) without a corpus.json entry: \(onDisk.subtracting(files).sorted())")
        for entry in entries {
            #expect(entry.source.commit.count == 40, "\(entry.file): source commit '\(entry.source.commit)' is not a full commit id")
            #expect(!entry.source.path.isEmpty, "\(entry.file): no source path")
        }
    }

    @Test(arguments: (try? Corpus.entries.get()) ?? [])
    func fileHasItsRecordedOutcome(_ entry: CorpusEntry) throws {
        let path = Corpus.folder.appendingPathComponent(entry.file).path
        try #require(FileManager.default.fileExists(atPath: path), "\(entry.name): the file is not in \(Corpus.folder.path)")

        // The independent count is still the recorded one.
        let counts = try Corpus.oracleCounts.get()
        let counted = try #require(counts[entry.oracleKey], "\(entry.name): the oracle printed nothing for it")
        #expect(counted.items == entry.oracle.items,
                "\(entry.name): \(counted.reader ?? "the oracle") counts \(counted.items.map(String.init) ?? "nothing (\(counted.error ?? "?"))"), corpus.json records \(entry.oracle.items.map(String.init) ?? "a refusal")")

        // convert: exit code, then the cards written or the codes refused with.
        let folder = try TemporaryFolder()
        let out = folder.path("out.json")
        let convert = try Corpus.boardkit(["convert", path, out, "--diagnostics", "json"] + entry.arguments)
        let expected = entry.expected
        #expect(convert.status == expected.exit,
                "\(entry.name): convert exited \(convert.status), corpus.json records \(expected.exit)\n\(convert.stderr.prefix(2000))")
        let written = FileManager.default.fileExists(atPath: out)
        var cards: Int?
        if convert.status == 0 {
            #expect(written, "\(entry.name): convert exited 0 but wrote nothing")
            if written {
                let data = try Data(contentsOf: URL(fileURLWithPath: out))
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                cards = (object?["cards"] as? [Any])?.count
            }
            #expect(expected.outcome == "cards" && cards == expected.cards,
                    "\(entry.name): convert read \(cards.map(String.init) ?? "no") cards, corpus.json records \(expected.outcome) \(expected.cards.map(String.init) ?? "") \(expected.codes ?? [])")
        } else {
            #expect(!written, "\(entry.name): convert failed (exit \(convert.status)) but left an output file")
            let codes = Corpus.errorCodes(convert.stderr)
            #expect(expected.outcome == "refused" && codes == expected.codes,
                    "\(entry.name): convert refused it with \(codes ?? ["unreadable diagnostics: \(convert.stderr.prefix(500))"]), corpus.json records \(expected.outcome) \(expected.codes ?? []) \(expected.cards.map(String.init) ?? "")")
        }

        // validate agrees: same exit code, and its summary names the cards and the format.
        let validate = try Corpus.boardkit(["validate", path] + entry.arguments)
        #expect(validate.status == convert.status,
                "\(entry.name): validate exited \(validate.status), convert \(convert.status)")
        if validate.status == 0 {
            let summary = Corpus.summary(validate.stdoutText)
            #expect(summary?.cards == expected.cards && summary?.format == expected.format,
                    "\(entry.name): validate says \(summary.map { "\($0.cards) cards (\($0.format))" } ?? "no summary line"), corpus.json records \(expected.cards.map(String.init) ?? "-") cards (\(expected.format ?? "-"))")
        }

        // No recorded gap: every item the oracle sees is a card, or the refusal says why it is right.
        if entry.gap == nil {
            if expected.outcome == "cards", let items = entry.oracle.items {
                #expect(expected.cards == items,
                        "\(entry.name): reads \(expected.cards ?? -1) cards of \(items) items with no gap recorded; record the gap (and its #17/#19 item) in corpus.json")
            } else if expected.outcome == "refused" {
                #expect(!(entry.note ?? "").isEmpty,
                        "\(entry.name): refused with no gap and no note saying why the refusal is right")
            }
        } else {
            #expect(!(entry.gap?.item ?? "").isEmpty && !(entry.gap?.what ?? "").isEmpty,
                    "\(entry.name): a gap needs its #17/#19 item and what boardkit does instead")
        }
    }
}

// MARK: - corpus.json

struct CorpusEntry: Decodable, Sendable, CustomTestStringConvertible {
    struct Source: Decodable, Sendable { var repository: String; var path: String; var commit: String; var license: String? }
    struct Oracle: Decodable, Sendable { var items: Int?; var reader: String?; var refused: String? }
    struct Expected: Decodable, Sendable {
        var exit: Int32
        var outcome: String
        var cards: Int?
        var format: String?
        var codes: [String]?
    }
    struct Gap: Decodable, Sendable { var item: String; var what: String }

    var file: String
    var args: [String]?
    var source: Source
    var oracleHeaderRow: Int?
    var oracle: Oracle
    var expected: Expected
    var gap: Gap?
    var note: String?

    enum CodingKeys: String, CodingKey {
        case file, args, source, oracle, expected, gap, note
        case oracleHeaderRow = "oracle_header_row"
    }

    var arguments: [String] { args ?? [] }
    var name: String { arguments.isEmpty ? file : "\(file) \(arguments.joined(separator: " "))" }
    var testDescription: String { name }
    /// Files counted with a header row of their own are counted in a call of their own.
    var oracleKey: String { oracleHeaderRow.map { "\(file)@\($0)" } ?? file }
}

struct OracleCount: Sendable {
    var items: Int?
    var reader: String?
    var error: String?
}

enum Corpus {
    /// The data files: `$BOARDKIT_CORPUS`, else `../shared/corpus` beside the project.
    static var folder: URL {
        if let given = ProcessInfo.processInfo.environment["BOARDKIT_CORPUS"], !given.isEmpty {
            return URL(fileURLWithPath: given)
        }
        return CommandRunner.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// corpus.json, the record of what boardkit does with each file, kept in the project.
    static var record: URL { CommandRunner.packageRoot.appendingPathComponent("Tests/Corpus/corpus.json") }

    /// True when any file corpus.json names is on this machine (then every one must be).
    static var filesArePresent: Bool {
        guard let entries = try? entries.get() else { return false }
        return entries.contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0.file).path) }
    }

    static let entries: Result<[CorpusEntry], any Error> = Result(catching: {
        struct File: Decodable { var files: [CorpusEntry] }
        let data = try Data(contentsOf: record)
        return try JSONDecoder().decode(File.self, from: data).files
    })

    /// The oracle run once for every file (one Python process, plus one per own header row).
    static let oracleCounts: Result<[String: OracleCount], any Error> = Result(catching: {
        let all = try Corpus.entries.get()
        var counts: [String: OracleCount] = [:]
        var groups: [Int?: Set<String>] = [:]
        for entry in all { groups[entry.oracleHeaderRow, default: []].insert(entry.file) }
        for (headerRow, files) in groups {
            let paths = files.sorted().map { folder.appendingPathComponent($0).path }
            let options = headerRow.map { ["--header-row", String($0)] } ?? []
            let run = try CommandRunner.python("corpus_count.py", options + paths)
            guard run.status == 0 else { throw OracleFailure(message: run.stderr) }
            for line in run.stdoutText.split(separator: "\n") {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let path = object["file"] as? String else { continue }
                let file = String(path.dropFirst(folder.path.count + 1))
                counts[headerRow.map { "\(file)@\($0)" } ?? file] = OracleCount(
                    items: object["items"] as? Int, reader: object["reader"] as? String, error: object["error"] as? String)
            }
        }
        return counts
    })

    struct OracleFailure: Error, CustomStringConvertible { var message: String; var description: String { "corpus_count.py failed: \(message)" } }

    /// Runs the built boardkit, stopped after a minute so a hang fails the entry instead of the run.
    static func boardkit(_ args: [String]) throws -> ProcessOutput {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout") {
            return try CommandRunner.run("/usr/bin/timeout", ["60", CommandRunner.boardkit] + args)
        }
        return try CommandRunner.boardkit(args)
    }

    /// The sorted error codes of `--diagnostics json` output, or nil when it is not that.
    static func errorCodes(_ text: String) -> [String]? {
        guard let list = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else { return nil }
        return Set(list.filter { $0["severity"] as? String == "error" }.compactMap { $0["code"] as? String }).sorted()
    }

    /// validate's summary line: "FILE: N cards, S states, E events (FORMAT)" ("1 card").
    static func summary(_ text: String) -> (cards: Int, format: String)? {
        for line in text.split(separator: "\n").reversed() {
            guard line.hasSuffix(")"), let open = line.lastIndex(of: "("),
                  let cardsRange = line.range(of: " cards, ") ?? line.range(of: " card, ") else { continue }
            let format = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            guard let colon = line[..<cardsRange.lowerBound].range(of: ": ", options: .backwards),
                  let cards = Int(line[colon.upperBound..<cardsRange.lowerBound]) else { continue }
            return (cards, format)
        }
        return nil
    }

    /// The data files under the corpus folder's <kind>/ folders (not its SOURCES.md).
    static func dataFiles() throws -> Set<String> {
        var files: Set<String> = []
        let manager = FileManager.default
        for kind in try manager.contentsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            let kindPath = folder.appendingPathComponent(kind).path
            guard manager.fileExists(atPath: kindPath, isDirectory: &isDirectory), isDirectory.boolValue,
                  !kind.hasPrefix(".") else { continue }
            for name in try manager.contentsOfDirectory(atPath: kindPath) where !name.hasPrefix(".") {
                files.insert("\(kind)/\(name)")
            }
        }
        return files
    }
}
