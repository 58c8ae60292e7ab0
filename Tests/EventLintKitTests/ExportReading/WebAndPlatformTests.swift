import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Web and mixed streams: GA4's automatic web events and params are known, Measurement
/// Protocol's documented params too, and rules can be limited to platforms (`whenPlatform`).
@Suite struct WebAndPlatformTests {
    static func webRow(_ name: String, params: [(String, Export.Value)]) -> String {
        Export.bq(name, at: 0, params: params, userProperties: [], version: nil)
            .replacingOccurrences(of: "\"platform\":\"IOS\"", with: "\"platform\":\"WEB\"")
    }

    @Test(arguments: [
        "scroll", "click", "form_start", "form_submit", "file_download", "video_start", "video_progress",
        "video_complete", "view_search_results", "first_visit", "page_view", "user_engagement", "session_start",
    ])
    func enhancedMeasurementEventsAreKnown(name: String) throws {
        let row = Self.webRow(
            name,
            params: [
                ("page_location", .string("https://focusity.app/")), ("page_title", .string("Focusity")),
                ("page_referrer", .string("https://example.org/")), ("percent_scrolled", .int(90)),
                ("link_url", .string("https://example.org/")), ("outbound", .string("true")),
                ("form_id", .string("signup")),
                ("file_extension", .string("pdf")), ("video_percent", .int(25)), ("search_term", .string("timer")),
                ("engagement_time_msec", .int(1200)), ("debug_mode", .int(1)), ("batch_page_id", .int(1)),
            ])
        let result = try Lint.run([row])
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        #expect(result.counters.automaticEvents == 1 && result.counters.unknownEvents == 0)
    }

    @Test func measurementProtocolDocumentedParamsAreKnown() throws {
        let request = Export.mp(
            at: 0, userProperties: [],
            events: [
                (
                    name: "page_view",
                    params: [
                        ("session_id", .int(1_741_949_000)), ("engagement_time_msec", .int(100)),
                        ("items", .raw("[{\"item_id\":\"p1\",\"price\":1.5}]")),
                    ], at: nil
                ),
                (
                    name: "tour_step_complete",
                    params: [
                        ("phase", .string("guide")), ("session_id", .int(1_741_949_000)),
                        ("engagement_time_msec", .int(100)),
                    ], at: nil
                ),
            ])
        let result = try Lint.run([request])
        #expect(result.findings.filter { $0.ruleID.hasPrefix("stream/unknown") }.isEmpty, "\(result.lineRules)")
    }

    static let platformPlan = """
        {
          userProperties: { tier: { type: 'string', values: ['free', 'paid'], description: 'x' } },
          params: { colour: { type: 'string', description: 'x' } },
          events: { door_opened: { description: 'x', params: { colour: 'optional' } } },
          rules: {
            paid_on_ios: { description: 'x', on: 'door_opened', whenPlatform: ['IOS'], requireUser: { tier: 'paid' } },
            paid_on_apps: { description: 'x', on: 'door_opened', whenPlatform: ['IOS', 'ANDROID'], requireUser: { tier: 'paid' } },
          },
        }
        """

    @Test func whenPlatformLimitsARule() throws {
        let plan = CompiledPlan(try PlanText.check(Self.platformPlan).plan)
        let free: [(String, Export.Value)] = [("tier", .string("free"))]
        let ios = Export.bq("door_opened", at: 0, userProperties: free)
        let android = ios.replacingOccurrences(of: "\"platform\":\"IOS\"", with: "\"platform\":\"ANDROID\"")
        let web = ios.replacingOccurrences(of: "\"platform\":\"IOS\"", with: "\"platform\":\"WEB\"")
        let none = ios.replacingOccurrences(of: "\"platform\":\"IOS\",", with: "")
        let result = try Lint.run([ios, android, web, none], plan: plan)
        #expect(
            result.lineRules == [
                "1 rule/user-property-requirement", "1 rule/user-property-requirement",
                "2 rule/user-property-requirement",
            ])
        #expect(result.ruleViolations == [1, 2])
        // A capture knows its platform; an MP request with a client_id is a web stream.
        let capture = [
            CaptureText.logcat(0) + "Setting user property (FE): tier, free",
            CaptureText.logcat(1) + "Logging event (FE): door_opened, Bundle[{ga_event_origin(_o)=app}]",
        ]
        let fromCapture = try Lint.run(
            bytes: Array((capture.joined(separator: "\n") + "\n").utf8), name: "c.log", plan: plan)
        #expect(fromCapture.ruleViolations == [0, 1])
        let mp =
            "{\"client_id\":\"123.456\",\"user_properties\":{\"tier\":{\"value\":\"free\"}},\"events\":[{\"name\":\"door_opened\",\"params\":{}}]}"
        #expect(try Lint.run([mp], plan: plan).ruleViolations == [0, 0])
    }

    @Test func checkValidatesPlatforms() throws {
        let text = Self.platformPlan.replacingOccurrences(of: "whenPlatform: ['IOS']", with: "whenPlatform: ['PS5']")
        let findings = try PlanText.check(text).findings
        #expect(findings.contains { $0.ruleID == "plan/invalid-declaration" && $0.message.contains("PS5") })
    }

    @Test func sqlLimitsTheRuleToo() throws {
        let plan = try PlanText.check(Self.platformPlan).plan
        let sql = GeneratedSQL.sql(plan)
        #expect(sql.contains("platform IN ('IOS')") && sql.contains("platform IN ('IOS', 'ANDROID')"))
        #expect(!GeneratedSQL.sql(try GeneratedSQL.enginePlan()).contains("platform IN"))
    }
}
