import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `experiments` in the plan: how the loader reads them, what `check` says about them (each
/// rule's finding worded by its factory), and the two experiments of the shipped plan.
@Suite struct ExperimentPlanTests {
    typealias Case = RuleMessageCase

    static let messages: [Case] = [
        Case(
            PlanRules.experimentArmUndeclared,
            PlanRules.experimentArmUndeclaredMessage(
                experiment: "offer_test", arm: "none", property: "arm", allowed: ["offer", "control"]),
            #"arm "none" of experiment "offer_test" is not a value of user property "arm" (allowed: "offer", "control")"#
        ),
        Case(
            PlanRules.experimentShareInvalid, PlanRules.experimentSharesSumMessage(experiment: "t", sum: 0.9),
            #"the shares of experiment "t" sum to 0.9, not 1"#),
        Case(
            PlanRules.experimentTooFewArms, PlanRules.experimentTooFewArmsMessage(experiment: "t", count: 1),
            #"experiment "t" has 1 arm: an experiment compares at least two"#),
        Case(
            PlanRules.experimentPropertyNotMarked,
            PlanRules.experimentPropertyNotMarkedMessage(property: "arm", experiment: "t"),
            #"user property "arm" holds the arms of experiment "t" but is not marked experiment: true"#),
        Case(
            PlanRules.experimentPropertyShared,
            PlanRules.experimentPropertySharedMessage(property: "arm", experiment: "u", first: "t"),
            #"experiment "u" reads user property "arm", which already holds the arms of experiment "t""#),
        Case(
            PlanRules.experimentUndeclared, PlanRules.experimentUndeclaredMessage(property: "arm"),
            #"user property "arm" is marked experiment: true but no experiment declares its arms"#),
    ]

    @Test func everyExperimentRuleHasAMessageCase() {
        #expect(Set(Self.messages.map(\.rule.id)) == Set(PlanRules.experimentRules.map(\.id)))
        #expect(PlanRules.experimentRules.allSatisfy { RuleCatalog.rule(id: $0.id) != nil })
    }

    @Test(arguments: messages)
    func aFailingExampleIsWordedByItsFactory(_ example: Case) throws {
        let failing = try #require(example.rule.examples).failing
        let findings = try PlanText.check(failing).findings.filter { $0.ruleID == example.rule.id }
        #expect(findings.map(\.message) == [example.message])
        #expect(example.message == example.text)
    }

    @Test func theFactoriesSpellEachCase() {
        #expect(
            PlanRules.experimentShareOutOfRangeMessage(experiment: "t", arm: "a", share: 1.5)
                == #"arm "a" of experiment "t" has share 1.5, not a number above 0 and at most 1"#)
        #expect(
            PlanRules.experimentTooFewArmsMessage(experiment: "t", count: 0).hasPrefix(#"experiment "t" has 0 arms:"#))
        #expect(PlanRules.userPropertyDeclarationNote == "the user property is declared here")
        #expect(PlanRules.experimentDeclarationNote == "the experiment is declared here")
    }

    static let property = "userProperties: { arm: { values: ['a', 'b', 'c'], experiment: true, description: 'x' } }"

    static func findings(_ experiment: String) throws -> [Finding] {
        try PlanText.check("{ \(property), experiments: { t: \(experiment) } }").findings
    }

    @Test func sharesOutOfRangeAreReportedAtTheShareAndNotSummed() throws {
        let findings = try Self.findings("{ userProperty: 'arm', arms: { a: 0, b: 1.5, c: -0.5 } }")
        #expect(
            findings.map(\.message) == [
                PlanRules.experimentShareOutOfRangeMessage(experiment: "t", arm: "a", share: 0),
                PlanRules.experimentShareOutOfRangeMessage(experiment: "t", arm: "b", share: 1.5),
                PlanRules.experimentShareOutOfRangeMessage(experiment: "t", arm: "c", share: -0.5),
            ])
        #expect(findings.map(\.location.column) == [145, 151, 159])
    }

    @Test func decimalSharesSumToOneWithinTheTolerance() throws {
        #expect(try Self.findings("{ userProperty: 'arm', arms: { a: 0.1, b: 0.2, c: 0.7 } }").isEmpty)
        #expect(try Self.findings("{ userProperty: 'arm', arms: { a: 0.1, b: 0.2, c: 0.6999 } }").count == 1)
    }

    @Test func theNotesPointAtTheDeclarations() throws {
        let failing = try #require(PlanRules.experimentArmUndeclared.examples).failing
        let arm = try PlanText.check(failing).findings.filter { $0.ruleID == PlanRules.experimentArmUndeclared.id }
        #expect(arm.flatMap(\.notes).map(\.message) == [PlanRules.userPropertyDeclarationNote])
        #expect(arm.first?.param == "arm")
        let sharedExample = try #require(PlanRules.experimentPropertyShared.examples).failing
        let shared = try PlanText.check(sharedExample).findings.filter {
            $0.ruleID == PlanRules.experimentPropertyShared.id
        }
        #expect(shared.flatMap(\.notes).map(\.message) == [PlanRules.experimentDeclarationNote])
        #expect(shared.flatMap(\.notes).compactMap(\.location?.line) == [2])
    }

    // MARK: - The property and the population

    @Test func anUndeclaredPropertyIsAnUnknownReference() throws {
        let findings = try PlanText.check("{ experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } } }")
            .findings
        #expect(findings.map(\.ruleID) == [PlanRules.unknownUserPropertyRef.id])
        #expect(findings.first?.location == SourceLocation(file: "example.json5", line: 1, column: 37))
    }

    @Test func gaAutomaticExperimentPropertiesTakeAnyArm() throws {
        let text = "{ experiments: { t: { userProperty: 'firebase_exp_3', arms: { '0': 0.5, '1': 0.5 } } } }"
        #expect(try PlanText.check(text).findings.isEmpty)
    }

    @Test func thePopulationGetsTheChecksOfAUserCondition() throws {
        let clean = try Self.findings(
            "{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, population: { first_open_time: { min: 1767225600000 } } }"
        )
        #expect(clean.isEmpty, "\(clean.map(\.message))")
        let unknown = try Self.findings(
            "{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, population: { cohort: 'new' } }")
        #expect(unknown.map(\.ruleID) == [PlanRules.unknownUserPropertyRef.id])
        let never = try Self.findings(
            "{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, population: { arm: 'z' } }")
        #expect(never.map(\.ruleID) == [PlanRules.conditionNeverHolds.id])
        let mistyped = try Self.findings(
            "{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, population: { arm: { min: 3 } } }")
        #expect(mistyped.map(\.ruleID) == [PlanRules.valueTypeMismatch.id])
    }

    // MARK: - Loading

    @Test func theLoaderKeepsEveryPosition() throws {
        let text = """
            {
              \(Self.property),
              experiments: {
                t: {
                  userProperty: 'arm',
                  arms: { a: 0.25, b: 0.75 },
                  population: { arm: { present: true } },
                  srmThreshold: 0.01,
                  description: 'x',
                },
              },
            }
            """
        let (plan, findings) = try PlanText.check(text)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        let experiment = try #require(plan.experiments.first)
        #expect(experiment.location == SourceLocation(file: "example.json5", line: 4, column: 5))
        #expect(experiment.userProperty.value == "arm")
        #expect(experiment.userProperty.location.column == 21)
        #expect(experiment.arms.map(\.value) == ["a", "b"])
        #expect(experiment.arms.map(\.share) == [0.25, 0.75])
        #expect(experiment.arms.map(\.location.column) == [15, 24])
        #expect(experiment.arms.map(\.shareLocation.column) == [18, 27])
        #expect(experiment.armsLocation == SourceLocation(file: "example.json5", line: 6, column: 13))
        #expect(experiment.population.map(\.name) == ["arm"])
        #expect(experiment.srmThreshold?.value == 0.01)
        #expect(experiment.description == "x")
    }

    @Test(arguments: [
        ("{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, armz: 1 }", PlanLoadingRules.unknownKey.id),
        ("{ arms: { a: 0.5, b: 0.5 } }", PlanLoadingRules.invalidDeclaration.id),
        ("{ userProperty: 'arm' }", PlanLoadingRules.invalidDeclaration.id),
        ("{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, srmThreshold: 0 }", PlanLoadingRules.invalidDeclaration.id),
        ("{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, srmThreshold: 1 }", PlanLoadingRules.invalidDeclaration.id),
        ("{ userProperty: 'arm', arms: { a: 'half', b: 0.5 } }", PlanLoadingRules.invalidDeclaration.id),
        (
            "{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, population: { arm: null } }",
            PlanLoadingRules.invalidDeclaration.id
        ),
    ])
    func malformedExperimentsAreLoaderFindings(experiment: String, rule: String) throws {
        let findings = try Self.findings(experiment)
        #expect(findings.contains { $0.ruleID == rule }, "\(findings.map { "\($0.ruleID) \($0.message)" })")
    }

    @Test func anUnreadableShareDropsTheExperimentWithoutFurtherFindings() throws {
        let (plan, findings) = try PlanText.check(
            "{ \(Self.property), experiments: { t: { userProperty: 'arm', arms: { a: 'half', b: 0.5 } } } }")
        // The property is marked but its one experiment is gone: only the note of that remains.
        #expect(
            Set(findings.map(\.ruleID)) == [PlanLoadingRules.invalidDeclaration.id, PlanRules.experimentUndeclared.id]
                && findings.count == 2)
        #expect(plan.experiments.isEmpty)
    }

    @Test func anExperimentDeclaredTwiceAcrossFilesIsADuplicate() throws {
        let text = "{ experiments: { t: { userProperty: 'firebase_exp_1', arms: { '0': 0.5, '1': 0.5 } } } }"
        let findings = try PlanText.check([("one.json5", text), ("two.json5", text)]).findings
        #expect(findings.map(\.ruleID) == [PlanLoadingRules.duplicateDeclaration.id])
        #expect(findings.first?.location.file == "two.json5")
    }

    @Test func anExperimentNameIsAnIdentifier() throws {
        let findings = try PlanText.check(
            "{ experiments: { 'block cap': { userProperty: 'firebase_exp_1', arms: { '0': 0.5, '1': 0.5 } } } }"
        ).findings
        #expect(
            findings.map(\.message) == [
                PlanRules.pairOrRuleNameInvalidMessage(kind: "experiment", name: "block cap")
            ])
    }

    // MARK: - The shipped plan

    @Test func theShippedPlanDeclaresTheNotesTwoExperiments() throws {
        let plan = try PlanSession.open(schema: Repository.schema.path).loaded.plan
        let experiments = Dictionary(uniqueKeysWithValues: plan.experiments.map { ($0.name, $0) })
        #expect(experiments.keys.sorted() == ["block_cap_arm", "onboarding_block_arm"])
        let offer = try #require(experiments["onboarding_block_arm"])
        #expect(offer.userProperty.value == "onboarding_block_arm")
        #expect(offer.arms.map(\.value) == ["offer", "control"])
        #expect(offer.arms.map(\.share) == [0.5, 0.5])
        let cap = try #require(experiments["block_cap_arm"])
        #expect(cap.userProperty.value == "block_cap_arm")
        #expect(cap.arms.map(\.value) == ["cap4", "unlimited"])
        #expect(cap.arms.map(\.share) == [0.5, 0.5])
        for experiment in plan.experiments {
            #expect(experiment.srmThreshold?.value == ExperimentDeclaration.defaultSRMThreshold)
            #expect(!(experiment.description ?? "").isEmpty)
        }
        #expect(PlanChecker.check(plan).isEmpty)
    }
}
