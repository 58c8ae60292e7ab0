/// Compares the plan before a change (`--base`) with the current one and classifies every
/// difference as breaking (error) or additive (info). Every finding is anchored on a file of the
/// current plan, because a pull request shows annotations only on the files it has: something
/// added or changed where the current plan declares it; something removed on the declaration
/// that remains (the event that lost a param) or else on the file the base declared it in (the
/// current plan's first file when that file is gone too), with the base location as a note.
public enum PlanDiff {
    public static func compare(base: Plan, current: Plan) -> [Finding] {
        var diff = Differ(base: base, current: current)
        diff.compareParams()
        diff.compareUserProperties()
        diff.compareEvents()
        diff.comparePairs()
        diff.compareRules()
        diff.compareExperiments()
        diff.compareMetrics()
        return diff.findings.sortedForReport()
    }
}

private struct Differ {
    let base: Plan
    let current: Plan
    var findings: [Finding] = []

    init(base: Plan, current: Plan) {
        self.base = base
        self.current = current
    }

    mutating func add(
        _ rule: Rule, _ message: String, at location: SourceLocation, event: String? = nil,
        param: String? = nil, notes: [FindingNote] = []
    ) {
        findings.append(Finding(rule: rule, message: message, at: location, event: event, param: param, notes: notes))
    }

    /// Reports something the change removed: on `remaining` (a declaration of the current plan
    /// it belonged to) or else on the current file of the same name, with where the base had it.
    mutating func removed(
        _ rule: Rule, _ message: String, was old: SourceLocation, on remaining: SourceLocation? = nil,
        event: String? = nil, param: String? = nil, notes: [FindingNote] = []
    ) {
        let anchor = remaining ?? fileAnchor(for: old)
        add(
            rule, message, at: anchor, event: event, param: param,
            notes: [FindingNote(DiffRules.baseDeclarationNote, at: old)] + notes)
    }

    /// Line 1 of the current plan's file with the same name as the base file (`schema/a.json5`
    /// for `origin/main:schema/a.json5` or `old/a.json5`), or of its first file when that one
    /// was removed too.
    func fileAnchor(for old: SourceLocation) -> SourceLocation {
        let name = Self.fileName(old.file)
        let file = current.files.first { Self.fileName($0) == name } ?? current.files.sorted().first ?? old.file
        return SourceLocation(file: file, line: 1, column: 1)
    }

    /// The name of a plan file within its directory: after the last `/`, or for a file at the
    /// top of a repository (`REF:plan.json5`) after the ref's `:`.
    static func fileName(_ path: String) -> Substring {
        if let slash = path.lastIndex(of: "/") { return path[path.index(after: slash)...] }
        if let colon = path.firstIndex(of: ":") { return path[path.index(after: colon)...] }
        return path[...]
    }

    // MARK: - Params and user properties

    mutating func compareParams() {
        for old in base.params {
            guard let new = current.param(named: old.name) else {
                removed(
                    DiffRules.paramRemoved, DiffRules.declarationRemovedMessage(kind: "param", name: old.name),
                    was: old.location, param: old.name)
                if let scope = old.registration.scope {
                    removed(
                        DiffRules.registrationRemoved,
                        DiffRules.registeredDeclarationRemovedMessage(kind: "param", name: old.name, scope: scope),
                        was: old.location, param: old.name)
                }
                continue
            }
            if old.type != new.type {
                add(
                    Self.typeRule(old.type, new.type),
                    DiffRules.typeChangedMessage(kind: "param", name: new.name, from: old.type, to: new.type),
                    at: new.typeLocation, param: new.name,
                    notes: [FindingNote(DiffRules.baseTypeNote(old.type), at: old.typeLocation)])
                if !Self.widens(old.type, new.type) { continue }
            }
            compareValues(
                old: old.allowedTexts, new: new.allowedTexts, kind: "param", oldLocation: old.location,
                newLocation: new.location, newValues: new.values, event: nil, param: new.name)
            if new.bucket == nil {
                compareRanges(old, new)
            }
            compareRegistration(
                old.registration, new.registration, kind: "param", name: new.name,
                oldLocation: old.registrationLocation ?? old.location,
                newLocation: new.registrationLocation ?? new.location)
        }
        for new in current.params where base.param(named: new.name) == nil {
            add(
                DiffRules.paramAdded, DiffRules.declarationAddedMessage(kind: "param", name: new.name),
                at: new.location, param: new.name)
            if let scope = new.registration.scope {
                add(
                    DiffRules.registrationAdded,
                    DiffRules.registeredDeclarationAddedMessage(kind: "param", name: new.name, scope: scope),
                    at: new.registrationLocation ?? new.location, param: new.name)
            }
        }
    }

    mutating func compareUserProperties() {
        for old in base.userProperties {
            guard let new = current.userProperty(named: old.name) else {
                removed(
                    DiffRules.paramRemoved, DiffRules.declarationRemovedMessage(kind: "user property", name: old.name),
                    was: old.location, param: old.name)
                if let scope = old.registration.scope {
                    removed(
                        DiffRules.registrationRemoved,
                        DiffRules.registeredDeclarationRemovedMessage(
                            kind: "user property", name: old.name, scope: scope),
                        was: old.location, param: old.name)
                }
                continue
            }
            if old.type != new.type {
                add(
                    Self.typeRule(old.type, new.type),
                    DiffRules.typeChangedMessage(kind: "user property", name: new.name, from: old.type, to: new.type),
                    at: new.location, param: new.name,
                    notes: [FindingNote(DiffRules.baseTypeNote(old.type), at: old.location)])
                if !Self.widens(old.type, new.type) { continue }
            }
            compareValues(
                old: old.values?.map(\.value.plainText), new: new.values?.map(\.value.plainText),
                kind: "user property", oldLocation: old.location, newLocation: new.location,
                newValues: new.values, event: nil, param: new.name)
            compareRegistration(
                old.registration, new.registration, kind: "user property", name: new.name,
                oldLocation: old.registrationLocation ?? old.location,
                newLocation: new.registrationLocation ?? new.location)
        }
        for new in current.userProperties where base.userProperty(named: new.name) == nil {
            add(
                DiffRules.paramAdded, DiffRules.declarationAddedMessage(kind: "user property", name: new.name),
                at: new.location, param: new.name)
            if let scope = new.registration.scope {
                add(
                    DiffRules.registrationAdded,
                    DiffRules.registeredDeclarationAddedMessage(kind: "user property", name: new.name, scope: scope),
                    at: new.registrationLocation ?? new.location, param: new.name)
            }
        }
    }

    /// `int` → `double` keeps every value valid (lint accepts `int_value` for a double param).
    static func widens(_ old: ParamType, _ new: ParamType) -> Bool { old == .int && new == .double }

    static func typeRule(_ old: ParamType, _ new: ParamType) -> Rule {
        widens(old, new) ? DiffRules.typeWidened : DiffRules.typeChanged
    }

    /// The added value that looks like `removed` renamed: the only one added, or one that
    /// extends or shortens it (`home_shield` → `home_shield_button`).
    static func renameCandidate(for removed: String, among added: [String]) -> String? {
        if added.count == 1 { return added[0] }
        let similar = added.filter {
            $0.hasPrefix(removed) || removed.hasPrefix($0) || $0.hasSuffix(removed) || removed.hasSuffix($0)
        }
        return similar.count == 1 ? similar[0] : nil
    }

    /// Allowed values: nil means any value. `kind`: "param" or "user property"; `event`: the
    /// event that narrows the param's values, nil for the declaration's own.
    mutating func compareValues(
        old: [String]?, new: [String]?, kind: String, oldLocation: SourceLocation, newLocation: SourceLocation,
        newValues: [Located<PlanValue>]?, event: String?, param: String
    ) {
        switch (old, new) {
        case (nil, nil):
            return
        case (nil, let new?):
            add(
                DiffRules.valueRemoved,
                DiffRules.valuesRestrictedMessage(kind: kind, name: param, event: event, allowed: new),
                at: newLocation, event: event, param: param)
        case (_?, nil):
            add(
                DiffRules.valueAdded, DiffRules.anyValueAllowedMessage(kind: kind, name: param, event: event),
                at: newLocation, event: event, param: param)
        case (let old?, let new?):
            let addedValues = new.filter { !old.contains($0) }
            for value in old where !new.contains(value) {
                var notes = [FindingNote(DiffRules.baseValuesNote, at: oldLocation)]
                if let renamed = Self.renameCandidate(for: value, among: addedValues) {
                    let at = newValues?.first { $0.value.plainText == renamed }?.location ?? newLocation
                    notes.append(FindingNote(DiffRules.renamedValueNote(value: value, renamed: renamed), at: at))
                }
                add(
                    DiffRules.valueRemoved,
                    DiffRules.valueNoLongerAllowedMessage(kind: kind, name: param, event: event, value: value),
                    at: newLocation, event: event, param: param, notes: notes)
            }
            for value in new where !old.contains(value) {
                let at = newValues?.first { $0.value.plainText == value }?.location ?? newLocation
                add(
                    DiffRules.valueAdded,
                    DiffRules.valueAddedMessage(kind: kind, name: param, event: event, value: value),
                    at: at, event: event, param: param)
            }
        }
    }

    mutating func compareRanges(_ old: ParamDeclaration, _ new: ParamDeclaration) {
        // (name, old, new, whether a larger value is stricter, where)
        let bounds: [(String, Double?, Double?, Bool, SourceLocation?)] = [
            ("min", old.minimum?.value, new.minimum?.value, true, new.minimum?.location),
            ("max", old.maximum?.value, new.maximum?.value, false, new.maximum?.location),
            ("minLength", old.minLength.map(Double.init), new.minLength.map(Double.init), true, nil),
            ("maxLength", old.maxLength.map(Double.init), new.maxLength.map(Double.init), false, new.maxLengthLocation),
        ]
        for (name, before, after, largerIsStricter, location) in bounds where before != after {
            let at = location ?? new.location
            let stricter: Bool
            switch (before, after) {
            case (nil, _?): stricter = true
            case (_?, nil): stricter = false
            case (let b?, let a?): stricter = largerIsStricter ? a > b : a < b
            default: continue
            }
            add(
                stricter ? DiffRules.rangeNarrowed : DiffRules.rangeWidened,
                DiffRules.rangeChangedMessage(param: new.name, bound: name, from: before, to: after), at: at,
                param: new.name)
        }
    }

    mutating func compareRegistration(
        _ old: Registration, _ new: Registration, kind: String, name: String, oldLocation: SourceLocation,
        newLocation: SourceLocation
    ) {
        guard old.scope != new.scope else { return }
        if let oldScope = old.scope {
            add(
                DiffRules.registrationRemoved,
                DiffRules.registrationRemovedMessage(kind: kind, name: name, old: oldScope, new: new.scope),
                at: newLocation, param: name, notes: [FindingNote(DiffRules.baseRegistrationNote, at: oldLocation)])
        } else if let newScope = new.scope {
            add(
                DiffRules.registrationAdded,
                DiffRules.registrationAddedMessage(kind: kind, name: name, scope: newScope),
                at: newLocation, param: name)
        }
    }

    // MARK: - Events

    mutating func compareEvents() {
        let added = current.events.filter { base.event(named: $0.name) == nil }
        for old in base.events {
            guard let new = current.event(named: old.name) else {
                let names = Set(old.params.map(\.name))
                let twin = added.first { Set($0.params.map(\.name)) == names && !names.isEmpty }
                // A pair that checked the event and still exists is the declaration that lost it.
                let pair = base.pairs.first { ($0.opens + $0.closes + $0.inside).contains { $0.event == old.name } }
                    .flatMap { lost in current.pairs.first { $0.name == lost.name } }
                removed(
                    DiffRules.eventRemoved, DiffRules.eventRemovedMessage(event: old.name), was: old.location,
                    on: twin?.location ?? pair?.location, event: old.name,
                    notes: twin.map { [FindingNote(DiffRules.renamedEventNote(to: $0.name), at: $0.location)] } ?? [])
                continue
            }
            for oldUse in old.params {
                guard let newUse = new.use(of: oldUse.name) else {
                    removed(
                        DiffRules.paramRemoved, DiffRules.paramDroppedMessage(event: new.name, param: oldUse.name),
                        was: oldUse.location, on: new.location, event: new.name, param: oldUse.name)
                    continue
                }
                compareRequirement(oldUse.requirement, newUse.requirement, event: new.name, use: newUse)
                // Values narrowed on the event itself; the declaration's own values are compared once above.
                if oldUse.values != nil || newUse.values != nil {
                    let oldDeclared = base.param(named: oldUse.name)?.allowedTexts
                    let newDeclared = current.param(named: newUse.name)?.allowedTexts
                    compareValues(
                        old: oldUse.values?.map(\.value.plainText) ?? oldDeclared,
                        new: newUse.values?.map(\.value.plainText) ?? newDeclared,
                        kind: "param", oldLocation: oldUse.location, newLocation: newUse.location,
                        newValues: newUse.values,
                        event: new.name, param: newUse.name)
                }
            }
            for newUse in new.params where old.use(of: newUse.name) == nil {
                switch newUse.requirement {
                case .required:
                    add(
                        DiffRules.nowRequired, DiffRules.requiredParamAddedMessage(event: new.name, param: newUse.name),
                        at: newUse.location, event: new.name, param: newUse.name)
                case .requiredSince(let version):
                    add(
                        DiffRules.paramAdded,
                        DiffRules.paramAddedRequiredSinceMessage(event: new.name, param: newUse.name, version: version),
                        at: newUse.location, event: new.name, param: newUse.name)
                case .optional:
                    add(
                        DiffRules.paramAdded, DiffRules.optionalParamAddedMessage(event: new.name, param: newUse.name),
                        at: newUse.location, event: new.name, param: newUse.name)
                }
            }
        }
        for new in added {
            add(DiffRules.eventAdded, DiffRules.eventAddedMessage(event: new.name), at: new.location, event: new.name)
        }
    }

    mutating func compareRequirement(_ old: Requirement, _ new: Requirement, event: String, use: EventParamUse) {
        guard old != new else { return }
        let rule: Rule
        switch (old, new) {
        case (.optional, .required), (.requiredSince, .required): rule = DiffRules.nowRequired
        case (.optional, .requiredSince): rule = DiffRules.requiredSince
        case (.required, _), (_, .optional): rule = DiffRules.nowOptional
        case (.requiredSince(let before), .requiredSince(let after)):
            rule = after < before ? DiffRules.nowRequired : DiffRules.nowOptional
        default: return
        }
        add(
            rule, DiffRules.requirementChangedMessage(param: use.name, event: event, from: old, to: new),
            at: use.location, event: event, param: use.name)
    }

    // MARK: - Pairs

    func key(_ condition: Condition) -> String {
        condition.name + "{" + condition.predicates.map { String(describing: $0) }.sorted().joined(separator: ";") + "}"
    }

    func key(_ matcher: EventMatcher) -> String {
        matcher.event + "[" + matcher.conditions.map(key).sorted().joined(separator: ",") + "]"
    }

    func key(_ earlier: EarlierEvent) -> String {
        key(earlier.matcher) + (earlier.within.map { "<=\($0.value.seconds)s" } ?? "")
    }

    /// Events of the base plan that carried `param`.
    func baseCarries(_ events: [String], _ param: String) -> Bool {
        events.contains { base.event(named: $0)?.use(of: param) != nil }
    }

    /// An experiment of both plans whose property, arms or shares changed: the users assigned
    /// before the change and after it are no longer one experiment.
    mutating func compareExperiments() {
        for new in current.experiments {
            guard let old = base.experiments.first(where: { $0.name == new.name }) else { continue }
            var changes: [DiffRules.ExperimentChange] = []
            if old.userProperty.value != new.userProperty.value {
                changes.append(.propertyChanged(from: old.userProperty.value, to: new.userProperty.value))
            }
            for arm in old.arms {
                guard let now = new.arms.first(where: { $0.value == arm.value }) else {
                    changes.append(.armRemoved(arm.value))
                    continue
                }
                if now.share != arm.share {
                    changes.append(.shareChanged(arm: arm.value, from: arm.share, to: now.share))
                }
            }
            for arm in new.arms where !old.arms.contains(where: { $0.value == arm.value }) {
                changes.append(.armAdded(arm.value))
            }
            guard !changes.isEmpty else { continue }
            add(
                DiffRules.experimentArmsChanged,
                DiffRules.experimentArmsChangedMessage(experiment: new.name, changes: changes),
                at: new.armsLocation, param: new.userProperty.value,
                notes: [FindingNote(DiffRules.baseDeclarationNote, at: old.location)])
        }
    }

    /// A metric of both plans whose definition changed (its description aside).
    mutating func compareMetrics() {
        for new in current.metrics {
            guard let old = base.metrics.first(where: { $0.name == new.name }), key(old.kind) != key(new.kind)
            else { continue }
            add(
                DiffRules.metricChanged,
                DiffRules.metricChangedMessage(
                    metric: new.name, from: DiffRules.metricDefinition(old.kind),
                    to: DiffRules.metricDefinition(new.kind)),
                at: new.location, notes: [FindingNote(DiffRules.baseDeclarationNote, at: old.location)])
        }
    }

    func key(_ kind: MetricKind) -> String {
        switch kind {
        case .passRate(let pair, let outcome): "passRate|\(pair.value)|\(outcome.value)"
        case .conversion(let from, let to, let within): "conversion|\(key(from))|\(key(to))|\(within.value.seconds)"
        case .returnVisit(let from, let event, let within):
            "return|\(key(from))|\(key(event))|\(within.value.seconds)"
        }
    }

    mutating func comparePairs() {
        for old in base.pairs where !current.pairs.contains(where: { $0.name == old.name }) {
            removed(DiffRules.pairRemoved, DiffRules.pairRemovedMessage(pair: old.name), was: old.location)
        }
        for new in current.pairs {
            let events = (new.opens + new.closes + new.inside).map(\.event)
            guard let old = base.pairs.first(where: { $0.name == new.name }) else {
                let existing = Set(events.filter { base.event(named: $0) != nil })
                if existing.isEmpty {
                    add(DiffRules.pairAdded, DiffRules.pairAddedMessage(pair: new.name), at: new.location)
                } else {
                    add(
                        DiffRules.pairChanged,
                        DiffRules.newPairOnExistingEventsMessage(pair: new.name, events: existing.sorted()),
                        at: new.location)
                }
                continue
            }
            let (breaking, relaxed) = changes(from: old, to: new)
            if !breaking.isEmpty {
                add(
                    DiffRules.pairChanged, DiffRules.pairChangedMessage(pair: new.name, changes: breaking),
                    at: new.location)
            } else if !relaxed.isEmpty {
                add(
                    DiffRules.pairUpdated, DiffRules.pairChangedMessage(pair: new.name, changes: relaxed),
                    at: new.location)
            }
        }
    }

    /// What changed between the base's and the current declaration of a pair: what breaks data
    /// that passed, and what only relaxes the check.
    func changes(
        from old: PairDeclaration, to new: PairDeclaration
    ) -> (breaking: [DiffRules.PairChange], relaxed: [DiffRules.PairChange]) {
        var breaking: [DiffRules.PairChange] = []
        var relaxed: [DiffRules.PairChange] = []
        if Set(old.opens.map(key)) != Set(new.opens.map(key)) { breaking.append(.opensChanged) }
        if Set(old.closes.map(key)) != Set(new.closes.map(key)) { breaking.append(.closesChanged) }
        let oldInside = Set(old.inside.map(key))
        let newInside = Set(new.inside.map(key))
        let insideAdded = new.inside.filter { !oldInside.contains(key($0)) }
        if insideAdded.contains(where: { base.event(named: $0.event) != nil }) {
            breaking.append(.existingEventsInsideOnly)
        } else if !insideAdded.isEmpty {
            relaxed.append(.insideEventsAdded)
        }
        if !oldInside.subtracting(newInside).isEmpty { relaxed.append(.insideEventsRemoved) }
        if !old.closeRequired && new.closeRequired { breaking.append(.closeRequired) }
        if old.closeRequired && !new.closeRequired { relaxed.append(.closeOptional) }
        let oldSame = Set(old.same.map(\.value))
        let newSame = Set(new.same.map(\.value))
        let pairEvents = (old.opens + old.closes).map(\.event)
        for name in new.same.map(\.value) where !oldSame.contains(name) {
            if baseCarries(pairEvents, name) {
                breaking.append(.mustBeEqual(name))
            } else {
                relaxed.append(.newParamCompared(name))
            }
        }
        if !oldSame.subtracting(newSame).isEmpty { relaxed.append(.fewerParamsCompared) }
        switch (old.duration, new.duration) {
        case (nil, _?): breaking.append(.durationAdded)
        case (_?, nil): relaxed.append(.durationDropped)
        case (let before?, let after?):
            if before.param != after.param || after.toleranceMilliseconds < before.toleranceMilliseconds
                || after.tolerancePercent < before.tolerancePercent
            {
                breaking.append(.durationStricter)
            } else if after.toleranceMilliseconds != before.toleranceMilliseconds
                || after.tolerancePercent != before.tolerancePercent
            {
                relaxed.append(.durationLooser)
            }
        default: break
        }
        if old.keyedBySession != new.keyedBySession { breaking.append(.keyedDifferently) }
        return (breaking, relaxed)
    }

    // MARK: - Rules

    func key(_ rule: RuleDeclaration) -> String {
        let parts: [String] = [
            rule.events.sorted().joined(separator: ","),
            rule.when.map(key).sorted().joined(separator: ","), rule.whenUser.map(key).sorted().joined(separator: ","),
            rule.require.map(key).sorted().joined(separator: ","),
            rule.requireUser.map(key).sorted().joined(separator: ","),
            rule.after.map(key) ?? "", rule.notAfter.map(key) ?? "", rule.severity?.rawValue ?? "",
            rule.once?.rawValue ?? "",
        ]
        return parts.joined(separator: "|")
    }

    /// Whether no data the base plan described can match the rule: it names only new events, or
    /// its `when` needs a param those events did not carry, or values the base did not allow.
    func appliesOnlyToNewData(_ rule: RuleDeclaration) -> Bool {
        if rule.events.allSatisfy({ base.event(named: $0) == nil }) { return true }
        for condition in rule.when {
            let needsPresence = condition.predicates.allSatisfy {
                switch $0 {
                case .present(false), .noneOf: false
                default: true
                }
            }
            if needsPresence && !baseCarries(rule.events, condition.name) { return true }
            for predicate in condition.predicates {
                guard case .oneOf(let values) = predicate else { continue }
                // Values each base event allowed for the param (its own narrowing, else the declaration's).
                let baseEvents = rule.events.compactMap { base.event(named: $0) }
                let allNew = baseEvents.allSatisfy { event in
                    guard let use = event.use(of: condition.name) else { return true }
                    guard
                        let allowed = use.values?.map(\.value.plainText)
                            ?? base.param(named: condition.name)?.allowedTexts
                    else { return false }
                    return values.allSatisfy { !allowed.contains($0.plainText) }
                }
                if allNew { return true }
            }
        }
        for condition in rule.whenUser {
            for predicate in condition.predicates {
                guard case .oneOf(let values) = predicate else { continue }
                guard let property = base.userProperty(named: condition.name) else { return true }
                if let allowed = property.values?.map(\.value.plainText),
                    values.allSatisfy({ !allowed.contains($0.plainText) })
                {
                    return true
                }
            }
        }
        return false
    }

    mutating func compareRules() {
        for old in base.rules where !current.rules.contains(where: { $0.name == old.name }) {
            removed(DiffRules.ruleRemoved, DiffRules.ruleRemovedMessage(rule: old.name), was: old.location)
        }
        for new in current.rules {
            let onlyNew = appliesOnlyToNewData(new)
            guard let old = base.rules.first(where: { $0.name == new.name }) else {
                if onlyNew {
                    add(DiffRules.ruleAdded, DiffRules.ruleAddedMessage(rule: new.name), at: new.location)
                } else {
                    add(
                        DiffRules.ruleChanged, DiffRules.newRuleOnExistingEventsMessage(rule: new.name),
                        at: new.location)
                }
                continue
            }
            guard key(old) != key(new) else { continue }
            if onlyNew {
                add(DiffRules.ruleUpdated, DiffRules.ruleUpdatedMessage(rule: new.name), at: new.location)
            } else {
                add(
                    DiffRules.ruleChanged, DiffRules.ruleChangedMessage(rule: new.name), at: new.location,
                    notes: [FindingNote(DiffRules.baseRuleNote, at: old.location)])
            }
        }
    }
}
