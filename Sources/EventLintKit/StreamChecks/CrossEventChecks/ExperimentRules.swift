/// The arm integrity of the plan's `experiments`: whether the users seen per arm match the
/// declared shares, and whether each user's arm is one, in the population and set before the
/// events counted per arm.
///
/// Each rule is followed by the factories of its messages (and its notes' texts). They return
/// the text alone, which `CrossEventRun` (or, for the sample-ratio test, `ExperimentReadout`)
/// makes the finding of, and take the experiment's name, arms as they were logged, the user as
/// messages name it (`CrossEventRun.userText`), counts and the test's numbers.
public enum ExperimentRules {
    public static let all: [Rule] = [sampleRatioMismatch, armFlip, outsidePopulation, eventBeforeArm]

    static let basics = """
        A user's arm of an experiment is the value of the experiment's `userProperty` on the \
        user's events (every event of the plan is read when the plan declares an experiment); \
        events without a value, or with one that failed its own checks, assign no arm.
        """

    public static let sampleRatioMismatch = Rule(
        id: "experiment/sample-ratio-mismatch", stage: .crossEvent, severity: .warning,
        summary: "the users seen per arm of an experiment are unlikely under its declared shares",
        documentation: basics + """


            Each user with an arm is counted once, in the first arm seen. A chi-squared \
            goodness-of-fit test compares the users of the declared arms with the declared \
            shares (arms − 1 degrees of freedom); below the experiment's `srmThreshold` \
            (default 0.001) the split is a sample-ratio mismatch: assignment, logging or the \
            export lost users of one arm, and per-arm numbers are not comparable. Users whose \
            value is not a declared arm are counted apart (the summary's `other`), not in the \
            test. The finding stands on the experiment's declaration in the plan; the summary \
            lists every experiment's users per arm, χ² and p.

            No example: a mismatch needs enough users to be unlikely by chance \
            (ExperimentIntegrityTests plants one).
            """)

    /// `arms`: each declared arm with its users, as `offer 560, control 440`.
    static func sampleRatioMismatchMessage(
        experiment: String, arms: String, statistic: String, p: String, threshold: String
    ) -> String {
        "experiment \"\(experiment)\": users per arm \(arms) do not match the declared shares "
            + "(χ² \(statistic), p \(p) < \(threshold))"
    }

    public static let armFlip = Rule(
        id: "experiment/arm-flip", stage: .crossEvent, severity: .error,
        summary: "a user is seen in two arms of one experiment",
        documentation: basics + """


            Assignment is sticky: a user keeps the arm first assigned. A second arm means the \
            assignment was redone (a reinstall, a new salt) or the property was overwritten, \
            and the user's events count in both arms. Reported once per user and experiment, \
            at the first event with another arm; the note shows where the first arm was seen. \
            The user is counted in the first arm.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"page_viewed","user_properties":{"arm":"b"},"user_pseudo_id":"u1","timestamp_micros":1767225660000000}
                """#,
            passing: #"""
                {"name":"page_viewed","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"page_viewed","user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225660000000}
                """#))

    static func armFlipMessage(experiment: String, user: String, first: String, second: String) -> String {
        "experiment \"\(experiment)\": user \(user) is in arm \"\(second)\" after arm \"\(first)\""
    }

    static func armFirstSeenNote(arm: String) -> String { "arm \"\(arm)\" first seen here" }

    public static let outsidePopulation = Rule(
        id: "experiment/outside-population", stage: .crossEvent, severity: .error,
        summary: "a user outside an experiment's population has an arm",
        documentation: basics + """


            An experiment's `population` (conditions on user properties, as a rule's \
            `whenUser`) names the users it may assign. A user whose first event with an arm \
            does not meet it was assigned although the experiment does not run on them (an \
            existing user in a new-user experiment), and dilutes the arm. Reported once per \
            user and experiment, at that event.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","user_properties":{"arm":"a","nickname":"legacy"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#,
            passing: #"""
                {"name":"page_viewed","user_properties":{"arm":"a","nickname":"kim"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#))

    /// `expected`: the population's conditions as messages show them (`nickname not in [legacy]`).
    static func outsidePopulationMessage(experiment: String, user: String, arm: String, expected: String) -> String {
        "experiment \"\(experiment)\": user \(user) has arm \"\(arm)\" but is outside the population (\(expected))"
    }

    public static let eventBeforeArm = Rule(
        id: "experiment/event-before-arm", stage: .crossEvent, severity: .warning,
        summary: "an event that opens a pair comes before the user's arm was set",
        documentation: basics + """


            `lint` counts each pair under the arm of its opening event. A pair opened by a user \
            who gets an arm only later is counted without one, so the per-arm counts miss it, \
            and a screen that depends on the arm was shown before it was known. Reported once \
            per user and experiment, at the first such opening; the note shows where the arm \
            was first seen. Users who never get an arm are not in the experiment and are not \
            reported. A plan rule with `requireUser: { ARM: { present: true } }` checks one \
            event; this check covers every pair.
            """,
        examples: RuleExamples(
            failing: #"""
                /*>*/{"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"dialog_closed","params":{"mode":"dark"},"user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225660000000}
                """#,
            passing: #"""
                {"name":"dialog_opened","params":{"mode":"dark"},"user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"dialog_closed","params":{"mode":"dark"},"user_properties":{"arm":"a"},"user_pseudo_id":"u1","timestamp_micros":1767225660000000}
                """#))

    static func eventBeforeArmMessage(experiment: String, event: String, user: String) -> String {
        "experiment \"\(experiment)\": \"\(event)\" of user \(user) comes before the user's arm was set"
    }

    static func armSetNote(arm: String) -> String { "arm \"\(arm)\" set here" }
}
