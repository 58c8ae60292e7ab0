/// The rules `eventlint check` applies to a plan: GA4's naming and size limits, reserved names,
/// and the plan's internal consistency.
///
/// Each rule is followed by the factories of its messages (and its notes' texts). They return
/// the text alone, which `PlanCheckRun.report` makes the finding of, and take the names of the
/// declarations, the kind of one where a message serves several (`"event"`, `"param"`,
/// `"user property"`), values as the plan writes them, and numbers.
public enum PlanRules {
    public static let all: [Rule] =
        PlanLoadingRules.all + [
            nameInvalid, eventNameTooLong, paramNameTooLong, userPropertyNameTooLong, reservedPrefix,
            reservedEventName, reservedUserPropertyName, reservedDimensionName, valueTooLong, tooManyParams,
            tooManyUserProperties, tooManyEvents, unknownEventRef, unknownParamRef, unknownUserPropertyRef,
            paramNotOnEvent, typeConflict, valueTypeMismatch, narrowedValueUndeclared, bucketEdgesNotAscending,
            conditionNeverHolds, unpairedShownEvent, unusedParam, missingDescription, unknownRuleID,
            pairOrRuleNameInvalid,
            itemParamRegistration,
            windowNeverHolds, invalidAutomaticName,
        ] + experimentRules + metricRules

    public static let invalidAutomaticName = Rule(
        id: "plan/invalid-automatic-name", stage: .plan, severity: .error,
        summary: "an entry of `automatic` that cannot match a name",
        documentation: """
            `automatic.events`, `automatic.params` and `automatic.userProperties` add names to \
            GA4's own lists: a name, or a pattern in which `*` stands for any run of characters \
            (`'legacy_*'`). An entry with another character (a space, `-`, `.`, `?`) could never \
            match a GA4 name, and one of only `*` would make every name automatic, so neither is \
            used and `lint` and `sql` refuse the plan. GA4's own families (`firebase_exp_<n>`, \
            `notification_*`) need no entry.
            """,
        examples: RuleExamples(
            failing: """
                { automatic: { userProperties: ['firebase_exp_*', /*>*/'legacy cohort'] } }
                """,
            passing: """
                { automatic: { userProperties: ['legacy_*', 'legacy_cohort'] } }
                """))

    /// `problem`: why the entry cannot match (`AutomaticDeclarations.problem(of:)`).
    static func invalidAutomaticNameMessage(entry: String, problem: String) -> String {
        "automatic entry \"\(entry)\" cannot be used: \(problem)"
    }

    public static let windowNeverHolds = Rule(
        id: "plan/window-never-holds", stage: .plan, severity: .error,
        summary: "a rule whose `after` and `notAfter` windows contradict each other",
        documentation: """
            A rule that has `after: { event, within: W1 }` needs a matching event at most W1 before \
            the event it checks; `notAfter: { event, within: W2 }` with the same event (and no \
            condition `after` lacks) forbids every such event at most W2 before. When W2 is at \
            least W1, the event `after` needs is always one `notAfter` forbids: every event the \
            rule checks fails, which is never what the plan means. Shorten the `notAfter` window \
            below the `after` one ("between 10 minutes and 1 hour before"), or drop one of them.
            """,
        examples: RuleExamples(
            failing: """
                { events: { a: { description: 'x' }, b: { description: 'x' } },
                  rules: { r: { on: 'a', after: { event: 'b', within: '1h' }, notAfter: { event: 'b', within: /*>*/'2h' } } } }
                """,
            passing: """
                { events: { a: { description: 'x' }, b: { description: 'x' } },
                  rules: { r: { on: 'a', after: { event: 'b', within: '1h' }, notAfter: { event: 'b', within: '10m' } } } }
                """))

    /// `needed`: the window of `after`; `forbidden`: the window of `notAfter`, at least as long.
    static func windowNeverHoldsMessage(
        rule: String, event: String, needed: TimeWindow, forbidden: TimeWindow
    ) -> String {
        "rule \"\(rule)\" can never hold: it needs a \"\(event)\" within \(needed) before the event, "
            + "but notAfter forbids any \"\(event)\" within \(forbidden), so every event it checks fails"
    }

    /// The note at the window `after` needs.
    static let afterWindowNote = "the window after needs"

    /// Pair and rule names are identifiers of at most this many characters.
    public static let maxPairOrRuleNameLength = 64

    public static let pairOrRuleNameInvalid = Rule(
        id: "plan/pair-or-rule-name-invalid", stage: .plan, severity: .error,
        summary: "a pair, rule or experiment name that is not an identifier (GA4's event-name grammar)",
        documentation: """
            Pair, rule and experiment names follow the grammar of GA4 event names, ASCII letters, digits and \
            underscores, starting with a letter, at most 64 of them (they never reach GA4, so its \
            40-character limit for event names does not apply; 64 keeps them within what SQL \
            engines take as identifiers). They name findings, report rows and the parts of the SQL \
            `eventlint sql` writes, so a name with spaces, quotes or line breaks (`\\n`, `\\r`, \
            U+2028) has no place there. Rename it, e.g. `block_offer`.
            """,
        examples: RuleExamples(
            failing: "{ pairs: { /*>*/'block offer': { open: 'a', close: { events: ['b'] } } } }",
            passing: "{ pairs: { block_offer: { open: 'a', close: { events: ['b'] } } } }"))

    /// `kind`: "pair", "rule" or "experiment".
    static func pairOrRuleNameInvalidMessage(kind: String, name: String) -> String {
        "\(kind) name \"\(name)\" must be 1 to \(maxPairOrRuleNameLength) ASCII letters, digits and underscores, "
            + "starting with a letter"
    }

    public static let itemParamRegistration = Rule(
        id: "plan/item-param-registration", stage: .plan, severity: .error,
        summary: "an item param registered as an event-scoped, user-scoped or metric definition",
        documentation: """
            A param an event declares under `items: { params: { … } }` travels inside each element of \
            `items`, where GA4 reads item-scoped custom dimensions only. Registered as an event-scoped \
            dimension, a user property or a metric, it would use a slot GA4 never fills. Declare it \
            with `register: 'item'`, or `'none'` when it is not reported on.
            """,
        examples: RuleExamples(
            failing:
                "{ params: { tier: { type: 'string', description: 'x', register: 'event' } }, events: { purchase: { description: 'x', items: { params: { /*>*/tier: 'optional' } } } } }",
            passing:
                "{ params: { tier: { type: 'string', description: 'x', register: 'item' } }, events: { purchase: { description: 'x', items: { params: { tier: 'optional' } } } } }"
        ))

    /// `scope`: the slot the param is registered for (nil: some custom definition).
    static func itemParamRegistrationMessage(param: String, event: String, scope: BudgetScope?) -> String {
        "param \"\(param)\" is an item param of \"\(event)\", but registered as "
            + (scope.map(\.slotNameWithArticle) ?? "a custom definition")
    }

    /// The note at a param's declaration, for findings that stand where it is used.
    static let paramDeclarationNote = "the param is declared here"

    static let ga4Naming = """
        GA4 names are 1–40 characters (user properties 1–24) of ASCII letters, digits and \
        underscores, starting with a letter (Firebase iOS `logEvent`/`setUserProperty` reference; \
        GA4 help "Event naming rules"). The SDK drops an event with an invalid name and logs an \
        `error` event with `firebase_error` 2 instead; an invalid param name is replaced by \
        `firebase_error` 3; an invalid user property name is ignored (code 6).
        """

    public static let nameInvalid = Rule(
        id: "ga4/name-invalid", stage: .plan, severity: .error,
        summary: "an event, param or user property name GA4 does not accept",
        documentation: ga4Naming + "\n\nRename it with letters, digits and underscores only, starting with a letter.",
        ga4ValidationCode: "NAME_INVALID",
        examples: RuleExamples(
            failing: "{ events: { /*>*/'block-offer shown': { description: 'x' } } }",
            passing: "{ events: { block_offer_shown: { description: 'x' } } }"))

    /// `kind`: "event", "param" or "user property".
    static func nameInvalidMessage(kind: String, name: String) -> String {
        "\(kind) name \"\(name)\" must start with a letter and hold only letters, digits and underscores"
    }

    public static let eventNameTooLong = Rule(
        id: "ga4/event-name-too-long", stage: .plan, severity: .error,
        summary: "an event name longer than GA4's 40 characters",
        documentation: ga4Naming
            + "\n\nAn event name over 40 characters is dropped; one marked as a key event also loses its key-event status. Shorten the name.",
        ga4ValidationCode: "NAME_INVALID",
        examples: RuleExamples(
            failing: "{ events: { /*>*/focus_session_summary_shown_to_new_users_today: { description: 'x' } } }",
            passing: "{ events: { focus_session_summary_shown: { description: 'x' } } }"))

    public static let paramNameTooLong = Rule(
        id: "ga4/param-name-too-long", stage: .plan, severity: .error,
        summary: "a parameter name longer than GA4's 40 characters",
        documentation: ga4Naming + "\n\nShorten the parameter name.",
        ga4ValidationCode: "NAME_INVALID",
        examples: RuleExamples(
            failing:
                "{ params: { /*>*/number_of_apps_selected_in_the_picker_bucketed: { type: 'int', description: 'x' } } }",
            passing: "{ params: { app_bucket: { type: 'int', description: 'x' } } }"))

    public static let userPropertyNameTooLong = Rule(
        id: "ga4/user-property-name-too-long", stage: .plan, severity: .error,
        summary: "a user property name longer than GA4's 24 characters",
        documentation: ga4Naming
            + "\n\nUser property names are limited to 24 characters; a longer one is ignored by the SDK (error code 6). Shorten it.",
        ga4ValidationCode: "NAME_INVALID",
        examples: RuleExamples(
            failing: "{ userProperties: { /*>*/focus_summary_experiment_arm_v2: { description: 'x' } } }",
            passing: "{ userProperties: { focus_summary_arm: { description: 'x' } } }"))

    /// The message of the three `…-name-too-long` rules; `kind`: "event", "param" or "user
    /// property"; `limit`: GA4's limit for that kind.
    static func nameTooLongMessage(kind: String, name: String, limit: Int) -> String {
        "\(kind) name \"\(name)\" is \(name.count) characters, over GA4's limit of \(limit)"
    }

    public static let reservedPrefix = Rule(
        id: "ga4/reserved-prefix", stage: .plan, severity: .error,
        summary: "a name starting with a prefix GA4 reserves",
        documentation: """
            `firebase_`, `google_` and `ga_` are reserved for every event, parameter and user property \
            name; a parameter registered as a custom definition also may not start with `_` or \
            `gtag.`, and a user property not with `_` (GA4 help "Reserved names"). A reserved param \
            name is replaced by `firebase_error` 14, a reserved user property is ignored (code 15). \
            Rename without the prefix.
            """,
        ga4ValidationCode: "NAME_RESERVED",
        examples: RuleExamples(
            failing: "{ params: { /*>*/firebase_x: { type: 'string', description: 'x' } } }",
            passing: "{ params: { focus_x: { type: 'string', description: 'x' } } }"))

    /// `kind`: "event", "param" or "user property".
    static func reservedPrefixMessage(kind: String, name: String, prefix: String) -> String {
        "\(kind) name \"\(name)\" starts with the reserved prefix \"\(prefix)\""
    }

    public static let reservedEventName = Rule(
        id: "ga4/reserved-event-name", stage: .plan, severity: .error,
        summary: "an event name the Firebase SDK reserves",
        documentation: """
            The Firebase SDKs reserve event names (`app_install`, and those of the events they log \
            themselves): an app event with such a name is dropped and an `error` event is logged \
            instead (error code 13). A declaration named as one of GA4's automatic events \
            (`session_start`, `first_open`, `app_remove`, `notification_*`, …) declares that \
            automatic event, whose params `lint` then checks, and is no error; `codegen` generates \
            no call that logs it. A reserved name GA4 never logs itself is refused: choose another name.
            """,
        ga4ValidationCode: "NAME_RESERVED",
        examples: RuleExamples(
            failing: "{ events: { /*>*/app_install: { description: 'x' } } }",
            passing: "{ events: { app_removed_from_block_list: { description: 'x' } } }"))

    static func reservedEventNameMessage(event: String) -> String {
        "event name \"\(event)\" is reserved by the Firebase SDK"
    }

    /// A name only older SDKs reserve: reported as a warning.
    static func formerlyReservedEventNameMessage(event: String) -> String {
        "event name \"\(event)\" is reserved by older Firebase iOS SDKs"
    }

    public static let reservedUserPropertyName = Rule(
        id: "ga4/reserved-user-property-name", stage: .plan, severity: .error,
        summary: "a user property name the Firebase SDK reserves",
        documentation: """
            `first_open_time`, `first_open_after_install`, `last_deep_link_referrer` and `user_id` \
            are set by the SDK; setting them from the app is ignored (error code 15). Choose another name.
            """,
        ga4ValidationCode: "NAME_RESERVED",
        examples: RuleExamples(
            failing: "{ userProperties: { /*>*/user_id: { description: 'x' } } }",
            passing: "{ userProperties: { account_tier: { description: 'x' } } }"))

    static func reservedUserPropertyNameMessage(property: String) -> String {
        "user property name \"\(property)\" is reserved by the Firebase SDK"
    }

    public static let reservedDimensionName = Rule(
        id: "ga4/reserved-dimension-name", stage: .plan, severity: .error,
        summary: "a registered param or user property whose name GA4 refuses for custom definitions",
        documentation: """
            GA4 refuses some names when creating custom dimensions and metrics: for event parameters \
            `cid`, `currency`, `customer_id`, `gclid`, `session_id`, `uid`, `user_id`, … and for \
            user properties also `first_open_time`, `lifetime_user_engagement`, \
            `non_personalized_ads`, … (GA4 help "Reserved names"). Sending such a param is fine; \
            registering it fails. Rename it or set `register: 'none'`.
            """,
        ga4ValidationCode: "NAME_RESERVED",
        examples: RuleExamples(
            failing: "{ params: { /*>*/session_id: { type: 'string', register: 'event', description: 'x' } } }",
            passing: "{ params: { session_id: { type: 'string', register: 'none', description: 'x' } } }"))

    /// `kind`: "param" or "user property".
    static func reservedDimensionNameMessage(kind: String, name: String) -> String {
        "\(kind) \"\(name)\" cannot be registered: GA4 reserves the name for custom definitions"
    }

    public static let valueTooLong = Rule(
        id: "ga4/value-too-long", stage: .plan, severity: .error,
        summary: "an allowed value longer than GA4 keeps (params 100, user properties 36 characters)",
        documentation: """
            GA4 drops (does not truncate) a string param value over 100 characters and logs \
            `firebase_error` 4; a user property value over 36 characters is ignored (code 7). A plan \
            that allows such a value, or a `maxLength` above the limit, promises data GA4 will lose. \
            Shorten the value.
            """,
        ga4ValidationCode: "VALUE_OUT_OF_BOUNDS",
        examples: RuleExamples(
            failing:
                "{ userProperties: { arm: { values: [/*>*/'an_arm_name_that_is_longer_than_36_chars'], description: 'x' } } }",
            passing: "{ userProperties: { arm: { values: ['offer'], description: 'x' } } }"))

    /// An allowed value; `kind`: "param" or "user property"; `limit`: GA4's limit for that kind.
    static func valueTooLongMessage(value: String, kind: String, name: String, limit: Int) -> String {
        "value \"\(value)\" of \(kind) \"\(name)\" is \(value.count) characters, over GA4's limit of \(limit)"
    }

    /// A param's `maxLength` above GA4's limit.
    static func maxLengthTooLongMessage(param: String, maxLength: Int) -> String {
        "param \"\(param)\" allows \(maxLength) characters but GA4 drops values over \(GA4Facts.maxParamValueLength)"
    }

    public static let tooManyParams = Rule(
        id: "ga4/too-many-params", stage: .plan, severity: .error,
        summary: "an event with more than 25 parameters",
        documentation: """
            GA4 keeps at most 25 parameters per event; the SDK drops the extra ones and adds \
            `firebase_error` 5. Split the event or drop parameters.
            """,
        ga4ValidationCode: "EXCEEDED_MAX_ENTITIES",
        examples: RuleExamples(
            failing: "{ params: { "
                + RuleExamples.numbered("p", through: 26, ": { type: 'int', description: 'x' }")
                + " }, events: { /*>*/big: { description: 'x', params: { "
                + RuleExamples.numbered("p", through: 26, ": 'optional'") + " } } } }",
            passing:
                "{ params: { p1: { type: 'int', description: 'x' } }, events: { big: { description: 'x', params: { p1: 'optional' } } } }"
        ))

    static func tooManyParamsMessage(event: String, count: Int) -> String {
        "event \"\(event)\" has \(count) params, over GA4's limit of \(GA4Facts.maxParamsPerEvent)"
    }

    public static let tooManyUserProperties = Rule(
        id: "ga4/too-many-user-properties", stage: .plan, severity: .error,
        summary: "more than 25 user properties",
        documentation: """
            GA4 processes at most 25 user properties per property ("Analytics doesn't process the \
            26th user property"; SDK error code 9). The finding stands at the 26th.
            """,
        ga4ValidationCode: "EXCEEDED_MAX_ENTITIES",
        examples: RuleExamples(
            failing: "{ userProperties: { " + RuleExamples.numbered("u", through: 25, ": { description: 'x' }")
                + ", /*>*/u26: { description: 'x' } } }",
            passing: "{ userProperties: { u1: { description: 'x' } } }"))

    /// `firstPast`: the first user property past the limit, where the finding stands.
    static func tooManyUserPropertiesMessage(count: Int, firstPast: String) -> String {
        "the plan declares \(count) user properties, over GA4's limit of \(GA4Facts.maxUserProperties); "
            + "\"\(firstPast)\" is the first past it"
    }

    public static let tooManyEvents = Rule(
        id: "ga4/too-many-events", stage: .plan, severity: .error,
        summary: "more than 500 distinct event names",
        documentation: """
            An app instance may log at most 500 distinct event names (automatically collected events \
            do not count); past that, events are dropped (SDK error code 8). The finding stands at \
            the 501st event of the plan.
            """,
        ga4ValidationCode: "EXCEEDED_MAX_ENTITIES",
        examples: RuleExamples(
            failing: "{ events: { " + RuleExamples.numbered("e", through: 500, ": { description: 'x' }")
                + ", /*>*/e501: { description: 'x' } } }",
            passing: "{ events: { e1: { description: 'x' } } }"))

    /// `count`: the event names that count (not the automatic ones); `firstPast`: the first
    /// event past the limit, where the finding stands.
    static func tooManyEventsMessage(count: Int, firstPast: String) -> String {
        "the plan declares \(count) event names, over GA4's limit of \(GA4Facts.maxEventNames); "
            + "\"\(firstPast)\" is the first past it"
    }

    public static let unknownEventRef = Rule(
        id: "plan/unknown-event-ref", stage: .plan, severity: .error,
        summary: "a pair or rule names an event the plan does not declare",
        documentation: """
            Pairs, rules and `after` conditions may only name events declared under `events` (a \
            rule's `on` may use `*` globs, which must match at least one). A misspelt name would make \
            the check silently match nothing.
            """,
        examples: RuleExamples(
            failing:
                "{ events: { a_shown: { description: 'x' }, a_closed: { description: 'x' } }, pairs: { a: { open: /*>*/'a_show', close: { events: ['a_closed'] } } } }",
            passing:
                "{ events: { a_shown: { description: 'x' }, a_closed: { description: 'x' } }, pairs: { a: { open: 'a_shown', close: { events: ['a_closed'] } } } }"
        ))

    /// A pair's or matcher's event.
    static func unknownEventRefMessage(event: String) -> String {
        "event \"\(event)\" is not declared in the plan"
    }

    /// A rule's `on` name or glob.
    static func unmatchedRulePatternMessage(rule: String, pattern: String) -> String {
        "rule \"\(rule)\" applies to \"\(pattern)\", which matches no event of the plan"
    }

    public static let unknownParamRef = Rule(
        id: "plan/unknown-param-ref", stage: .plan, severity: .error,
        summary: "an event, pair or rule names a parameter the plan does not declare",
        documentation: """
            Every parameter is declared once under `params` with its type; events, conditions, `same` \
            and `duration` refer to it by name. Declare the parameter or fix the name.
            """,
        examples: RuleExamples(
            failing: "{ events: { a_shown: { description: 'x', params: { /*>*/stepp: 'required' } } } }",
            passing:
                "{ params: { step: { type: 'string', description: 'x' } }, events: { a_shown: { description: 'x', params: { step: 'required' } } } }"
        ))

    /// A param named by a pair or a condition.
    static func unknownParamRefMessage(param: String) -> String {
        "param \"\(param)\" is not declared"
    }

    /// A param an event carries; `item`: it is one of the event's item params.
    static func undeclaredEventParamMessage(event: String, param: String, item: Bool) -> String {
        "event \"\(event)\" uses \(item ? "item param" : "param") \"\(param)\", which is not declared"
    }

    public static let unknownUserPropertyRef = Rule(
        id: "plan/unknown-user-property-ref", stage: .plan, severity: .error,
        summary: "a rule names a user property the plan does not declare",
        documentation:
            "`whenUser`, `requireUser` and `equalsUserProperty` refer to user properties declared under `userProperties`.",
        examples: RuleExamples(
            failing:
                "{ events: { a: { description: 'x' } }, rules: { r: { on: 'a', requireUser: { /*>*/arm: 'offer' } } } }",
            passing:
                "{ userProperties: { arm: { values: ['offer'], description: 'x' } }, events: { a: { description: 'x' } }, rules: { r: { on: 'a', requireUser: { arm: 'offer' } } } }"
        ))

    static func unknownUserPropertyRefMessage(property: String) -> String {
        "user property \"\(property)\" is not declared"
    }

    public static let paramNotOnEvent = Rule(
        id: "plan/param-not-on-event", stage: .plan, severity: .error,
        summary: "a condition, `same` or `duration` reads a param the event does not carry",
        documentation: """
            A pair's `same` and `duration` params must be carried by its open and close events, and a \
            rule's or matcher's conditions by the events they apply to; otherwise the check compares \
            values that are never there. Add the param to the event or fix the name.
            """,
        examples: RuleExamples(
            failing:
                "{ params: { step: { type: 'string', description: 'x' } }, events: { a_shown: { description: 'x', params: { step: 'required' } }, a_closed: { description: 'x' } }, pairs: { a: { open: 'a_shown', close: { events: ['a_closed'] }, same: [/*>*/'step'] } } }",
            passing:
                "{ params: { step: { type: 'string', description: 'x' } }, events: { a_shown: { description: 'x', params: { step: 'required' } }, a_closed: { description: 'x', params: { step: 'required' } } }, pairs: { a: { open: 'a_shown', close: { events: ['a_closed'] }, same: ['step'] } } }"
        ))

    /// A pair's `same`, `outcome` or `duration` param.
    static func pairParamNotOnEventMessage(pair: String, param: String, event: String) -> String {
        "pair \"\(pair)\" reads param \"\(param)\", which event \"\(event)\" does not carry"
    }

    /// A condition of a rule or matcher.
    static func conditionParamNotOnEventMessage(param: String, event: String) -> String {
        "the condition reads param \"\(param)\", which event \"\(event)\" does not carry"
    }

    /// The note at the event's declaration.
    static let eventDeclarationNote = "the event is declared here"

    public static let typeConflict = Rule(
        id: "plan/type-conflict", stage: .plan, severity: .error,
        summary: "one name with two types (as a param and as a user property)",
        documentation: """
            A name means one thing everywhere: a param and a user property of the same name must \
            have the same type, or reports that join them (and the BigQuery `*_value` slot a query \
            reads) disagree.
            """,
        examples: RuleExamples(
            failing:
                "{ params: { arm: { type: 'int', description: 'x' } }, userProperties: { /*>*/arm: { type: 'string', description: 'x' } } }",
            passing:
                "{ params: { arm: { type: 'string', description: 'x' } }, userProperties: { arm: { type: 'string', description: 'x' } } }"
        ))

    /// The finding stands at the user property, with `paramDeclarationNote` at the param.
    static func typeConflictMessage(name: String, paramType: ParamType, propertyType: ParamType) -> String {
        "\"\(name)\" is a \(paramType.rawValue) param but a \(propertyType.rawValue) user property"
    }

    public static let valueTypeMismatch = Rule(
        id: "plan/value-type-mismatch", stage: .plan, severity: .error,
        summary: "a value or bound whose type does not match the param's type",
        documentation: """
            Allowed values and condition values must have the param's type: strings for `string` \
            and `bucket` (labels), integers for `int`, numbers for `double`, true/false for `bool`. \
            `min`/`max` apply to numbers and buckets; `minLength`/`maxLength` to strings.
            """,
        examples: RuleExamples(
            failing: "{ params: { n: { type: 'int', values: [1, /*>*/'two'], description: 'x' } } }",
            passing: "{ params: { n: { type: 'int', values: [1, 2], description: 'x' } } }"))

    /// An allowed value; `kind`: "param" or "user property".
    static func valueTypeMismatchMessage(value: PlanValue, kind: String, name: String, type: ParamType) -> String {
        "value \(value) of \(kind) \"\(name)\" is not \(type.article)"
    }

    /// A value of a condition.
    static func conditionValueTypeMismatchMessage(value: PlanValue, param: String, type: ParamType) -> String {
        "condition value \(value) on \"\(param)\" is not \(type.article)"
    }

    /// A declaration's `min` or `max` on a param that is no number.
    static func rangeOnNonNumberMessage(param: String, type: ParamType) -> String {
        "min and max apply to int and double params, not \(type.rawValue) \"\(param)\""
    }

    /// A declaration's `minLength` or `maxLength` on a param that is no string.
    static func lengthOnNonStringMessage(param: String, type: ParamType) -> String {
        "minLength and maxLength apply to string params, not \(type.rawValue) \"\(param)\""
    }

    /// A condition's `min` or `max` (`bound`) on a param that is neither a number nor a bucket.
    static func conditionBoundOnNonNumberMessage(bound: String, param: String, type: ParamType) -> String {
        "\(bound) applies to numbers and buckets, not \(type.rawValue) \"\(param)\""
    }

    /// A pair's `duration` param that is no number.
    static func durationNotANumberMessage(param: String, pair: String, type: ParamType) -> String {
        "duration param \"\(param)\" of pair \"\(pair)\" must be an int or double, not \(type.rawValue)"
    }

    public static let narrowedValueUndeclared = Rule(
        id: "plan/narrowed-value-undeclared", stage: .plan, severity: .error,
        summary: "an event narrows a param to a value the param does not allow",
        documentation:
            "An event may narrow a param's values only to a subset of the values declared on the param (or the bucket's labels).",
        examples: RuleExamples(
            failing:
                "{ params: { step: { type: 'string', values: ['intro'], description: 'x' } }, events: { a: { description: 'x', params: { step: { required: true, values: [/*>*/'outro'] } } } } }",
            passing:
                "{ params: { step: { type: 'string', values: ['intro'], description: 'x' } }, events: { a: { description: 'x', params: { step: { required: true, values: ['intro'] } } } } }"
        ))

    /// The finding stands at the event's value, with `paramDeclarationNote` at the param.
    static func narrowedValueUndeclaredMessage(event: String, value: PlanValue, param: String) -> String {
        "event \"\(event)\" allows \(value) for \"\(param)\", which the param does not allow"
    }

    public static let bucketEdgesNotAscending = Rule(
        id: "plan/bucket-edges-not-ascending", stage: .plan, severity: .error,
        summary: "bucket edges that are not strictly ascending",
        documentation:
            "A bucket's edges must be strictly ascending integers; the labels (`0`, `1`, `5-9`, `20+`) are derived from them.",
        examples: RuleExamples(
            failing: "{ params: { b: { type: 'bucket', edges: [0, 5, /*>*/5, 10], description: 'x' } } }",
            passing: "{ params: { b: { type: 'bucket', edges: [0, 5, 10], description: 'x' } } }"))

    /// `edge` follows `previous` in the list without being above it.
    static func bucketEdgesNotAscendingMessage(param: String, edge: Int64, previous: Int64) -> String {
        "bucket edges of \"\(param)\" are not strictly ascending: \(edge) follows \(previous)"
    }

    static func bucketWithoutEdgesMessage(param: String) -> String {
        "bucket \"\(param)\" has no edges"
    }

    public static let conditionNeverHolds = Rule(
        id: "plan/condition-never-holds", stage: .plan, severity: .error,
        summary: "a condition no valid event can satisfy",
        documentation: """
            A `when`, `where` or `require` whose values are all outside what the param allows (for \
            that event), or whose `min`/`max` exclude every allowed value or bucket, can never hold: \
            the rule never fires (or always fails). Fix the values.
            """,
        examples: RuleExamples(
            failing:
                "{ params: { step: { type: 'string', values: ['intro'], description: 'x' } }, events: { a: { description: 'x', params: { step: 'required' } } }, rules: { r: { on: 'a', when: { /*>*/step: 'outro' }, require: { step: 'intro' } } } }",
            passing:
                "{ params: { step: { type: 'string', values: ['intro', 'outro'], description: 'x' } }, events: { a: { description: 'x', params: { step: 'required' } } }, rules: { r: { on: 'a', when: { step: 'outro' }, require: { step: 'intro' } } } }"
        ))

    /// `event`: the event the condition is read on, or nil for a condition on the user.
    static func conditionNeverHoldsMessage(name: String, event: String?) -> String {
        let context = event.map { "on event \"\($0)\"" } ?? "of the user"
        return "the condition on \"\(name)\" \(context) can never hold: no allowed value satisfies it"
    }

    public static let unpairedShownEvent = Rule(
        id: "plan/unpaired-shown-event", stage: .plan, severity: .warning,
        summary: "an event named `*_shown` that opens no pair",
        documentation: """
            Surfaces that are shown are usually closed, and the plan checks that per user with a \
            pair. A `*_shown` event that opens no pair is most often a forgotten pair; declare one \
            (or suppress this rule for the event).
            """,
        examples: RuleExamples(
            failing: "{ events: { /*>*/tip_shown: { description: 'x' } } }",
            passing:
                "{ events: { tip_shown: { description: 'x' }, tip_closed: { description: 'x' } }, pairs: { tip: { open: 'tip_shown', close: { events: ['tip_closed'] } } } }"
        ))

    static func unpairedShownEventMessage(event: String) -> String {
        "event \"\(event)\" is shown but opens no pair"
    }

    public static let unusedParam = Rule(
        id: "plan/unused-param", stage: .plan, severity: .warning,
        summary: "a declared param no event uses",
        documentation:
            "A parameter declared under `params` but carried by no event is dead weight, and if registered it wastes a custom-definition slot.",
        examples: RuleExamples(
            failing:
                "{ params: { /*>*/step: { type: 'string', description: 'x' } }, events: { a: { description: 'x' } } }",
            passing:
                "{ params: { step: { type: 'string', description: 'x' } }, events: { a: { description: 'x', params: { step: 'optional' } } } }"
        ))

    static func unusedParamMessage(param: String) -> String {
        "param \"\(param)\" is declared but no event uses it"
    }

    public static let missingDescription = Rule(
        id: "plan/missing-description", stage: .plan, severity: .warning,
        summary: "an event, param or user property without a description",
        documentation:
            "The plan is the documentation analysts read; every event, param and user property says what it means.",
        examples: RuleExamples(
            failing: "{ events: { /*>*/a: {} } }",
            passing: "{ events: { a: { description: 'the a screen appeared' } } }"))

    /// `kind`: "event", "param" or "user property".
    static func missingDescriptionMessage(kind: String, name: String) -> String {
        "\(kind) \"\(name)\" has no description"
    }

    public static let unknownRuleID = Rule(
        id: "plan/unknown-rule-id", stage: .plan, severity: .error,
        summary: "a severity override or suppression names a rule id that does not exist",
        documentation:
            "Severity overrides and suppressions name rule ids (`eventlint explain` lists them; `*` globs allowed in suppressions). A misspelt id would silently do nothing.",
        examples: RuleExamples(
            failing: "{ severity: { /*>*/'plan/unused-parm': 'info' } }",
            passing: "{ severity: { 'plan/unused-param': 'info' } }"))

    static func unknownOverrideRuleIDMessage(id: String) -> String {
        "severity override for unknown rule id \"\(id)\""
    }

    /// `pattern`: the suppression's rule id or glob.
    static func unknownSuppressionRuleIDMessage(pattern: String) -> String {
        "suppression of unknown rule id \"\(pattern)\""
    }
}
