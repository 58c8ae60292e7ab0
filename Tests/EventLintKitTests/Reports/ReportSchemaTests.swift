import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Checks the machine formats against what their consumers accept: SARIF's regions and JUnit
/// with an XML parser (`ReportSchemaToolTests` validates SARIF against the official schema).
@Suite struct ReportSchemaTests {

    @Test func sarifRegionLeavesOutUnknownLineAndColumn() {
        let noLine = SARIFReporter.physicalLocation(SourceLocation(file: "/abs/x y.json", line: 0, column: 0))
        #expect(noLine.rendered(pretty: false) == "{\"artifactLocation\":{\"uri\":\"file:///abs/x%20y.json\"}}")
        let noColumn = SARIFReporter.physicalLocation(SourceLocation(file: "a.json", line: 2, column: 0))
        #expect(
            noColumn.rendered(pretty: false)
                == "{\"artifactLocation\":{\"uri\":\"a.json\",\"uriBaseId\":\"%SRCROOT%\"},\"region\":{\"startLine\":2}}"
        )
    }

    #if canImport(FoundationXML)
        @Test func junitIsWellFormedXMLEvenWithControlCharacters() {
            var findings = ReportFixture.findings
            findings.append(
                Finding(
                    rule: ReportFixture.enumValue, message: "nul\u{00} esc\u{1B} ff\u{0C} ]]> <![CDATA[ &amp;",
                    at: SourceLocation(file: "z<&>.json", line: 1)))
            for document in [ReportFixture.document(findings: findings), ReportFixture.document(findings: [])] {
                let xml = JUnitReporter().render(document)
                let parser = XMLParser(data: Data(xml.utf8))
                #expect(parser.parse(), "JUnit XML does not parse: \(String(describing: parser.parserError))\n\(xml)")
            }
        }
    #endif
}
