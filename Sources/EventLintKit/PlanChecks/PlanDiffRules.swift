/// The rules of `check --base`: every difference between the base plan and the current one is
/// one of these. Errors are breaking (data that passed the base plan fails now, or a report
/// loses its dimension); info findings are additive. Listed in `RuleCatalog`. Each rule's
/// examples are current plans compared with a base plan (`RuleExamples.base`); for a breaking
/// rule the passing one makes the same change the additive way.
///
/// Each rule is followed by the factories of its messages (and its notes' texts). They return
/// the text alone, which `PlanDiff` makes the finding of, and take the names of the
/// declarations, the kind of one where a message serves several (`"param"`, `"user property"`),
/// the values, types, scopes and requirements before and after, and a pair's changes.
public enum DiffRules {
    public static let all: [Rule] = [
        eventRemoved, paramRemoved, typeChanged, valueRemoved, nowRequired, rangeNarrowed, registrationRemoved,
        pairChanged, ruleChanged,
        eventAdded, paramAdded, typeWidened, valueAdded, requiredSince, nowOptional, rangeWidened, registrationAdded,
        pairAdded, pairUpdated, pairRemoved, ruleAdded, ruleUpdated, ruleRemoved, suppressionLanded,
        experimentArmsChanged, metricChanged,
    ]

    static let breaking = """
        A breaking change: events that the app already sends, or exports already collected, which \
        passed the base plan fail this one — or a GA4 report loses a dimension. Make sure the app \
        release and the plan change land together, or make the change additive (keep the old name, \
        add the new one; require a new param only `since` the version that sends it).
        """

    static let additive = "An additive change: everything that passed the base plan still passes."

    static func rule(
        _ id: String, _ severity: Severity, _ summary: String, _ documentation: String, examples: RuleExamples
    ) -> Rule {
        Rule(
            id: id, stage: .plan, severity: severity, summary: summary,
            documentation: documentation + "\n\n" + (severity == .error ? breaking : additive), examples: examples)
    }

    public static let eventRemoved = rule(
        "diff/event-removed", .error, "an event of the base plan is gone (removed or renamed)",
        "The finding is shown on the file of the current plan the event was declared in (line 1), or on the new event a rename hint names, with a note that points at the event in the base plan (`REF:path`). A rename shows as one event removed and one added; a note names a new event with the same params.",
        examples: RuleExamples(
            base: requiredScreenPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: { /*>*/item_opened: { description: 'An item was opened.', params: { screen: 'required' } } },
                }
                """,
            passing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: {
                    item_viewed: { description: 'An item was opened (app versions before 3.1).', params: { screen: 'required' } },
                    item_opened: { description: 'An item was opened.', params: { screen: 'required' } },
                  },
                }
                """))

    static func eventRemovedMessage(event: String) -> String {
        "event \"\(event)\" was removed (or renamed)"
    }

    /// The note at a new event that carries the removed one's params.
    static func renamedEventNote(to event: String) -> String {
        "renamed to \"\(event)\"? it carries the same params"
    }

    /// The note of everything removed, at its declaration in the base plan.
    static let baseDeclarationNote = "declared in the base plan here"
    public static let paramRemoved = rule(
        "diff/param-removed", .error,
        "a param or user property of the base plan is gone, or an event no longer carries a param",
        "Data that carries the param now reports it as unknown, and queries that read it find nothing in new data.",
        examples: RuleExamples(
            base: requiredScreenPlan,
            failing: """
                {
                  events: { /*>*/item_viewed: { description: 'An item was opened.' } },
                }
                """,
            passing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'optional' } } },
                }
                """))

    /// A declaration; `kind`: "param" or "user property".
    static func declarationRemovedMessage(kind: String, name: String) -> String {
        "\(kind) \"\(name)\" was removed from the plan"
    }

    /// A param an event that remains no longer carries.
    static func paramDroppedMessage(event: String, param: String) -> String {
        "event \"\(event)\" no longer carries param \"\(param)\""
    }
    public static let typeChanged = rule(
        "diff/type-changed", .error, "a param or user property changed type (other than int to double)",
        "Values sent with the old type fail the new one; in BigQuery the value moves between `string_value`, `int_value` and `double_value`, which breaks every query reading it.",
        examples: RuleExamples(
            base: """
                {
                  params: { item_id: { type: 'int', description: 'The id of the item.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { item_id: 'required' } } },
                }
                """,
            failing: """
                {
                  params: { item_id: { type: /*>*/'string', description: 'The id of the item.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { item_id: 'required' } } },
                }
                """,
            passing: """
                {
                  params: {
                    item_id: { type: 'int', description: 'The id of the item, sent up to app version 3.0.' },
                    item_key: { type: 'string', description: 'The key of the item, sent from app version 3.1 on.' },
                  },
                  events: {
                    item_viewed: {
                      description: 'An item was opened.',
                      params: { item_id: 'optional', item_key: { required: { since: '3.1.0' } } },
                    },
                  },
                }
                """))

    /// The message of `diff/type-changed` and `diff/type-widened`; `kind`: "param" or "user property".
    static func typeChangedMessage(kind: String, name: String, from old: ParamType, to new: ParamType) -> String {
        "\(kind) \"\(name)\" changed type from \(old.rawValue) to \(new.rawValue)"
    }

    /// The note at the base plan's type.
    static func baseTypeNote(_ type: ParamType) -> String { "was \(type.rawValue) here" }
    public static let valueRemoved = rule(
        "diff/value-removed", .error, "an allowed value was removed, or a param that took any value is now restricted",
        "Data that sends the value now fails the allowed-values check, and reports filtered on it go empty. Bucket edges that change rename the labels. When a new value looks like the old one renamed (one removed and one added, or one name extending the other), a note says so.",
        examples: RuleExamples(
            base: """
                {
                  params: { screen: { type: 'string', values: ['home', 'settings'], description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                }
                """,
            failing: """
                {
                  params: { /*>*/screen: { type: 'string', values: ['home', 'preferences'], description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                }
                """,
            passing: """
                {
                  params: {
                    screen: {
                      type: 'string', values: ['home', 'settings', 'preferences'],
                      description: 'The screen it happened on (settings: app versions before 3.1).',
                    },
                  },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                }
                """))

    /// What has allowed values, as the value messages name it: a param or user property
    /// (`kind`) of the plan, or a param of `event`.
    static func valuesOwner(kind: String, name: String, event: String?) -> String {
        event.map { "\(kind) \"\(name)\" of event \"\($0)\"" } ?? "\(kind) \"\(name)\""
    }

    /// Values allowed where any value was; `allowed`: the values now allowed.
    static func valuesRestrictedMessage(kind: String, name: String, event: String?, allowed: [String]) -> String {
        let quoted = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        return "\(valuesOwner(kind: kind, name: name, event: event)) took any value and now allows only \(quoted)"
    }

    static func valueNoLongerAllowedMessage(kind: String, name: String, event: String?, value: String) -> String {
        "\(valuesOwner(kind: kind, name: name, event: event)) no longer allows \"\(value)\""
    }

    /// The note at the base plan's values.
    static let baseValuesNote = "allowed in the base plan here"

    /// The note at the added value that looks like the removed one renamed.
    static func renamedValueNote(value: String, renamed: String) -> String {
        "renamed to \"\(renamed)\"? data already sent with \"\(value)\" fails now; keep both values"
    }
    public static let nowRequired = rule(
        "diff/now-required", .error, "a param became required on an event that did not require it",
        "Events sent without it, by app versions that predate the change, now fail. Use `required: { since: 'VERSION' }` so only rows of the version that sends it must carry it.",
        examples: RuleExamples(
            base: optionalScreenPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { /*>*/screen: 'required' } } },
                }
                """,
            passing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: {
                    item_viewed: { description: 'An item was opened.', params: { screen: { required: { since: '3.1.0' } } } },
                  },
                }
                """))

    /// A new param the event requires from every version.
    static func requiredParamAddedMessage(event: String, param: String) -> String {
        "event \"\(event)\" now requires the new param \"\(param)\": events sent before lack it"
    }

    /// The message of `diff/now-required`, `diff/required-since` and `diff/now-optional` for a
    /// param an event kept.
    static func requirementChangedMessage(
        param: String, event: String, from old: Requirement, to new: Requirement
    ) -> String {
        func label(_ requirement: Requirement) -> String {
            switch requirement {
            case .optional: "optional"
            case .required: "required"
            case .requiredSince(let version): "required since \(version)"
            }
        }
        return "param \"\(param)\" of event \"\(event)\" changed from \(label(old)) to \(label(new))"
    }
    public static let rangeNarrowed = rule(
        "diff/range-narrowed", .error, "a numeric or length bound of a param became stricter",
        "Values inside the old `min`/`max`/`minLength`/`maxLength` but outside the new ones now fail.",
        examples: RuleExamples(
            base: itemCountPlan,
            failing: """
                {
                  params: { item_count: { type: 'int', min: 0, max: /*>*/50, description: 'How many items the list shows.' } },
                  events: { list_viewed: { description: 'A list of items was shown.', params: { item_count: 'required' } } },
                }
                """,
            passing: widerItemCountPlan))

    /// The message of `diff/range-narrowed` and `diff/range-widened`; `bound`: "min", "max",
    /// "minLength" or "maxLength"; nil: no bound.
    static func rangeChangedMessage(param: String, bound: String, from old: Double?, to new: Double?) -> String {
        func shown(_ value: Double?) -> String { value.map(NumberText.format) ?? "none" }
        return "param \"\(param)\" \(bound) changed from \(shown(old)) to \(shown(new))"
    }
    public static let registrationRemoved = rule(
        "diff/registration-removed", .error,
        "a param registered as a custom definition is no longer registered as such (or is gone)",
        "Reports, audiences and explorations built on the custom dimension or metric stop receiving values for what the plan no longer sends or registers; if the definition is archived, they break. There is no additive way to drop a registration: when it is meant, it lands with a suppression that names it, reviewed with the change (see `diff/suppression-landed`).",
        examples: RuleExamples(
            base: registeredTierPlan,
            failing: """
                {
                  params: { plan_tier: { type: 'string', values: ['free', 'pro'], register: /*>*/'none', description: 'The plan of the user.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { plan_tier: 'required' } } },
                }
                """,
            passing: """
                {
                  params: { plan_tier: { type: 'string', values: ['free', 'pro'], register: 'none', description: 'The plan of the user.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { plan_tier: 'required' } } },
                  suppress: [
                    { rule: 'diff/registration-removed', param: 'plan_tier', reason: 'reports split by the user property now' },
                  ],
                }
                """))

    /// A registered declaration removed; `kind`: "param" or "user property".
    static func registeredDeclarationRemovedMessage(kind: String, name: String, scope: BudgetScope) -> String {
        "\(kind) \"\(name)\", registered as \(scope.slotNameWithArticle), was removed"
    }

    /// A declaration that remains, registered differently or not at all (`new` nil).
    static func registrationRemovedMessage(
        kind: String, name: String, old: BudgetScope, new: BudgetScope?
    ) -> String {
        let now = new.map { "now \($0.slotNameWithArticle)" } ?? "now not registered"
        return "\(kind) \"\(name)\" is no longer registered as \(old.slotNameWithArticle) (\(now))"
    }

    /// The note at the base plan's registration.
    static let baseRegistrationNote = "registered in the base plan here"
    public static let pairChanged = rule(
        "diff/pair-changed", .error, "a pair changed so that data which passed may now fail",
        "A close became required, params must now be equal that old events carried, the open or close events changed, an event became inside-only, a duration check was added or tightened — or a new pair checks events that existing data already has.",
        examples: RuleExamples(
            base: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: {
                    dialog_opened: { description: 'A dialog appeared.', params: { screen: 'required' } },
                    dialog_closed: { description: 'The dialog was closed.', params: { screen: 'optional' } },
                  },
                  pairs: { dialog: { open: 'dialog_opened', close: { events: 'dialog_closed' } } },
                }
                """,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: {
                    dialog_opened: { description: 'A dialog appeared.', params: { screen: 'required' } },
                    dialog_closed: { description: 'The dialog was closed.', params: { screen: 'optional' } },
                  },
                  pairs: { /*>*/dialog: { open: 'dialog_opened', close: { events: 'dialog_closed' }, same: 'screen' } },
                }
                """,
            passing: """
                {
                  params: {
                    screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' },
                    dialog_id: { type: 'string', description: 'Which dialog it was; sent from app version 3.1 on.' },
                  },
                  events: {
                    dialog_opened: { description: 'A dialog appeared.', params: { screen: 'required', dialog_id: 'optional' } },
                    dialog_closed: { description: 'The dialog was closed.', params: { screen: 'optional', dialog_id: 'optional' } },
                  },
                  pairs: { dialog: { open: 'dialog_opened', close: { events: 'dialog_closed' }, same: 'dialog_id' } },
                }
                """))

    /// A new pair over events that existed (`events`, in order).
    static func newPairOnExistingEventsMessage(pair: String, events: [String]) -> String {
        "new pair \"\(pair)\" checks events that data sent before already has (\(events.joined(separator: ", ")))"
    }

    /// The message of `diff/pair-changed` and `diff/pair-updated`: what changed, breaking or not.
    static func pairChangedMessage(pair: String, changes: [PairChange]) -> String {
        "pair \"\(pair)\" changed: \(changes.map(\.text).joined(separator: "; "))"
    }

    /// One change of a pair that remains, as `pairChangedMessage` lists it.
    enum PairChange: Equatable {
        case opensChanged, closesChanged, existingEventsInsideOnly, insideEventsAdded, insideEventsRemoved
        case closeRequired, closeOptional
        /// A `same` param the base events carried.
        case mustBeEqual(String)
        /// A `same` param the base events did not carry.
        case newParamCompared(String)
        case fewerParamsCompared
        case durationAdded, durationDropped, durationStricter, durationLooser, keyedDifferently

        var text: String {
            switch self {
            case .opensChanged: "the opening events changed"
            case .closesChanged: "the closing events changed"
            case .existingEventsInsideOnly: "events that existed are now inside-only"
            case .insideEventsAdded: "new inside-only events"
            case .insideEventsRemoved: "fewer inside-only events"
            case .closeRequired: "the close is now required"
            case .closeOptional: "the close is now optional"
            case .mustBeEqual(let param): "\"\(param)\" must now be equal on open and close"
            case .newParamCompared(let param): "new param \"\(param)\" compared (absent on both sides counts as equal)"
            case .fewerParamsCompared: "fewer params compared"
            case .durationAdded: "a duration check was added"
            case .durationDropped: "the duration check was dropped"
            case .durationStricter: "the duration check is stricter"
            case .durationLooser: "the duration check is looser"
            case .keyedDifferently: "pairs are keyed differently"
            }
        }
    }
    public static let ruleChanged = rule(
        "diff/rule-changed", .error, "a cross-event rule changed (or was added) so that data which passed may now fail",
        "A rule is judged breaking whenever it now applies to data the base plan already described: it is compared as a whole, so any change to its events, conditions or severity counts, unless it applies only to new events, new params or new values.",
        examples: RuleExamples(
            base: tierPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  userProperties: { plan_tier: { values: ['free', 'pro'], description: 'The plan of the user.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                  rules: { /*>*/search_is_pro: { on: 'item_viewed', when: { screen: 'search' }, requireUser: { plan_tier: 'pro' } } },
                }
                """,
            passing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search', 'compare'], description: 'The screen it happened on.' } },
                  userProperties: { plan_tier: { values: ['free', 'pro'], description: 'The plan of the user.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                  rules: { compare_is_pro: { on: 'item_viewed', when: { screen: 'compare' }, requireUser: { plan_tier: 'pro' } } },
                }
                """))

    /// A new rule over events that existed.
    static func newRuleOnExistingEventsMessage(rule: String) -> String {
        "new rule \"\(rule)\" applies to events data sent before already has"
    }

    static func ruleChangedMessage(rule: String) -> String {
        "rule \"\(rule)\" changed: data that passed may now fail"
    }

    /// The note at the base plan's rule.
    static let baseRuleNote = "the base plan's rule"
    public static let typeWidened = rule(
        "diff/type-widened", .info, "a param or user property changed type from int to double",
        "Every whole number that passed still passes: lint accepts `int_value` for a double param. Queries that read only `int_value` should also read `double_value` for data sent after the change.",
        examples: RuleExamples(
            base: pricePlan,
            failing: """
                {
                  params: { price: { type: /*>*/'double', min: 0, description: 'The price of the item.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { price: 'optional' } } },
                }
                """,
            passing: pricePlan))
    public static let eventAdded = rule(
        "diff/event-added", .info, "a new event", "A new event in the plan.",
        examples: RuleExamples(
            base: optionalScreenPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: {
                    item_viewed: { description: 'An item was opened.', params: { screen: 'optional' } },
                    /*>*/item_shared: { description: 'An item was shared.', params: { screen: 'required' } },
                  },
                }
                """,
            passing: optionalScreenPlan))

    static func eventAddedMessage(event: String) -> String {
        "event \"\(event)\" is new"
    }
    public static let paramAdded = rule(
        "diff/param-added", .info,
        "a new param or user property, or an event that now carries a param optionally or only since a version",
        "A new declaration, or a param added to an event as optional or required since an app version.",
        examples: RuleExamples(
            base: optionalScreenPlan,
            failing: """
                {
                  params: {
                    screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' },
                    /*>*/item_id: { type: 'string', description: 'The id of the item.' },
                  },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'optional', item_id: 'optional' } } },
                }
                """,
            passing: optionalScreenPlan))

    /// A declaration; `kind`: "param" or "user property".
    static func declarationAddedMessage(kind: String, name: String) -> String {
        "\(kind) \"\(name)\" is new"
    }

    /// A new param an event requires from `version` on.
    static func paramAddedRequiredSinceMessage(event: String, param: String, version: AppVersion) -> String {
        "event \"\(event)\" carries the new param \"\(param)\", required from app version \(version) on"
    }

    static func optionalParamAddedMessage(event: String, param: String) -> String {
        "event \"\(event)\" carries the new optional param \"\(param)\""
    }
    public static let valueAdded = rule(
        "diff/value-added", .info, "a param allows a new value, or any value",
        "A new allowed value. Queries that enumerate the values (CASE expressions, dashboards with fixed filters) may need the new one.",
        examples: RuleExamples(
            base: optionalScreenPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search', /*>*/'settings'], description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'optional' } } },
                }
                """,
            passing: optionalScreenPlan))

    /// Any value allowed where values were listed.
    static func anyValueAllowedMessage(kind: String, name: String, event: String?) -> String {
        "\(valuesOwner(kind: kind, name: name, event: event)) now allows any value"
    }

    static func valueAddedMessage(kind: String, name: String, event: String?, value: String) -> String {
        "\(valuesOwner(kind: kind, name: name, event: event)) allows the new value \"\(value)\""
    }
    public static let requiredSince = rule(
        "diff/required-since", .info, "an optional param became required from an app version on",
        "Rows of older app versions still pass; rows of that version on must carry it.",
        examples: RuleExamples(
            base: optionalScreenPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: {
                    item_viewed: { description: 'An item was opened.', params: { /*>*/screen: { required: { since: '3.1.0' } } } },
                  },
                }
                """,
            passing: optionalScreenPlan))
    public static let nowOptional = rule(
        "diff/now-optional", .info, "a required param became optional or required only since a version",
        "Queries that assumed the param is always present should handle its absence.",
        examples: RuleExamples(
            base: requiredScreenPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { /*>*/screen: 'optional' } } },
                }
                """,
            passing: requiredScreenPlan))
    public static let rangeWidened = rule(
        "diff/range-widened", .info, "a numeric or length bound of a param became looser (or was dropped)",
        "Every value that passed still passes.",
        examples: RuleExamples(
            base: itemCountPlan,
            failing: """
                {
                  params: { item_count: { type: 'int', min: 0, max: /*>*/500, description: 'How many items the list shows.' } },
                  events: { list_viewed: { description: 'A list of items was shown.', params: { item_count: 'required' } } },
                }
                """,
            passing: itemCountPlan))
    public static let registrationAdded = rule(
        "diff/registration-added", .info, "a param is now registered as a custom definition",
        "It costs a slot of its scope (see `eventlint budget`), and reports show its values only from the day the definition is created.",
        examples: RuleExamples(
            base: unregisteredTierPlan,
            failing: """
                {
                  params: { plan_tier: { type: 'string', values: ['free', 'pro'], register: /*>*/'event', description: 'The plan of the user.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { plan_tier: 'required' } } },
                }
                """,
            passing: unregisteredTierPlan))

    /// A new declaration, registered; `kind`: "param" or "user property".
    static func registeredDeclarationAddedMessage(kind: String, name: String, scope: BudgetScope) -> String {
        "\(kind) \"\(name)\" is registered as \(scope.slotNameWithArticle)"
    }

    /// A declaration that remains, registered now.
    static func registrationAddedMessage(kind: String, name: String, scope: BudgetScope) -> String {
        "\(kind) \"\(name)\" is now registered as \(scope.slotNameWithArticle)"
    }
    public static let pairAdded = rule(
        "diff/pair-added", .info, "a new pair over events old data does not have", "A new shown/closed pair.",
        examples: RuleExamples(
            base: optionalScreenPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  events: {
                    item_viewed: { description: 'An item was opened.', params: { screen: 'optional' } },
                    dialog_opened: { description: 'A dialog appeared.' },
                    dialog_closed: { description: 'The dialog was closed.' },
                  },
                  pairs: { /*>*/dialog: { open: 'dialog_opened', close: { events: 'dialog_closed' } } },
                }
                """,
            passing: optionalScreenPlan))

    static func pairAddedMessage(pair: String) -> String {
        "pair \"\(pair)\" is new"
    }
    public static let pairUpdated = rule(
        "diff/pair-updated", .info, "a pair changed in a way data that passed still passes",
        "For example a close became optional, an inside-only event was dropped, or the params compared now include a param that is new in this change (absent on both sides counts as equal).",
        examples: RuleExamples(
            base: dialogPairPlan,
            failing: """
                {
                  events: {
                    dialog_opened: { description: 'A dialog appeared.' },
                    dialog_closed: { description: 'The dialog was closed.' },
                  },
                  pairs: { /*>*/dialog: { open: 'dialog_opened', close: { events: 'dialog_closed', required: false } } },
                }
                """,
            passing: dialogPairPlan))
    public static let pairRemoved = rule(
        "diff/pair-removed", .info, "a pair of the base plan is gone", "Nothing checks that pairing any more.",
        examples: RuleExamples(
            base: dialogPairPlan,
            failing: """
                {
                  events: {
                    dialog_opened: { description: 'A dialog appeared.' },
                    dialog_closed: { description: 'The dialog was closed.' },
                  },
                }
                """,
            passing: dialogPairPlan))

    static func pairRemovedMessage(pair: String) -> String {
        "pair \"\(pair)\" was removed"
    }
    public static let ruleAdded = rule(
        "diff/rule-added", .info, "a new cross-event rule that applies only to new events, params or values",
        "Data described by the base plan cannot match it.",
        examples: RuleExamples(
            base: tierPlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
                  userProperties: { plan_tier: { values: ['free', 'pro'], description: 'The plan of the user.' } },
                  events: {
                    item_viewed: { description: 'An item was opened.', params: { screen: 'required' } },
                    item_exported: { description: 'An item was exported as a file.' },
                  },
                  rules: { /*>*/export_is_pro: { on: 'item_exported', requireUser: { plan_tier: 'pro' } } },
                }
                """,
            passing: tierPlan))

    static func ruleAddedMessage(rule: String) -> String {
        "rule \"\(rule)\" is new and applies only to new events, params or values"
    }
    public static let ruleUpdated = rule(
        "diff/rule-updated", .info, "a cross-event rule changed, but applies only to new events, params or values",
        "Data described by the base plan cannot match it.",
        examples: RuleExamples(
            base: tierRulePlan,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search', 'compare'], description: 'The screen it happened on.' } },
                  userProperties: { plan_tier: { values: ['free', 'pro'], description: 'The plan of the user.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                  rules: { /*>*/search_is_pro: { on: 'item_viewed', when: { screen: 'compare' }, requireUser: { plan_tier: 'pro' } } },
                }
                """,
            passing: tierRulePlan))

    static func ruleUpdatedMessage(rule: String) -> String {
        "rule \"\(rule)\" changed, and applies only to new events, params or values"
    }
    public static let ruleRemoved = rule(
        "diff/rule-removed", .info, "a cross-event rule of the base plan is gone", "Nothing checks it any more.",
        examples: RuleExamples(base: tierRulePlan, failing: tierPlan, passing: tierRulePlan))

    static func ruleRemovedMessage(rule: String) -> String {
        "rule \"\(rule)\" was removed"
    }

    /// How an intended breaking change expires: its suppression stays in the plan after the
    /// change merged, where it would silence the next, unintended change of the same name.
    public static let suppressionLanded = Rule(
        id: "diff/suppression-landed", stage: .plan, severity: .warning,
        summary:
            "a suppression of a diff/ rule matches no change against the base: the change it let through has landed",
        documentation:
            "A breaking change that is meant lands with a reviewed suppression that names it (`{ rule: 'diff/event-removed', event: 'old_event', reason: '…' }`, see docs/pre-merge.md). Once the change is in the base branch, `check --base` no longer finds it, and the suppression would only hide the next change of that name: remove it. Only suppressions whose rule is a `diff/` id are judged, and only by `check --base`.",
        examples: RuleExamples(
            base: openedPlan,
            failing: """
                {
                  events: { item_opened: { description: 'An item was opened.' } },
                  suppress: [
                    /*>*/{ rule: 'diff/event-removed', event: 'item_viewed', reason: 'renamed to item_opened in 3.1.0' },
                  ],
                }
                """,
            passing: openedPlan))

    /// `pattern`: the suppression's rule id or glob; `event`, `param`: what else it names.
    static func suppressionLandedMessage(pattern: String, event: String?, param: String?) -> String {
        var subject = "suppression of \"\(pattern)\""
        if let event { subject += " for event \"\(event)\"" }
        if let param { subject += " for param \"\(param)\"" }
        return "\(subject) matches no change against the base: the change has landed, remove it"
    }

    /// `diff/suppression-landed` for each suppression of a `diff/` rule that none of `diff`
    /// (the findings before suppressions) matches.
    static func landedSuppressions(_ plan: Plan, diff: [Finding]) -> [Finding] {
        plan.suppressions.filter { $0.rule.hasPrefix("diff/") && !diff.contains(where: $0.matches) }.map {
            suppression in
            Finding(
                rule: suppressionLanded,
                message: suppressionLandedMessage(
                    pattern: suppression.rule, event: suppression.event, param: suppression.param),
                at: suppression.location, event: suppression.event, param: suppression.param)
        }
    }

    // MARK: - Plans the examples share

    static let optionalScreenPlan = """
        {
          params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
          events: { item_viewed: { description: 'An item was opened.', params: { screen: 'optional' } } },
        }
        """

    static let requiredScreenPlan = """
        {
          params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
          events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
        }
        """

    static let itemCountPlan = """
        {
          params: { item_count: { type: 'int', min: 0, max: 100, description: 'How many items the list shows.' } },
          events: { list_viewed: { description: 'A list of items was shown.', params: { item_count: 'required' } } },
        }
        """

    static let widerItemCountPlan = """
        {
          params: { item_count: { type: 'int', min: 0, max: 500, description: 'How many items the list shows.' } },
          events: { list_viewed: { description: 'A list of items was shown.', params: { item_count: 'required' } } },
        }
        """

    static let pricePlan = """
        {
          params: { price: { type: 'int', min: 0, description: 'The price of the item.' } },
          events: { item_viewed: { description: 'An item was opened.', params: { price: 'optional' } } },
        }
        """

    static let registeredTierPlan = """
        {
          params: { plan_tier: { type: 'string', values: ['free', 'pro'], register: 'event', description: 'The plan of the user.' } },
          events: { item_viewed: { description: 'An item was opened.', params: { plan_tier: 'required' } } },
        }
        """

    static let unregisteredTierPlan = """
        {
          params: { plan_tier: { type: 'string', values: ['free', 'pro'], description: 'The plan of the user.' } },
          events: { item_viewed: { description: 'An item was opened.', params: { plan_tier: 'required' } } },
        }
        """

    static let dialogPairPlan = """
        {
          events: {
            dialog_opened: { description: 'A dialog appeared.' },
            dialog_closed: { description: 'The dialog was closed.' },
          },
          pairs: { dialog: { open: 'dialog_opened', close: { events: 'dialog_closed' } } },
        }
        """

    static let tierPlan = """
        {
          params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
          userProperties: { plan_tier: { values: ['free', 'pro'], description: 'The plan of the user.' } },
          events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
        }
        """

    static let tierRulePlan = """
        {
          params: { screen: { type: 'string', values: ['home', 'search'], description: 'The screen it happened on.' } },
          userProperties: { plan_tier: { values: ['free', 'pro'], description: 'The plan of the user.' } },
          events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
          rules: { search_is_pro: { on: 'item_viewed', when: { screen: 'search' }, requireUser: { plan_tier: 'pro' } } },
        }
        """

    /// The base branch after an intended rename (`item_viewed` to `item_opened`) landed.
    static let openedPlan = """
        {
          events: { item_opened: { description: 'An item was opened.' } },
        }
        """
}
