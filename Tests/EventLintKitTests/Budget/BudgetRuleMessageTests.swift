import Testing

@testable import EventLintKit

/// The findings of `budget` carry the messages and notes of their rules' factories: each rule's
/// failing example is counted as `eventlint budget` counts it and its finding worded by the
/// factory, and the factories' texts are spelled out, so a change of wording shows here.
@Suite struct BudgetRuleMessageTests {
    static func findings(_ rule: Rule) throws -> [Finding] {
        let examples = try #require(rule.examples)
        let registered = try #require(examples.registered)
        return try BudgetRuleExampleTests.budget(examples.failing, registered: registered, options: examples.options)
            .filter { $0.ruleID == rule.id }
    }

    @Test func aScopeOverItsQuota() throws {
        let found = try Self.findings(BudgetRules.overQuota)
        let usage = ScopeUsage(
            scope: .user, quota: 1, quotaSource: .plan, registered: 1, newNames: ["signup_source"])
        #expect(found.map(\.message) == [BudgetRules.overQuotaMessage(usage)])
        #expect(
            BudgetRules.overQuotaMessage(usage)
                == "user-scoped dimensions: 1 registered + 1 needed by the plan = 2, over the quota of 1 by 1")
        let notes = [
            BudgetRules.quotaNote(quota: 1, source: "the plan's property.quota"),
            BudgetRules.unregisteredNamesNote(["signup_source"]),
        ]
        #expect(found.flatMap(\.notes).map(\.message) == notes)
        #expect(notes == ["quota 1 from the plan's property.quota", "not registered yet: signup_source"])
    }

    @Test func aScopeUnderTheHeadroomItNeeds() throws {
        let found = try Self.findings(BudgetRules.underMinHeadroom)
        let example = ScopeUsage(scope: .event, quota: 2, quotaSource: .plan, registered: 1, newNames: ["item_kind"])
        #expect(found.map(\.message) == [BudgetRules.underMinHeadroomMessage(example, minHeadroom: 1, change: nil)])
        let usage = ScopeUsage(
            scope: .event, quota: 50, quotaSource: .tier, registered: 48, newNames: ["screen"])
        let change = ScopeChange(
            scope: .event, added: ["screen"], addedUnregistered: ["screen"], removed: [], headroomBefore: 2,
            headroomAfter: 1)
        #expect(
            BudgetRules.underMinHeadroomMessage(usage, minHeadroom: 2, change: nil)
                == "event-scoped dimensions: 1 of 50 slots would remain, fewer than --min-headroom 2")
        #expect(
            BudgetRules.underMinHeadroomMessage(usage, minHeadroom: 2, change: change)
                == "event-scoped dimensions: 1 of 50 slots would remain, fewer than --min-headroom 2; "
                + "this change adds screen (headroom 2 → 1)")
    }

    static let examples: [RuleMessageCase] = [
        RuleMessageCase(
            BudgetRules.reservedName,
            BudgetRules.reservedNameMessage(kind: "param", name: "ga_session_number", scope: .event),
            #"param "ga_session_number" cannot be registered as an event-scoped dimension: GA4 reserves the name"#),
        RuleMessageCase(
            BudgetRules.freeTextDimension,
            BudgetRules.freeTextDimensionMessage(kind: "param", name: "screen", scope: .event),
            #"param "screen" is free text (a string without values) registered as an event-scoped "#
                + #"dimension: GA4 folds values past about 500 a day into "(other)""#),
        RuleMessageCase(
            BudgetRules.paramAndUserProperty, BudgetRules.paramAndUserPropertyMessage(name: "plan_tier"),
            #""plan_tier" is registered both as an event param (event-scoped dimension) and as a user "#
                + "property (user-scoped dimension): not registering the param would save one event-scoped slot"),
        RuleMessageCase(
            BudgetRules.archiveCandidate,
            BudgetRules.archiveCandidateMessage(kind: "event-scoped dimension", name: "item_kind", scope: .event),
            #"event-scoped dimension "item_kind" is registered but no event of the plan sends it: "#
                + "archiving it would free a slot (archiving cannot be undone)"),
        RuleMessageCase(
            BudgetRules.registeredTypeMismatch,
            BudgetRules.registeredAsMetricMessage(param: "item_count", type: .bucket),
            #"param "item_count" is registered as a custom metric, but the plan sends it as a bucket: "#
                + "a metric sums numbers"),
    ]

    @Test(arguments: examples)
    func aFailingExampleIsWordedByItsFactory(_ example: RuleMessageCase) throws {
        #expect(try Self.findings(example.rule).map(\.message) == [example.message])
        #expect(example.message == example.text)
    }

    @Test func notesAndTheOtherCases() throws {
        let twin = try Self.findings(BudgetRules.paramAndUserProperty)
        #expect(twin.flatMap(\.notes).map(\.message) == [BudgetRules.userPropertyDeclarationNote])
        #expect(BudgetRules.userPropertyDeclarationNote == "the user property is declared here")
        let mismatch = try Self.findings(BudgetRules.registeredTypeMismatch)
        #expect(mismatch.flatMap(\.notes).map(\.message) == [BudgetRules.registeredDefinitionNote])
        #expect(BudgetRules.registeredDefinitionNote == "registered here")
        #expect(
            BudgetRules.archiveCandidateMessage(kind: "user-scoped dimension", name: "tier", scope: .user)
                == #"user-scoped dimension "tier" is registered but no user property of the plan sends it: "#
                + "archiving it would free a slot (archiving cannot be undone)")
        #expect(
            BudgetRules.registeredInAnotherScopeMessage(
                param: "tier", registered: "user-scoped dimension", wanted: .event)
                == #"param "tier" is registered as a user-scoped dimension, but the plan registers it as an "#
                + "event-scoped dimension, which needs its own slot")
    }
}
