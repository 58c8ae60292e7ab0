/// GA4's automatic names (`GA4Facts`) joined with the plan's `automatic` lists: the one answer to
/// "does GA4 add this name by itself?" that `check`, `lint`, `sql` and `codegen` share.
public struct AutomaticNames: Sendable {
    public let events: Set<String>
    public let eventPatterns: [NamePattern]
    let planEventPatterns: [NamePattern]
    /// Params GA4 may add to any event.
    public let params: Set<String>
    public let paramPatterns: [NamePattern]
    /// Params GA4 adds to some automatic events only.
    public let eventParams: [String: Set<String>]
    public let userProperties: Set<String>
    public let userPropertyPatterns: [NamePattern]

    public init(_ automatic: AutomaticDeclarations) {
        func split(_ entries: [Located<String>]) -> (names: Set<String>, patterns: [NamePattern]) {
            let usable = entries.map(\.value).filter { AutomaticDeclarations.problem(of: $0) == nil }
            return (Set(usable.filter(Glob.isLiteral)), usable.filter { !Glob.isLiteral($0) }.map(NamePattern.glob))
        }
        let planEvents = split(automatic.events)
        let planParams = split(automatic.params)
        let planUserProperties = split(automatic.userProperties)
        events = GA4Facts.automaticEvents.union(planEvents.names)
        eventPatterns = GA4Facts.automaticEventFamilies + planEvents.patterns
        planEventPatterns = planEvents.patterns
        params = GA4Facts.automaticParams.union(planParams.names)
        paramPatterns = planParams.patterns
        eventParams = GA4Facts.automaticEventParams
        userProperties = GA4Facts.automaticUserProperties.union(planUserProperties.names)
        userPropertyPatterns = GA4Facts.automaticUserPropertyFamilies + planUserProperties.patterns
    }

    public func isEvent(_ name: String) -> Bool {
        events.contains(name) || eventPatterns.contains { $0.matches(name) }
    }

    /// Whether GA4 adds the param by itself: to any event, or (with `event`) to that event.
    public func isParam(_ name: String, on event: String? = nil) -> Bool {
        if params.contains(name) || paramPatterns.contains(where: { $0.matches(name) }) { return true }
        guard let event else { return false }
        return eventParams(of: event).contains(name)
    }

    /// Whether GA4 adds the param to any event or to at least one event of the plan.
    func isParam(_ name: String, onAnyOf events: [String]) -> Bool {
        isParam(name) || events.contains { eventParams(of: $0).contains(name) }
    }

    /// The params GA4 adds to this event only (`notification_receive`'s message params, …).
    public func eventParams(of event: String) -> Set<String> { eventParams[event] ?? [] }

    /// Whether a declaration of this name declares GA4's own event rather than a custom one: a
    /// name of GA4's list or one the plan lists (or matches with a pattern) in `automatic.events`.
    /// GA4's families do not count: `notification_permission_requested` is an app's event.
    public func isDeclaredAutomaticEvent(_ name: String) -> Bool {
        events.contains(name) || planEventPatterns.contains { $0.matches(name) }
    }

    public func isUserProperty(_ name: String) -> Bool {
        userProperties.contains(name) || userPropertyPatterns.contains { $0.matches(name) }
    }
}

extension Plan {
    /// GA4's automatic names and the plan's own.
    public var automaticNames: AutomaticNames { AutomaticNames(automatic) }

    /// The plan with a declaration for every automatic param and user property it names without
    /// declaring it — on an event, in a condition, in a pair's `same`, `duration` or `outcome` —
    /// so `lint` and `sql` check and track them like declared ones (with GA4's type, no allowed
    /// values, registered nowhere). `check`, `budget` and `codegen` read the plan as written.
    public func withAutomaticDeclarations() -> Plan {
        let names = automaticNames
        var resolved = self
        var declaredParams = Set(params.map(\.name))
        var declaredUserProperties = Set(userProperties.map(\.name))
        func param(_ name: String, on events: [String], at location: SourceLocation) {
            guard !declaredParams.contains(name), events.contains(where: { names.isParam(name, on: $0) }) else {
                return
            }
            declaredParams.insert(name)
            let type = GA4Facts.automaticType(of: name)
            resolved.params.append(
                ParamDeclaration(
                    name: name, location: location, type: type, typeLocation: location, values: nil, minimum: nil,
                    maximum: nil, minLength: nil, maxLength: nil, maxLengthLocation: nil, bucket: nil,
                    bucketLocation: nil, registration: .none, registrationLocation: nil, description: nil,
                    isImplicit: true))
        }
        func userProperty(_ name: String, at location: SourceLocation) {
            guard !declaredUserProperties.contains(name), names.isUserProperty(name) else { return }
            declaredUserProperties.insert(name)
            resolved.userProperties.append(
                UserPropertyDeclaration(
                    name: name, location: location, type: GA4Facts.automaticType(of: name), values: nil,
                    registration: .none, registrationLocation: nil, description: nil, isImplicit: true))
        }
        func conditions(_ list: [Condition], on events: [String]) {
            for condition in list {
                param(condition.name, on: events, at: condition.location)
                for case .equalsUserProperty(let name) in condition.predicates {
                    userProperty(name, at: condition.location)
                }
            }
        }
        for event in events {
            for use in event.params { param(use.name, on: [event.name], at: use.location) }
        }
        for pair in pairs {
            for matcher in pair.opens + pair.closes + pair.inside {
                conditions(matcher.conditions, on: [matcher.event])
            }
            let ends = (pair.opens + pair.closes).map(\.event)
            for same in pair.same { param(same.value, on: ends, at: same.location) }
            if let duration = pair.duration {
                param(duration.param, on: pair.closes.map(\.event), at: duration.location)
            }
            if let outcome = pair.outcomeParam, let location = pair.outcomeLocation {
                param(outcome, on: pair.closes.map(\.event), at: location)
            }
        }
        for rule in rules {
            conditions(rule.when + rule.require, on: rule.events)
            for condition in rule.whenUser + rule.requireUser { userProperty(condition.name, at: condition.location) }
            for earlier in [rule.after, rule.notAfter].compactMap({ $0?.matcher }) {
                conditions(earlier.conditions, on: [earlier.event])
            }
        }
        for experiment in experiments {
            userProperty(experiment.userProperty.value, at: experiment.userProperty.location)
            for condition in experiment.population { userProperty(condition.name, at: condition.location) }
        }
        return resolved
    }
}
