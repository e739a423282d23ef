import Testing
import BoardModel
import BoardReport

/// The one place the report writer's wording is pinned.
@Suite("ReportMessage")
struct ReportMessageTests {
    @Test("every case's wording")
    func wording() {
        let cases: [(ReportMessage, String)] = [
            (.templateUnreadable, "cannot read the template"),
            (.xlsxHasNoTemplate, "xlsx is written with ReportRenderer.write"),
            (.bundledTemplateMissing("weekly.md.mustache"), "the bundled template weekly.md.mustache is missing; pass --template FILE"),
            (.templateInvalid(error: "unclosed section"), "unclosed section"),
            (.cannotWriteReport, "cannot write the report"),
            (.cannotCreateWorkbook, "libxlsxwriter could not create the workbook"),
            (.cannotAddSheets, "libxlsxwriter could not add the sheets"),
            (.writeFailed(.addSheet("Summary")), "libxlsxwriter: could not add sheet 'Summary'"),
            (.partCutOff("xl/worksheets/sheet2.xml"),
             "the workbook's part xl/worksheets/sheet2.xml came out cut off (is the temporary folder, TMPDIR, full?)"),
            (.rowsCut(12), "12 list rows did not fit a worksheet (1,048,576 rows) and were left out; the JSON report has them all"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
    }
}
