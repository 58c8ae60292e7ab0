/// The diff rule of metrics: a metric of both plans that now counts something else.
extension DiffRules {
    static let metricBasePlan = """
        {
          userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'The arm.' } },
          events: {
            sheet_opened: { description: 'The sheet appeared.' },
            purchase: { description: 'A purchase.' },
          },
          experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } },
          metrics: { sheet_purchase: { conversion: { from: 'sheet_opened', to: 'purchase', within: '24h' } } },
        }
        """

    public static let metricChanged = Rule(
        id: "diff/metric-changed", stage: .plan, severity: .warning,
        summary: "a metric of the readout counts something else",
        documentation: """
            A metric is read out per arm over the whole experiment, and read again later to \
            compare. A metric of the base plan whose kind, events, conditions, pair, outcome or \
            window changed under the same name measures something else from now on: a readout \
            made before the change and one made after it are not the same number, and nothing in \
            the readout says so. Give the new definition a new name (and keep or remove the old \
            one), or let a change made before the experiment starts through with a suppression \
            (`{ rule: 'diff/metric-changed', reason: '…' }`). A description changed, a metric \
            added or a metric removed is not reported.
            """,
        examples: RuleExamples(
            base: metricBasePlan,
            failing: """
                {
                  userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'The arm.' } },
                  events: {
                    sheet_opened: { description: 'The sheet appeared.' },
                    purchase: { description: 'A purchase.' },
                  },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } },
                  metrics: { /*>*/sheet_purchase: { conversion: { from: 'sheet_opened', to: 'purchase', within: '7d' } } },
                }
                """,
            passing: """
                {
                  userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'The arm.' } },
                  events: {
                    sheet_opened: { description: 'The sheet appeared.' },
                    purchase: { description: 'A purchase.' },
                  },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } },
                  metrics: {
                    sheet_purchase: { conversion: { from: 'sheet_opened', to: 'purchase', within: '24h' } },
                    sheet_purchase_7d: { conversion: { from: 'sheet_opened', to: 'purchase', within: '7d' } },
                  },
                }
                """))

    static func metricChangedMessage(metric: String, from old: String, to new: String) -> String {
        "metric \"\(metric)\" now counts \(new), not \(old): readouts before and after the change measure different things"
    }

    /// A metric's definition as the message spells it: the kind, its events with their
    /// conditions, the pair and outcome, the window.
    static func metricDefinition(_ kind: MetricKind) -> String {
        switch kind {
        case .passRate(let pair, let outcome):
            "the pass rate of pair \"\(pair.value)\" with outcome \(outcome.value.plainText)"
        case .conversion(let from, let to, let within):
            "a conversion from \(from.spelled) to \(to.spelled) within \(within.value.text)"
        case .returnVisit(let from, let event, let within):
            "a return from \(from.spelled) to \(event.spelled) within \(within.value.text)"
        }
    }
}
