/// Checks a loaded plan against GA4's limits and for internal consistency. Pure: plan in,
/// findings out (not yet adjusted by the plan's own severity overrides and suppressions).
public enum PlanChecker {
    public static func check(_ plan: Plan) -> [Finding] {
        var run = PlanCheckRun(plan: plan)
        run.checkNames()
        run.checkLimits()
        run.checkParams()
        run.checkUserProperties()
        run.checkEvents()
        run.checkPairs()
        run.checkRules()
        run.checkExperiments()
        run.checkMetrics()
        run.checkJourneys()
        run.checkSettings()
        run.checkAutomatic()
        return run.findings
    }
}

/// One check run's state: the plan and the findings so far.
struct PlanCheckRun {
    let plan: Plan
    var findings: [Finding] = []
    /// Declarations by name (the first of a name), so every reference is one lookup and the
    /// check stays linear in the plan (scanning the lists made 10,000 events take 21 s).
    let eventsByName: [String: EventDeclaration]
    let paramsByName: [String: ParamDeclaration]
    let userPropertiesByName: [String: UserPropertyDeclaration]
    /// GA4's automatic names and the plan's own `automatic` ones.
    let automatic: AutomaticNames

    init(plan: Plan) {
        self.plan = plan
        automatic = plan.automaticNames
        // Lookups see the automatic params and user properties the plan names without declaring
        // them (`Plan.withAutomaticDeclarations`), with GA4's types: the same declarations `lint`
        // and `sql` check against, so a condition on one is checked here as it will run there.
        let resolved = plan.withAutomaticDeclarations()
        eventsByName = Dictionary(plan.events.map { ($0.name, $0) }) { first, _ in first }
        paramsByName = Dictionary(resolved.params.map { ($0.name, $0) }) { first, _ in first }
        userPropertiesByName = Dictionary(resolved.userProperties.map { ($0.name, $0) }) { first, _ in first }
    }

    /// Findings already made, so a condition checked once per event of a rule reports a
    /// problem of the condition itself only once.
    var reported = Set<String>()

    mutating func report(
        _ rule: Rule, _ message: String, at location: SourceLocation, severity: Severity? = nil,
        event: String? = nil, param: String? = nil, notes: [FindingNote] = []
    ) {
        let key = "\(rule.id)|\(location.file)|\(location.line)|\(location.column)|\(message)"
        guard reported.insert(key).inserted else { return }
        findings.append(
            Finding(
                rule: rule, severity: severity, message: message, at: location, event: event,
                param: param, notes: notes))
    }

    // MARK: - Names

    mutating func checkNames() {
        for (kind, name, location) in plan.pairs.map({ ("pair", $0.name, $0.location) })
            + plan.rules.map({ ("rule", $0.name, $0.location) })
            + plan.experiments.map({ ("experiment", $0.name, $0.location) })
        where !GA4Facts.isValidName(name) || name.utf8.count > PlanRules.maxPairOrRuleNameLength {
            report(
                PlanRules.pairOrRuleNameInvalid, PlanRules.pairOrRuleNameInvalidMessage(kind: kind, name: name),
                at: location)
        }
        for event in plan.events {
            // A declaration named as an automatic event declares that event (its params are
            // checked); the app never logs it, so its reserved name or prefix is no error.
            let isAutomatic = automatic.isDeclaredAutomaticEvent(event.name)
            checkName(
                event.name, kind: "event", maxLength: GA4Facts.maxEventNameLength,
                tooLong: PlanRules.eventNameTooLong, at: event.location, event: event.name,
                reservedPrefixes: !isAutomatic)
            if isAutomatic {
                continue
            } else if GA4Facts.reservedEventNames.contains(event.name) {
                report(
                    PlanRules.reservedEventName, PlanRules.reservedEventNameMessage(event: event.name),
                    at: event.location, event: event.name)
            } else if GA4Facts.formerlyReservedEventNames.contains(event.name) {
                report(
                    PlanRules.reservedEventName, PlanRules.formerlyReservedEventNameMessage(event: event.name),
                    at: event.location, severity: .warning, event: event.name)
            }
        }
        checkParamNames()
        checkUserPropertyNames()
    }

    mutating func checkParamNames() {
        let eventNames = plan.events.map(\.name)
        for param in plan.params {
            // Declaring an automatic param (`ga_session_id`) gives it a type and values: its
            // reserved prefix is GA4's own.
            checkName(
                param.name, kind: "param", maxLength: GA4Facts.maxParamNameLength,
                tooLong: PlanRules.paramNameTooLong, at: param.location, param: param.name,
                extraPrefixes: param.registration == .none ? [] : GA4Facts.reservedRegisteredParamPrefixes,
                reservedPrefixes: !automatic.isParam(param.name, onAnyOf: eventNames))
            if param.registration.scope != nil, GA4Facts.reservedDimensionParamNames.contains(param.name) {
                report(
                    PlanRules.reservedDimensionName,
                    PlanRules.reservedDimensionNameMessage(kind: "param", name: param.name),
                    at: param.location, param: param.name)
            }
        }
    }

    mutating func checkUserPropertyNames() {
        for property in plan.userProperties {
            let isAutomatic = automatic.isUserProperty(property.name)
            checkName(
                property.name, kind: "user property", maxLength: GA4Facts.maxUserPropertyNameLength,
                tooLong: PlanRules.userPropertyNameTooLong, at: property.location, param: property.name,
                extraPrefixes: GA4Facts.reservedUserPropertyPrefixes, reservedPrefixes: !isAutomatic)
            // GA4 sets these itself and ignores an app's value: declaring one is an error even
            // though a condition may name it (it is automatic).
            if GA4Facts.reservedUserPropertyNames.contains(property.name) {
                report(
                    PlanRules.reservedUserPropertyName,
                    PlanRules.reservedUserPropertyNameMessage(property: property.name),
                    at: property.location, param: property.name)
            } else if property.registration.scope != nil,
                GA4Facts.reservedDimensionUserPropertyNames.contains(property.name)
            {
                report(
                    PlanRules.reservedDimensionName,
                    PlanRules.reservedDimensionNameMessage(kind: "user property", name: property.name),
                    at: property.location, param: property.name)
            }
        }
    }

    mutating func checkName(
        _ name: String, kind: String, maxLength: Int, tooLong: Rule, at location: SourceLocation,
        event: String? = nil, param: String? = nil, extraPrefixes: [String] = [], reservedPrefixes: Bool = true
    ) {
        if name.count > maxLength {
            report(
                tooLong, PlanRules.nameTooLongMessage(kind: kind, name: name, limit: maxLength),
                at: location, event: event, param: param)
        }
        if reservedPrefixes,
            let prefix = (GA4Facts.reservedPrefixes + extraPrefixes).first(where: { name.hasPrefix($0) })
        {
            report(
                PlanRules.reservedPrefix, PlanRules.reservedPrefixMessage(kind: kind, name: name, prefix: prefix),
                at: location, event: event, param: param)
        } else if !GA4Facts.isValidName(name) {
            report(
                PlanRules.nameInvalid, PlanRules.nameInvalidMessage(kind: kind, name: name),
                at: location, event: event, param: param)
        }
    }

    // MARK: - Limits

    mutating func checkLimits() {
        for event in plan.events where event.params.count > GA4Facts.maxParamsPerEvent {
            report(
                PlanRules.tooManyParams, PlanRules.tooManyParamsMessage(event: event.name, count: event.params.count),
                at: event.location, event: event.name)
        }
        if plan.userProperties.count > GA4Facts.maxUserProperties {
            let extra = plan.userProperties[GA4Facts.maxUserProperties]
            report(
                PlanRules.tooManyUserProperties,
                PlanRules.tooManyUserPropertiesMessage(count: plan.userProperties.count, firstPast: extra.name),
                at: extra.location, param: extra.name)
        }
        let counted = plan.events.filter { !automatic.isEvent($0.name) }
        if counted.count > GA4Facts.maxEventNames {
            let extra = counted[GA4Facts.maxEventNames]
            report(
                PlanRules.tooManyEvents, PlanRules.tooManyEventsMessage(count: counted.count, firstPast: extra.name),
                at: extra.location, event: extra.name)
        }
    }

    // MARK: - Params and user properties

    mutating func checkParams() {
        let used = Set(plan.events.flatMap { $0.params.map(\.name) + $0.itemParams.map(\.name) })
        for param in plan.params {
            if param.description?.isEmpty ?? true {
                report(
                    PlanRules.missingDescription, PlanRules.missingDescriptionMessage(kind: "param", name: param.name),
                    at: param.location, param: param.name)
            }
            if !used.contains(param.name) {
                report(
                    PlanRules.unusedParam, PlanRules.unusedParamMessage(param: param.name), at: param.location,
                    param: param.name)
            }
            for value in param.values ?? [] {
                checkValueType(value, of: param.type, kind: "param", param: param.name)
                checkValueLength(value, limit: GA4Facts.maxParamValueLength, kind: "param", param: param.name)
            }
            checkBucket(of: param)
            if let minimum = param.minimum, let maximum = param.maximum, minimum.value > maximum.value {
                report(
                    PlanLoadingRules.invalidDeclaration,
                    PlanLoadingRules.minimumAboveMaximumMessage(
                        param: param.name, minimum: minimum.value, maximum: maximum.value),
                    at: minimum.location, param: param.name)
            }
            if param.minimum != nil || param.maximum != nil, ![.int, .double].contains(param.type) {
                report(
                    PlanRules.valueTypeMismatch, PlanRules.rangeOnNonNumberMessage(param: param.name, type: param.type),
                    at: (param.minimum ?? param.maximum)!.location, param: param.name)
            }
            if param.minLength != nil || param.maxLength != nil, param.type != .string {
                report(
                    PlanRules.valueTypeMismatch,
                    PlanRules.lengthOnNonStringMessage(param: param.name, type: param.type),
                    at: param.location, param: param.name)
            }
            if let maxLength = param.maxLength, maxLength > GA4Facts.maxParamValueLength {
                let at = param.maxLengthLocation ?? param.location
                report(
                    PlanRules.valueTooLong, PlanRules.maxLengthTooLongMessage(param: param.name, maxLength: maxLength),
                    at: at, param: param.name)
            }
            if let property = userPropertiesByName[param.name], property.type != param.type {
                report(
                    PlanRules.typeConflict,
                    PlanRules.typeConflictMessage(name: param.name, paramType: param.type, propertyType: property.type),
                    at: property.location, param: param.name,
                    notes: [FindingNote(PlanRules.paramDeclarationNote, at: param.location)])
            }
        }
    }

    /// A bucket param's edges: some, strictly ascending.
    mutating func checkBucket(of param: ParamDeclaration) {
        guard let bucket = param.bucket, let location = param.bucketLocation else { return }
        for index in bucket.edges.indices.dropFirst() where bucket.edges[index] <= bucket.edges[index - 1] {
            report(
                PlanRules.bucketEdgesNotAscending,
                PlanRules.bucketEdgesNotAscendingMessage(
                    param: param.name, edge: bucket.edges[index], previous: bucket.edges[index - 1]),
                at: index < param.edgeLocations.count ? param.edgeLocations[index] : location, param: param.name)
            break
        }
        if bucket.edges.isEmpty {
            report(
                PlanRules.bucketEdgesNotAscending, PlanRules.bucketWithoutEdgesMessage(param: param.name),
                at: location, param: param.name)
        }
    }

    mutating func checkUserProperties() {
        for property in plan.userProperties {
            if property.description?.isEmpty ?? true {
                report(
                    PlanRules.missingDescription,
                    PlanRules.missingDescriptionMessage(kind: "user property", name: property.name),
                    at: property.location, param: property.name)
            }
            for value in property.values ?? [] {
                checkValueType(value, of: property.type, kind: "user property", param: property.name)
                checkValueLength(
                    value, limit: GA4Facts.maxUserPropertyValueLength, kind: "user property", param: property.name)
            }
        }
    }

    /// An allowed value of a param or user property (`kind`) has its type.
    mutating func checkValueType(_ value: Located<PlanValue>, of type: ParamType, kind: String, param: String) {
        guard !Self.valueFits(value.value, type) else { return }
        report(
            PlanRules.valueTypeMismatch,
            PlanRules.valueTypeMismatchMessage(value: value.value, kind: kind, name: param, type: type),
            at: value.location, param: param)
    }

    /// An allowed string value of a param or user property (`kind`) is within GA4's `limit`.
    mutating func checkValueLength(_ value: Located<PlanValue>, limit: Int, kind: String, param: String) {
        guard case .string(let text) = value.value, text.count > limit else { return }
        report(
            PlanRules.valueTooLong, PlanRules.valueTooLongMessage(value: text, kind: kind, name: param, limit: limit),
            at: value.location, param: param)
    }

    static func valueFits(_ value: PlanValue, _ type: ParamType) -> Bool {
        switch (value, type) {
        case (.string, .string), (.string, .bucket), (.bool, .bool), (.number, .double): true
        case (.number(let lexeme, _), .int): Int64(lexeme) != nil
        case (.number(let lexeme, _), .bool): lexeme == "0" || lexeme == "1"
        default: false
        }
    }

    // MARK: - Events

    mutating func checkEvents() {
        let openers = Set(plan.pairs.flatMap { $0.opens.map(\.event) })
        for event in plan.events {
            if event.description?.isEmpty ?? true {
                report(
                    PlanRules.missingDescription, PlanRules.missingDescriptionMessage(kind: "event", name: event.name),
                    at: event.location, event: event.name)
            }
            if event.name.hasSuffix("_shown"), !openers.contains(event.name) {
                report(
                    PlanRules.unpairedShownEvent, PlanRules.unpairedShownEventMessage(event: event.name),
                    at: event.location, event: event.name)
            }
            checkItemParams(of: event)
            checkParamUses(of: event)
        }
    }

    /// An event's item params: declared (or standard item fields), registered for items if at all.
    mutating func checkItemParams(of event: EventDeclaration) {
        for use in event.itemParams {
            guard let param = paramsByName[use.name] else {
                if !GA4Facts.standardItemFields.contains(use.name) {
                    report(
                        PlanRules.unknownParamRef,
                        PlanRules.undeclaredEventParamMessage(event: event.name, param: use.name, item: true),
                        at: use.location, event: event.name, param: use.name)
                }
                continue
            }
            switch param.registration {
            case .none, .itemDimension: break
            default:
                report(
                    PlanRules.itemParamRegistration,
                    PlanRules.itemParamRegistrationMessage(
                        param: param.name, event: event.name, scope: param.registration.scope),
                    at: use.location, event: event.name, param: param.name,
                    notes: [
                        FindingNote(
                            PlanRules.paramDeclarationNote, at: param.registrationLocation ?? param.location)
                    ])
            }
        }
    }

    /// The params an event carries: declared, and the values it narrows them to allowed.
    mutating func checkParamUses(of event: EventDeclaration) {
        for use in event.params + event.itemParams {
            guard let param = paramsByName[use.name] else {
                // Automatic params of the event have a declaration (`withAutomaticDeclarations`).
                if event.use(of: use.name) != nil {
                    report(
                        PlanRules.unknownParamRef,
                        PlanRules.undeclaredEventParamMessage(event: event.name, param: use.name, item: false),
                        at: use.location, event: event.name, param: use.name)
                }
                continue
            }
            for value in use.values ?? [] {
                if !Self.valueFits(value.value, param.type) {
                    checkValueType(value, of: param.type, kind: "param", param: param.name)
                } else if let allowed = param.allowedTexts, !allowed.contains(value.value.plainText) {
                    report(
                        PlanRules.narrowedValueUndeclared,
                        PlanRules.narrowedValueUndeclaredMessage(
                            event: event.name, value: value.value, param: param.name),
                        at: value.location, event: event.name, param: param.name,
                        notes: [FindingNote(PlanRules.paramDeclarationNote, at: param.location)])
                } else {
                    checkValueLength(value, limit: GA4Facts.maxParamValueLength, kind: "param", param: param.name)
                }
            }
        }
    }

    // MARK: - Pairs

    mutating func checkPairs() {
        for pair in plan.pairs {
            for matcher in pair.opens + pair.closes + pair.inside { checkMatcher(matcher) }
            let ends = pair.opens + pair.closes
            for same in pair.same {
                guard checkParamExists(same.value, at: same.location) else { continue }
                for matcher in ends {
                    checkEventCarries(matcher.event, param: same.value, at: same.location, pair: pair.name)
                }
            }
            if let outcome = pair.outcomeParam, let location = pair.outcomeLocation,
                checkParamExists(outcome, at: location)
            {
                for matcher in pair.closes {
                    checkEventCarries(matcher.event, param: outcome, at: location, pair: pair.name)
                }
            }
            if let duration = pair.duration, checkParamExists(duration.param, at: duration.location) {
                if let param = paramsByName[duration.param], ![.int, .double].contains(param.type) {
                    report(
                        PlanRules.valueTypeMismatch,
                        PlanRules.durationNotANumberMessage(param: param.name, pair: pair.name, type: param.type),
                        at: duration.location, param: param.name)
                }
                for matcher in pair.closes {
                    checkEventCarries(matcher.event, param: duration.param, at: duration.location, pair: pair.name)
                }
            }
        }
    }

    /// An event matcher: the event exists and its `where` conditions can hold on it.
    mutating func checkMatcher(_ matcher: EventMatcher) {
        guard let event = eventsByName[matcher.event] else {
            report(
                PlanRules.unknownEventRef, PlanRules.unknownEventRefMessage(event: matcher.event),
                at: matcher.location, event: matcher.event)
            return
        }
        for condition in matcher.conditions {
            checkParamCondition(condition, on: [event], canBeAbsent: false)
            checkUserPropertyReferences(condition)
        }
    }

    /// The user properties a condition compares with (`equalsUserProperty`) are declared or automatic.
    mutating func checkUserPropertyReferences(_ condition: Condition) {
        for case .equalsUserProperty(let name) in condition.predicates where userPropertiesByName[name] == nil {
            report(
                PlanRules.unknownUserPropertyRef, PlanRules.unknownUserPropertyRefMessage(property: name),
                at: condition.location, param: name)
        }
    }

    // MARK: - Automatic names

    /// Each entry of `automatic` can be used: a name or a `*` pattern of name characters.
    mutating func checkAutomatic() {
        for entry in plan.automatic.all {
            guard let problem = AutomaticDeclarations.problem(of: entry.value) else { continue }
            report(
                PlanRules.invalidAutomaticName,
                PlanRules.invalidAutomaticNameMessage(entry: entry.value, problem: problem), at: entry.location)
        }
    }

    @discardableResult
    mutating func checkParamExists(_ name: String, at location: SourceLocation) -> Bool {
        guard paramsByName[name] == nil else { return true }
        report(PlanRules.unknownParamRef, PlanRules.unknownParamRefMessage(param: name), at: location, param: name)
        return false
    }

    /// A param a pair reads is carried by one of its events.
    mutating func checkEventCarries(_ eventName: String, param: String, at location: SourceLocation, pair: String) {
        guard let event = eventsByName[eventName], event.use(of: param) == nil,
            !automatic.isParam(param, on: eventName)
        else { return }
        report(
            PlanRules.paramNotOnEvent,
            PlanRules.pairParamNotOnEventMessage(pair: pair, param: param, event: eventName),
            at: location, event: eventName, param: param,
            notes: [FindingNote(PlanRules.eventDeclarationNote, at: event.location)])
    }

    /// A condition on a param of some events: the param exists, the events carry it, and some
    /// value the param may take on each event satisfies it.
    mutating func checkParamCondition(_ condition: Condition, on events: [EventDeclaration], canBeAbsent: Bool) {
        guard checkParamExists(condition.name, at: condition.location),
            let param = paramsByName[condition.name]
        else { return }
        for event in events {
            guard let use = event.use(of: condition.name) else {
                // GA4 adds an automatic param by itself: any value of its type may come.
                if automatic.isParam(condition.name, on: event.name) {
                    checkSatisfiable(
                        condition, type: param.type, allowed: param.allowedTexts, bucket: param.bucket,
                        event: event.name)
                    continue
                }
                report(
                    PlanRules.paramNotOnEvent,
                    PlanRules.conditionParamNotOnEventMessage(param: condition.name, event: event.name),
                    at: condition.location, event: event.name, param: condition.name,
                    notes: [FindingNote(PlanRules.eventDeclarationNote, at: event.location)])
                continue
            }
            let allowed = use.values?.map(\.value.plainText) ?? param.allowedTexts
            checkSatisfiable(condition, type: param.type, allowed: allowed, bucket: param.bucket, event: event.name)
        }
    }

    /// `event`: the event the condition is read on, nil for a condition on the user.
    mutating func checkSatisfiable(
        _ condition: Condition, type: ParamType, allowed: [String]?, bucket: BucketSpec?, event: String?
    ) {
        var candidates = allowed
        for predicate in condition.predicates {
            switch predicate {
            case .oneOf(let values), .noneOf(let values):
                for value in values where !Self.valueFits(value, type) {
                    report(
                        PlanRules.valueTypeMismatch,
                        PlanRules.conditionValueTypeMismatchMessage(value: value, param: condition.name, type: type),
                        at: condition.location, event: event, param: condition.name)
                    return
                }
                let texts = values.map(\.plainText)
                if case .oneOf = predicate {
                    candidates = candidates.map { $0.filter(texts.contains) } ?? texts
                } else {
                    candidates = candidates.map { $0.filter { !texts.contains($0) } }
                }
            case .atLeast(let bound):
                if let bucket {
                    candidates = (candidates ?? bucket.labels).filter {
                        Double(bucket.lowerEdge(of: $0) ?? Int64.min) >= bound
                    }
                } else if type == .int || type == .double {
                    candidates = candidates?.filter { (Double($0) ?? -.infinity) >= bound }
                } else {
                    report(
                        PlanRules.valueTypeMismatch,
                        PlanRules.conditionBoundOnNonNumberMessage(bound: "min", param: condition.name, type: type),
                        at: condition.location, event: event, param: condition.name)
                    return
                }
            case .atMost(let bound):
                if let bucket {
                    candidates = (candidates ?? bucket.labels).filter { label in
                        guard let upper = bucket.upperEdge(of: label), let high = upper else { return false }
                        return Double(high) <= bound
                    }
                } else if type == .int || type == .double {
                    candidates = candidates?.filter { (Double($0) ?? .infinity) <= bound }
                } else {
                    report(
                        PlanRules.valueTypeMismatch,
                        PlanRules.conditionBoundOnNonNumberMessage(bound: "max", param: condition.name, type: type),
                        at: condition.location, event: event, param: condition.name)
                    return
                }
            case .present, .equalsUserProperty:
                break
            }
        }
        if let candidates, candidates.isEmpty {
            report(
                PlanRules.conditionNeverHolds, PlanRules.conditionNeverHoldsMessage(name: condition.name, event: event),
                at: condition.location, event: event, param: condition.name)
        }
    }

    mutating func checkUserCondition(_ condition: Condition) {
        // Automatic user properties have a declaration (`withAutomaticDeclarations`).
        guard let property = userPropertiesByName[condition.name] else {
            report(
                PlanRules.unknownUserPropertyRef, PlanRules.unknownUserPropertyRefMessage(property: condition.name),
                at: condition.location, param: condition.name)
            return
        }
        checkSatisfiable(
            condition, type: property.type, allowed: property.values?.map(\.value.plainText), bucket: nil, event: nil)
    }

    // MARK: - Rules

    mutating func checkRules() {
        for rule in plan.rules {
            for pattern in rule.on {
                let matched =
                    Glob.isLiteral(pattern.value)
                    ? eventsByName[pattern.value] != nil
                    : plan.events.contains { Glob.matches(pattern: pattern.value, $0.name) }
                if !matched {
                    report(
                        PlanRules.unknownEventRef,
                        PlanRules.unmatchedRulePatternMessage(rule: rule.name, pattern: pattern.value),
                        at: pattern.location, event: pattern.value)
                }
            }
            let events = rule.events.compactMap { eventsByName[$0] }
            for condition in rule.when + rule.require {
                checkParamCondition(condition, on: events, canBeAbsent: true)
                checkUserPropertyReferences(condition)
            }
            for condition in rule.whenUser + rule.requireUser { checkUserCondition(condition) }
            if let after = rule.after { checkMatcher(after.matcher) }
            if let notAfter = rule.notAfter { checkMatcher(notAfter.matcher) }
            checkWindows(rule)
        }
    }

    /// A rule that needs a matching event within one window and forbids every event its `after`
    /// would match within a window at least as long can never pass: each event it checks fails.
    mutating func checkWindows(_ rule: RuleDeclaration) {
        guard let after = rule.after, let needed = after.within, let notAfter = rule.notAfter,
            let forbidden = notAfter.within, notAfter.matcher.event == after.matcher.event,
            forbidden.value >= needed.value
        else { return }
        // Every condition of `notAfter` is also one of `after`: what `after` needs, `notAfter` forbids.
        func key(_ condition: Condition) -> String {
            condition.name + "{" + condition.predicates.map { String(describing: $0) }.sorted().joined(separator: ";")
                + "}"
        }
        let afterConditions = Set(after.matcher.conditions.map(key))
        guard notAfter.matcher.conditions.allSatisfy({ afterConditions.contains(key($0)) }) else { return }
        let event = after.matcher.event
        report(
            PlanRules.windowNeverHolds,
            PlanRules.windowNeverHoldsMessage(
                rule: rule.name, event: event, needed: needed.value, forbidden: forbidden.value),
            at: forbidden.location, event: event,
            notes: [FindingNote(PlanRules.afterWindowNote, at: needed.location)])
    }

    // MARK: - Severity overrides and suppressions

    mutating func checkSettings() {
        // Most plans override and suppress nothing: the catalog of every rule is not built for them.
        guard !plan.severityOverrides.isEmpty || !plan.suppressions.isEmpty else { return }
        let ids = RuleCatalog.all.map(\.id)
        for (id, override) in plan.severityOverrides.sorted(by: { $0.key < $1.key }) where !ids.contains(id) {
            report(PlanRules.unknownRuleID, PlanRules.unknownOverrideRuleIDMessage(id: id), at: override.location)
        }
        for suppression in plan.suppressions where !ids.contains(where: { Glob.matches(pattern: suppression.rule, $0) })
        {
            report(
                PlanRules.unknownRuleID, PlanRules.unknownSuppressionRuleIDMessage(pattern: suppression.rule),
                at: suppression.location)
        }
    }
}
