import BoardModel
import Foundation
import Testing

@testable import BoardIO

@Suite("The one JSON writer")
struct JSONWriterTests {
    private func text(_ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        body(&w)
        return String(decoding: w.finish(), as: UTF8.self)
    }

    @Test("indented: one member per line, two spaces a level; one-line and compact containers inside, a compact one inside a one-line one")
    func layouts() {
        let out = text { w in
            w.beginObject()
            w.member("name", "Team")
            w.key("card")
            w.beginObject(.line)
            w.member("id", "c1")
            w.member("labels", ["a", "b"])
            w.endObject()
            w.key("row")
            w.beginObject(.compact)
            w.member("n", 3)
            w.member("ok", true)
            w.member("none", nil as String?)
            w.endObject()
            w.key("empty")
            w.beginArray()
            w.endArray()
            w.key("change")
            w.beginObject(.line)
            w.member("field", "labels")
            w.key("new")
            w.strings(["x", "y"], .compact)
            w.key("old")
            w.strings(["z"], .indented)
            w.endObject()
            w.endObject()
            w.endDocument()
        }
        #expect(out == """
            {
              "name": "Team",
              "card": {"id": "c1", "labels": ["a", "b"]},
              "row": {"n":3,"ok":true,"none":null},
              "empty": [],
              "change": {"field": "labels", "new": ["x","y"], "old": ["z"]}
            }

            """)
        // What it wrote is JSON that reads back to the same values.
        let parsed = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        #expect((parsed?["card"] as? [String: Any])?["labels"] as? [String] == ["a", "b"])
    }

    @Test("lines: one element per line, not indented, the brackets on their own lines, even when empty")
    func lines() {
        let two = text { w in
            w.beginArray(.lines)
            for n in 1...2 {
                w.beginObject(.compact)
                w.member("n", n)
                w.endObject()
            }
            w.endArray()
        }
        #expect(two == "[\n{\"n\":1},\n{\"n\":2}\n]")
        #expect(text { w in w.beginArray(.lines); w.endArray() } == "[\n]")
    }

    @Test("strings are escaped by the one rule; numbers in their shortest form; names from data too")
    func values() {
        let out = text { w in
            w.beginObject(.line)
            w.key(named: "tab\there")
            w.string("quote \" backslash \\ newline \n 한글 \u{01}")
            w.key("n")
            w.number(3)
            w.key("x")
            w.number(0.5)
            w.key("big")
            w.integer(-9_007_199_254_740_993)
            w.key("raw")
            w.json("[1,2]")
            w.endObject()
        }
        #expect(out == #"{"tab\there": "quote \" backslash \\ newline \n 한글 \u0001", "n": 3, "x": 0.5, "big": -9007199254740993, "raw": [1,2]}"#)
    }

    @Test("instants keep their offset; a calendar date stays a date")
    func dates() throws {
        let seoul = try #require(ISO8601.parseInstant("2026-11-02T18:00:00+09:00"))
        let withMilliseconds = try #require(ISO8601.parseInstant("2026-11-02T09:00:00.250Z"))
        let day = try #require(CalendarDate(year: 2026, month: 11, day: 30))
        let out = text { w in
            w.beginArray(.line)
            w.instant(seoul)
            w.instant(withMilliseconds)
            w.due(.date(day))
            w.endArray()
        }
        #expect(out == #"["2026-11-02T18:00:00+09:00", "2026-11-02T09:00:00.250Z", "2026-11-30"]"#)
    }

    /// Elements made in chunks on other cores, some chunks empty, put in place in order: the
    /// same bytes as writing them one after another.
    @Test("fragments give the bytes of one writer", arguments: [JSONWriter.Layout.indented, .line, .compact, .lines])
    func fragments(layout: JSONWriter.Layout) {
        let items = [[], [1, 2], [], [3], [4, 5, 6], []]
        let direct = text { w in
            w.beginObject()
            w.key("items")
            w.beginArray(layout)
            for chunk in items { for n in chunk { w.integer(n) } }
            w.endArray()
            w.endObject()
        }
        let pieced = text { w in
            w.beginObject()
            w.key("items")
            w.beginArray(layout)
            let frame = w.fragment()
            var parts: [JSONWriter] = []
            for chunk in items {
                var part = frame.fragment()
                for n in chunk { part.integer(n) }
                parts.append(part)
            }
            for part in parts { w.append(fragment: part) }
            w.endArray()
            w.endObject()
        }
        #expect(pieced == direct)
        let none = text { w in
            w.beginArray(layout)
            let frame = w.fragment()
            w.append(fragment: frame.fragment())
            w.endArray()
        }
        #expect(none == text { w in w.beginArray(layout); w.endArray() })
    }

    @Test("a file's writer hands its buffer to the file in chunks and says when a write failed")
    func toAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jsonwriter-\(UUID()).json").path
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var w = JSONWriter(fd: fd)
        w.beginArray()
        for n in 0..<300_000 {
            w.integer(n)
            w.flushIfFull()
        }
        w.endArray()
        w.endDocument()
        w.flush()
        close(fd)
        #expect(w.failure == nil)
        let back = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [Int]
        #expect(back?.count == 300_000 && back?.last == 299_999)

        var full = JSONWriter(fd: open("/dev/full", O_WRONLY))
        full.beginArray()
        for n in 0..<300_000 { full.integer(n); full.flushIfFull() }
        full.endArray()
        full.flush()
        #expect(full.failure == ENOSPC)
    }
}
