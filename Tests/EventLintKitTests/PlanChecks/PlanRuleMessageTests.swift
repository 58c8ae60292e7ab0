import EventLintTestSupport
import Testing

@testable import EventLintKit

/// A rule, what its factory says for the rule's failing example, and the text that is: a row of
/// the message tests of `check`, `check --base` and `budget`.
struct RuleMessageCase: Sendable, CustomTestStringConvertible {
    var rule: Rule
    var message: String
    var text: String
    var testDescription: String { rule.id }

    init(_ rule: Rule, _ message: String, _ text: String) {
        self.rule = rule
        self.message = message
        self.text = text
    }
}

/// The findings of `check` carry the messages and notes of their rules' factories: each rule's
/// failing example is checked and its finding worded by the factory, and the factories' texts
/// are spelled out, so a change of wording shows here.
@Suite struct PlanRuleMessageTests {
    typealias Case = RuleMessageCase

    static let examples: [Case] = [
        Case(
            PlanRules.nameInvalid, PlanRules.nameInvalidMessage(kind: "event", name: "block-offer shown"),
            #"event name "block-offer shown" must start with a letter and hold only letters, digits and underscores"#),
        Case(
            PlanRules.eventNameTooLong,
            PlanRules.nameTooLongMessage(
                kind: "event", name: "focus_session_summary_shown_to_new_users_today", limit: 40),
            #"event name "focus_session_summary_shown_to_new_users_today" is 46 characters, over GA4's limit of 40"#),
        Case(
            PlanRules.userPropertyNameTooLong,
            PlanRules.nameTooLongMessage(kind: "user property", name: "focus_summary_experiment_arm_v2", limit: 24),
            #"user property name "focus_summary_experiment_arm_v2" is 31 characters, over GA4's limit of 24"#),
        Case(
            PlanRules.reservedPrefix,
            PlanRules.reservedPrefixMessage(kind: "param", name: "firebase_x", prefix: "firebase_"),
            #"param name "firebase_x" starts with the reserved prefix "firebase_""#),
        Case(
            PlanRules.reservedEventName, PlanRules.reservedEventNameMessage(event: "app_install"),
            #"event name "app_install" is reserved by the Firebase SDK"#),
        Case(
            PlanRules.reservedUserPropertyName, PlanRules.reservedUserPropertyNameMessage(property: "user_id"),
            #"user property name "user_id" is reserved by the Firebase SDK"#),
        Case(
            PlanRules.reservedDimensionName, PlanRules.reservedDimensionNameMessage(kind: "param", name: "session_id"),
            #"param "session_id" cannot be registered: GA4 reserves the name for custom definitions"#),
        Case(
            PlanRules.valueTooLong,
            PlanRules.valueTooLongMessage(
                value: "an_arm_name_that_is_longer_than_36_chars", kind: "user property", name: "arm", limit: 36),
            #"value "an_arm_name_that_is_longer_than_36_chars" of user property "arm" is 40 characters, "#
                + "over GA4's limit of 36"),
        Case(
            PlanRules.tooManyParams, PlanRules.tooManyParamsMessage(event: "big", count: 26),
            #"event "big" has 26 params, over GA4's limit of 25"#),
        Case(
            PlanRules.tooManyUserProperties, PlanRules.tooManyUserPropertiesMessage(count: 26, firstPast: "u26"),
            #"the plan declares 26 user properties, over GA4's limit of 25; "u26" is the first past it"#),
        Case(
            PlanRules.tooManyEvents, PlanRules.tooManyEventsMessage(count: 501, firstPast: "e501"),
            #"the plan declares 501 event names, over GA4's limit of 500; "e501" is the first past it"#),
        Case(
            PlanRules.unknownEventRef, PlanRules.unknownEventRefMessage(event: "a_show"),
            #"event "a_show" is not declared in the plan"#),
        Case(
            PlanRules.unknownParamRef,
            PlanRules.undeclaredEventParamMessage(event: "a_shown", param: "stepp", item: false),
            #"event "a_shown" uses param "stepp", which is not declared"#),
        Case(
            PlanRules.unknownUserPropertyRef, PlanRules.unknownUserPropertyRefMessage(property: "arm"),
            #"user property "arm" is not declared"#),
        Case(
            PlanRules.paramNotOnEvent,
            PlanRules.pairParamNotOnEventMessage(pair: "a", param: "step", event: "a_closed"),
            #"pair "a" reads param "step", which event "a_closed" does not carry"#),
        Case(
            PlanRules.typeConflict, PlanRules.typeConflictMessage(name: "arm", paramType: .int, propertyType: .string),
            #""arm" is a int param but a string user property"#),
        Case(
            PlanRules.valueTypeMismatch,
            PlanRules.valueTypeMismatchMessage(value: .string("two"), kind: "param", name: "n", type: .int),
            #"value "two" of param "n" is not an int"#),
        Case(
            PlanRules.narrowedValueUndeclared,
            PlanRules.narrowedValueUndeclaredMessage(event: "a", value: .string("outro"), param: "step"),
            #"event "a" allows "outro" for "step", which the param does not allow"#),
        Case(
            PlanRules.bucketEdgesNotAscending,
            PlanRules.bucketEdgesNotAscendingMessage(param: "b", edge: 5, previous: 5),
            #"bucket edges of "b" are not strictly ascending: 5 follows 5"#),
        Case(
            PlanRules.conditionNeverHolds, PlanRules.conditionNeverHoldsMessage(name: "step", event: "a"),
            #"the condition on "step" on event "a" can never hold: no allowed value satisfies it"#),
        Case(
            PlanRules.unpairedShownEvent, PlanRules.unpairedShownEventMessage(event: "tip_shown"),
            #"event "tip_shown" is shown but opens no pair"#),
        Case(
            PlanRules.unusedParam, PlanRules.unusedParamMessage(param: "step"),
            #"param "step" is declared but no event uses it"#),
        Case(
            PlanRules.missingDescription, PlanRules.missingDescriptionMessage(kind: "event", name: "a"),
            #"event "a" has no description"#),
        Case(
            PlanRules.unknownRuleID, PlanRules.unknownOverrideRuleIDMessage(id: "plan/unused-parm"),
            #"severity override for unknown rule id "plan/unused-parm""#),
        Case(
            PlanRules.pairOrRuleNameInvalid, PlanRules.pairOrRuleNameInvalidMessage(kind: "pair", name: "block offer"),
            #"pair name "block offer" must be 1 to 64 ASCII letters, digits and underscores, starting with a letter"#),
        Case(
            PlanRules.itemParamRegistration,
            PlanRules.itemParamRegistrationMessage(param: "tier", event: "purchase", scope: .event),
            #"param "tier" is an item param of "purchase", but registered as an event-scoped dimension"#),
        Case(
            PlanRules.invalidAutomaticName,
            PlanRules.invalidAutomaticNameMessage(
                entry: "legacy cohort",
                problem: "a name or pattern holds only ASCII letters, digits, underscores and *"),
            #"automatic entry "legacy cohort" cannot be used: a name or pattern holds only ASCII letters, digits, "#
                + "underscores and *"),
    ]

    static func findings(_ text: String, _ rule: Rule) throws -> [Finding] {
        try PlanText.check(text).findings.filter { $0.ruleID == rule.id }
    }

    @Test(arguments: examples)
    func aFailingExampleIsWordedByItsFactory(_ example: Case) throws {
        let failing = try #require(example.rule.examples).failing
        #expect(try Self.findings(failing, example.rule).map(\.message) == [example.message])
        #expect(example.message == example.text)
    }

    @Test func notesAreTheFactoriesTexts() throws {
        let conflict = try Self.findings(try #require(PlanRules.typeConflict.examples).failing, PlanRules.typeConflict)
        #expect(conflict.flatMap(\.notes).map(\.message) == [PlanRules.paramDeclarationNote])
        let carried = try Self.findings(
            try #require(PlanRules.paramNotOnEvent.examples).failing, PlanRules.paramNotOnEvent)
        #expect(carried.flatMap(\.notes).map(\.message) == [PlanRules.eventDeclarationNote])
        let window = try Self.findings(
            try #require(PlanRules.windowNeverHolds.examples).failing, PlanRules.windowNeverHolds)
        let needed = try #require(TimeWindow(seconds: 3600, text: "1h"))
        let forbidden = try #require(TimeWindow(seconds: 7200, text: "2h"))
        #expect(
            window.map(\.message) == [
                PlanRules.windowNeverHoldsMessage(rule: "r", event: "b", needed: needed, forbidden: forbidden)
            ])
        #expect(window.flatMap(\.notes).map(\.message) == [PlanRules.afterWindowNote])
        #expect(PlanRules.paramDeclarationNote == "the param is declared here")
        #expect(PlanRules.eventDeclarationNote == "the event is declared here")
        #expect(PlanRules.afterWindowNote == "the window after needs")
        #expect(
            PlanRules.windowNeverHoldsMessage(rule: "r", event: "b", needed: needed, forbidden: forbidden)
                == #"rule "r" can never hold: it needs a "b" within 1h before the event, but notAfter forbids "#
                + #"any "b" within 2h, so every event it checks fails"#)
    }

    @Test func aRuleWithSeveralMessagesWordsEachCase() throws {
        let plan = """
            {
              params: {
                n: { type: 'string', min: 1, description: 'x' },
                m: { type: 'int', minLength: 1, maxLength: 200, description: 'x' },
                b: { type: 'bucket', edges: [], description: 'x' },
                r: { type: 'int', min: 5, max: 1, description: 'x' },
              },
              userProperties: { arm: { values: ['a'], description: 'x' } },
              events: {
                buy: { description: 'x', params: { n: 'optional', m: 'optional', b: 'optional', r: 'optional' }, items: { params: { gift: 'optional' } } },
              },
              rules: { r1: { on: 'nothing_*', whenUser: { arm: 'z' }, requireUser: { arm: 'a' } } },
              suppress: [{ rule: 'plan/no-such-rule', reason: 'x' }],
            }
            """
        let findings = try PlanText.check(plan).findings
        func messages(_ rule: Rule) -> [String] { findings.filter { $0.ruleID == rule.id }.map(\.message) }
        #expect(
            messages(PlanRules.valueTypeMismatch).sorted() == [
                PlanRules.rangeOnNonNumberMessage(param: "n", type: .string),
                PlanRules.lengthOnNonStringMessage(param: "m", type: .int),
            ])
        #expect(messages(PlanRules.valueTooLong) == [PlanRules.maxLengthTooLongMessage(param: "m", maxLength: 200)])
        #expect(messages(PlanRules.bucketEdgesNotAscending) == [PlanRules.bucketWithoutEdgesMessage(param: "b")])
        #expect(
            messages(PlanLoadingRules.invalidDeclaration) == [
                PlanLoadingRules.minimumAboveMaximumMessage(param: "r", minimum: 5, maximum: 1)
            ])
        #expect(
            messages(PlanRules.unknownParamRef) == [
                PlanRules.undeclaredEventParamMessage(event: "buy", param: "gift", item: true)
            ])
        #expect(
            messages(PlanRules.unknownEventRef) == [
                PlanRules.unmatchedRulePatternMessage(rule: "r1", pattern: "nothing_*")
            ])
        #expect(
            messages(PlanRules.conditionNeverHolds) == [PlanRules.conditionNeverHoldsMessage(name: "arm", event: nil)])
        #expect(
            messages(PlanRules.unknownRuleID) == [
                PlanRules.unknownSuppressionRuleIDMessage(pattern: "plan/no-such-rule")
            ])
    }

    @Test func theFactoriesSpellEachCase() {
        #expect(
            PlanRules.formerlyReservedEventNameMessage(event: "in_app_purchase")
                == #"event name "in_app_purchase" is reserved by older Firebase iOS SDKs"#)
        #expect(
            PlanRules.rangeOnNonNumberMessage(param: "n", type: .string)
                == #"min and max apply to int and double params, not string "n""#)
        #expect(
            PlanRules.lengthOnNonStringMessage(param: "m", type: .int)
                == #"minLength and maxLength apply to string params, not int "m""#)
        #expect(
            PlanRules.conditionBoundOnNonNumberMessage(bound: "max", param: "flag", type: .bool)
                == #"max applies to numbers and buckets, not bool "flag""#)
        #expect(
            PlanRules.conditionValueTypeMismatchMessage(value: .number(lexeme: "2", value: 2), param: "s", type: .bool)
                == #"condition value 2 on "s" is not a bool"#)
        #expect(
            PlanRules.durationNotANumberMessage(param: "d", pair: "p", type: .string)
                == #"duration param "d" of pair "p" must be an int or double, not string"#)
        #expect(
            PlanRules.maxLengthTooLongMessage(param: "m", maxLength: 200)
                == #"param "m" allows 200 characters but GA4 drops values over 100"#)
        #expect(PlanRules.bucketWithoutEdgesMessage(param: "b") == #"bucket "b" has no edges"#)
        #expect(
            PlanLoadingRules.minimumAboveMaximumMessage(param: "r", minimum: 5, maximum: 1)
                == #"param "r" has min 5.0 above max 1.0"#)
        #expect(
            PlanRules.undeclaredEventParamMessage(event: "e", param: "gift", item: true)
                == #"event "e" uses item param "gift", which is not declared"#)
        #expect(PlanRules.unknownParamRefMessage(param: "p") == #"param "p" is not declared"#)
        #expect(
            PlanRules.conditionParamNotOnEventMessage(param: "p", event: "e")
                == #"the condition reads param "p", which event "e" does not carry"#)
        #expect(
            PlanRules.conditionNeverHoldsMessage(name: "arm", event: nil)
                == #"the condition on "arm" of the user can never hold: no allowed value satisfies it"#)
        #expect(
            PlanRules.unmatchedRulePatternMessage(rule: "r1", pattern: "nothing_*")
                == #"rule "r1" applies to "nothing_*", which matches no event of the plan"#)
        #expect(
            PlanRules.unknownSuppressionRuleIDMessage(pattern: "plan/no-such-rule")
                == #"suppression of unknown rule id "plan/no-such-rule""#)
        #expect(
            PlanRules.itemParamRegistrationMessage(param: "tier", event: "purchase", scope: nil)
                == #"param "tier" is an item param of "purchase", but registered as a custom definition"#)
    }
}
