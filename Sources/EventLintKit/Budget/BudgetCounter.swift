/// Counts the custom definitions a plan needs against what a property has registered and its
/// quotas: collect the plan's (scope, name) pairs, compare with the registered ones, then judge.
public enum BudgetCounter {
    /// Key of one slot: a scope and a parameter (or user property) name.
    struct Slot: Hashable {
        var scope: BudgetScope
        var name: String
    }

    /// The registrations the plan relies on, one per (scope, name), in scope then plan order.
    /// A param counts only when at least one event carries it: a declared but unused param is
    /// `plan/unused-param`'s business and costs no slot.
    public static func needed(by plan: Plan) -> [NeededRegistration] {
        needed(by: plan, registeredSlots: [])
    }

    static func needed(by plan: Plan, registeredSlots: Set<Slot>) -> [NeededRegistration] {
        var result: [NeededRegistration] = []
        var seen: Set<Slot> = []
        for param in plan.params {
            guard let scope = param.registration.scope else { continue }
            // Item-scoped slots come from the events' `items: { params }` declarations.
            let events = plan.events.filter {
                scope == .item
                    ? $0.itemUse(of: param.name) != nil || $0.use(of: param.name) != nil : $0.use(of: param.name) != nil
            }.map(\.name)
            guard !events.isEmpty, seen.insert(Slot(scope: scope, name: param.name)).inserted else { continue }
            result.append(
                NeededRegistration(
                    name: param.name, scope: scope, events: events, location: param.location,
                    registered: registeredSlots.contains(Slot(scope: scope, name: param.name)), isUserProperty: false))
        }
        for property in plan.userProperties {
            guard let scope = property.registration.scope,
                seen.insert(Slot(scope: scope, name: property.name)).inserted
            else { continue }
            result.append(
                NeededRegistration(
                    name: property.name, scope: scope, events: [], location: property.location,
                    registered: registeredSlots.contains(Slot(scope: scope, name: property.name)), isUserProperty: true)
            )
        }
        return result.enumerated().sorted {
            $0.element.scope != $1.element.scope ? $0.element.scope < $1.element.scope : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Counts and judges. `base` is the plan before the change, with how it was named.
    public static func count(
        plan: Plan, registered: [RegisteredDefinition], quotas: BudgetQuotas, minHeadroom: Int? = nil,
        base: (plan: Plan, label: String)? = nil
    ) -> BudgetReport {
        let registeredSlots = Set(registered.map { Slot(scope: $0.scope, name: $0.parameterName) })
        let needed = needed(by: plan, registeredSlots: registeredSlots)
        var findings: [Finding] = []

        var scopes: [ScopeUsage] = []
        for scope in BudgetScope.allCases {
            let registeredCount = registeredSlots.filter { $0.scope == scope }.count
            let newNames = needed.filter { $0.scope == scope && !$0.registered }.map(\.name)
            scopes.append(
                ScopeUsage(
                    scope: scope, quota: quotas.limit(scope), quotaSource: quotas.sources[scope] ?? .tier,
                    registered: registeredCount, newNames: newNames))
        }
        var change: BudgetChange?
        if let base {
            change = compare(
                base: base.plan, label: base.label, current: needed, scopes: scopes,
                registeredSlots: registeredSlots)
        }
        findings += quotaFindings(
            scopes, plan: plan, needed: needed, quotas: quotas, minHeadroom: minHeadroom,
            change: change)
        findings += planFindings(plan: plan, needed: needed)
        let (candidates, registeredFindings) = judgeRegistered(registered, plan: plan, needed: needed)
        findings += registeredFindings
        return BudgetReport(
            quotas: quotas, scopes: scopes, needed: needed, archiveCandidates: candidates,
            limits: collectionLimits(plan), minHeadroom: minHeadroom, change: change,
            findings: findings.sortedForReport())
    }

    // MARK: - Quotas

    /// Over quota is always an error. Under `minHeadroom` is one too, except that with a base
    /// (`change`) only a scope this change takes slots from counts: a pull request that adds
    /// nothing must not fail because the property was already short of room.
    private static func quotaFindings(
        _ scopes: [ScopeUsage], plan: Plan, needed: [NeededRegistration], quotas: BudgetQuotas, minHeadroom: Int?,
        change: BudgetChange?
    ) -> [Finding] {
        var findings: [Finding] = []
        for usage in scopes {
            // The property declaration is where the quota is set; without one, the first new
            // registration of the scope is what the plan adds.
            let firstNew = needed.first { $0.scope == usage.scope && !$0.registered }
            let location =
                plan.property.location ?? firstNew?.location
                ?? SourceLocation(file: plan.files.first ?? "schema", line: 1)
            let quotaNote = FindingNote(
                BudgetRules.quotaNote(quota: usage.quota, source: describe(usage.quotaSource, tier: quotas.tier)))
            let newNote =
                usage.newNames.isEmpty ? [] : [FindingNote(BudgetRules.unregisteredNamesNote(usage.newNames))]
            if usage.headroom < 0 {
                findings.append(
                    Finding(
                        rule: BudgetRules.overQuota, message: BudgetRules.overQuotaMessage(usage), at: location,
                        notes: [quotaNote] + newNote))
            } else if let minHeadroom, usage.headroom < minHeadroom {
                let scopeChange = change?.scopes.first { $0.scope == usage.scope }
                let takesSlots = scopeChange.map { $0.headroomAfter < $0.headroomBefore } ?? false
                if change != nil && !takesSlots { continue }
                findings.append(
                    Finding(
                        rule: BudgetRules.underMinHeadroom,
                        message: BudgetRules.underMinHeadroomMessage(
                            usage, minHeadroom: minHeadroom, change: scopeChange),
                        at: location, notes: [quotaNote] + newNote))
            }
        }
        return findings
    }

    static func describe(_ source: BudgetQuotas.Source, tier: PropertySettings.Tier) -> String {
        switch source {
        case .tier: "the \(tier.rawValue) tier"
        case .plan: "the plan's property.quota"
        case .commandLine: "--quota"
        }
    }

    // MARK: - What the plan asks for

    private static func planFindings(plan: Plan, needed: [NeededRegistration]) -> [Finding] {
        var findings: [Finding] = []
        for registration in needed {
            let kind = registration.isUserProperty ? "user property" : "param"
            if isReserved(registration.name, scope: registration.scope) {
                findings.append(
                    Finding(
                        rule: BudgetRules.reservedName,
                        message: BudgetRules.reservedNameMessage(
                            kind: kind, name: registration.name, scope: registration.scope),
                        at: registration.location, param: registration.name))
            }
            guard registration.scope != .metric else { continue }
            let type: ParamType?
            let closed: Bool
            if registration.isUserProperty {
                let property = plan.userProperty(named: registration.name)
                type = property?.type
                closed = property?.values != nil
            } else {
                let param = plan.param(named: registration.name)
                type = param?.type
                // Closed when declared with values, or when every event narrows it (`outcome`).
                let uses = plan.events.compactMap { $0.use(of: registration.name) }
                closed = param?.allowedTexts != nil || (!uses.isEmpty && uses.allSatisfy { $0.values != nil })
            }
            if type == .string, !closed {
                findings.append(
                    Finding(
                        rule: BudgetRules.freeTextDimension,
                        message: BudgetRules.freeTextDimensionMessage(
                            kind: kind, name: registration.name, scope: registration.scope),
                        at: registration.location, param: registration.name))
            }
        }
        // The same name in both dimension scopes: one slot of each.
        for registration in needed where !registration.isUserProperty && registration.scope == .event {
            guard
                let twin = needed.first(where: {
                    $0.isUserProperty && $0.scope == .user && $0.name == registration.name
                })
            else { continue }
            findings.append(
                Finding(
                    rule: BudgetRules.paramAndUserProperty,
                    message: BudgetRules.paramAndUserPropertyMessage(name: registration.name),
                    at: registration.location, param: registration.name,
                    notes: [FindingNote(BudgetRules.userPropertyDeclarationNote, at: twin.location)]))
        }
        return findings
    }

    static func isReserved(_ name: String, scope: BudgetScope) -> Bool {
        if scope == .user {
            return GA4Facts.reservedDimensionUserPropertyNames.contains(name)
                || (GA4Facts.reservedPrefixes + GA4Facts.reservedUserPropertyPrefixes).contains { name.hasPrefix($0) }
        }
        return GA4Facts.reservedDimensionParamNames.contains(name)
            || (GA4Facts.reservedPrefixes + GA4Facts.reservedRegisteredParamPrefixes).contains { name.hasPrefix($0) }
    }

    // MARK: - What the property has

    /// Archive candidates (definitions no plan event or user property feeds) and definitions
    /// of a kind the plan does not send.
    private static func judgeRegistered(
        _ registered: [RegisteredDefinition], plan: Plan, needed: [NeededRegistration]
    ) -> (candidates: [RegisteredDefinition], findings: [Finding]) {
        let sentParams = Set(plan.events.flatMap { $0.params.map(\.name) })
        let userProperties = Set(plan.userProperties.map(\.name))
        var candidates: [RegisteredDefinition] = []
        var findings: [Finding] = []
        var seen: Set<Slot> = []
        for definition in registered.sorted(by: { $0.location < $1.location }) {
            let name = definition.parameterName
            // Pages may overlap; a slot is judged once.
            guard seen.insert(Slot(scope: definition.scope, name: name)).inserted else { continue }
            let fed = definition.scope == .user ? userProperties.contains(name) : sentParams.contains(name)
            guard fed else {
                candidates.append(definition)
                findings.append(
                    Finding(
                        rule: BudgetRules.archiveCandidate,
                        message: BudgetRules.archiveCandidateMessage(
                            kind: definition.kindDescription, name: name, scope: definition.scope),
                        at: definition.location, param: name))
                continue
            }
            guard definition.scope != .user else { continue }
            guard let param = plan.param(named: name) else { continue }
            let wanted = needed.first { !$0.isUserProperty && $0.name == name }
            let declared = param.location
            let note = FindingNote(BudgetRules.registeredDefinitionNote, at: definition.location)
            if definition.scope == .metric, ![ParamType.int, .double].contains(param.type) {
                findings.append(
                    Finding(
                        rule: BudgetRules.registeredTypeMismatch,
                        message: BudgetRules.registeredAsMetricMessage(param: name, type: param.type),
                        at: declared, param: name, notes: [note]))
            } else if let wanted, wanted.scope != definition.scope, !wanted.registered {
                findings.append(
                    Finding(
                        rule: BudgetRules.registeredTypeMismatch,
                        message: BudgetRules.registeredInAnotherScopeMessage(
                            param: name, registered: definition.kindDescription, wanted: wanted.scope),
                        at: declared, param: name, notes: [note]))
            }
        }
        return (candidates, findings)
    }

    // MARK: - Collection limits

    static func collectionLimits(_ plan: Plan) -> [CollectionLimit] {
        let widest = plan.events.max { $0.params.count < $1.params.count }
        return [
            CollectionLimit(
                name: "params per event", used: widest?.params.count ?? 0, limit: GA4Facts.maxParamsPerEvent,
                detail: widest.map { "most: \($0.name)" }),
            CollectionLimit(
                name: "user properties", used: plan.userProperties.count, limit: GA4Facts.maxUserProperties),
            CollectionLimit(name: "distinct event names", used: plan.events.count, limit: GA4Facts.maxEventNames),
        ]
    }

    // MARK: - Against a base plan

    private static func compare(
        base: Plan, label: String, current: [NeededRegistration], scopes: [ScopeUsage], registeredSlots: Set<Slot>
    ) -> BudgetChange {
        let before = needed(by: base, registeredSlots: registeredSlots)
        var changes: [ScopeChange] = []
        for usage in scopes {
            let beforeNames = before.filter { $0.scope == usage.scope }
            let afterNames = current.filter { $0.scope == usage.scope }
            let added = afterNames.filter { entry in !beforeNames.contains { $0.name == entry.name } }
            let removed = beforeNames.filter { entry in !afterNames.contains { $0.name == entry.name } }
            let headroomBefore = usage.quota - usage.registered - beforeNames.filter { !$0.registered }.count
            changes.append(
                ScopeChange(
                    scope: usage.scope, added: added.map(\.name),
                    addedUnregistered: added.filter { !$0.registered }.map(\.name),
                    removed: removed.map(\.name), headroomBefore: headroomBefore, headroomAfter: usage.headroom))
        }
        return BudgetChange(base: label, scopes: changes)
    }
}
