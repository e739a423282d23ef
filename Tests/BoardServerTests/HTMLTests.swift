@testable import BoardServer
import Testing

/// Markup that cannot take data as markup: a string put into it is escaped; only `HTML`
/// goes in as it is.
@Suite struct HTMLTests {
    @Test func aStringPutIntoMarkupIsEscapedAndMarkupIsNot() {
        let title = #"<img src=x onerror="alert(1)"> & 'co'"#
        let chip: HTML = "<span class=\"due\">\(title)</span>"
        #expect(chip.description == #"<span class="due">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;</span>"#)
        let item: HTML = "<li data-n=\"\(12)\" data-w=\"\(true)\">\(chip)</li>"
        #expect(item.description == #"<li data-n="12" data-w="true"><span class="due">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;</span></li>"#)
    }

    @Test func aPageBuiltPieceByPieceEscapesItsValues() {
        var h = HTMLText()
        h.raw("<p>")
        h.escaped("a < b")
        h.raw(" \("</p><script>")</p>")
        #expect(h.html.description == "<p>a &lt; b &lt;/p&gt;&lt;script&gt;</p>")
    }
}
