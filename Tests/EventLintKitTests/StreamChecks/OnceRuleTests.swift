import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Plan rules with `once`: an event at most once per user (a finding at each later occurrence,
/// in time order, with a note at the first), or exactly once for the users `whenUser` selects
/// (a finding at the user's first selecting event when the event never comes); the same
/// findings for every job count and when records spill; and what the loader says about `once`.
@Suite struct OnceRuleTests {
    typealias E = Events

    static let onceRules = """
        {
          rules: {
            offer_at_most_once: { on: 'offer_shown', once: 'atMost' },
            denied_wizard_at_most_once: { on: 'wizard_closed', when: { outcome: 'denied' }, once: 'atMost' },
            picker_exactly_once_in_offer_arm: {
              on: 'picker_closed', whenUser: { offer_arm: 'offer' }, once: 'exactly', severity: 'warning',
            },
          },
        }
        """

    static let plan: CompiledPlan = {
        do { return try Lint.plan(adding: [("once.json5", onceRules)]) } catch {
            Issue.record("the once plan does not load: \(error)")
            return CompiledPlan(Plan())
        }
    }()

    /// With an exactly-once rule on an event that some generated users lack and others repeat.
    static let generatedPlan: CompiledPlan = {
        let orders = "{ rules: { order_exactly_once: { on: 'order_completed', once: 'exactly' } } }"
        do { return try Lint.plan(adding: [("once.json5", onceRules), ("orders.json5", orders)]) } catch {
            Issue.record("the once plan does not load: \(error)")
            return CompiledPlan(Plan())
        }
    }()

    static let onceIDs: Set<String> = [OnceRules.repeated.id, OnceRules.missing.id]

    static func onceFindings(_ result: LintResult) -> [String] {
        result.findings.filter { onceIDs.contains($0.ruleID) }.map {
            "\($0.location.line) \($0.ruleID) \($0.severity) \($0.notes.compactMap(\.location?.line))"
        }
    }

    static let control: [(String, Export.Value)] = [
        ("offer_arm", .string("control")), ("limit_arm", .string("capped")),
    ]

    /// The first occurrence is the first in time, not in the file: line 2 comes 10 s before line 1.
    @Test func aSecondOccurrenceIsReportedWithANoteAtTheFirst() throws {
        let result = try Lint.run(
            [
                Export.bq("offer_shown", at: 20, params: E.offerArm),
                Export.bq("offer_shown", at: 10, params: E.offerArm),
                Export.bq("offer_shown", at: 30, params: E.offerArm),
                Export.bq("offer_shown", at: 10, user: "u2", params: E.offerArm),
                Export.bq("picker_closed", at: 40, params: E.picker()),
                Export.bq("picker_closed", at: 40, user: "u2", params: E.picker()),
            ], plan: Self.plan)
        #expect(Self.onceFindings(result) == ["1 rule/once-repeated error [2]", "3 rule/once-repeated error [2]"])
        let finding = try #require(result.findings(OnceRules.repeated.id).first)
        #expect(
            finding.message
                == OnceRules.repeatedMessage(
                    rule: "offer_at_most_once", event: "offer_shown", user: "\"A1B2C3D4E5F60718293A4B5C6D7E8F90\""))
        #expect(finding.notes.first?.message == OnceRules.firstOccurrenceNote)
    }

    /// Only the events the rule's `when` selects count: two wizard closes, one denied, are fine.
    @Test func onlyTheSelectedEventsCount() throws {
        let result = try Lint.run(
            [
                Export.bq("wizard_closed", at: 10, params: E.wizard("intro", outcome: "denied")),
                Export.bq("wizard_closed", at: 20, params: E.wizard("intro", outcome: "granted")),
                Export.bq("wizard_closed", at: 30, user: "u2", params: E.wizard("intro", outcome: "denied")),
                Export.bq("wizard_closed", at: 40, user: "u2", params: E.wizard("intro", outcome: "denied")),
            ], plan: Self.plan, configure: { $0.settings.maxFindings = .max })
        // These users are in the offer arm without a picker close: the exactly-once rule reports them too.
        #expect(
            Self.onceFindings(result) == [
                "1 rule/once-missing warning []", "3 rule/once-missing warning []", "4 rule/once-repeated error [3]",
            ])
    }

    /// Exactly once: a user in the offer arm without the event is reported at their first event;
    /// a user of another arm is not expected to have it; one with it twice has a second occurrence.
    @Test func exactlyOnceReportsTheUsersWithoutIt() throws {
        let result = try Lint.run(
            [
                Export.bq("offer_shown", at: 10, user: "missing", params: E.offerArm),
                Export.bq("picker_shown", at: 5, user: "missing", params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 10, user: "once", params: E.picker()),
                Export.bq("offer_shown", at: 10, user: "control", params: E.offerArm, userProperties: Self.control),
                Export.bq("picker_closed", at: 10, user: "twice", params: E.picker()),
                Export.bq("picker_closed", at: 20, user: "twice", params: E.picker()),
            ], plan: Self.plan)
        #expect(
            Self.onceFindings(result).sorted() == [
                "2 rule/once-missing warning []", "6 rule/once-repeated warning [5]",
            ])
        let missing = try #require(result.findings(OnceRules.missing.id).first)
        #expect(
            missing.message
                == OnceRules.missingMessage(
                    rule: "picker_exactly_once_in_offer_arm", wanted: ["\"picker_closed\""], user: "\"missing\""))
    }

    /// Planted in a generated export: the findings, counts and notes are the same for 1, 2, 3 and
    /// 7 jobs and with records spilled at 64 KiB.
    @Test func theSameFindingsForEveryJobCountAndWhenSpilled() throws {
        let directory = TemporaryDirectory()
        let (first, second) = EngineExport.make(seed: 44, users: 200, events: 6_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let b = directory.write("b.ndjson", Array(second.utf8))
        let reference = SpillTests.run([a, b], plan: Self.generatedPlan, limit: nil, jobs: 1, maxFindings: Int.max)
        let digest = SpillTests.digest(reference)
        #expect(digest.contains(OnceRules.repeated.id) && digest.contains(OnceRules.missing.id))
        for jobs in [2, 3, 7] {
            for limit in [nil, 64 << 10] {
                let result = SpillTests.run(
                    [a, b], plan: Self.generatedPlan, limit: limit, jobs: jobs, maxFindings: Int.max)
                #expect(SpillTests.digest(result) == digest, "jobs \(jobs), limit \(limit.map(String.init) ?? "none")")
            }
        }
    }

    @Test func anUnknownOnceIsAnInvalidDeclaration() throws {
        let text = """
            { events: { a: { description: 'A.' } }, rules: { r: { on: 'a', once: /*>*/'twice' } } }
            """
        let findings = try PlanText.check(text).findings
        let position = try #require(PlanText.markedPosition(in: text))
        let finding = try #require(
            findings.first { $0.message == PlanLoadingRules.unknownOnceMessage(once: "twice") })
        #expect(finding.ruleID == PlanLoadingRules.invalidDeclaration.id)
        #expect(finding.location.line == position.line)
        #expect(finding.location.column == position.column)
        // Without a valid once the rule requires nothing, and is dropped.
        #expect(findings.count == 2)
    }

    @Test func aRuleWithOnlyOnceLoadsAndItsEventMustExist() throws {
        let clean = try PlanText.check(
            "{ events: { a: { description: 'A.' } }, rules: { r: { on: 'a', once: 'exactly' } } }")
        #expect(clean.findings.isEmpty, "\(clean.findings.map(\.message))")
        #expect(clean.plan.rules.first?.once == .exactly)
        let unknown = try PlanText.check(
            "{ events: { a: { description: 'A.' } }, rules: { r: { on: 'b', once: 'atMost' } } }")
        #expect(unknown.findings.map(\.ruleID) == [PlanRules.unknownEventRef.id])
    }
}

extension OnceRuleTests {
    /// `watch` reports a repeat as it arrives, and a user without the exactly-once event only
    /// when it ends.
    @Test func watchReportsARepeatAtOnceAndTheMissingEventAtTheEnd() throws {
        let engine = StreamEngine(
            plan: Self.plan, settings: StreamSettings(pairTimeout: try TimeWindow.parse("3600s").get()), file: "live")
        let rules = StreamEngineTests.pushAll(
            [
                Export.bq("offer_shown", at: 0, user: "u1", params: E.offerArm),
                Export.bq("offer_shown", at: 5, user: "u1", params: E.offerArm),
            ], into: engine)
        #expect(rules[0].isEmpty)
        #expect(rules[1].filter { Self.onceIDs.contains($0) } == [OnceRules.repeated.id], "\(rules)")
        let end = engine.finish()
        #expect(end.findings.map(\.ruleID).filter { Self.onceIDs.contains($0) } == [OnceRules.missing.id])
        #expect(end.findings.first { $0.ruleID == OnceRules.missing.id }?.location.line == 1)
    }
}
