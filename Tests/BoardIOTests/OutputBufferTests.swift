import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BoardIO

@Suite("OutputBuffer and MappedText")
struct OutputBufferTests {
    @Test("output streamed to a file in chunks is the bytes kept in memory, and reads back mapped")
    func streamedIsKept() throws {
        let text = (0..<200_000).map { "line \($0) — 줄\n" }.joined()
        var memory = OutputBuffer()
        let path = "/tmp/boardio-output-\(getpid()).txt"
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        var file = OutputBuffer(fd: fd)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            for out in [0, 1] {
                if out == 0 { memory.append(utf8: String(line)); memory.append(0x0A) } else {
                    file.append(utf8: String(line)); file.append(0x0A); file.flushIfFull()
                }
            }
        }
        file.flush()
        close(fd)
        #expect(file.failure == nil)
        #expect(memory.bytes == Array(text.utf8))
        let mapped = try MappedText.load(path: path).get()
        #expect(Array(mapped.bytes) == memory.bytes)
        // Handing pages back changes nothing that is read after.
        let next = mapped.release(upTo: mapped.bytes.count / 2)
        #expect(next > 0 && next <= mapped.bytes.count / 2)
        #expect(Array(mapped.bytes) == memory.bytes)
    }

    @Test("a failed write is kept, and what follows is dropped")
    func failure() {
        var out = OutputBuffer(fd: 987_654)
        out.append("x")
        out.flush()
        #expect(out.failure == EBADF)
        #expect(out.count == 0)
    }

    @Test("line and column count characters, and a byte-order mark is not a column")
    func lineColumn() {
        let text = MappedText(copying: Array("\u{FEFF}ab\n가나x".utf8))
        #expect(text.lineColumn(of: 3) == (1, 1))
        #expect(text.lineColumn(of: 4) == (1, 2))
        #expect(text.lineColumn(of: 6 + 6) == (2, 3))
        #expect(MappedText.lineColumn(of: 12, in: Array(text.bytes)) == (2, 3))
        #expect(MappedText.lineColumn(of: 12, in: Array(text.bytes), unit: .byte) == (2, 7))
    }
}
