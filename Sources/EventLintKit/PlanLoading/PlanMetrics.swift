/// A metric of the experiment's readout: a share of users, counted per arm of every experiment
/// of the plan, with its 95 % Wilson interval (`lint`'s summary, `sql --mode readout`).
/// Every kind has users who reach it (the denominator) and, of those, users who succeed.
public struct MetricDeclaration: Sendable {
    public var name: String
    public var location: SourceLocation
    public var description: String?
    public var kind: MetricKind
}

/// What a metric counts.
public enum MetricKind: Sendable {
    /// Users who opened the pair, and of those, users who closed it at least once with the
    /// outcome (`passRate: { pair, outcome }`).
    case passRate(pair: Located<String>, outcome: Located<PlanValue>)
    /// Users with a `from` event, and of those, users with a `to` event at most `within`
    /// after one of their `from` events (`conversion: { from, to, within }`).
    case conversion(from: EventMatcher, to: EventMatcher, within: Located<TimeWindow>)
    /// Users with a `from` event, and of those, users with an `event` on another calendar day
    /// (UTC) than their first `from`, at most `within` after it (`return: { from, event, within }`).
    case returnVisit(from: EventMatcher, event: EventMatcher, within: Located<TimeWindow>)

    /// The kind's key in the plan.
    public var key: String {
        switch self {
        case .passRate: "passRate"
        case .conversion: "conversion"
        case .returnVisit: "return"
        }
    }
}

extension MetricDeclaration {
    /// The metric as event matchers: the events by which a user reaches it (the denominator),
    /// and those by which a user who reached it succeeds. A pass rate is the pair's opens, then
    /// its closes with the outcome; nil when the pair or its outcome param is missing (a
    /// `check` finding).
    public func matchers(in plan: Plan) -> (reach: [EventMatcher], success: [EventMatcher])? {
        switch kind {
        case .passRate(let pairName, let outcome):
            guard let pair = plan.pairs.first(where: { $0.name == pairName.value }), let param = pair.outcomeParam
            else { return nil }
            let passed = Condition(name: param, location: outcome.location, predicates: [.oneOf([outcome.value])])
            return (
                pair.opens,
                pair.closes.map {
                    EventMatcher(event: $0.event, location: $0.location, conditions: $0.conditions + [passed])
                }
            )
        case .conversion(let from, let to, _), .returnVisit(let from, let to, _):
            return ([from], [to])
        }
    }
}
