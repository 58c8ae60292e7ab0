import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Every finding of an export line carries what a team triages by, in JSON and in SARIF's
/// `properties`, with values cut to a bounded length.
@Suite struct TriageFieldTests {
    static let line =
        #"{"event_name":"paywall_shown","event_timestamp":"1741968387656825","user_pseudo_id":"U1","platform":"ANDROID","app_info":{"version":"3.1.0"},"event_params":[{"key":"zz_unknown","value":{"string_value":""#
        + String(repeating: "x", count: 5000) + #""}}]}"#

    static func lint(_ format: String) throws -> [String: Any] {
        let directory = TemporaryDirectory()
        let path = directory.write("e.ndjson", Array((line + "\n").utf8))
        let result = EventLintCLI.run(
            ["lint", "--schema", Repository.schema.path, "--format", format, path],
            environment: CommandEnvironment())
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func jsonFindingsCarryUserTimeReleasePlatformAndABoundedValue() throws {
        let findings = try #require(try Self.lint("json")["findings"] as? [[String: Any]])
        let finding = try #require(findings.first { $0["rule"] as? String == "stream/unknown-param" })
        #expect(finding["userId"] as? String == "U1")
        #expect(finding["eventTimestamp"] as? Int == 1741968387656825)
        #expect(finding["appVersion"] as? String == "3.1.0")
        #expect(finding["platform"] as? String == "ANDROID")
        let value = try #require(finding["value"] as? String)
        #expect(value.hasPrefix("xxxx"))
        #expect(value.utf8.count <= FindingContext.maxValueBytes)
        // Every finding of the line has the line's fields.
        #expect(findings.allSatisfy { $0["userId"] as? String == "U1" })
    }

    @Test func sarifPropertiesCarryTheSameFields() throws {
        let runs = try #require(try Self.lint("sarif")["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let result = try #require(results.first { $0["ruleId"] as? String == "stream/unknown-param" })
        let properties = try #require(result["properties"] as? [String: Any])
        #expect(properties["userId"] as? String == "U1")
        #expect(properties["platform"] as? String == "ANDROID")
        #expect(properties["appVersion"] as? String == "3.1.0")
        #expect(properties["event"] as? String == "paywall_shown")
        #expect(properties["param"] as? String == "zz_unknown")
    }

    @Test func pairFindingsNameTheUserAndTheRelatedLine() throws {
        let open =
            #"{"event_name":"app_picker_shown","event_timestamp":"1741968387656825","user_pseudo_id":"U2","event_params":[{"key":"entry","value":{"string_value":"onboarding"}}]}"#
        let again = open.replacingOccurrences(of: "1741968387656825", with: "1741968388656825")
        let directory = TemporaryDirectory()
        let path = directory.write("p.ndjson", Array((open + "\n" + again + "\n").utf8))
        let result = EventLintCLI.run(
            ["lint", "--schema", Repository.schema.path, "--format", "json", path],
            environment: CommandEnvironment())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let reopened = try #require(findings.first { $0["rule"] as? String == "pair/reopened" })
        #expect(reopened["userId"] as? String == "U2")
        let related = try #require(reopened["related"] as? [[String: Any]])
        #expect(related.first?["line"] as? Int == 2)
    }
}
