/// The rules of the plan's `rules`: conditions across params, user properties and earlier events.
///
/// Each rule is followed by the factories of its messages (and its notes' texts). They return
/// the text alone, which `CrossEventRun.report` makes the finding of, and take the plan rule's
/// and events' names, the user as messages name it (`CrossEventRun.userText`), values and
/// conditions as messages show them, and times.
public enum CrossEventRules {
    public static let all: [Rule] = [
        paramRequirement, userPropertyRequirement, paramEqualsUserProperty, onlyAfter, notAfter,
    ]

    static let basics = """
        The plan's `rules` apply to the events named by `on` (globs allowed) when `when` (params) \
        and `whenUser` (user properties) hold. A user property is read from the event's own row \
        (bq), line (flat) or request (MP); where it is absent it equals no value. A value that \
        failed its own checks neither triggers nor fails a rule: its own finding reports it. The \
        message names the plan rule.
        """

    public static let paramRequirement = Rule(
        id: "rule/param-requirement", stage: .crossEvent, severity: .error,
        summary: "an event breaks a plan rule's `require` on its params",
        documentation: basics
            + "\n\nExample: a closing event with `outcome` = `later` requires `entry` = `onboarding`.",
        examples: RuleExamples(
            failing: #"""
                {"name":"form_sent","params":{"choice":"no","source":"home"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#,
            passing: #"""
                {"name":"form_sent","params":{"choice":"no","source":"menu"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#))

    /// `expected`: what the rule asks (`in [onboarding]`); `actual`: the value as messages show it.
    static func paramRequirementMessage(
        rule: String, event: String, param: String, expected: String, actual: String
    ) -> String {
        "rule \"\(rule)\": \"\(event)\" needs param \"\(param)\" \(expected), but it is \(actual)"
    }

    public static let userPropertyRequirement = Rule(
        id: "rule/user-property-requirement", stage: .crossEvent, severity: .error,
        summary: "an event breaks a plan rule's `requireUser` on the user's properties",
        documentation: basics
            + "\n\nExample: an experiment's events only for users whose arm user property is `offer`.",
        examples: RuleExamples(
            failing: #"""
                {"name":"upgrade_offered","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#,
            passing: #"""
                {"name":"upgrade_offered","user_properties":{"arm":"b"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#))

    static func userPropertyRequirementMessage(
        rule: String, event: String, property: String, expected: String, actual: String, user: String
    ) -> String {
        "rule \"\(rule)\": \"\(event)\" needs user property \"\(property)\" \(expected), but it is \(actual) "
            + "for user \(user)"
    }

    public static let paramEqualsUserProperty = Rule(
        id: "rule/param-equals-user-property", stage: .crossEvent, severity: .error,
        summary: "a param that must equal a user property does not",
        documentation: basics
            + "\n\nExample: an arm copied onto the event as a param must equal the user's arm user property.",
        examples: RuleExamples(
            failing: #"""
                {"name":"arm_logged","params":{"arm":"a"},"user_properties":{"arm":"b"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#,
            passing: #"""
                {"name":"arm_logged","params":{"arm":"b"},"user_properties":{"arm":"b"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#))

    /// `actual`, `reference`: the param's and the user property's values as messages show them.
    static func paramEqualsUserPropertyMessage(
        rule: String, event: String, param: String, actual: String, property: String, reference: String
    ) -> String {
        "rule \"\(rule)\": param \"\(param)\" of \"\(event)\" is \(actual), but user property \"\(property)\" is "
            + "\(reference)"
    }

    public static let onlyAfter = Rule(
        id: "rule/only-after", stage: .crossEvent, severity: .error,
        summary: "an event that may only come after another event of the same user came first",
        documentation: basics
            + "\n\n`after` looks at every earlier event of the same user in time order (not file order), with no time limit; with `within` (`'60s'`, `'30m'`, `'1h30m'`) only at those at most that long before it by event time, the edge included. An event without a valid timestamp takes part in no window check, on either side: its own finding reports it. Example: a paywall reached from a sheet only after that sheet was closed with `outcome` = `view_premium`.",
        examples: RuleExamples(
            failing: #"""
                {"name":"cart_viewed","user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"checkout_started","user_pseudo_id":"u1","timestamp_micros":1767232800000000}
                """#,
            passing: #"""
                {"name":"cart_viewed","user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"checkout_started","user_pseudo_id":"u1","timestamp_micros":1767226200000000}
                """#))

    /// `wanted`: the earlier event as the rule describes it (`"cart_viewed" with step in [a]`).
    static func onlyAfterMessage(rule: String, event: String, wanted: String, user: String) -> String {
        "rule \"\(rule)\": \"\(event)\" comes before any \(wanted) of user \(user)"
    }

    /// The same with a window: no such event `within` before this one.
    static func onlyAfterMessage(rule: String, event: String, wanted: String, user: String, within: TimeWindow)
        -> String
    {
        "rule \"\(rule)\": \"\(event)\" comes without any \(wanted) of user \(user) within \(within) before it"
    }

    /// The note at the latest earlier event, `gap` microseconds before, outside the window.
    static func latestEarlierNote(gap: Int64) -> String { "the latest earlier one, \(seconds(gap)) before" }

    public static let notAfter = Rule(
        id: "rule/not-after", stage: .crossEvent, severity: .error,
        summary: "an event came within a plan rule's `notAfter` window after an event it must not follow",
        documentation: basics
            + "\n\n`notAfter: { event, where, within }` forbids a matching earlier event of the same user at most `within` before this one, by event time, the edge included (`within: '60s'`: 60 s apart is a violation, 61 s is not). Earlier means earlier in time order, so an event with the same timestamp that comes before in the input counts too. An event without a valid timestamp takes part in no window check, on either side: its own finding reports it. The finding stands at the later event, with a note at the closest earlier one. Example: the notification permission dialog must not come within 60 s after the Screen Time dialog closed.",
        examples: RuleExamples(
            failing: #"""
                {"name":"reminder_sent","user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"reminder_sent","user_pseudo_id":"u1","timestamp_micros":1767225630000000}
                """#,
            passing: #"""
                {"name":"reminder_sent","user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"reminder_sent","user_pseudo_id":"u1","timestamp_micros":1767225720000000}
                """#))

    /// `gap`: the microseconds between the earlier event and this one.
    static func notAfterMessage(
        rule: String, event: String, gap: Int64, earlier: String, user: String, within: TimeWindow
    ) -> String {
        "rule \"\(rule)\": \"\(event)\" comes \(seconds(gap)) after \(earlier) of user \(user), "
            + "inside the rule's \(within) window"
    }

    /// The note at the earlier event.
    static let earlierEventNote = "the earlier event"

    /// A time between two events in seconds (`12 s`, `0.25 s`).
    static func seconds(_ micros: Int64) -> String { "\(NumberText.format(Double(micros) / 1_000_000)) s" }
}
