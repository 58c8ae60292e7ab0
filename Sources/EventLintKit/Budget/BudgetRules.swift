/// The rules of the budget stage, listed in `RuleCatalog`. `eventlint budget` reports them; only
/// the quota rules are errors, so only a scope over quota (or under `--min-headroom`) fails a run.
///
/// Each rule is followed by the factories of its messages (and its notes' texts). They return
/// the text alone, which `BudgetCounter` makes the finding of, and take a scope's usage and
/// change, the names of params and user properties with their kind (`"param"`, `"user
/// property"`), scopes and types.
public enum BudgetRules {
    public static let all: [Rule] = [
        overQuota, underMinHeadroom, archiveCandidate, paramAndUserProperty, freeTextDimension,
        registeredTypeMismatch, reservedName,
    ]

    static let counting = """
        A GA4 custom dimension is defined by its scope and its parameter name, not by an event \
        (Admin API `CustomDimension`: `parameterName`, `scope`). A parameter sent by many events \
        therefore costs one slot of its scope, and the same name used as an event param and as a \
        user property costs one slot in each scope. Quotas per property: standard 50 event-scoped, \
        25 user-scoped, 10 item-scoped dimensions and 50 custom metrics; GA4 360 125 / 100 / 25 / 125 \
        (support.google.com/analytics/answer/10075209).
        """

    public static let overQuota = Rule(
        id: "budget/over-quota", stage: .budget, severity: .error,
        summary: "the plan needs more custom definitions of a scope than the property's quota allows",
        documentation: counting + """


            Registered definitions plus the ones the plan needs and the property does not have yet \
            exceed the quota: GA4 refuses to create the definition past the quota, so a parameter \
            would reach BigQuery but never the reports. Archive definitions no event uses (see \
            `budget/archive-candidate`; archiving cannot be undone), register fewer parameters \
            (`register: 'none'` for those only analysed in BigQuery), or reuse one parameter name \
            across events.
            """,
        examples: RuleExamples(
            registered: """
                {"customDimensions": [{"parameterName": "plan_tier", "scope": "USER"}]}
                """,
            failing: """
                {
                  /*>*/property: { quota: { user: 1 } },
                  userProperties: {
                    plan_tier: { values: ['free', 'pro'], register: 'user', description: 'The plan of the user.' },
                    signup_source: { values: ['store', 'web'], register: 'user', description: 'Where the user signed up.' },
                  },
                }
                """,
            passing: """
                {
                  property: { quota: { user: 1 } },
                  userProperties: {
                    plan_tier: { values: ['free', 'pro'], register: 'user', description: 'The plan of the user.' },
                    signup_source: { values: ['store', 'web'], register: 'none', description: 'Where the user signed up.' },
                  },
                }
                """))

    static func overQuotaMessage(_ usage: ScopeUsage) -> String {
        "\(usage.scope.slotNamePlural): \(usage.registered) registered + \(usage.new) needed by the plan = "
            + "\(usage.totalAfter), over the quota of \(usage.quota) by \(-usage.headroom)"
    }

    /// The note of both quota rules: the quota and where it comes from (`BudgetCounter.describe`).
    static func quotaNote(quota: Int, source: String) -> String { "quota \(quota) from \(source)" }

    /// The note of both quota rules: the names the plan needs that the property lacks.
    static func unregisteredNamesNote(_ names: [String]) -> String {
        "not registered yet: \(names.joined(separator: ", "))"
    }

    public static let underMinHeadroom = Rule(
        id: "budget/under-min-headroom", stage: .budget, severity: .error,
        summary: "fewer free slots would remain in a scope than --min-headroom asks for",
        documentation: """
            `--min-headroom N` keeps N slots of every scope free for what comes next (an urgent \
            experiment, a partner's dimension). The finding names the scope, the slots that would \
            remain and the headroom asked for. Free slots as for `budget/over-quota`.
            """,
        examples: RuleExamples(
            registered: """
                {"customDimensions": [{"parameterName": "screen", "scope": "EVENT"}]}
                """,
            failing: """
                {
                  /*>*/property: { quota: { event: 2 } },
                  params: {
                    screen: { type: 'string', values: ['home', 'search'], register: 'event', description: 'The screen it happened on.' },
                    item_kind: { type: 'string', values: ['article', 'video'], register: 'event', description: 'What kind of item it is.' },
                  },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required', item_kind: 'required' } } },
                }
                """,
            passing: """
                {
                  property: { quota: { event: 2 } },
                  params: {
                    screen: { type: 'string', values: ['home', 'search'], register: 'event', description: 'The screen it happened on.' },
                    item_kind: { type: 'string', values: ['article', 'video'], register: 'none', description: 'What kind of item it is.' },
                  },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required', item_kind: 'required' } } },
                }
                """,
            options: ["--min-headroom", "1"]))

    /// `change`: what the change against `--base` does to the scope, when there is a base.
    static func underMinHeadroomMessage(_ usage: ScopeUsage, minHeadroom: Int, change: ScopeChange?) -> String {
        var message =
            "\(usage.scope.slotNamePlural): \(usage.headroom) of \(usage.quota) slots would remain, "
            + "fewer than --min-headroom \(minHeadroom)"
        if let change {
            message +=
                "; this change adds \(change.addedUnregistered.joined(separator: ", ")) "
                + "(headroom \(change.headroomBefore) → \(change.headroomAfter))"
        }
        return message
    }

    public static let archiveCandidate = Rule(
        id: "budget/archive-candidate", stage: .budget, severity: .info,
        summary: "a registered custom definition whose parameter no event of the plan sends",
        documentation: """
            The property has a definition for a parameter (or user property) that no event of the \
            plan carries in that scope. If nothing else sends it, archiving it frees its slot \
            (Admin API `customDimensions/*:archive`). Archiving cannot be undone: audiences, \
            explorations and reports that use the definition break, and its name can be reused only \
            for a new definition (support.google.com/analytics/answer/12436143). The finding points \
            at the definition in the registered file.
            """,
        examples: RuleExamples(
            registered: """
                {"customDimensions": [
                  {"parameterName": "screen", "scope": "EVENT"},
                  {"parameterName": "item_kind", "scope": "EVENT"}
                ]}
                """,
            failing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], register: 'event', description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                }
                """,
            passing: """
                {
                  params: {
                    screen: { type: 'string', values: ['home', 'search'], register: 'event', description: 'The screen it happened on.' },
                    item_kind: { type: 'string', values: ['article', 'video'], register: 'event', description: 'What kind of item it is.' },
                  },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required', item_kind: 'optional' } } },
                }
                """))

    /// `kind`: the definition as the property lists it (`RegisteredDefinition.kindDescription`).
    static func archiveCandidateMessage(kind: String, name: String, scope: BudgetScope) -> String {
        "\(kind) \"\(name)\" is registered but no \(scope == .user ? "user property" : "event") of the plan "
            + "sends it: archiving it would free a slot (archiving cannot be undone)"
    }

    public static let paramAndUserProperty = Rule(
        id: "budget/param-and-user-property", stage: .budget, severity: .warning,
        summary: "a name registered both as an event-scoped and a user-scoped dimension",
        documentation: """
            A name the plan sends as an event param and as a user property, registered in both \
            scopes, costs one event-scoped and one user-scoped slot. When reports can split by the \
            user property, the event-scoped registration can be dropped (`register: 'none'` on the \
            param) and one event-scoped slot saved; keep both only when the value on the event may \
            differ from the user's current value.
            """,
        examples: RuleExamples(
            registered: "{}",
            failing: """
                {
                  params: {
                    /*>*/plan_tier: { type: 'string', values: ['free', 'pro'], register: 'event', description: 'The plan of the user then.' },
                  },
                  userProperties: { plan_tier: { values: ['free', 'pro'], register: 'user', description: 'The plan of the user.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { plan_tier: 'required' } } },
                }
                """,
            passing: """
                {
                  params: {
                    plan_tier: { type: 'string', values: ['free', 'pro'], register: 'none', description: 'The plan of the user then.' },
                  },
                  userProperties: { plan_tier: { values: ['free', 'pro'], register: 'user', description: 'The plan of the user.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { plan_tier: 'required' } } },
                }
                """))

    static func paramAndUserPropertyMessage(name: String) -> String {
        "\"\(name)\" is registered both as an event param (event-scoped dimension) and as a user property "
            + "(user-scoped dimension): not registering the param would save one event-scoped slot"
    }

    /// The note at the user property of the same name.
    static let userPropertyDeclarationNote = "the user property is declared here"

    public static let freeTextDimension = Rule(
        id: "budget/free-text-dimension", stage: .budget, severity: .warning,
        summary: "a free-text string parameter registered as a custom dimension",
        documentation: """
            A string parameter without `values` can carry any text. GA4 keeps about 500 distinct \
            values of a dimension per day on a standard property and folds the rest into \
            "(other)" (support.google.com/analytics/answer/10075209), so reports on it lose the \
            long tail. Declare the values it may take, bucket it, or analyse it in BigQuery without \
            registering it.
            """,
        examples: RuleExamples(
            registered: "{}",
            failing: """
                {
                  params: { /*>*/screen: { type: 'string', register: 'event', description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                }
                """,
            passing: """
                {
                  params: { screen: { type: 'string', values: ['home', 'search'], register: 'event', description: 'The screen it happened on.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { screen: 'required' } } },
                }
                """))

    /// `kind`: "param" or "user property".
    static func freeTextDimensionMessage(kind: String, name: String, scope: BudgetScope) -> String {
        "\(kind) \"\(name)\" is free text (a string without values) registered as \(scope.slotNameWithArticle): "
            + "GA4 folds values past about 500 a day into \"(other)\""
    }

    public static let registeredTypeMismatch = Rule(
        id: "budget/registered-type-mismatch", stage: .budget, severity: .warning,
        summary: "the property registers a parameter in another scope or kind than the plan",
        documentation: """
            The property has a definition for this name, but not the one the plan asks for: a \
            custom metric for a parameter the plan sends as a string, bucket or bool (GA4 sums a \
            metric, so non-numeric values read as nothing), or a dimension where the plan registers \
            a metric (or the other way round). The plan's registration still needs its own slot; \
            the existing definition reports nothing useful. Fix the plan, or archive the definition \
            and create the right one (`parameterName` is immutable).
            """,
        examples: RuleExamples(
            registered: """
                {"customMetrics": [{"parameterName": "item_count", "measurementUnit": "STANDARD", "scope": "EVENT"}]}
                """,
            failing: """
                {
                  params: {
                    /*>*/item_count: { type: 'bucket', edges: [0, 1, 5, 20], register: 'event', description: 'How many items the list shows.' },
                  },
                  events: { list_viewed: { description: 'A list of items was shown.', params: { item_count: 'required' } } },
                }
                """,
            passing: """
                {
                  params: { item_count: { type: 'int', min: 0, register: 'metric', description: 'How many items the list shows.' } },
                  events: { list_viewed: { description: 'A list of items was shown.', params: { item_count: 'required' } } },
                }
                """))

    /// A param registered as a metric that the plan sends as no number.
    static func registeredAsMetricMessage(param: String, type: ParamType) -> String {
        "param \"\(param)\" is registered as a custom metric, but the plan sends it as \(type.article): "
            + "a metric sums numbers"
    }

    /// `registered`: the definition as the property lists it (`RegisteredDefinition.kindDescription`);
    /// `wanted`: the scope the plan registers the param in.
    static func registeredInAnotherScopeMessage(param: String, registered: String, wanted: BudgetScope) -> String {
        "param \"\(param)\" is registered as a \(registered), but the plan registers it as "
            + "\(wanted.slotNameWithArticle), which needs its own slot"
    }

    /// The note at the property's definition.
    static let registeredDefinitionNote = "registered here"

    public static let reservedName = Rule(
        id: "budget/reserved-name", stage: .budget, severity: .warning,
        summary: "a parameter or user property the plan registers under a name GA4 reserves for custom definitions",
        documentation: """
            GA4 refuses custom dimensions and metrics for reserved parameter names (`cid`, \
            `currency`, `session_id`, `user_id`, …, and names starting with `_`, `firebase_`, `ga_`, \
            `google_`, `gtag.`) and user-scoped dimensions for reserved user property names \
            (`first_open_time`, `user_id`, …) (support.google.com/analytics/answer/13316687). The \
            registration the plan counts on cannot be created. Rename the parameter.
            """,
        ga4ValidationCode: "NAME_RESERVED",
        examples: RuleExamples(
            registered: "{}",
            failing: """
                {
                  params: {
                    /*>*/ga_session_number: { type: 'int', min: 1, register: 'event', description: 'The session count the SDK adds.' },
                  },
                  events: { item_viewed: { description: 'An item was opened.', params: { ga_session_number: 'optional' } } },
                }
                """,
            passing: """
                {
                  params: { ga_session_number: { type: 'int', min: 1, description: 'The session count the SDK adds.' } },
                  events: { item_viewed: { description: 'An item was opened.', params: { ga_session_number: 'optional' } } },
                }
                """))

    /// `kind`: "param" or "user property".
    static func reservedNameMessage(kind: String, name: String, scope: BudgetScope) -> String {
        "\(kind) \"\(name)\" cannot be registered as \(scope.slotNameWithArticle): GA4 reserves the name"
    }
}
