import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The JSON writer: stable key order, both layouts, numbers, and output that a standard parser
/// reads back to the same values.
@Suite struct ReportJSONOutputTests {
    static let sample = JSONOutput.object([
        ("z", .int(1)), ("a", .array([.bool(true), .null, .double(0.5), .string("é\n\"")])),
        ("empty", .object([])), ("list", .array([])), ("big", .int(Int64.max)),
    ])

    @Test func compactKeepsMemberOrder() {
        #expect(
            Self.sample.rendered(pretty: false)
                == "{\"z\":1,\"a\":[true,null,0.5,\"é\\n\\\"\"],\"empty\":{},\"list\":[],\"big\":9223372036854775807}")
    }

    @Test func prettyIndentsByTwoSpaces() {
        let expected = """
            {
              "z": 1,
              "a": [
                true,
                null,
                0.5,
                "é\\n\\""
              ],
              "empty": {},
              "list": [],
              "big": 9223372036854775807
            }
            """
        #expect(Self.sample.rendered(pretty: true) == expected)
    }

    @Test(arguments: [
        (1.0, "1.0"), (0.1, "0.1"), (-2.5e-7, "-2.5e-07"), (1e300, "1e+300"),
        (Double.nan, "null"), (Double.infinity, "null"),
    ])
    func doublesAreValidJSON(value: Double, expected: String) {
        #expect(JSONOutput.double(value).rendered() == expected)
    }

    /// Integers are written digit by digit into the output: every sign and length, the two
    /// extremes included, as `String(_:)` spells them.
    @Test func integersAsTheStandardLibrarySpellsThem() {
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Int64.random(in: Int64.min...Int64.max, using: &generator)) }
        for value in values {
            #expect(JSONOutput.int(value).rendered(pretty: false) == String(value))
        }
    }

    /// Indentation deeper than the writer's run of 64 spaces comes out whole.
    @Test func deepIndentationIsTwoSpacesALevel() {
        var value = JSONOutput.array([.int(7)])
        for _ in 0..<70 { value = .array([value]) }
        let lines = value.rendered(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 * 71 + 1)
        for (index, line) in lines.enumerated() {
            let depth = index <= 71 ? index : 2 * 71 - index
            #expect(line.prefix(while: { $0 == " " }).count == 2 * depth, "line \(index)")
        }
        #expect(lines[71].trimmingCharacters(in: .whitespaces) == "7")
    }

    @Test func omittingNilDropsAbsentMembers() {
        let value = JSONOutput.object(omittingNil: [("a", .int(1)), ("b", nil), ("c", .null)])
        #expect(value == .object([("a", .int(1)), ("c", .null)]))
    }

    @Test func foundationParsesEveryControlCharacterBack() throws {
        let text = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\"\\é🎉"
        let rendered = JSONOutput.array([.string(text)]).rendered(pretty: false)
        let parsed = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String]
        #expect(parsed == [text])
    }

    @Test func jsonReportParsesAndCountsSeverities() throws {
        let rendered = ReportFixture.rendered(.json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? NSDictionary)
        let counts = try #require(object["counts"] as? NSDictionary)
        #expect(counts["error"] as? Int == 3)
        #expect(counts["warning"] as? Int == 2)
        #expect(counts["info"] as? Int == 1)
        #expect((object["findings"] as? NSArray)?.count == ReportFixture.findings.count)
        #expect((object["summary"] as? NSDictionary)?["linesRead"] as? Int == 2000)
    }

    @Test func jsonReportKeepsEveryFindingWhateverMaxExamples() {
        let many = (1...5).map { line in
            Finding(rule: ReportFixture.enumValue, message: "m", at: SourceLocation(file: "f", line: line))
        }
        let document = ReportFixture.document(findings: many)
        let rendered = document.rendered(ReportOptions(format: .json, maxExamples: 1))
        // Five findings and their one group.
        #expect(rendered.components(separatedBy: "\"rule\": \"stream/enum-value\"").count == 7)
        #expect(rendered.contains("\"count\": 5"))
    }
}

/// The keys of the `summary` object are what scripts read (`summary.linesRead`,
/// `summary.findingsByRule`); the summary data model must keep them whatever the layout.
@Suite struct ReportSummaryKeyTests {
    static func keys(_ summary: ReportSummary) -> [String] {
        guard case .object(let members) = summary.json else { return [] }
        return members.map(\.0).sorted()
    }

    @Test func lintSummaryKeys() throws {
        let result = try Lint.run([
            Export.bq("tour_step_complete", at: 1, params: [("phase", .string("intro"))]),
            Export.bq("not_in_plan", at: 2), "not json", "",
        ])
        #expect(
            Self.keys(LintSummary.summary(of: result)) == [
                "automaticEvents", "blankLines", "bytes", "events", "eventsChecked", "eventsNeverSeen",
                "eventsNeverSeenCount",
                "findingsByRule", "invalidLines",
                "linesRead", "missingRequired", "notAnalyticsLines", "notEvents", "oversizeLines", "pairArms", "pairs",
                "rules",
                "typeVariation",
                "unknownEventNames", "unknownEvents", "unlistedFindings", "validLines",
            ])
        let json = LintSummary.summary(of: result).json.rendered(pretty: false)
        #expect(json.contains("\"unknownEventNames\":{\"not_in_plan\":1}"))
        #expect(json.contains("\"linesRead\":4,\"validLines\":2,\"invalidLines\":1,\"blankLines\":1"))
        #expect(
            json.contains(
                "{\"name\":\"offer\",\"opened\":0,\"closed\":0,\"closedByOutcome\":{},\"unclosed\":0,\"unclosedNearEnd\":0,\"orphanCloses\":0}"
            ))
    }

    @Test func budgetAndCheckSummaryKeys() throws {
        let plan = try PlanText.check(BudgetTests.plan).plan
        let base = try PlanText.check(
            "{ params: { screen: { type: 'string', values: ['home'], register: 'event' } }, events: { one: { params: { screen: 'required' } } } }"
        ).plan
        let report = BudgetCounter.count(
            plan: plan, registered: [], quotas: BudgetQuotas(tier: .standard), base: (plan: base, label: "main"))
        #expect(
            Self.keys(BudgetSummary.summary(of: report)) == [
                "archiveCandidates", "change", "collectionLimits", "minHeadroom", "needed", "scopes", "tier",
            ])
        let json = BudgetSummary.summary(of: report).json.rendered(pretty: false)
        #expect(json.contains("\"minHeadroom\":null"))
        #expect(json.contains("\"change\":{\"base\":\"main\",\"scopes\":[{\"scope\":\"event\","))
        #expect(
            Self.keys(CheckSummary.summary(of: plan)) == [
                "events", "files", "pairs", "params", "rules", "userProperties",
            ])
    }
}
