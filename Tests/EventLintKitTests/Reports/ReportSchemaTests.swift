import Foundation
import Testing

@testable import EventLintKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Checks the machine formats against what their consumers accept: SARIF against the official
/// OASIS schema (with Python's `jsonschema`, as no Swift validator ships with the toolchain) and
/// JUnit with an XML parser.
@Suite struct ReportSchemaTests {
    /// `../shared/testdata/sarif/sarif-schema-2.1.0.json`, beside the repository root.
    static let schemaURL = Repository.shared.appendingPathComponent("testdata/sarif/sarif-schema-2.1.0.json")

    /// Both the schema and `python3` with `jsonschema` (CI installs it with `pip install jsonschema`).
    static let validatorAvailable: Bool = {
        guard FileManager.default.fileExists(atPath: schemaURL.path) else { return false }
        return (try? runPython(["-c", "import jsonschema"]).status) == 0
    }()

    static let validator = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        log = json.load(open(sys.argv[2], encoding="utf-8"))
        errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.absolute_path))
        for error in errors:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    static func runPython(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Validates SARIF text against the official schema: the validator's exit status and output.
    static func validate(sarif text: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-\(UUID().uuidString).sarif")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try runPython(["-c", validator, schemaURL.path, file.path])
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

    @Test(
        .enabled(
            if: validatorAvailable,
            "needs python3 with jsonschema (pip install jsonschema) and ../shared/testdata/sarif beside the repository"),
        arguments: sarifDocuments)
    func sarifValidatesAgainstOfficialSchema(name: String, document: ReportDocument) throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("eventlint-\(UUID().uuidString).sarif")
        try Data(SARIFReporter().render(document).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Self.runPython(["-c", Self.validator, Self.schemaURL.path, file.path])
        #expect(result.status == 0, "SARIF for \(name) does not validate:\n\(result.output)")
    }

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
