import Testing
import BoardModel
@testable import BoardIO

@Suite("DiagnosticLimiter")
struct DiagnosticLimiterTests {
    func warning(_ k: Int) -> Diagnostic { Diagnostic(Said(code: .unknownKey, text: "key \(k)"), at: SourceLocation(file: "f", line: k)) }
    func error(_ k: Int) -> Diagnostic { Diagnostic(Said(code: .invalidDate, text: "date \(k)"), at: SourceLocation(file: "f", line: k)) }

    @Test("the first few of each code are listed, the rest counted in one line per code and severity")
    func caps() {
        let limiter = DiagnosticLimiter(limit: 3, file: "f")
        for k in 0..<10 { limiter.add(warning(k)); limiter.add(error(k)) }
        var demoted = error(99)
        demoted.severity = .warning
        limiter.add(demoted)
        let out = limiter.finished()
        #expect(out.prefix(6).map(\.message.text) == ["key 0", "date 0", "key 1", "date 1", "key 2", "date 2"])
        #expect(out.dropFirst(6).map { $0.message as? BoardIOMessage } == [
            .moreNotShown(.invalidDate, count: 7), .moreNotShown(.invalidDate, count: 1), .moreNotShown(.unknownKey, count: 7),
        ])
        #expect(out.dropFirst(6).map(\.severity) == [.error, .warning, .warning])
        #expect(out.dropFirst(6).allSatisfy { $0.location == SourceLocation(file: "f") })
        #expect(limiter.hasErrors)
        #expect(Array(out.prefix(6)) + limiter.closingLines() == out)
    }

    @Test("absorbing another limiter counts as adding its diagnostics after")
    func absorb() {
        let one = DiagnosticLimiter(limit: 2, file: "f"), other = DiagnosticLimiter(limit: 2, file: "f")
        let all = DiagnosticLimiter(limit: 2, file: "f")
        for k in 0..<3 { one.add(warning(k)); all.add(warning(k)) }
        for k in 3..<8 { other.add(warning(k)); all.add(warning(k)) }
        one.absorb(other)
        #expect(one.finished() == all.finished())
        #expect(([warning(1), warning(2), warning(3)]).limited(1, file: "f").last?.message as? BoardIOMessage
                == .moreNotShown(.unknownKey, count: 2))
    }
}

/// A message of the tests' own: the limiter counts by code whatever the wording.
struct Said: DiagnosticMessage {
    let code: DiagnosticCode
    let text: String
}
