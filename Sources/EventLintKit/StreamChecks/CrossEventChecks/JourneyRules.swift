/// The rules of the plan's `journeys`: ordered steps per selected user, within a window.
///
/// Each rule is followed by the factories of its messages, as in `CrossEventRules`.
public enum JourneyRules {
    public static let all: [Rule] = [unexpectedStep, windowExceeded]

    static let basics = """
        A journey lists steps (events, with `where` conditions) that each user its `whenUser` \
        selects goes through in this order, in time order (event time, then bundle sequence, then \
        position; in `watch`, arrival order). Only the events of its steps move it: any other event \
        is ignored. The first event of a step's events that is not the step the user must reach \
        next, or that comes later than `within` after the first step, breaks the journey for that \
        user: one finding, at that event, and the journey is not followed further. A journey not \
        finished when the user's events end is no finding. The message names the journey and the \
        step (1-based).
        """

    public static let unexpectedStep = Rule(
        id: "journey/unexpected-step", stage: .crossEvent, severity: .error,
        summary: "a user's journey goes to another step than the next one",
        documentation: basics
            + "\n\nExample: in the offer arm, the cap sheet comes before the block offer was closed with setup.",
        examples: RuleExamples(
            failing: #"""
                {"name":"intro_viewed","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"intro_viewed","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225660000000}
                """#,
            passing: #"""
                {"name":"intro_viewed","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"intro_finished","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225660000000}
                {"name":"intro_viewed","user_properties":{"arm":"b"},"user_pseudo_id":"u2","timestamp_micros":1767225600000000}
                {"name":"intro_viewed","user_properties":{"arm":"b"},"user_pseudo_id":"u2","timestamp_micros":1767225660000000}
                """#))

    /// `step`: the 1-based step expected; `expected`: it as `EventMatcher.spelled` writes it.
    static func unexpectedStepMessage(journey: String, step: Int, expected: String, event: String, user: String)
        -> String
    {
        "journey \"\(journey)\": step \(step) of user \(user) should be \(expected), but \"\(event)\" came"
    }

    /// The note at the user's first step.
    static let firstStepNote = "the journey's first step"

    public static let windowExceeded = Rule(
        id: "journey/window-exceeded", stage: .crossEvent, severity: .error,
        summary: "a user's journey reaches a step later than its window after the first step",
        documentation: basics
            + "\n\n`within` (`'30m'`, `'1h'`) bounds the time from the first step to every later one, by event time, the edge included; an event without a valid timestamp takes part in no window check. Example: the whole offer flow within 30 minutes.",
        examples: RuleExamples(
            failing: #"""
                {"name":"intro_viewed","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"intro_finished","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767232800000000}
                """#,
            passing: #"""
                {"name":"intro_viewed","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"intro_finished","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767227400000000}
                """#))

    /// `gap`: the microseconds from the first step to this event.
    static func windowExceededMessage(
        journey: String, step: Int, expected: String, gap: Int64, user: String, within: TimeWindow
    ) -> String {
        "journey \"\(journey)\": step \(step) (\(expected)) of user \(user) comes \(CrossEventRules.seconds(gap)) "
            + "after the first step, outside the journey's \(within) window"
    }
}
