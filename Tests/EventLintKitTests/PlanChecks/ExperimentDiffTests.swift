import EventLintTestSupport
import Testing

@testable import EventLintKit

/// `check --base` on experiments: a change of the arms, shares or property of an experiment in
/// both plans is one warning that lists every change, worded by the rule's factory.
@Suite struct ExperimentDiffTests {
    static let property =
        "userProperties: { arm: { values: ['a', 'b', 'c'], experiment: true, description: 'x' }, cap: { values: ['a', 'b'], experiment: true, description: 'x' } }"

    static func diff(_ base: String, _ current: String) throws -> [Finding] {
        try DiffRuleExampleTests.check(
            "{ \(property), experiments: { t: \(current), u: { userProperty: 'cap', arms: { a: 0.5, b: 0.5 } } } }",
            base:
                "{ \(property), experiments: { t: \(base), u: { userProperty: 'cap', arms: { a: 0.5, b: 0.5 } } } }"
        ).diffFindings
    }

    @Test func theFailingExampleIsWordedByTheFactory() throws {
        let findings = try DiffRuleMessageTests.findings(DiffRules.experimentArmsChanged)
        let message = DiffRules.experimentArmsChangedMessage(
            experiment: "t",
            changes: [.shareChanged(arm: "a", from: 0.5, to: 0.6), .shareChanged(arm: "b", from: 0.5, to: 0.4)])
        #expect(findings.map(\.message) == [message])
        #expect(
            message
                == #"experiment "t" changed while it may be running: the share of arm "a" changed from 0.5 to 0.6; "#
                + #"the share of arm "b" changed from 0.5 to 0.4; users assigned before and after the change are "#
                + "not comparable")
        #expect(findings.flatMap(\.notes).map(\.message) == [DiffRules.baseDeclarationNote])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.param == "arm")
    }

    @Test func everyKindOfChangeIsListed() throws {
        let findings = try Self.diff(
            "{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 } }", "{ userProperty: 'cap', arms: { a: 0.5, c: 0.5 } }")
        #expect(
            findings.map(\.message) == [
                DiffRules.experimentArmsChangedMessage(
                    experiment: "t",
                    changes: [.propertyChanged(from: "arm", to: "cap"), .armRemoved("b"), .armAdded("c")])
            ])
        #expect(
            DiffRules.ExperimentChange.propertyChanged(from: "arm", to: "cap").text
                == #"its user property changed from "arm" to "cap""#)
        #expect(DiffRules.ExperimentChange.armRemoved("b").text == #"arm "b" was removed"#)
        #expect(DiffRules.ExperimentChange.armAdded("c").text == #"arm "c" was added"#)
    }

    @Test func theSameArmsInAnotherOrderOrWithAnotherDescriptionAreNoChange() throws {
        let findings = try Self.diff(
            "{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 } }",
            "{ userProperty: 'arm', arms: { b: 0.5, a: 0.5 }, description: 'x', srmThreshold: 0.01 }")
        #expect(findings.filter { $0.ruleID == DiffRules.experimentArmsChanged.id }.isEmpty)
    }

    @Test func theWarningCountsAsBreakingAndASuppressionLetsItThrough() throws {
        let base = "{ userProperty: 'arm', arms: { a: 0.5, b: 0.5 } }"
        let changed = "{ userProperty: 'arm', arms: { a: 0.9, b: 0.1 } }"
        #expect(try Self.diff(base, changed).map(\.severity) == [.warning])
        let suppressed = try DiffRuleExampleTests.check(
            "{ \(Self.property), experiments: { t: \(changed) }, suppress: [{ rule: 'diff/experiment-arms-changed', param: 'arm' }] }",
            base: "{ \(Self.property), experiments: { t: \(base) } }")
        #expect(suppressed.diffFindings.isEmpty)
    }
}
