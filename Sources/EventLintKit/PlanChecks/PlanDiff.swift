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
            notes: [FindingNote("declared in the base plan here", at: old)] + notes)
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
                    DiffRules.paramRemoved, "param \"\(old.name)\" was removed from the plan", was: old.location,
                    param: old.name)
                if let scope = old.registration.scope {
                    removed(
                        DiffRules.registrationRemoved,
                        "param \"\(old.name)\", registered as \(scope.slotNameWithArticle), was removed",
                        was: old.location, param: old.name)
                }
                continue
            }
            if old.type != new.type {
                add(
                    Self.typeRule(old.type, new.type),
                    "param \"\(new.name)\" changed type from \(old.type.rawValue) to \(new.type.rawValue)",
                    at: new.typeLocation, param: new.name,
                    notes: [FindingNote("was \(old.type.rawValue) here", at: old.typeLocation)])
                if !Self.widens(old.type, new.type) { continue }
            }
            compareValues(
                old: old.allowedTexts, new: new.allowedTexts, what: "param \"\(new.name)\"",
                oldLocation: old.location, newLocation: new.location, newValues: new.values, event: nil, param: new.name
            )
            if new.bucket == nil {
                compareRanges(old, new)
            }
            compareRegistration(
                old.registration, new.registration, kind: "param", name: new.name,
                oldLocation: old.registrationLocation ?? old.location,
                newLocation: new.registrationLocation ?? new.location)
        }
        for new in current.params where base.param(named: new.name) == nil {
            add(DiffRules.paramAdded, "param \"\(new.name)\" is new", at: new.location, param: new.name)
            if let scope = new.registration.scope {
                add(
                    DiffRules.registrationAdded, "param \"\(new.name)\" is registered as \(scope.slotNameWithArticle)",
                    at: new.registrationLocation ?? new.location, param: new.name)
            }
        }
    }

    mutating func compareUserProperties() {
        for old in base.userProperties {
            guard let new = current.userProperty(named: old.name) else {
                removed(
                    DiffRules.paramRemoved, "user property \"\(old.name)\" was removed from the plan",
                    was: old.location, param: old.name)
                if let scope = old.registration.scope {
                    removed(
                        DiffRules.registrationRemoved,
                        "user property \"\(old.name)\", registered as \(scope.slotNameWithArticle), was removed",
                        was: old.location, param: old.name)
                }
                continue
            }
            if old.type != new.type {
                add(
                    Self.typeRule(old.type, new.type),
                    "user property \"\(new.name)\" changed type from \(old.type.rawValue) to \(new.type.rawValue)",
                    at: new.location, param: new.name,
                    notes: [FindingNote("was \(old.type.rawValue) here", at: old.location)])
                if !Self.widens(old.type, new.type) { continue }
            }
            compareValues(
                old: old.values?.map(\.value.plainText), new: new.values?.map(\.value.plainText),
                what: "user property \"\(new.name)\"", oldLocation: old.location, newLocation: new.location,
                newValues: new.values, event: nil, param: new.name)
            compareRegistration(
                old.registration, new.registration, kind: "user property", name: new.name,
                oldLocation: old.registrationLocation ?? old.location,
                newLocation: new.registrationLocation ?? new.location)
        }
        for new in current.userProperties where base.userProperty(named: new.name) == nil {
            add(DiffRules.paramAdded, "user property \"\(new.name)\" is new", at: new.location, param: new.name)
            if let scope = new.registration.scope {
                add(
                    DiffRules.registrationAdded,
                    "user property \"\(new.name)\" is registered as \(scope.slotNameWithArticle)",
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

    /// Allowed values: nil means any value.
    mutating func compareValues(
        old: [String]?, new: [String]?, what: String, oldLocation: SourceLocation, newLocation: SourceLocation,
        newValues: [Located<PlanValue>]?, event: String?, param: String
    ) {
        switch (old, new) {
        case (nil, nil):
            return
        case (nil, let new?):
            add(
                DiffRules.valueRemoved, "\(what) took any value and now allows only \(quoted(new))", at: newLocation,
                event: event, param: param)
        case (_?, nil):
            add(DiffRules.valueAdded, "\(what) now allows any value", at: newLocation, event: event, param: param)
        case (let old?, let new?):
            let addedValues = new.filter { !old.contains($0) }
            for value in old where !new.contains(value) {
                var notes = [FindingNote("allowed in the base plan here", at: oldLocation)]
                if let renamed = Self.renameCandidate(for: value, among: addedValues) {
                    let at = newValues?.first { $0.value.plainText == renamed }?.location ?? newLocation
                    notes.append(
                        FindingNote(
                            "renamed to \"\(renamed)\"? data already sent with \"\(value)\" fails now; keep both values",
                            at: at))
                }
                add(
                    DiffRules.valueRemoved, "\(what) no longer allows \"\(value)\"", at: newLocation, event: event,
                    param: param,
                    notes: notes)
            }
            for value in new where !old.contains(value) {
                let at = newValues?.first { $0.value.plainText == value }?.location ?? newLocation
                add(
                    DiffRules.valueAdded, "\(what) allows the new value \"\(value)\"", at: at, event: event,
                    param: param)
            }
        }
    }

    func quoted(_ values: [String]) -> String { values.map { "\"\($0)\"" }.joined(separator: ", ") }

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
            let shown = { (value: Double?) in value.map(NumberText.format) ?? "none" }
            let stricter: Bool
            switch (before, after) {
            case (nil, _?): stricter = true
            case (_?, nil): stricter = false
            case (let b?, let a?): stricter = largerIsStricter ? a > b : a < b
            default: continue
            }
            add(
                stricter ? DiffRules.rangeNarrowed : DiffRules.rangeWidened,
                "param \"\(new.name)\" \(name) changed from \(shown(before)) to \(shown(after))", at: at,
                param: new.name)
        }
    }

    mutating func compareRegistration(
        _ old: Registration, _ new: Registration, kind: String, name: String, oldLocation: SourceLocation,
        newLocation: SourceLocation
    ) {
        guard old.scope != new.scope else { return }
        if let oldScope = old.scope {
            let now = new.scope.map { "now \($0.slotNameWithArticle)" } ?? "now not registered"
            add(
                DiffRules.registrationRemoved,
                "\(kind) \"\(name)\" is no longer registered as \(oldScope.slotNameWithArticle) (\(now))",
                at: newLocation, param: name, notes: [FindingNote("registered in the base plan here", at: oldLocation)])
        } else if let newScope = new.scope {
            add(
                DiffRules.registrationAdded, "\(kind) \"\(name)\" is now registered as \(newScope.slotNameWithArticle)",
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
                    DiffRules.eventRemoved, "event \"\(old.name)\" was removed (or renamed)", was: old.location,
                    on: twin?.location ?? pair?.location, event: old.name,
                    notes: twin.map {
                        [FindingNote("renamed to \"\($0.name)\"? it carries the same params", at: $0.location)]
                    } ?? [])
                continue
            }
            for oldUse in old.params {
                guard let newUse = new.use(of: oldUse.name) else {
                    removed(
                        DiffRules.paramRemoved, "event \"\(new.name)\" no longer carries param \"\(oldUse.name)\"",
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
                        what: "param \"\(newUse.name)\" of event \"\(new.name)\"",
                        oldLocation: oldUse.location, newLocation: newUse.location, newValues: newUse.values,
                        event: new.name, param: newUse.name)
                }
            }
            for newUse in new.params where old.use(of: newUse.name) == nil {
                switch newUse.requirement {
                case .required:
                    add(
                        DiffRules.nowRequired,
                        "event \"\(new.name)\" now requires the new param \"\(newUse.name)\": events sent before lack it",
                        at: newUse.location, event: new.name, param: newUse.name)
                case .requiredSince(let version):
                    add(
                        DiffRules.paramAdded,
                        "event \"\(new.name)\" carries the new param \"\(newUse.name)\", required from app version \(version) on",
                        at: newUse.location, event: new.name, param: newUse.name)
                case .optional:
                    add(
                        DiffRules.paramAdded, "event \"\(new.name)\" carries the new optional param \"\(newUse.name)\"",
                        at: newUse.location, event: new.name, param: newUse.name)
                }
            }
        }
        for new in added {
            add(DiffRules.eventAdded, "event \"\(new.name)\" is new", at: new.location, event: new.name)
        }
    }

    mutating func compareRequirement(_ old: Requirement, _ new: Requirement, event: String, use: EventParamUse) {
        guard old != new else { return }
        let label = { (requirement: Requirement) -> String in
            switch requirement {
            case .optional: "optional"
            case .required: "required"
            case .requiredSince(let version): "required since \(version)"
            }
        }
        let message = "param \"\(use.name)\" of event \"\(event)\" changed from \(label(old)) to \(label(new))"
        let rule: Rule
        switch (old, new) {
        case (.optional, .required), (.requiredSince, .required): rule = DiffRules.nowRequired
        case (.optional, .requiredSince): rule = DiffRules.requiredSince
        case (.required, _), (_, .optional): rule = DiffRules.nowOptional
        case (.requiredSince(let before), .requiredSince(let after)):
            rule = after < before ? DiffRules.nowRequired : DiffRules.nowOptional
        default: return
        }
        add(rule, message, at: use.location, event: event, param: use.name)
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

    mutating func comparePairs() {
        for old in base.pairs where !current.pairs.contains(where: { $0.name == old.name }) {
            removed(DiffRules.pairRemoved, "pair \"\(old.name)\" was removed", was: old.location)
        }
        for new in current.pairs {
            let events = (new.opens + new.closes + new.inside).map(\.event)
            guard let old = base.pairs.first(where: { $0.name == new.name }) else {
                let existing = Set(events.filter { base.event(named: $0) != nil })
                if existing.isEmpty {
                    add(DiffRules.pairAdded, "pair \"\(new.name)\" is new", at: new.location)
                } else {
                    add(
                        DiffRules.pairChanged,
                        "new pair \"\(new.name)\" checks events that data sent before already has (\(existing.sorted().joined(separator: ", ")))",
                        at: new.location)
                }
                continue
            }
            var breaking: [String] = []
            var relaxed: [String] = []
            if Set(old.opens.map(key)) != Set(new.opens.map(key)) { breaking.append("the opening events changed") }
            if Set(old.closes.map(key)) != Set(new.closes.map(key)) { breaking.append("the closing events changed") }
            let oldInside = Set(old.inside.map(key))
            let newInside = Set(new.inside.map(key))
            let insideAdded = new.inside.filter { !oldInside.contains(key($0)) }
            if insideAdded.contains(where: { base.event(named: $0.event) != nil }) {
                breaking.append("events that existed are now inside-only")
            } else if !insideAdded.isEmpty {
                relaxed.append("new inside-only events")
            }
            if !oldInside.subtracting(newInside).isEmpty { relaxed.append("fewer inside-only events") }
            if !old.closeRequired && new.closeRequired { breaking.append("the close is now required") }
            if old.closeRequired && !new.closeRequired { relaxed.append("the close is now optional") }
            let oldSame = Set(old.same.map(\.value))
            let newSame = Set(new.same.map(\.value))
            let pairEvents = (old.opens + old.closes).map(\.event)
            for name in new.same.map(\.value) where !oldSame.contains(name) {
                if baseCarries(pairEvents, name) {
                    breaking.append("\"\(name)\" must now be equal on open and close")
                } else {
                    relaxed.append("new param \"\(name)\" compared (absent on both sides counts as equal)")
                }
            }
            if !oldSame.subtracting(newSame).isEmpty { relaxed.append("fewer params compared") }
            switch (old.duration, new.duration) {
            case (nil, _?): breaking.append("a duration check was added")
            case (_?, nil): relaxed.append("the duration check was dropped")
            case (let before?, let after?):
                if before.param != after.param || after.toleranceMilliseconds < before.toleranceMilliseconds
                    || after.tolerancePercent < before.tolerancePercent
                {
                    breaking.append("the duration check is stricter")
                } else if after.toleranceMilliseconds != before.toleranceMilliseconds
                    || after.tolerancePercent != before.tolerancePercent
                {
                    relaxed.append("the duration check is looser")
                }
            default: break
            }
            if old.keyedBySession != new.keyedBySession { breaking.append("pairs are keyed differently") }
            if !breaking.isEmpty {
                add(
                    DiffRules.pairChanged, "pair \"\(new.name)\" changed: \(breaking.joined(separator: "; "))",
                    at: new.location)
            } else if !relaxed.isEmpty {
                add(
                    DiffRules.pairUpdated, "pair \"\(new.name)\" changed: \(relaxed.joined(separator: "; "))",
                    at: new.location)
            }
        }
    }

    // MARK: - Rules

    func key(_ rule: RuleDeclaration) -> String {
        let parts: [String] = [
            rule.events.sorted().joined(separator: ","),
            rule.when.map(key).sorted().joined(separator: ","), rule.whenUser.map(key).sorted().joined(separator: ","),
            rule.require.map(key).sorted().joined(separator: ","),
            rule.requireUser.map(key).sorted().joined(separator: ","),
            rule.after.map(key) ?? "", rule.notAfter.map(key) ?? "", rule.severity?.rawValue ?? "",
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
            removed(DiffRules.ruleRemoved, "rule \"\(old.name)\" was removed", was: old.location)
        }
        for new in current.rules {
            let onlyNew = appliesOnlyToNewData(new)
            guard let old = base.rules.first(where: { $0.name == new.name }) else {
                if onlyNew {
                    add(
                        DiffRules.ruleAdded,
                        "rule \"\(new.name)\" is new and applies only to new events, params or values",
                        at: new.location)
                } else {
                    add(
                        DiffRules.ruleChanged,
                        "new rule \"\(new.name)\" applies to events data sent before already has",
                        at: new.location)
                }
                continue
            }
            guard key(old) != key(new) else { continue }
            if onlyNew {
                add(
                    DiffRules.ruleUpdated,
                    "rule \"\(new.name)\" changed, and applies only to new events, params or values",
                    at: new.location)
            } else {
                add(
                    DiffRules.ruleChanged, "rule \"\(new.name)\" changed: data that passed may now fail",
                    at: new.location,
                    notes: [FindingNote("the base plan's rule", at: old.location)])
            }
        }
    }
}
