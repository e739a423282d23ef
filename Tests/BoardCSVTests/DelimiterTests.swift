import Foundation
import Testing
import BoardTestSupport

/// The delimiter of a written CSV: tabs for a `.tsv` name, or what `--delimiter` says.
@Suite struct DelimiterTests {
    static func firstLine(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return String(text.prefix { $0 != "\n" })
    }

    @Test func tsvOutputIsTabSeparatedAndRoundTrips() throws {
        let folder = try TemporaryFolder()
        let sample = CommandRunner.sample("board.json")
        let canonical = folder.path("canonical.json")
        #expect(try CommandRunner.boardkit(["convert", sample, canonical]).status == 0)
        let tsv = folder.path("board.tsv"), events = folder.path("board.events.tsv")
        let there = try CommandRunner.boardkit(["convert", sample, tsv, "--events", events])
        #expect(there.status == 0, "\(there.stderr)")
        #expect(try Self.firstLine(tsv).hasPrefix("id\ttitle\tbody\tstate\tdue\t"))
        // The sidecar follows the output's delimiter.
        #expect(try Self.firstLine(events) == "record\tcard\tat\ttype\tfrom\tto\tactor\tchanges\tid\tname\tcategory\twip\tkey\tvalue")
        let back = folder.path("back.json")
        let run = try CommandRunner.boardkit(["convert", tsv, back, "--events", events])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: canonical)))
    }

    @Test func delimiterOptionChoosesTheSeparator() throws {
        let folder = try TemporaryFolder()
        let sample = CommandRunner.sample("board.json")
        let canonical = folder.path("canonical.json")
        #expect(try CommandRunner.boardkit(["convert", sample, canonical]).status == 0)
        let csv = folder.path("board.csv"), events = folder.path("events.csv")
        let there = try CommandRunner.boardkit(["convert", sample, csv, "--events", events, "--delimiter", ";"])
        #expect(there.status == 0, "\(there.stderr)")
        #expect(try Self.firstLine(csv).hasPrefix("id;title;body;state;due;"))
        #expect(try Self.firstLine(events).hasPrefix("record;card;at;"))
        let back = folder.path("back.json")
        let run = try CommandRunner.boardkit(["convert", csv, back, "--events", events])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: canonical)))

        // Said outright, the delimiter wins over the name.
        let tabbed = folder.path("tabbed.csv"), commas = folder.path("commas.tsv")
        #expect(try CommandRunner.boardkit(["convert", sample, tabbed, "--delimiter", "tab"]).status == 0)
        #expect(try Self.firstLine(tabbed).hasPrefix("id\ttitle\t"))
        #expect(try CommandRunner.boardkit(["convert", sample, commas, "--delimiter", ","]).status == 0)
        #expect(try Self.firstLine(commas).hasPrefix("id,title,"))
    }

    @Test func unknownDelimiterIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("board.csv")
        let run = try CommandRunner.boardkit(["convert", CommandRunner.sample("board.json"), out, "--delimiter", "|"])
        #expect(run.status == 2)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
