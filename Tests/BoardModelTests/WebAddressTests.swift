import BoardModel
import Testing

/// Which addresses become links on a page, in a report and on a card: the one rule.
@Suite("Web address")
struct WebAddressTests {
    @Test func httpAndHttpsInAnyCaseAreWebAddresses() {
        for address in ["https://example.org/a", "http://example.org", "HTTPS://EXAMPLE.ORG/x", "Http://intranet/wiki"] {
            #expect(WebAddress.isWeb(address), "\(address)")
        }
    }

    @Test func otherSchemesAndBareNamesAreNot() {
        for address in ["javascript:alert(1)", "JavaScript://x%0Aalert(1)", "data:text/html,<b>x</b>", "ftp://example.org",
                        "www.example.org/x", "http:/example.org", "https:example.org", "", "http", "file:///etc/passwd",
                        " https://example.org", "http\u{1A}//example.org", "https:\u{0F}/example.org"] {
            #expect(!WebAddress.isWeb(address), "\(address)")
        }
    }
}
