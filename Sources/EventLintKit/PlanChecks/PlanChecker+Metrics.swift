/// `metrics`: a pass rate reads a pair with the outcome, the events of conversions and returns
/// exist with conditions that can hold, and there are arms to count in.
extension PlanCheckRun {
    mutating func checkMetrics() {
        for metric in plan.metrics {
            switch metric.kind {
            case .passRate(let pair, let outcome): checkPassRate(metric, pair: pair, outcome: outcome)
            case .conversion(let from, let to, _), .returnVisit(let from, let to, _):
                checkMatcher(from)
                checkMatcher(to)
            }
            if plan.experiments.isEmpty {
                report(
                    PlanRules.metricWithoutExperiment, PlanRules.metricWithoutExperimentMessage(metric: metric.name),
                    at: metric.location)
            }
        }
    }

    /// The pair is declared with an outcome param, and the outcome is one of its values.
    mutating func checkPassRate(_ metric: MetricDeclaration, pair: Located<String>, outcome: Located<PlanValue>) {
        guard let declaration = plan.pairs.first(where: { $0.name == pair.value }) else {
            report(
                PlanRules.metricPairInvalid,
                PlanRules.metricUnknownPairMessage(metric: metric.name, pair: pair.value), at: pair.location)
            return
        }
        guard let param = declaration.outcomeParam else {
            report(
                PlanRules.metricPairInvalid,
                PlanRules.metricPairWithoutOutcomeMessage(metric: metric.name, pair: pair.value), at: pair.location)
            return
        }
        // The values a close can carry: each close event's narrowed values, else the param's.
        var allowed: [PlanValue] = []
        for close in declaration.closes {
            guard let values = eventsByName[close.event]?.use(of: param)?.values ?? paramsByName[param]?.values
            else { return }
            for value in values.map(\.value) where !allowed.contains(value) { allowed.append(value) }
        }
        let values = allowed
        if !values.isEmpty, !values.contains(outcome.value) {
            report(
                PlanRules.metricPairInvalid,
                PlanRules.metricOutcomeNotAllowedMessage(
                    metric: metric.name, outcome: outcome.value.description, param: param,
                    allowed: values.map(\.description)),
                at: outcome.location, param: param)
        }
    }
}
