import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The per-event findings carry the messages of their rules' factories: a few rules of each step
/// (the event, its values, its user properties, its items, its record), not every factory.
@Suite struct StreamRuleMessageTests {
    static func messages(_ result: LintResult, _ rule: Rule) -> [String] { result.findings(rule.id).map(\.message) }

    @Test func anEventOutsideThePlanAndAnImplausibleTime() throws {
        let result = try Lint.run([Export.bq("offer_seen", at: 0, timestamp: "\"5\"")])
        #expect(
            Self.messages(result, StreamRules.unknownEvent) == [StreamRules.unknownEventMessage(event: "offer_seen")])
        #expect(
            Self.messages(result, StreamRules.invalidTimestamp) == [
                StreamRules.implausibleTimestampMessage(event: "offer_seen", timestamp: 5)
            ])
    }

    @Test func valuesAgainstTheirDeclarations() throws {
        let closed = Export.bq(
            "offer_closed", at: 1,
            params: [("outcome", .string("maybe")), ("duration_ms", .int(-5)), ("limit_arm", .string("capped"))])
        let result = try Lint.run([closed])
        #expect(
            Self.messages(result, StreamRules.valueNotAllowed) == [
                StreamRules.valueNotAllowedMessage(
                    param: "outcome", event: "offer_closed", item: nil, value: "maybe", allowed: ["setup", "later"])
            ])
        #expect(
            Self.messages(result, StreamRules.valueOutOfRange) == [
                StreamRules.belowMinimumMessage(
                    param: "duration_ms", event: "offer_closed", item: nil, lexeme: "-5", minimum: 0)
            ])
    }

    @Test func aParamRequiredSinceAVersion() throws {
        let shown = Export.bq("wizard_step_shown", at: 1, params: [("step", .string("intro"))], version: "3.1.0")
        let result = try Lint.run([shown])
        #expect(
            Self.messages(result, StreamRules.missingRequiredParam) == [
                StreamRules.missingRequiredParamMessage(
                    param: "entry", event: "wizard_step_shown", since: AppVersion("3.0.0"))
            ])
    }

    @Test func userProperties() throws {
        let shown = Export.bq(
            "offer_shown", at: 0, params: [("limit_arm", .string("capped"))],
            userProperties: [("offer_arm", .string("maybe")), ("limit_arm", .string("capped")), ("colour", .int(3))])
        let result = try Lint.run([shown])
        #expect(
            Self.messages(result, StreamRules.userPropertyValueNotAllowed) == [
                StreamRules.userPropertyValueNotAllowedMessage(
                    property: "offer_arm", value: "maybe", allowed: ["offer", "control"])
            ])
        #expect(
            Self.messages(result, StreamRules.unknownUserProperty) == [
                StreamRules.unknownUserPropertyMessage(property: "colour")
            ])
    }

    @Test func itemsNameTheirElement() throws {
        let bad = ItemTests.bqItem(
            [("item_brand", "\"Focusity\"")], params: [("weeks", .string("four")), ("colour", .string("red"))])
        let row = Export.bq("pack_bought", at: 0).replacingOccurrences(
            of: "\"items\":[]", with: "\"items\":[\(bad)]")
        let result = try Lint.run([row], plan: try ItemTests.plan())
        #expect(
            Self.messages(result, StreamRules.wrongType) == [
                StreamRules.wrongTypeMessage(
                    param: "weeks", event: "pack_bought", item: 0, declared: .int, arrival: #"as string_value "four""#)
            ])
        #expect(
            Self.messages(result, StreamRules.unknownParam) == [
                StreamRules.unknownParamMessage(param: "colour", event: "pack_bought", item: 0)
            ])
        #expect(
            Set(Self.messages(result, StreamRules.missingRequiredParam)) == [
                StreamRules.missingRequiredParamMessage(param: "tier", event: "pack_bought", item: 0),
                StreamRules.missingRequiredParamMessage(param: "item_id", event: "pack_bought", item: 0),
            ])
    }

    @Test func anEventThatPairsNeedWithoutAUser() throws {
        let shown = Export.bq("offer_shown", at: 0, user: nil, params: [("limit_arm", .string("capped"))])
        let result = try Lint.run([shown])
        #expect(
            Self.messages(result, StreamRules.missingUserID) == [StreamRules.missingUserIDMessage(event: "offer_shown")]
        )
    }

    @Test func theFactoriesSpellTheirMessages() {
        #expect(
            StreamRules.duplicateParamMessage(param: "step", event: "wizard_closed", item: 2)
                == #"param "step" appears twice in item 2 of "wizard_closed""#)
        #expect(
            StreamRules.notABoolMessage(param: "has_group", event: "picker_saved", item: nil, number: 7)
                == #"param "has_group" of "picker_saved" is a bool (0 or 1), not 7"#)
        #expect(
            StreamRules.untimedEventMessage(event: "offer_shown", malformed: true)
                == #"event "offer_shown" has a timestamp that is not an integer; it sorts before the user's timed events"#
        )
    }
}
