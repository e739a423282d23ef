import Dispatch
import Synchronization
import BoardIO

/// The far part of a large document checked on a second core while the calling thread
/// checks the near part (`JSONMemberIndex`): the skim then takes about half as long.
///
/// A skim cannot just start in the middle: whether a byte there is inside a string, and how
/// deep it sits, depends on everything before it. So the second core guesses. The first `{`
/// after the middle that follows a `}` and a comma looks like an element's start in the large
/// array the middle falls in (a Trello export's actions or cards, a task export's tasks). It
/// checks from there to the end as if it were: that array's elements to its `]`, then the
/// rest of the root object's members (or nothing, when the array was the root). When the
/// calling thread's skim reaches an element of an indexed array, it asks whether this is
/// the guessed start (`claim`). If it is, the guess was right, and the second core's
/// findings are the very ones the calling thread would have made from there: the same
/// grammar from the same state. It takes them (`finding`) instead of walking on.
///
/// A wrong guess (the middle fell in a nested array or a string) fails or is never met; the
/// second core guesses again further on, and what no guess covers the calling thread checks
/// itself. A broken file is always reported by the calling thread's own skim: when the
/// check from a claimed guess fails, it walks on from there and meets the error itself, so
/// the message and offset are those of a plain skim.
final class SkimAhead: @unchecked Sendable {
    /// What the second core found from its guess to the end of the document.
    struct Finding {
        /// Where each element starts, from the guessed one on.
        let elements: [Int]
        /// Just past the array's `]`.
        let arrayEnd: Int
        /// The root object's members after the array, and just past the root's `}`; nil when
        /// the document ends after the array (the array is the root).
        let rest: (members: [JSONMemberIndex.Member], end: Int)?
    }

    /// Below this size a document is skimmed on one core: a thread costs more than it saves.
    static let minimumBytes = 8 << 20

    private let text: MappedText
    private let arrays: Set<String>
    /// The element start being checked; `none` between guesses, `claimed` once taken.
    private let guess = Atomic<Int>(SkimAhead.none)
    private static let none = -1, claimed = -2
    /// Set when the calling thread is done without the second core's help.
    private let cancelled = Atomic<Bool>(false)
    /// Written by the second core before `done` is signalled, read after waiting for it.
    private var result: Finding?
    private let done = DispatchSemaphore(value: 0)
    private var waited = false

    private init(text: MappedText, arrays: Set<String>) {
        (self.text, self.arrays) = (text, arrays)
    }

    /// Starts guessing from `from` on another thread; with `waiting`, guesses and checks on
    /// the calling thread before returning (for tests that must meet the guess every time).
    static func start(_ text: MappedText, arrays: Set<String>, from: Int, waiting: Bool = false) -> SkimAhead {
        let ahead = SkimAhead(text: text, arrays: arrays)
        if waiting {
            ahead.run(from: from)
        } else {
            DispatchQueue.global(qos: .userInitiated).async { ahead.run(from: from) }
        }
        return ahead
    }

    /// Where the second core should start guessing in `text`, or nil when one core should
    /// skim it all (a small document, a one-core machine).
    static func split(of text: MappedText) -> Int? {
        guard Parallelism.workers > 1, text.bytes.count >= minimumBytes else { return nil }
        return text.bytes.count / 2
    }

    /// On the calling thread, at the start of an element of an indexed array: true when it
    /// is the guess being checked, which is then the calling thread's to take (`finding`).
    func claim(_ offset: Int) -> Bool {
        guard guess.load(ordering: .relaxed) == offset else { return false }
        return guess.compareExchange(expected: offset, desired: Self.claimed, ordering: .acquiringAndReleasing).exchanged
    }

    /// After a claim: what the second core found from the claimed start, once it is done;
    /// nil when the document is broken after it.
    func finding() -> Finding? {
        wait()
        return result
    }

    /// The calling thread is done: the second core stops at its next element.
    func stop() {
        cancelled.store(true, ordering: .relaxed)
        wait()
    }

    private func wait() {
        guard !waited else { return }
        done.wait()
        waited = true
    }

    /// Guesses element starts from `from` on and checks from each until one checks out, the
    /// calling thread claims one, or it is cancelled; no guess past three quarters of the
    /// text (the calling thread would be nearly there by itself).
    private func run(from: Int) {
        defer { done.signal() }
        let bytes = text.bytes
        var from = from
        while !cancelled.load(ordering: .relaxed),
              let start = Self.elementStart(in: bytes, from: from, before: bytes.count - bytes.count / 4) {
            guess.store(start, ordering: .releasing)
            do throws(JSONSyntaxError) {
                result = try check(from: start)
                return
            } catch {
                // Claimed: the calling thread walks on from the guess by itself.
                guard guess.compareExchange(expected: start, desired: Self.none, ordering: .acquiringAndReleasing).exchanged
                else { return }
                from = max(start + 1, error.offset)
            }
        }
    }

    /// The document checked from `start` as an element of an array of the root object, two
    /// deep (or of the root array: then the document ends after it); nil when cancelled.
    private func check(from start: Int) throws(JSONSyntaxError) -> Finding? {
        var p = JSONParser(text.bytes)
        p.i = start
        p.reported = start
        p.depth = 2
        var released = start
        let text = self.text
        p.mark = { released = text.release(from: released, upTo: $0, reportingProgress: false) }
        var elements: [Int] = []
        let whole = try p.skipElements { offset in
            guard !self.cancelled.load(ordering: .relaxed) else { return false }
            elements.append(offset)
            return true
        }
        guard whole else { return nil }
        let arrayEnd = p.i
        p.skipSpace()
        guard p.i < p.b.count else { return Finding(elements: elements, arrayEnd: arrayEnd, rest: nil) }
        var members: [JSONMemberIndex.Member] = []
        try JSONMemberIndex.indexMembers(&p, arrays: arrays, afterValue: true, ahead: nil, into: &members)
        let end = p.i
        p.skipSpace()
        if p.i < p.b.count { throw p.fail(.textAfterValue) }
        return Finding(elements: elements, arrayEnd: arrayEnd, rest: (members, end))
    }

    /// The first `{` at or after `from` (and before `limit`) that follows a `}` and a comma,
    /// white space allowed between them: where an element of an array of objects starts, if
    /// the bytes are outside a string. (The `}` may lie before `from`: a failed guess stops at
    /// the comma after an element, and the next element is the next guess.)
    static func elementStart(in b: UnsafeBufferPointer<UInt8>, from: Int, before limit: Int) -> Int? {
        var k = max(from, 0)
        while k < min(limit, b.count) {
            defer { k += 1 }
            guard b[k] == UInt8(ascii: "{") else { continue }
            var j = k - 1
            while j >= 0, JSONTokenizer.isSpace(b[j]) { j -= 1 }
            guard j >= 0, b[j] == UInt8(ascii: ",") else { continue }
            j -= 1
            while j >= 0, JSONTokenizer.isSpace(b[j]) { j -= 1 }
            if j >= 0, b[j] == UInt8(ascii: "}") { return k }
        }
        return nil
    }
}
