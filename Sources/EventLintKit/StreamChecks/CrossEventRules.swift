/// The rules of the plan's `rules`: conditions across params, user properties and earlier events.
public enum CrossEventRules {
    public static let all: [Rule] = [paramRequirement, userPropertyRequirement, paramEqualsUserProperty, onlyAfter]

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
        documentation: basics + "\n\nExample: a closing event with `outcome` = `later` requires `entry` = `onboarding`.")

    public static let userPropertyRequirement = Rule(
        id: "rule/user-property-requirement", stage: .crossEvent, severity: .error,
        summary: "an event breaks a plan rule's `requireUser` on the user's properties",
        documentation: basics + "\n\nExample: an experiment's events only for users whose arm user property is `offer`.")

    public static let paramEqualsUserProperty = Rule(
        id: "rule/param-equals-user-property", stage: .crossEvent, severity: .error,
        summary: "a param that must equal a user property does not",
        documentation: basics + "\n\nExample: an arm copied onto the event as a param must equal the user's arm user property.")

    public static let onlyAfter = Rule(
        id: "rule/only-after", stage: .crossEvent, severity: .error,
        summary: "an event that may only come after another event of the same user came first",
        documentation: basics + "\n\n`after` looks at every earlier event of the same user in time order (not file order), with no time limit. Example: a paywall reached from a sheet only after that sheet was closed with `outcome` = `view_premium`.")
}
