import BoardIO

/// Markup, made so that data cannot become markup by mistake: a string literal is markup
/// written by this code, and a `String` put into one (`"<b>\(card.title)</b>"`) is data,
/// escaped on the way in. Markup made elsewhere goes in as `HTML` (`"<li>\(chip.html)</li>"`),
/// never as a `String`, so a page cannot forget to escape a card's text, however it is built.
struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup as text, for the response's body.
    private(set) var description: String

    init(stringLiteral markup: String) { description = markup }

    init(stringInterpolation: StringInterpolation) { description = stringInterpolation.markup }

    /// Nothing.
    static let empty: HTML = ""

    var isEmpty: Bool { description.isEmpty }

    static func + (a: HTML, b: HTML) -> HTML { HTML(stringLiteral: a.description + b.description) }
    static func += (a: inout HTML, b: HTML) { a.description += b.description }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity + 16 * interpolationCount) }

        mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Data: escaped (as text content and as an attribute's value alike).
        mutating func appendInterpolation(_ text: String) { markup += MarkupText.escape(text) }

        mutating func appendInterpolation(_ html: HTML) { markup += html.description }

        mutating func appendInterpolation(_ number: some BinaryInteger) { markup += String(number) }

        mutating func appendInterpolation(_ flag: Bool) { markup += flag ? "true" : "false" }
    }
}
