/// The rules of a plan rule's `once`: an event at most once, or exactly once, per user.
///
/// Each rule is followed by the factories of its messages, as in `CrossEventRules`.
public enum OnceRules {
    public static let all: [Rule] = [repeated, missing]

    static let basics = """
        A plan rule with `once: 'atMost'` or `once: 'exactly'` counts, per user, the events it \
        selects: those named by `on` (globs allowed) where `when`, `whenUser` and `whenPlatform` \
        hold. The user's events are taken in time order (event time, then bundle sequence, then \
        position; in `watch`, arrival order). The message names the plan rule.
        """

    public static let repeated = Rule(
        id: "rule/once-repeated", stage: .crossEvent, severity: .error,
        summary: "an event a plan rule allows once per user occurred again",
        documentation: basics
            + "\n\nEach occurrence after the user's first is a finding, with a note at the first. Example: the onboarding block offer is shown at most once per user.",
        examples: RuleExamples(
            failing: #"""
                {"name":"welcome_viewed","user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"welcome_viewed","user_pseudo_id":"u1","timestamp_micros":1767225660000000}
                """#,
            passing: #"""
                {"name":"welcome_viewed","user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"welcome_viewed","user_pseudo_id":"u2","timestamp_micros":1767225660000000}
                """#))

    static func repeatedMessage(rule: String, event: String, user: String) -> String {
        "rule \"\(rule)\": \"\(event)\" occurs again for user \(user), but at most once is allowed"
    }

    /// The note at the user's first occurrence.
    static let firstOccurrenceNote = "the first occurrence"

    public static let missing = Rule(
        id: "rule/once-missing", stage: .crossEvent, severity: .error,
        summary: "a user a plan rule expects an event of exactly once never has it",
        documentation: basics
            + "\n\nWith `once: 'exactly'`, a user is expected to have the event when at least one of their plan events meets the rule's `whenUser` and `whenPlatform` (without them: every user with a plan event). A user who ends without any event the rule selects is a finding at that first selecting event; a second occurrence is `rule/once-repeated`. The input is taken as the user's whole stream: a user whose events the export cuts off before the step is reported too, and `watch` reports these users only when it ends. Such a rule makes `lint` keep a small record of every plan event, not only of the events pairs and rules name.",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","user_properties":{"level":7},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#,
            passing: #"""
                {"name":"page_viewed","user_properties":{"level":7},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"tour_finished","user_properties":{"level":7},"user_pseudo_id":"u1","timestamp_micros":1767225660000000}
                """#))

    /// `wanted`: the rule's `on` patterns, each quoted.
    static func missingMessage(rule: String, wanted: [String], user: String) -> String {
        "rule \"\(rule)\": user \(user) never has \(wanted.joined(separator: " or ")), which must occur exactly once"
    }
}
