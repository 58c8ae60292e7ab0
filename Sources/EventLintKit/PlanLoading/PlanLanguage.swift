/// The plan language's objects, their keys and what each key takes: the one table the loader
/// checks keys against (an unknown key is `plan/unknown-key`) and the editor schema
/// (`docs/plan.schema.json`, `PlanJSONSchema`) is generated from, so the two cannot drift.
public enum PlanLanguage {
    /// What a key's value may be.
    public indirect enum Shape: Sendable {
        case string
        case integer
        case number
        case boolean
        /// One of these strings.
        case oneOf([String])
        /// A string, number or boolean literal.
        case literal
        /// An object with fixed keys.
        case object(Object)
        /// An object from names the plan chooses to values of one shape.
        case map(Shape)
        case list(Shape)
        /// Any of these shapes.
        case anyOf([Shape])
    }

    public struct Key: Sendable {
        public var name: String
        public var value: Shape
        public var required: Bool
        public var summary: String

        init(_ name: String, _ value: Shape, required: Bool = false, _ summary: String) {
            self.name = name
            self.value = value
            self.required = required
            self.summary = summary
        }
    }

    /// An object of the language: its name (for the schema's definitions) and its keys.
    public struct Object: Sendable {
        public var name: String
        public var summary: String
        public var keys: [Key]

        /// The key names, for the loader's unknown-key check.
        public var keyNames: Set<String> { Set(keys.map(\.name)) }
    }

    // MARK: - Shared shapes

    static let values: Shape = .anyOf([.literal, .list(.literal)])
    static let names: Shape = .anyOf([.string, .list(.string)])
    static let severities: Shape = .oneOf(Severity.allCases.reversed().map(\.rawValue))
    static let types: Shape = .oneOf(ParamType.allCases.map(\.rawValue))
    static let registration: Shape = .anyOf([
        .oneOf(["event", "user", "item", "metric", "none"]),
        .object(metricRegistration),
    ])
    static let conditions: Shape = .map(.anyOf([.literal, .list(.literal), .object(conditionTests)]))
    static let matcher: Shape = .anyOf([.string, .object(matcherObject)])
    static let matchers: Shape = .anyOf([matcher, .list(matcher)])

    // MARK: - Objects

    public static let file = Object(
        name: "planFile",
        summary: "One file of an eventlint tracking plan; all files of the plan directory merge into one plan.",
        keys: [
            Key("$schema", .string, "The JSON Schema of this file, for editors; eventlint ignores it."),
            Key("version", .integer, "The plan language version; this eventlint reads 1."),
            Key("property", .object(property), "The GA4 property the plan is sent to (one file only)."),
            Key("lint", .object(lintSettings), "Settings for eventlint lint (one file only)."),
            Key("params", .map(.object(param)), "Event parameters, each declared once with its type."),
            Key("userProperties", .map(.object(userProperty)), "User properties."),
            Key("events", .map(.object(event)), "Events and the params they carry."),
            Key("pairs", .map(.object(pair)), "Surfaces opened and then closed, checked per user in event-time order."),
            Key("rules", .map(.object(rule)), "Cross-event rules."),
            Key("journeys", .map(.object(journey)), "Ordered steps that each selected user goes through."),
            Key(
                "experiments", .map(.object(experiment)),
                "A/B experiments: a user property's arms, shares and population."),
            Key(
                "metrics", .map(.object(metric)),
                "The experiments' readout: shares of users per arm, with 95 % Wilson intervals."),
            Key("severity", .map(severities), "Severity overrides by exact rule id."),
            Key("suppress", .list(.object(suppression)), "Findings silenced by rule id, event and param."),
            Key("automatic", .object(automatic), "Names added to GA4's automatic events, params and user properties."),
        ])

    public static let property = Object(
        name: "property", summary: "The GA4 property the plan is sent to, for budget.",
        keys: [
            Key(
                "tier", .anyOf([.oneOf(PropertySettings.Tier.allCases.map(\.rawValue)), .integer]),
                "'standard' or '360'."),
            Key("quota", .object(quota), "Quota overrides per scope, integers 0-10000."),
        ])

    public static let quota = Object(
        name: "quota", summary: "Quota overrides per budget scope.",
        keys: BudgetScope.allCases.map { Key($0.rawValue, .integer, "Slots of the \($0.rawValue) scope.") })

    public static let lintSettings = Object(
        name: "lint", summary: "Settings for eventlint lint.",
        keys: [
            Key(
                "unclosedWindowMinutes", .number,
                "Unclosed pairs this many minutes before a user's last event are warnings (default 30).")
        ])

    public static let param = Object(
        name: "param", summary: "An event parameter.",
        keys: [
            Key("type", types, required: true, "The value type."),
            Key("values", values, "The allowed values (absent: any value of the type)."),
            Key("min", .number, "The smallest allowed value (int, double)."),
            Key("max", .number, "The largest allowed value (int, double)."),
            Key("minLength", .integer, "The shortest allowed string."),
            Key("maxLength", .integer, "The longest allowed string."),
            Key("edges", .list(.integer), "A bucket's strictly ascending lower edges."),
            Key("register", registration, "How GA4 registers it as a custom definition."),
            Key("description", .string, "What the param means."),
        ])

    public static let metricRegistration = Object(
        name: "metricRegistration", summary: "A custom metric with its unit.",
        keys: [
            Key("metric", .string, required: true, "The measurement unit: standard, milliseconds, seconds, …")
        ])

    public static let userProperty = Object(
        name: "userProperty", summary: "A user property.",
        keys: [
            Key("type", types, "The value type (default string)."),
            Key("values", values, "The allowed values."),
            Key("register", registration, "How GA4 registers it, normally 'user'."),
            Key("experiment", .boolean, "It holds an A/B arm: lint splits each pair's funnel by its values."),
            Key("description", .string, "What it means."),
        ])

    public static let event = Object(
        name: "event", summary: "An event of the plan.",
        keys: [
            Key(
                "params", .map(.anyOf([.oneOf(["required", "optional"]), .object(paramUse)])),
                "The params the event carries: 'required', 'optional' or { required, values }."),
            Key("items", .object(eventItems), "The params each element of the event's items carries."),
            Key("description", .string, "What the event means."),
        ])

    public static let eventItems = Object(
        name: "eventItems", summary: "The item params of an event.",
        keys: [
            Key(
                "params", .map(.anyOf([.oneOf(["required", "optional"]), .object(paramUse)])),
                "The params each item carries: 'required', 'optional' or { required, values }.")
        ])

    public static let paramUse = Object(
        name: "paramUse", summary: "How an event uses a param.",
        keys: [
            Key("required", .anyOf([.boolean, .object(since)]), "true, false, or { since: 'VERSION' }."),
            Key("values", values, "The values this event narrows the param to."),
        ])

    public static let since = Object(
        name: "since", summary: "Required from an app version on.",
        keys: [
            Key("since", .string, required: true, "The first app version that must send the param ('3.0.0').")
        ])

    public static let conditionTests = Object(
        name: "conditionTests", summary: "Tests on one value; all must hold.",
        keys: [
            Key("in", values, "The value is one of these."),
            Key("notIn", values, "The value is none of these."),
            Key("min", .number, "The value (or a bucket's lower edge) is at least this."),
            Key("max", .number, "The value (or a bucket's upper edge) is at most this."),
            Key("present", .boolean, "The value is present (true) or absent (false)."),
            Key("equalsUserProperty", .string, "The value equals the same user's user property of this name."),
        ])

    public static let earlierEvent = Object(
        name: "earlierEvent", summary: "An earlier event of the same user.",
        keys: [
            Key("event", .string, required: true, "The event's name."),
            Key("where", conditions, "Conditions on its params."),
            Key("within", .string, "How long before: '60s', '30m', '24h', '1h30m' (d h m s, largest first)."),
        ])

    public static let matcherObject = Object(
        name: "matcher", summary: "An event, when its conditions hold.",
        keys: [
            Key("event", .string, required: true, "The event name."),
            Key("where", conditions, "Conditions on the event's params."),
        ])

    public static let pair = Object(
        name: "pair", summary: "A surface that is opened and then closed.",
        keys: [
            Key("open", matchers, required: true, "The events that open the pair."),
            Key("close", .object(close), required: true, "The events that close it."),
            Key("inside", matchers, "Events that may only occur while the pair is open."),
            Key("same", names, "Params that must be equal on open and close."),
            Key(
                "duration", .anyOf([.string, .object(duration)]),
                "A duration param on the close, compared with the timestamps."),
            Key("outcome", .string, "A param of the close events whose value names the outcome, for the report."),
            Key("key", names, "'user', or ['user', 'session'] to pair within one session."),
            Key("description", .string, "What the pair checks."),
        ])

    public static let close = Object(
        name: "close", summary: "How a pair is closed.",
        keys: [
            Key("events", matchers, required: true, "The events that close the pair."),
            Key("required", .boolean, "Whether every open must be closed (default true)."),
        ])

    public static let duration = Object(
        name: "duration", summary: "A duration param and its tolerance.",
        keys: [
            Key("param", .string, required: true, "The duration param, in milliseconds."),
            Key("toleranceMs", .number, "Allowed disagreement in milliseconds (default 1000)."),
            Key("tolerancePercent", .number, "Allowed disagreement in percent of the delta (default 10)."),
        ])

    public static let rule = Object(
        name: "rule", summary: "A cross-event rule.",
        keys: [
            Key("on", names, required: true, "The events it applies to; * matches any run of characters."),
            Key("when", conditions, "Conditions on params that select the events checked."),
            Key("whenUser", conditions, "Conditions on user properties that select the events checked."),
            Key(
                "whenPlatform",
                .anyOf([.oneOf(["IOS", "ANDROID", "WEB"]), .list(.oneOf(["IOS", "ANDROID", "WEB"]))]),
                "The platforms (IOS, ANDROID, WEB) whose events are checked."),
            Key("require", conditions, "Conditions on params that must hold."),
            Key("requireUser", conditions, "Conditions on user properties that must hold."),
            Key(
                "after", .anyOf([.string, .object(earlierEvent)]),
                "An earlier event of the same user that must exist (within a window, when given)."),
            Key(
                "notAfter", .object(earlierEvent),
                "An earlier event of the same user that must not come within the window."),
            Key(
                "once", .oneOf(["atMost", "exactly"]),
                "The events it applies to occur at most once, or exactly once, per user."),
            Key("severity", severities, "The severity of this rule's findings."),
            Key("description", .string, "What the rule means."),
        ])

    public static let journey = Object(
        name: "journey", summary: "Ordered steps that each selected user goes through.",
        keys: [
            Key("steps", .list(matcher), required: true, "The events, in the order each user must reach them."),
            Key("whenUser", conditions, "Conditions on user properties that select the users."),
            Key("within", .string, "The longest time from the first step to any later one."),
            Key("severity", severities, "The severity of this journey's findings."),
            Key("description", .string, "What the journey is."),
        ])

    public static let experiment = Object(
        name: "experiment", summary: "An A/B experiment whose arms are the values of a user property.",
        keys: [
            Key("userProperty", .string, required: true, "The user property that holds the arm."),
            Key(
                "arms", .map(.number), required: true,
                "Each arm (a value of the user property) and its share of the population; the shares sum to 1."),
            Key("population", conditions, "Conditions on user properties that every user with an arm meets."),
            Key(
                "srmThreshold", .number,
                "The p-value below which the arm counts are a sample-ratio mismatch (default 0.001)."),
            Key("description", .string, "What the experiment tests."),
        ])

    public static let metric = Object(
        name: "metric", summary: "A share of users per experiment arm: exactly one of passRate, conversion, return.",
        keys: [
            Key(
                "passRate", .object(passRateMetric), "Users who opened a pair; of those, who closed it with an outcome."
            ),
            Key(
                "conversion", .object(conversionMetric),
                "Users with a from event; of those, who had a to event within the window after one."),
            Key(
                "return", .object(returnMetric),
                "Users with a from event; of those, who had the event on another UTC day within the window."),
            Key("description", .string, "What the metric measures."),
        ])

    public static let passRateMetric = Object(
        name: "passRateMetric", summary: "A pair's outcome share, per user.",
        keys: [
            Key("pair", .string, required: true, "The pair."),
            Key("outcome", .literal, required: true, "The value of the pair's outcome param that counts as passing."),
        ])

    public static let conversionMetric = Object(
        name: "conversionMetric", summary: "An event after another within a window, per user.",
        keys: [
            Key("from", matcher, required: true, "The event that starts the window."),
            Key("to", matcher, required: true, "The event that converts."),
            Key("within", .string, required: true, "The window after a from event: '1h', '7d'."),
        ])

    public static let returnMetric = Object(
        name: "returnMetric",
        summary: "An event on another calendar day (UTC) within a window of the first from event, per user.",
        keys: [
            Key("from", matcher, required: true, "The event whose first occurrence starts the window."),
            Key("event", matcher, required: true, "The event that counts as a return."),
            Key("within", .string, required: true, "The window after the first from event: '7d'."),
        ])

    public static let suppression = Object(
        name: "suppression", summary: "Findings silenced.",
        keys: [
            Key("rule", .string, required: true, "A rule id; * globs allowed."),
            Key("event", .string, "Only findings about this event (globs allowed)."),
            Key("param", .string, "Only findings about this param or user property (globs allowed)."),
            Key("reason", .string, "Free text for reviewers."),
        ])

    public static let automatic = Object(
        name: "automatic", summary: "Names added to GA4's automatic lists.",
        keys: [
            Key("events", names, "Automatically collected events."),
            Key("params", names, "Automatic params."),
            Key("userProperties", names, "Automatic user properties."),
        ])
}
