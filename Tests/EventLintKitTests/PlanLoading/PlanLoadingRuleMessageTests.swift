import EventLintTestSupport
import Testing

@testable import EventLintKit

/// The findings of plan loading carry the messages of their rules' factories: a plan with a
/// wrong value of each kind is loaded and its findings worded by the factories, and the
/// factories' texts are spelled out, so a change of wording shows here.
@Suite struct PlanLoadingRuleMessageTests {
    typealias Rules = PlanLoadingRules

    /// `plan/invalid-declaration` and `plan/duplicate-declaration` messages of `text`, in report order.
    static func messages(_ files: [(path: String, text: String)]) throws -> [String] {
        let ids = [Rules.invalidDeclaration.id, Rules.duplicateDeclaration.id]
        return try PlanText.check(files).findings.filter { ids.contains($0.ruleID) }.map(\.message)
    }

    @Test func theLoaderWordsEachCaseByItsFactory() throws {
        let plan = """
            {
              version: 2,
              params: {
                a: { type: 'strng', description: 'x' },
                b: { description: 'x' },
                c: { type: 'bucket', description: 'x' },
                d: { type: 'int', min: 'low', minLength: 1e400, description: 'x' },
                e: { type: 'string', register: 'evnt', description: 'x' },
              },
              events: {
                shown: { description: 'x', params: { e: 'sometimes' } },
              },
              pairs: { p: { open: { where: {} }, close: 'shown' } },
              rules: { r: { on: 'shown', whenPlatform: 'TV' } },
              suppress: 'all',
            }
            """
        #expect(
            try Self.messages([("plan.json5", plan)]) == [
                Rules.unsupportedVersionMessage(version: 2),
                // params: a type wrong or missing, then values of the wrong kind
                Rules.unknownTypeMessage(type: "strng"), Rules.paramWithoutTypeMessage(param: "b"),
                Rules.bucketWithoutEdgesMessage(param: "c"), Rules.mustBeNumberMessage(what: "min"),
                Rules.mustBeIntegerMessage(what: "minLength"), Rules.unknownRegistrationMessage(registration: "evnt"),
                // events, then the pair (its own findings before those of its open and close)
                Rules.unknownParamUseMessage(use: "sometimes"), Rules.pairWithoutOpenMessage(pair: "p"),
                Rules.pairWithoutCloseMessage(pair: "p"), Rules.matcherWithoutEventMessage(what: "open"),
                Rules.mustBeObjectMessage(what: "close"),
                // the rule (its own finding before that of its platform), then suppress
                Rules.ruleRequiresNothingMessage(rule: "r"), Rules.unknownPlatformMessage(platform: "TV"),
                Rules.suppressShapeMessage,
            ])
        let twice = [
            ("a.json5", "{ events: { shown: { description: 'x' } } }"),
            ("b.json5", "{ events: { shown: { description: 'x' } } }"),
        ]
        #expect(try Self.messages(twice) == [Rules.duplicateDeclarationMessage(kind: "event", name: "shown")])
    }

    @Test func theFactoriesSpellEachCase() {
        let cases: [(String, String)] = [
            (Rules.mustBeObjectMessage(what: "a plan file"), "a plan file must be an object"),
            (Rules.mustBeStringMessage(what: "description"), "description must be a string"),
            (Rules.mustBeNumberMessage(what: "min"), "min must be a number"),
            (Rules.mustBeIntegerMessage(what: "minLength"), "minLength must be an integer"),
            (Rules.mustBeBoolMessage(what: "experiment"), "experiment must be true or false"),
            (Rules.mustBeStringsMessage(what: "on"), "on must be a string or a list of strings"),
            (Rules.mustBeValueMessage(what: "each of values"), "each of values must be a string, number or boolean"),
            (Rules.notFiniteMessage(what: "max", lexeme: "1e400"), "max 1e400 is not a finite number"),
            (Rules.numberNotHeldMessage(what: "values", lexeme: "1e400"), "values: number 1e400 is out of range"),
            (
                Rules.inexactIntegerMessage(what: "min", lexeme: "9007199254740993"),
                "min 9007199254740993 is beyond ±2^53 (9007199254740992), where a double no longer holds every "
                    + "integer: it would be read as 9007199254740992"
            ),
            (
                Rules.outOfRangeMessage(what: "maxLength", lowest: "0", highest: "100", lexeme: "200"),
                "maxLength must be between 0 and 100, not 200"
            ),
            (
                Rules.unsupportedVersionMessage(version: 2),
                "plan language version 2 is not supported (this eventlint reads version 1)"
            ),
            (Rules.unknownTierMessage(tier: "free"), #"unknown tier "free" (use 'standard' or '360')"#),
            (
                Rules.unknownSeverityMessage(severity: "fatal"),
                #"unknown severity "fatal" (use error, warning or info)"#
            ),
            (Rules.suppressShapeMessage, "suppress must be a list of { rule, event?, param? }"),
            (Rules.suppressionWithoutRuleMessage, "a suppression needs a rule id (or '*')"),
            (
                Rules.unknownTypeMessage(type: "strng"),
                #"unknown type "strng" (known: "# + ParamType.allCases.map(\.rawValue).joined(separator: ", ") + ")"
            ),
            (
                Rules.unknownRegistrationMessage(registration: "evnt"),
                #"unknown registration "evnt" (use 'event', 'user', 'item', 'none' or { metric: UNIT })"#
            ),
            (Rules.metricWithoutUnitMessage, "register as a metric needs a unit: { metric: 'milliseconds' }"),
            (
                Rules.unknownMetricUnitMessage(unit: "Hours"),
                #"unknown metric unit "Hours" (known: "#
                    + GA4Facts.metricUnits.map { $0.lowercased() }.joined(separator: ", ") + ")"
            ),
            (Rules.registerShapeMessage, "register must be a string or { metric: UNIT }"),
            (Rules.paramWithoutTypeMessage(param: "b"), #"param "b" needs a type"#),
            (Rules.edgesShapeMessage, "edges must be a list of integers"),
            (Rules.bucketWithoutEdgesMessage(param: "c"), #"bucket param "c" needs edges, e.g. edges: [0, 1, 5, 10]"#),
            (
                Rules.unknownParamUseMessage(use: "sometimes"),
                #"param use must be 'required', 'optional' or an object, not "sometimes""#
            ),
            (Rules.paramUseShapeMessage, "param use must be 'required', 'optional' or an object"),
            (Rules.requiredShapeMessage, "required must be true, false or { since: 'VERSION' }"),
            (Rules.invalidAppVersionMessage(version: "3.x"), #""3.x" is not an app version like '3.0.0'"#),
            (Rules.conditionTestsNothingMessage(name: "step"), #"the condition on "step" tests nothing"#),
            (Rules.nullConditionMessage, "a condition value cannot be null (use { present: false })"),
            (Rules.matcherWithoutEventMessage(what: "open"), "open needs an event"),
            (Rules.matcherShapeMessage(what: "after"), "after must be an event name or { event, where }"),
            (
                Rules.unknownPairKeyMessage(key: "device"),
                #"unknown pair key "device" (use 'user', or ['user', 'session'])"#
            ),
            (Rules.pairWithoutOpenMessage(pair: "p"), #"pair "p" needs an open event"#),
            (Rules.pairWithoutCloseMessage(pair: "p"), #"pair "p" needs close: { events: [...] }"#),
            (Rules.durationWithoutParamMessage, "duration needs a param"),
            (Rules.unknownPlatformMessage(platform: "TV"), #"unknown platform "TV" (use 'IOS', 'ANDROID', 'WEB')"#),
            (Rules.unknownOnceMessage(once: "twice"), #"unknown once "twice" (use atMost or exactly)"#),
            (Rules.ruleWithoutOnMessage(rule: "r"), #"rule "r" needs on: the events it applies to"#),
            (
                Rules.experimentWithoutPropertyMessage(experiment: "x"),
                #"experiment "x" needs userProperty: the user property that holds the arm"#
            ),
            (Rules.experimentWithoutArmsMessage(experiment: "x"), #"experiment "x" needs arms: { ARM: share, … }"#),
            (
                Rules.thresholdNotPValueMessage(threshold: 1),
                "srmThreshold must be a p-value between 0 and 1 (both excluded), not 1"
            ),
            (
                Rules.ruleRequiresNothingMessage(rule: "r"),
                #"rule "r" requires nothing (give require, requireUser, after, notAfter or once)"#
            ),
            (
                Rules.duplicateDeclarationMessage(kind: "user property", name: "arm"),
                #"user property "arm" is declared twice"#
            ),
        ]
        for (made, text) in cases { #expect(made == text) }
    }
}
