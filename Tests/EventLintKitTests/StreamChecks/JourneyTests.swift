import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Journeys: each user `whenUser` selects goes through the steps in order, within the window
/// from the first step; the first step that breaks is one finding at that event (the step
/// expected, the event that came or the time it took), with a note at the first step; other
/// events and unfinished journeys are no finding; what the loader and `check` say.
@Suite struct JourneyTests {
    typealias E = Events

    static let journeys = """
        {
          journeys: {
            offer_flow: {
              whenUser: { offer_arm: 'offer' },
              steps: ['offer_shown', { event: 'offer_closed', where: { outcome: 'setup' } }, 'wizard_step_shown', 'picker_closed'],
              within: '30m',
            },
          },
        }
        """

    static let plan: CompiledPlan = {
        do { return try Lint.plan(adding: [("journeys.json5", journeys)]) } catch {
            Issue.record("the journey plan does not load: \(error)")
            return CompiledPlan(Plan())
        }
    }()

    static let ids: Set<String> = [JourneyRules.unexpectedStep.id, JourneyRules.windowExceeded.id]
    static let control: [(String, Export.Value)] = [
        ("offer_arm", .string("control")), ("limit_arm", .string("capped")),
    ]
    static let later: [(String, Export.Value)] = [("outcome", .string("later")), ("limit_arm", .string("capped"))]

    static func journeyFindings(_ result: LintResult) -> [String] {
        result.findings.filter { ids.contains($0.ruleID) }.map {
            "\($0.location.line) \($0.ruleID) \($0.notes.compactMap(\.location?.line))"
        }
    }

    @Test func theFirstBrokenStepOfEachUserIsReported() throws {
        let result = try Lint.run(
            [
                // 1–5: all four steps in order, a picker_shown (not a step) between them.
                Export.bq("offer_shown", at: 0, user: "done", params: E.offerArm),
                Export.bq("offer_closed", at: 10, user: "done", params: E.offerClosed(duration: .int(10_000))),
                Export.bq("wizard_step_shown", at: 20, user: "done", params: E.wizard("intro")),
                Export.bq("picker_shown", at: 25, user: "done", params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 30, user: "done", params: E.picker()),
                // 6–8: closed with later, which matches no step and so does not move the journey;
                // the wizard (step 3) then comes where step 2 (closed with setup) is expected.
                Export.bq("offer_shown", at: 0, user: "later", params: E.offerArm),
                Export.bq("offer_closed", at: 10, user: "later", params: Self.later),
                Export.bq("wizard_step_shown", at: 20, user: "later", params: E.wizard("intro")),
                // 9: a step before the first.
                Export.bq("wizard_step_shown", at: 0, user: "early", params: E.wizard("intro")),
                // 10–12: step 3 more than 30 minutes after the first.
                Export.bq("offer_shown", at: 0, user: "slow", params: E.offerArm),
                Export.bq("offer_closed", at: 10, user: "slow", params: E.offerClosed(duration: .int(10_000))),
                Export.bq("wizard_step_shown", at: 1801, user: "slow", params: E.wizard("intro")),
                // 13: another arm is not selected; 14: unfinished is no finding.
                Export.bq(
                    "wizard_step_shown", at: 0, user: "control", params: E.wizard("intro"), userProperties: Self.control
                ),
                Export.bq("offer_shown", at: 0, user: "cut", params: E.offerArm),
                // 15–16: the other branch (closed with later) and nothing after it: no finding.
                Export.bq("offer_shown", at: 0, user: "branch", params: E.offerArm),
                Export.bq("offer_closed", at: 10, user: "branch", params: Self.later),
            ], plan: Self.plan, configure: { $0.settings.maxFindings = .max })
        #expect(
            Self.journeyFindings(result).sorted() == [
                "12 journey/window-exceeded [10]", "8 journey/unexpected-step [6]", "9 journey/unexpected-step []",
            ])
        let broken = try #require(
            result.findings.first { $0.ruleID == JourneyRules.unexpectedStep.id && $0.location.line == 8 })
        #expect(
            broken.message
                == JourneyRules.unexpectedStepMessage(
                    journey: "offer_flow", step: 2, expected: "\"offer_closed\" (outcome setup)",
                    event: "wizard_step_shown", user: "\"later\""))
    }

    @Test func aStepOutsideTheWindowSaysHowLateItCame() throws {
        let result = try Lint.run(
            [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 1801, params: E.offerClosed(duration: .int(1_801_000))),
            ], plan: Self.plan)
        #expect(
            result.findings(JourneyRules.windowExceeded.id).map(\.message) == [
                JourneyRules.windowExceededMessage(
                    journey: "offer_flow", step: 2, expected: "\"offer_closed\" (outcome setup)", gap: 1_801_000_000,
                    user: "\"A1B2C3D4E5F60718293A4B5C6D7E8F90\"", within: try TimeWindow.parse("30m").get())
            ])
    }

    /// `watch` follows each user's journey as lines arrive, interleaved with other users.
    @Test func watchReportsTheBrokenStepAsItArrives() throws {
        let engine = StreamEngine(
            plan: Self.plan, settings: StreamSettings(pairTimeout: try TimeWindow.parse("3600s").get()), file: "live")
        let rules = StreamEngineTests.pushAll(
            [
                Export.bq("offer_shown", at: 0, user: "u1", params: E.offerArm),
                Export.bq("offer_shown", at: 1, user: "u2", params: E.offerArm),
                Export.bq("offer_closed", at: 5, user: "u2", params: E.offerClosed(duration: .int(4000))),
                Export.bq("wizard_step_shown", at: 6, user: "u1", params: E.wizard("intro")),
            ], into: engine)
        #expect(rules.map { $0.filter { Self.ids.contains($0) } } == [[], [], [], [JourneyRules.unexpectedStep.id]])
        #expect(engine.finish().findings.filter { Self.ids.contains($0.ruleID) }.isEmpty)
    }

    /// 30 minutes after the first step is inside the window, the edge included.
    @Test func theWindowEdgeIsIncluded() throws {
        let result = try Lint.run(
            [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 1800, params: E.offerClosed(duration: .int(1_800_000))),
            ], plan: Self.plan)
        #expect(Self.journeyFindings(result).isEmpty)
    }

    /// The same findings for 1, 2, 3 and 7 jobs and with records spilled at 64 KiB.
    @Test func theSameFindingsForEveryJobCountAndWhenSpilled() throws {
        let steps = "{ journeys: { j: { steps: ['offer_shown', 'offer_closed', 'order_completed'], within: '1m' } } }"
        let plan = try Lint.plan(adding: [("journeys.json5", steps)])
        let directory = TemporaryDirectory()
        let (first, second) = EngineExport.make(seed: 47, users: 150, events: 4_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let b = directory.write("b.ndjson", Array(second.utf8))
        let digest = SpillTests.digest(SpillTests.run([a, b], plan: plan, limit: nil, jobs: 1, maxFindings: Int.max))
        #expect(digest.contains(JourneyRules.unexpectedStep.id) && digest.contains(JourneyRules.windowExceeded.id))
        for jobs in [2, 3, 7] {
            for limit in [nil, 64 << 10] {
                let result = SpillTests.run([a, b], plan: plan, limit: limit, jobs: jobs, maxFindings: Int.max)
                #expect(SpillTests.digest(result) == digest, "jobs \(jobs), limit \(limit.map(String.init) ?? "none")")
            }
        }
    }

    @Test func theLoaderAndCheckRefuseBadJourneys() throws {
        let events = "events: { a: { description: 'A.' }, b: { description: 'B.' } }"
        let oneStep = try PlanText.check("{ \(events), journeys: { j: { steps: ['a'] } } }")
        #expect(oneStep.findings.map(\.message) == [PlanLoadingRules.journeyStepsMessage(journey: "j")])
        #expect(oneStep.plan.journeys.isEmpty)
        let notAList = try PlanText.check("{ \(events), journeys: { j: { steps: 'a' } } }")
        #expect(notAList.findings.map(\.ruleID) == [PlanLoadingRules.invalidDeclaration.id])
        let unknown = try PlanText.check("{ \(events), journeys: { j: { steps: ['a', 'c'], within: '1h' } } }")
        #expect(unknown.findings.map(\.ruleID) == [PlanRules.unknownEventRef.id])
        let clean = try PlanText.check("{ \(events), journeys: { j: { steps: ['a', { event: 'b' }], within: '1h' } } }")
        #expect(clean.findings.isEmpty, "\(clean.findings.map(\.message))")
        #expect(clean.plan.journeys.first?.steps.map(\.event) == ["a", "b"])
    }
}
