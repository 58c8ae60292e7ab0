/// The rules `check` applies to `metrics`: a pass rate reads a pair that has the outcome, and
/// metrics have arms to be counted in.
extension PlanRules {
    public static let metricRules: [Rule] = [metricPairInvalid, metricWithoutExperiment]

    public static let metricPairInvalid = Rule(
        id: "plan/metric-pair-invalid", stage: .plan, severity: .error,
        summary: "a pass rate on a pair the plan lacks, or on an outcome the pair cannot have",
        documentation: """
            `passRate: { pair, outcome }` counts, per arm, the users who opened the pair and of \
            those the users who closed it with the outcome. The pair must be declared with an \
            `outcome` param, and the outcome must be one of that param's allowed values: \
            otherwise the rate would be 0 in every arm without anything being wrong in the data.
            """,
        examples: RuleExamples(
            failing: """
                { params: { outcome: { type: 'string', values: ['setup', 'later'] } },
                  events: { offer_shown: {}, offer_closed: { params: { outcome: 'required' } } },
                  pairs: { offer: { open: 'offer_shown', close: { events: ['offer_closed'] }, outcome: 'outcome' } },
                  metrics: { m: { passRate: { pair: 'offer', outcome: /*>*/'done' } } } }
                """,
            passing: """
                { params: { outcome: { type: 'string', values: ['setup', 'later'] } },
                  events: { offer_shown: {}, offer_closed: { params: { outcome: 'required' } } },
                  pairs: { offer: { open: 'offer_shown', close: { events: ['offer_closed'] }, outcome: 'outcome' } },
                  metrics: { m: { passRate: { pair: 'offer', outcome: 'setup' } } } }
                """))

    static func metricUnknownPairMessage(metric: String, pair: String) -> String {
        "metric \"\(metric)\" reads pair \"\(pair)\", which the plan does not declare"
    }

    static func metricPairWithoutOutcomeMessage(metric: String, pair: String) -> String {
        "metric \"\(metric)\" is a pass rate of pair \"\(pair)\", which has no outcome param"
    }

    static func metricOutcomeNotAllowedMessage(metric: String, outcome: String, param: String, allowed: [String])
        -> String
    {
        "metric \"\(metric)\" passes on outcome \(outcome), which \(param) never takes (allowed: "
            + allowed.joined(separator: ", ") + ")"
    }

    public static let metricWithoutExperiment = Rule(
        id: "plan/metric-without-experiment", stage: .plan, severity: .warning,
        summary: "metrics in a plan that declares no experiment",
        documentation: """
            A metric is counted per arm of each experiment of the plan. Without an experiment \
            there is no arm to count a user in, and `lint` reports no metric: declare the \
            experiment under `experiments`.
            """,
        examples: RuleExamples(
            failing: """
                { events: { a: {}, b: {} },
                  metrics: { /*>*/m: { conversion: { from: 'a', to: 'b', within: '1h' } } } }
                """,
            passing: """
                { userProperties: { arm: { values: ['x', 'y'], experiment: true, description: 'd' } },
                  events: { a: {}, b: {} },
                  experiments: { t: { userProperty: 'arm', arms: { x: 0.5, y: 0.5 } } },
                  metrics: { m: { conversion: { from: 'a', to: 'b', within: '1h' } } } }
                """))

    static func metricWithoutExperimentMessage(metric: String) -> String {
        "metric \"\(metric)\" has no arm to be counted in: the plan declares no experiment"
    }
}
