import Testing

@testable import EventLintKit

/// The findings of `check --base` carry the messages and notes of their rules' factories: each
/// rule's failing example is compared with its base as `check --base` compares them and its
/// finding worded by the factory, and the factories' texts are spelled out, so a change of
/// wording shows here.
@Suite struct DiffRuleMessageTests {
    typealias Case = RuleMessageCase

    static let examples: [Case] = [
        Case(
            DiffRules.eventRemoved, DiffRules.eventRemovedMessage(event: "item_viewed"),
            #"event "item_viewed" was removed (or renamed)"#),
        Case(
            DiffRules.typeChanged,
            DiffRules.typeChangedMessage(kind: "param", name: "item_id", from: .int, to: .string),
            #"param "item_id" changed type from int to string"#),
        Case(
            DiffRules.typeWidened, DiffRules.typeChangedMessage(kind: "param", name: "price", from: .int, to: .double),
            #"param "price" changed type from int to double"#),
        Case(
            DiffRules.valueRemoved,
            DiffRules.valueNoLongerAllowedMessage(kind: "param", name: "screen", event: nil, value: "settings"),
            #"param "screen" no longer allows "settings""#),
        Case(
            DiffRules.valueAdded,
            DiffRules.valueAddedMessage(kind: "param", name: "screen", event: nil, value: "settings"),
            #"param "screen" allows the new value "settings""#),
        Case(
            DiffRules.nowRequired,
            DiffRules.requirementChangedMessage(param: "screen", event: "item_viewed", from: .optional, to: .required),
            #"param "screen" of event "item_viewed" changed from optional to required"#),
        Case(
            DiffRules.nowOptional,
            DiffRules.requirementChangedMessage(param: "screen", event: "item_viewed", from: .required, to: .optional),
            #"param "screen" of event "item_viewed" changed from required to optional"#),
        Case(
            DiffRules.rangeNarrowed,
            DiffRules.rangeChangedMessage(param: "item_count", bound: "max", from: 100, to: 50),
            #"param "item_count" max changed from 100 to 50"#),
        Case(
            DiffRules.rangeWidened,
            DiffRules.rangeChangedMessage(param: "item_count", bound: "max", from: 100, to: 500),
            #"param "item_count" max changed from 100 to 500"#),
        Case(
            DiffRules.registrationRemoved,
            DiffRules.registrationRemovedMessage(kind: "param", name: "plan_tier", old: .event, new: nil),
            #"param "plan_tier" is no longer registered as an event-scoped dimension (now not registered)"#),
        Case(
            DiffRules.registrationAdded,
            DiffRules.registrationAddedMessage(kind: "param", name: "plan_tier", scope: .event),
            #"param "plan_tier" is now registered as an event-scoped dimension"#),
        Case(
            DiffRules.pairChanged, DiffRules.pairChangedMessage(pair: "dialog", changes: [.mustBeEqual("screen")]),
            #"pair "dialog" changed: "screen" must now be equal on open and close"#),
        Case(
            DiffRules.pairUpdated, DiffRules.pairChangedMessage(pair: "dialog", changes: [.closeOptional]),
            #"pair "dialog" changed: the close is now optional"#),
        Case(DiffRules.pairAdded, DiffRules.pairAddedMessage(pair: "dialog"), #"pair "dialog" is new"#),
        Case(DiffRules.pairRemoved, DiffRules.pairRemovedMessage(pair: "dialog"), #"pair "dialog" was removed"#),
        Case(DiffRules.eventAdded, DiffRules.eventAddedMessage(event: "item_shared"), #"event "item_shared" is new"#),
        Case(
            DiffRules.ruleChanged, DiffRules.newRuleOnExistingEventsMessage(rule: "search_is_pro"),
            #"new rule "search_is_pro" applies to events data sent before already has"#),
        Case(
            DiffRules.ruleAdded, DiffRules.ruleAddedMessage(rule: "export_is_pro"),
            #"rule "export_is_pro" is new and applies only to new events, params or values"#),
        Case(
            DiffRules.ruleUpdated, DiffRules.ruleUpdatedMessage(rule: "search_is_pro"),
            #"rule "search_is_pro" changed, and applies only to new events, params or values"#),
        Case(
            DiffRules.ruleRemoved, DiffRules.ruleRemovedMessage(rule: "search_is_pro"),
            #"rule "search_is_pro" was removed"#),
        Case(
            DiffRules.suppressionLanded,
            DiffRules.suppressionLandedMessage(pattern: "diff/event-removed", event: "item_viewed", param: nil),
            #"suppression of "diff/event-removed" for event "item_viewed" matches no change against the base: "#
                + "the change has landed, remove it"),
    ]

    static func findings(_ rule: Rule) throws -> [Finding] {
        let examples = try #require(rule.examples)
        let base = try #require(examples.base)
        return try DiffRuleExampleTests.check(examples.failing, base: base).diffFindings.filter {
            $0.ruleID == rule.id
        }
    }

    @Test(arguments: examples)
    func aFailingExampleIsWordedByItsFactory(_ example: Case) throws {
        #expect(try Self.findings(example.rule).map(\.message) == [example.message])
        #expect(example.message == example.text)
    }

    @Test func aRemovedValueNotesTheBaseAndTheLikelyRename() throws {
        let notes = try Self.findings(DiffRules.valueRemoved).flatMap(\.notes).map(\.message)
        #expect(
            notes == [
                DiffRules.baseValuesNote, DiffRules.renamedValueNote(value: "settings", renamed: "preferences"),
            ])
        #expect(
            notes == [
                "allowed in the base plan here",
                #"renamed to "preferences"? data already sent with "settings" fails now; keep both values"#,
            ])
    }

    @Test func whatWasRemovedIsNotedWhereTheBaseDeclaredIt() throws {
        let event = try Self.findings(DiffRules.eventRemoved).flatMap(\.notes).map(\.message)
        #expect(event == [DiffRules.baseDeclarationNote, DiffRules.renamedEventNote(to: "item_opened")])
        #expect(event == ["declared in the base plan here", #"renamed to "item_opened"? it carries the same params"#])
        let type = try Self.findings(DiffRules.typeChanged).flatMap(\.notes).map(\.message)
        #expect(type == [DiffRules.baseTypeNote(.int)])
        #expect(type == ["was int here"])
        let registration = try Self.findings(DiffRules.registrationRemoved).flatMap(\.notes).map(\.message)
        #expect(registration == [DiffRules.baseRegistrationNote])
        #expect(registration == ["registered in the base plan here"])
    }

    @Test func aParamRemovedOrAddedIsWordedForWhereItWas() throws {
        let removed = try Self.findings(DiffRules.paramRemoved).map(\.message)
        let added = try Self.findings(DiffRules.paramAdded).map(\.message)
        #expect(
            Set(removed).isSubset(of: [
                DiffRules.declarationRemovedMessage(kind: "param", name: "screen"),
                DiffRules.paramDroppedMessage(event: "item_viewed", param: "screen"),
            ]) && !removed.isEmpty)
        #expect(
            Set(added).isSubset(of: [
                DiffRules.declarationAddedMessage(kind: "param", name: "item_id"),
                DiffRules.optionalParamAddedMessage(event: "item_viewed", param: "item_id"),
            ]) && !added.isEmpty)
        #expect(
            DiffRules.declarationRemovedMessage(kind: "user property", name: "tier")
                == #"user property "tier" was removed from the plan"#)
        #expect(
            DiffRules.paramDroppedMessage(event: "item_viewed", param: "screen")
                == #"event "item_viewed" no longer carries param "screen""#)
        #expect(DiffRules.declarationAddedMessage(kind: "param", name: "item_id") == #"param "item_id" is new"#)
        #expect(
            DiffRules.optionalParamAddedMessage(event: "item_viewed", param: "item_id")
                == #"event "item_viewed" carries the new optional param "item_id""#)
    }

    @Test func theFactoriesSpellEachCase() {
        let version = AppVersion(components: [3, 1, 0])
        #expect(
            DiffRules.requirementChangedMessage(
                param: "screen", event: "item_viewed", from: .optional, to: .requiredSince(version))
                == #"param "screen" of event "item_viewed" changed from optional to required since 3.1.0"#)
        #expect(
            DiffRules.paramAddedRequiredSinceMessage(event: "item_viewed", param: "item_id", version: version)
                == #"event "item_viewed" carries the new param "item_id", required from app version 3.1.0 on"#)
        #expect(
            DiffRules.requiredParamAddedMessage(event: "item_viewed", param: "item_id")
                == #"event "item_viewed" now requires the new param "item_id": events sent before lack it"#)
        #expect(
            DiffRules.valuesRestrictedMessage(kind: "param", name: "screen", event: "item_viewed", allowed: ["a", "b"])
                == #"param "screen" of event "item_viewed" took any value and now allows only "a", "b""#)
        #expect(
            DiffRules.anyValueAllowedMessage(kind: "user property", name: "tier", event: nil)
                == #"user property "tier" now allows any value"#)
        #expect(
            DiffRules.rangeChangedMessage(param: "name", bound: "maxLength", from: nil, to: 20)
                == #"param "name" maxLength changed from none to 20"#)
        #expect(
            DiffRules.registeredDeclarationRemovedMessage(kind: "user property", name: "tier", scope: .user)
                == #"user property "tier", registered as a user-scoped dimension, was removed"#)
        #expect(
            DiffRules.registeredDeclarationAddedMessage(kind: "param", name: "tier", scope: .metric)
                == #"param "tier" is registered as a custom metric"#)
        #expect(
            DiffRules.registrationRemovedMessage(kind: "param", name: "tier", old: .event, new: .item)
                == #"param "tier" is no longer registered as an event-scoped dimension (now an item-scoped dimension)"#)
        #expect(
            DiffRules.newPairOnExistingEventsMessage(pair: "dialog", events: ["a", "b"])
                == #"new pair "dialog" checks events that data sent before already has (a, b)"#)
        #expect(
            DiffRules.pairChangedMessage(pair: "dialog", changes: [.opensChanged, .newParamCompared("screen")])
                == #"pair "dialog" changed: the opening events changed; new param "screen" compared "#
                + "(absent on both sides counts as equal)")
        #expect(
            DiffRules.ruleChangedMessage(rule: "search_is_pro")
                == #"rule "search_is_pro" changed: data that passed may now fail"#)
        #expect(DiffRules.baseRuleNote == "the base plan's rule")
        #expect(
            DiffRules.suppressionLandedMessage(pattern: "diff/*", event: nil, param: "screen")
                == #"suppression of "diff/*" for param "screen" matches no change against the base: the change "#
                + "has landed, remove it")
    }
}
