import EventLintTestSupport
import Testing

@testable import EventLintKit

/// Choosing a format from a flag value and turning findings into an exit status.
@Suite struct ReportFormatAndExitTests {
    @Test(arguments: ReportFormat.allCases)
    func everyFormatParsesFromItsName(format: ReportFormat) throws {
        #expect(try ReportFormat(parsing: format.rawValue) == format)
        #expect(try ReportFormat(parsing: " " + format.rawValue.uppercased()) == format)
    }

    @Test func unknownFormatIsAnErrorThatListsTheValidNames() {
        #expect(throws: ReportFormatError(name: "xml")) { try ReportFormat(parsing: "xml") }
        #expect(
            ReportFormatError(name: "xml").description
                == "unknown format \"xml\"; expected one of: text, json, github, sarif, junit, markdown, html, xcode")
        #expect(throws: ReportFormatError.self) { try ReportFormat(parsing: "") }
    }

    static func findings(_ severities: [Severity]) -> [Finding] {
        severities.map {
            Finding(rule: ReportFixture.enumValue, severity: $0, message: "m", at: SourceLocation(file: "f", line: 1))
        }
    }

    @Test(arguments: [
        ([Severity](), Severity.error, Int32(0)), ([], .info, 0),
        ([.warning, .info], .error, 0), ([.warning, .info], .warning, 1), ([.info], .warning, 0),
        ([.info], .info, 1), ([.error], .error, 1), ([.error], .info, 1),
    ])
    func exitStatusIsOneAtOrAboveFailOn(severities: [Severity], failOn: Severity, expected: Int32) {
        #expect(exitStatus(for: Self.findings(severities), failOn: failOn) == expected)
        // `lint` and `watch` decide from their counts (findings past `--max-findings` are
        // counted, not kept): the same answer.
        var counts = FindingCounts()
        for finding in Self.findings(severities) { counts.add(finding) }
        #expect(exitStatus(for: counts, failOn: failOn) == expected)
    }

    @Test func rulesReferencedAreLookedUpAndSorted() {
        let catalog = [ReportFixture.unclosed, ReportFixture.nameTooLong, ReportFixture.enumValue]
        let rules = ReportDocument.rulesReferenced(by: ReportFixture.findings, in: catalog)
        #expect(rules.map(\.id) == ["ga4/event-name-too-long", "pair/unclosed", "stream/enum-value"])
    }

    @Test func sarifGivesEveryResultAValidRuleIndex() throws {
        let log = SARIFReporter().log(for: ReportFixture.document())
        let descriptors = SARIFReporter.descriptors(for: ReportFixture.document())
        #expect(
            descriptors.map(\.id) == [
                "ga4/event-name-too-long", "plan/unknown-param-ref", "stream/enum-value", "pair/unclosed",
                "plan/non-ascii-name",
            ])
        #expect(log.rendered().contains("\"ruleIndex\": 4"))
    }
}
