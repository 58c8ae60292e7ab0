/// The rules of `check --base`: every difference between the base plan and the current one is
/// one of these. Errors are breaking (data that passed the base plan fails now, or a report
/// loses its dimension); info findings are additive. Listed in `RuleCatalog`; the tests for
/// them compare two plans, so they carry no single-plan examples.
public enum DiffRules {
    public static let all: [Rule] = [
        eventRemoved, paramRemoved, typeChanged, valueRemoved, nowRequired, rangeNarrowed, registrationRemoved,
        pairChanged, ruleChanged,
        eventAdded, paramAdded, typeWidened, valueAdded, requiredSince, nowOptional, rangeWidened, registrationAdded,
        pairAdded, pairUpdated, pairRemoved, ruleAdded, ruleUpdated, ruleRemoved, suppressionLanded,
    ]

    static let breaking = """
        A breaking change: events that the app already sends, or exports already collected, which \
        passed the base plan fail this one — or a GA4 report loses a dimension. Make sure the app \
        release and the plan change land together, or make the change additive (keep the old name, \
        add the new one; require a new param only `since` the version that sends it).
        """

    static let additive = "An additive change: everything that passed the base plan still passes."

    static func rule(_ id: String, _ severity: Severity, _ summary: String, _ documentation: String) -> Rule {
        Rule(
            id: id, stage: .plan, severity: severity, summary: summary,
            documentation: documentation + "\n\n" + (severity == .error ? breaking : additive))
    }

    public static let eventRemoved = rule(
        "diff/event-removed", .error, "an event of the base plan is gone (removed or renamed)",
        "The finding is shown on the file of the current plan the event was declared in (line 1), or on the new event a rename hint names, with a note that points at the event in the base plan (`REF:path`). A rename shows as one event removed and one added; a note names a new event with the same params."
    )
    public static let paramRemoved = rule(
        "diff/param-removed", .error,
        "a param or user property of the base plan is gone, or an event no longer carries a param",
        "Data that carries the param now reports it as unknown, and queries that read it find nothing in new data.")
    public static let typeChanged = rule(
        "diff/type-changed", .error, "a param or user property changed type (other than int to double)",
        "Values sent with the old type fail the new one; in BigQuery the value moves between `string_value`, `int_value` and `double_value`, which breaks every query reading it."
    )
    public static let valueRemoved = rule(
        "diff/value-removed", .error, "an allowed value was removed, or a param that took any value is now restricted",
        "Data that sends the value now fails the allowed-values check, and reports filtered on it go empty. Bucket edges that change rename the labels. When a new value looks like the old one renamed (one removed and one added, or one name extending the other), a note says so."
    )
    public static let nowRequired = rule(
        "diff/now-required", .error, "a param became required on an event that did not require it",
        "Events sent without it, by app versions that predate the change, now fail. Use `required: { since: 'VERSION' }` so only rows of the version that sends it must carry it."
    )
    public static let rangeNarrowed = rule(
        "diff/range-narrowed", .error, "a numeric or length bound of a param became stricter",
        "Values inside the old `min`/`max`/`minLength`/`maxLength` but outside the new ones now fail.")
    public static let registrationRemoved = rule(
        "diff/registration-removed", .error,
        "a param registered as a custom definition is no longer registered as such (or is gone)",
        "Reports, audiences and explorations built on the custom dimension or metric stop receiving values for what the plan no longer sends or registers; if the definition is archived, they break."
    )
    public static let pairChanged = rule(
        "diff/pair-changed", .error, "a pair changed so that data which passed may now fail",
        "A close became required, params must now be equal that old events carried, the open or close events changed, an event became inside-only, a duration check was added or tightened — or a new pair checks events that existing data already has."
    )
    public static let ruleChanged = rule(
        "diff/rule-changed", .error, "a cross-event rule changed (or was added) so that data which passed may now fail",
        "A rule is judged breaking whenever it now applies to data the base plan already described: it is compared as a whole, so any change to its events, conditions or severity counts, unless it applies only to new events, new params or new values."
    )
    public static let typeWidened = rule(
        "diff/type-widened", .info, "a param or user property changed type from int to double",
        "Every whole number that passed still passes: lint accepts `int_value` for a double param. Queries that read only `int_value` should also read `double_value` for data sent after the change."
    )
    public static let eventAdded = rule("diff/event-added", .info, "a new event", "A new event in the plan.")
    public static let paramAdded = rule(
        "diff/param-added", .info,
        "a new param or user property, or an event that now carries a param optionally or only since a version",
        "A new declaration, or a param added to an event as optional or required since an app version.")
    public static let valueAdded = rule(
        "diff/value-added", .info, "a param allows a new value, or any value",
        "A new allowed value. Queries that enumerate the values (CASE expressions, dashboards with fixed filters) may need the new one."
    )
    public static let requiredSince = rule(
        "diff/required-since", .info, "an optional param became required from an app version on",
        "Rows of older app versions still pass; rows of that version on must carry it.")
    public static let nowOptional = rule(
        "diff/now-optional", .info, "a required param became optional or required only since a version",
        "Queries that assumed the param is always present should handle its absence.")
    public static let rangeWidened = rule(
        "diff/range-widened", .info, "a numeric or length bound of a param became looser (or was dropped)",
        "Every value that passed still passes.")
    public static let registrationAdded = rule(
        "diff/registration-added", .info, "a param is now registered as a custom definition",
        "It costs a slot of its scope (see `eventlint budget`), and reports show its values only from the day the definition is created."
    )
    public static let pairAdded = rule(
        "diff/pair-added", .info, "a new pair over events old data does not have", "A new shown/closed pair.")
    public static let pairUpdated = rule(
        "diff/pair-updated", .info, "a pair changed in a way data that passed still passes",
        "For example a close became optional, an inside-only event was dropped, or the params compared now include a param that is new in this change (absent on both sides counts as equal)."
    )
    public static let pairRemoved = rule(
        "diff/pair-removed", .info, "a pair of the base plan is gone", "Nothing checks that pairing any more.")
    public static let ruleAdded = rule(
        "diff/rule-added", .info, "a new cross-event rule that applies only to new events, params or values",
        "Data described by the base plan cannot match it.")
    public static let ruleUpdated = rule(
        "diff/rule-updated", .info, "a cross-event rule changed, but applies only to new events, params or values",
        "Data described by the base plan cannot match it.")
    public static let ruleRemoved = rule(
        "diff/rule-removed", .info, "a cross-event rule of the base plan is gone", "Nothing checks it any more.")

    /// How an intended breaking change expires: its suppression stays in the plan after the
    /// change merged, where it would silence the next, unintended change of the same name.
    public static let suppressionLanded = Rule(
        id: "diff/suppression-landed", stage: .plan, severity: .warning,
        summary:
            "a suppression of a diff/ rule matches no change against the base: the change it let through has landed",
        documentation:
            "A breaking change that is meant lands with a reviewed suppression that names it (`{ rule: 'diff/event-removed', event: 'old_event', reason: '…' }`, see docs/pre-merge.md). Once the change is in the base branch, `check --base` no longer finds it, and the suppression would only hide the next change of that name: remove it. Only suppressions whose rule is a `diff/` id are judged, and only by `check --base`."
    )

    /// `diff/suppression-landed` for each suppression of a `diff/` rule that none of `diff`
    /// (the findings before suppressions) matches.
    static func landedSuppressions(_ plan: Plan, diff: [Finding]) -> [Finding] {
        plan.suppressions.filter { $0.rule.hasPrefix("diff/") && !diff.contains(where: $0.matches) }.map {
            suppression in
            var subject = "suppression of \"\(suppression.rule)\""
            if let event = suppression.event { subject += " for event \"\(event)\"" }
            if let param = suppression.param { subject += " for param \"\(param)\"" }
            return Finding(
                rule: suppressionLanded,
                message: "\(subject) matches no change against the base: the change has landed, remove it",
                at: suppression.location, event: suppression.event, param: suppression.param)
        }
    }
}
