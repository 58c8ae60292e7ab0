import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Coverage for a QA session: `lint`'s summary lists the plan's events no line carried, in plan
/// order, for people and for machines, the same for every job count and when records spill;
/// `watch` lists them worded for its session, once.
@Suite struct NeverSeenTests {
    typealias E = Events

    static func text(_ result: LintResult) -> String {
        TextReporter().render(ReportFixture.document(findings: [], summary: LintSummary.summary(of: result)))
    }

    static func planEvents(_ plan: CompiledPlan) -> [String] { plan.events.map(\.name) }

    @Test func theSummaryListsThePlansEventsNeverSeenInPlanOrder() throws {
        let result = try Lint.run([
            Export.bq("offer_shown", at: 0, params: E.offerArm),
            Export.bq("picker_shown", at: 1, params: [("entry", .string("onboarding"))]),
            Export.bq("not_in_plan", at: 2),
        ])
        let expected = Self.planEvents(Lint.enginePlan).filter { !["offer_shown", "picker_shown"].contains($0) }
        #expect(LintSummary(result: result).eventsNeverSeen == expected)
        #expect(result.findings.allSatisfy { !$0.message.contains("never seen") }, "a summary, not findings")
        let json = LintSummary.summary(of: result).json.rendered(pretty: false)
        #expect(json.contains("\"eventsNeverSeenCount\":\(expected.count)"))
        let list = expected.map { "{\"event\":\"\($0)\"}" }.joined(separator: ",")
        #expect(json.contains("\"eventsNeverSeen\":[\(list)]"), "\(json)")
        let text = Self.text(result)
        #expect(text.contains("coverage:\n"))
        #expect(
            text.contains(
                "\(expected.count) events of the plan never seen in the input: \(expected.joined(separator: ", "))"))
    }

    @Test func everyEventSeenIsSaid() throws {
        let lines = Self.planEvents(Lint.enginePlan).enumerated().map { Export.bq($0.element, at: Double($0.offset)) }
        let result = try Lint.run(lines)
        #expect(LintSummary(result: result).eventsNeverSeen.isEmpty)
        #expect(Self.text(result).contains("every event of the plan was seen in the input"))
    }

    /// A generated export that never carries some plan events: the same list and summary for 1,
    /// 2, 3 and 7 jobs and with records spilled at 64 KiB.
    @Test func theSameListForEveryJobCountAndWhenSpilled() throws {
        let directory = TemporaryDirectory()
        let (first, second) = EngineExport.make(seed: 45, users: 50, events: 2_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let b = directory.write("b.ndjson", Array(second.utf8))
        let reference = SpillTests.run([a, b], plan: Lint.enginePlan, limit: nil, jobs: 1, maxFindings: Int.max)
        let never = LintSummary(result: reference).eventsNeverSeen
        #expect(!never.isEmpty && never.count < Lint.enginePlan.events.count)
        let summary = LintSummary.summary(of: reference).json.rendered(pretty: false)
        for jobs in [2, 3, 7] {
            for limit in [nil, 64 << 10] {
                let result = SpillTests.run(
                    [a, b], plan: Lint.enginePlan, limit: limit, jobs: jobs, maxFindings: Int.max)
                #expect(LintSummary.summary(of: result).json.rendered(pretty: false) == summary, "jobs \(jobs)")
            }
        }
    }

    @Test func watchListsThemOnceForItsSession() throws {
        let engine = try StreamEngineTests.engine()
        _ = StreamEngineTests.pushAll([Export.bq("offer_shown", at: 0, params: E.offerArm)], into: engine)
        let end = engine.finish()
        let expected = Self.planEvents(Lint.enginePlan).filter { $0 != "offer_shown" }
        #expect(end.eventsNeverSeen == expected)
        let json = end.summary.json.rendered(pretty: false)
        #expect(json.components(separatedBy: "\"eventsNeverSeen\":").count == 2, "listed once")
        #expect(json.contains("\"eventsNeverSeenCount\":\(expected.count)"))
    }
}
