import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The SARIF report validates against the official SARIF 2.1.0 schema, with Python's `jsonschema`.
@Suite struct ReportSchemaToolTests {
    @Test(
        .enabled(
            if: SARIFSchema.validatorAvailable,
            "needs python3 with jsonschema (pip install jsonschema) and ../shared/testdata/sarif beside the repository"),
        arguments: sarifDocuments)
    func sarifValidatesAgainstOfficialSchema(name: String, document: ReportDocument) throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("eventlint-\(UUID().uuidString).sarif")
        try Data(SARIFReporter().render(document).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Python.run(["-c", SARIFSchema.validator, SARIFSchema.url.path, file.path])
        #expect(result.status == 0, "SARIF for \(name) does not validate:\n\(result.output)")
    }

    static let sarifDocuments: [(String, ReportDocument)] = [
        ("findings", ReportFixture.document()),
        ("clean", ReportFixture.document(findings: [], command: .check, summary: nil)),
        (
            "unknown positions",
            ReportDocument(
                tool: ReportTool(version: "0"), command: .budget,
                findings: [
                    Finding(
                        rule: ReportFixture.unclosed, message: "no line",
                        at: SourceLocation(file: "/abs/path x.json", line: 0, column: 0)),
                    Finding(
                        rule: ReportFixture.unclosed, message: "no column",
                        at: SourceLocation(file: "a.json", line: 2, column: 0)),
                ],
                rules: [])
        ),
    ]
}
