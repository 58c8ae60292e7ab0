/// Rules the plan loader reports while it reads the plan's declarations.
public enum PlanLoadingRules {
    public static let all: [Rule] = [unknownKey, invalidDeclaration, duplicateDeclaration, cannotLoad, invalidWindow]

    /// Not reported by the loader itself: the front end reports with it a plan, base plan or
    /// registered-definitions file that cannot be used at all, so that failure reaches SARIF,
    /// annotations and the step summary like any finding.
    public static let cannotLoad = Rule(
        id: "plan/cannot-load", stage: .plan, severity: .error,
        summary: "a plan, base plan or registered-definitions file cannot be used at all",
        documentation: """
            The plan directory does not exist or holds no plan files, a file cannot be read, the base \
            ref is not in the repository, or a registered-definitions file is not a GA4 Admin API list \
            response. The command stops with exit status 2; no other finding is reported. A JSON or \
            JSON5 syntax error is reported with its `json/…` rule instead. Follow the message's hint \
            (`--schema DIR`, fetch the base branch, export the definitions again). No example: it \
            needs a file that cannot be used, not a plan document.
            """)

    public static let unknownKey = Rule(
        id: "plan/unknown-key", stage: .plan, severity: .error,
        summary: "a key the plan language does not know",
        documentation: """
            Every object of the plan has a fixed set of keys (see docs/schema.md). An unknown key is \
            almost always a typo (`requried`, `value` for `values`) that would otherwise be ignored \
            silently and leave a check off. Fix the spelling or remove the key.
            """,
        examples: RuleExamples(
            failing: "{ params: { step: { type: 'string', /*>*/valuse: ['intro'], description: 'x' } } }",
            passing: "{ params: { step: { type: 'string', values: ['intro'], description: 'x' } } }"))

    public static let invalidDeclaration = Rule(
        id: "plan/invalid-declaration", stage: .plan, severity: .error,
        summary: "a declaration whose value has the wrong shape or an unknown option",
        documentation: """
            A key holds a value of the wrong kind (a number where a list of values is expected), an \
            unknown type name (`type: 'strng'`), an unknown registration, a malformed version, or \
            a number no double holds: infinite (`1e400`), or an integer beyond ±2^53 \
            (`9007199254740993`, which would be read, checked, queried and generated as \
            `9007199254740992`). The declaration is skipped, so the rest of the plan is still checked; fix it as the \
            message says. docs/schema.md lists what each key takes.
            """,
        examples: RuleExamples(
            failing: "{ params: { step: { type: /*>*/'strng', description: 'x' } } }",
            passing: "{ params: { step: { type: 'string', description: 'x' } } }"))

    /// `what`: the value's place in the plan (`min`, `each bucket edge`, `a plan file`), here and below.
    static func mustBeObjectMessage(what: String) -> String { "\(what) must be an object" }

    static func mustBeStringMessage(what: String) -> String { "\(what) must be a string" }

    static func mustBeNumberMessage(what: String) -> String { "\(what) must be a number" }

    static func mustBeIntegerMessage(what: String) -> String { "\(what) must be an integer" }

    static func mustBeBoolMessage(what: String) -> String { "\(what) must be true or false" }

    static func mustBeStringsMessage(what: String) -> String { "\(what) must be a string or a list of strings" }

    static func mustBeValueMessage(what: String) -> String { "\(what) must be a string, number or boolean" }

    /// `lexeme`: the number as written, which reads as infinity (`1e400`).
    static func notFiniteMessage(what: String, lexeme: String) -> String { "\(what) \(lexeme) is not a finite number" }

    /// A value that may be of any type, whose number reads as infinity.
    static func numberNotHeldMessage(what: String, lexeme: String) -> String {
        "\(what): number \(lexeme) is out of range"
    }

    /// `lexeme`: an integer a double does not hold exactly (`PlanFileReader.isInexactInteger`).
    static func inexactIntegerMessage(what: String, lexeme: String) -> String {
        let read = Double(lexeme) ?? 0
        let shown = Int64(exactly: read).map(String.init) ?? NumberText.format(read)
        return
            "\(what) \(lexeme) is beyond ±2^53 (9007199254740992), where a double no longer holds every integer: it would be read as \(shown)"
    }

    static func unsupportedVersionMessage(version: Int64) -> String {
        "plan language version \(version) is not supported (this eventlint reads version 1)"
    }

    static func unknownTierMessage(tier: String) -> String { "unknown tier \"\(tier)\" (use 'standard' or '360')" }

    /// A severity in `lint.severity` or on a rule.
    static func unknownSeverityMessage(severity: String) -> String {
        "unknown severity \"\(severity)\" (use error, warning or info)"
    }

    static let suppressShapeMessage = "suppress must be a list of { rule, event?, param? }"

    static let suppressionWithoutRuleMessage = "a suppression needs a rule id (or '*')"

    static func unknownTypeMessage(type: String) -> String {
        "unknown type \"\(type)\" (known: \(ParamType.allCases.map(\.rawValue).joined(separator: ", ")))"
    }

    static func unknownRegistrationMessage(registration: String) -> String {
        "unknown registration \"\(registration)\" (use 'event', 'user', 'item', 'none' or { metric: UNIT })"
    }

    static let metricWithoutUnitMessage = "register as a metric needs a unit: { metric: 'milliseconds' }"

    /// `unit`: as written (the known units are listed in lower case).
    static func unknownMetricUnitMessage(unit: String) -> String {
        "unknown metric unit \"\(unit)\" (known: \(GA4Facts.metricUnits.map { $0.lowercased() }.joined(separator: ", ")))"
    }

    static let registerShapeMessage = "register must be a string or { metric: UNIT }"

    static func paramWithoutTypeMessage(param: String) -> String { "param \"\(param)\" needs a type" }

    static let edgesShapeMessage = "edges must be a list of integers"

    static func bucketWithoutEdgesMessage(param: String) -> String {
        "bucket param \"\(param)\" needs edges, e.g. edges: [0, 1, 5, 10]"
    }

    /// `use`: the string an event gives a param in place of 'required' or 'optional'.
    static func unknownParamUseMessage(use: String) -> String {
        "param use must be 'required', 'optional' or an object, not \"\(use)\""
    }

    static let paramUseShapeMessage = "param use must be 'required', 'optional' or an object"

    static let requiredShapeMessage = "required must be true, false or { since: 'VERSION' }"

    static func invalidAppVersionMessage(version: String) -> String {
        "\"\(version)\" is not an app version like '3.0.0'"
    }

    /// `name`: the param or user property the condition is on.
    static func conditionTestsNothingMessage(name: String) -> String { "the condition on \"\(name)\" tests nothing" }

    static let nullConditionMessage = "a condition value cannot be null (use { present: false })"

    /// `what`: where the event is named (`open`, `after`).
    static func matcherWithoutEventMessage(what: String) -> String { "\(what) needs an event" }

    static func matcherShapeMessage(what: String) -> String { "\(what) must be an event name or { event, where }" }

    static func unknownPairKeyMessage(key: String) -> String {
        "unknown pair key \"\(key)\" (use 'user', or ['user', 'session'])"
    }

    static func pairWithoutOpenMessage(pair: String) -> String { "pair \"\(pair)\" needs an open event" }

    static func pairWithoutCloseMessage(pair: String) -> String { "pair \"\(pair)\" needs close: { events: [...] }" }

    static let durationWithoutParamMessage = "duration needs a param"

    static func unknownPlatformMessage(platform: String) -> String {
        "unknown platform \"\(platform)\" (use \(GA4Facts.platforms.map { "'\($0)'" }.joined(separator: ", ")))"
    }

    static func ruleWithoutOnMessage(rule: String) -> String { "rule \"\(rule)\" needs on: the events it applies to" }

    static func experimentWithoutPropertyMessage(experiment: String) -> String {
        "experiment \"\(experiment)\" needs userProperty: the user property that holds the arm"
    }

    static func experimentWithoutArmsMessage(experiment: String) -> String {
        "experiment \"\(experiment)\" needs arms: { ARM: share, … }"
    }

    static func metricKindCountMessage(metric: String, count: Int) -> String {
        "metric \"\(metric)\" needs exactly one of passRate, conversion or return, not \(count)"
    }

    static func metricMissingKeyMessage(what: String, keys: String) -> String { "\(what) needs \(keys)" }

    static func thresholdNotPValueMessage(threshold: Double) -> String {
        "srmThreshold must be a p-value between 0 and 1 (both excluded), not \(NumberText.format(threshold))"
    }

    static func ruleRequiresNothingMessage(rule: String) -> String {
        "rule \"\(rule)\" requires nothing (give require, requireUser, after, notAfter or once)"
    }

    static func journeyStepsMessage(journey: String) -> String {
        "journey \"\(journey)\" needs steps: a list of at least two events or { event, where }"
    }

    static func unknownOnceMessage(once: String) -> String {
        "unknown once \"\(once)\" (use atMost or exactly)"
    }

    /// `lowest`, `highest`: the bounds as the plan would write them.
    static func outOfRangeMessage(what: String, lowest: String, highest: String, lexeme: String) -> String {
        "\(what) must be between \(lowest) and \(highest), not \(lexeme)"
    }

    /// Reported by `check`, which sees the declaration whole: a param whose `min` is above its `max`.
    static func minimumAboveMaximumMessage(param: String, minimum: Double, maximum: Double) -> String {
        "param \"\(param)\" has min \(minimum) above max \(maximum)"
    }

    public static let invalidWindow = Rule(
        id: "plan/invalid-window", stage: .plan, severity: .error,
        summary: "a rule's time window that is missing, malformed, not positive or too large",
        documentation: """
            `after: { event, where, within }` and `notAfter: { event, where, within }` compare event \
            times against a window written as a text of number-unit parts, largest unit first: \
            `'60s'`, `'30m'`, `'24h'`, `'1h30m'`, `'7d'` (units `d`, `h`, `m`, `s`; whole numbers; \
            no spaces). `notAfter` needs a window. A window must be at least one second and at \
            most 36600d (100 years, the span of every valid timestamp), so timestamp arithmetic and \
            the SQL literal stay within 64 bits. A bare number (`within: 60`) is refused: its unit \
            would be a guess. The rule is dropped, so `lint` and `sql` refuse the plan until it is fixed.
            """,
        examples: RuleExamples(
            failing: """
                { events: { a: { description: 'x' }, b: { description: 'x' } },
                  rules: { r: { on: 'a', notAfter: { event: 'b', within: /*>*/'0s' } } } }
                """,
            passing: """
                { events: { a: { description: 'x' }, b: { description: 'x' } },
                  rules: { r: { on: 'a', notAfter: { event: 'b', within: '60s' } } } }
                """))

    public static let duplicateDeclaration = Rule(
        id: "plan/duplicate-declaration", stage: .plan, severity: .error,
        summary: "the same event, param, user property, pair or rule declared twice",
        documentation: """
            Plan files merge into one plan, and a name may be declared only once across all of \
            them: which declaration would win is exactly the kind of silent choice a tracking plan \
            must not make. The finding stands at the second declaration with a note at the first. \
            (Two identical keys within one object are already a JSON error.) No example: it needs \
            two plan files, and an example is one.
            """)

    /// `kind`: "event", "param", "user property", "pair", "rule" or "section" (`property`, `lint`).
    static func duplicateDeclarationMessage(kind: String, name: String) -> String {
        "\(kind) \"\(name)\" is declared twice"
    }
}
