/// The diff rule of experiments: an experiment of both plans whose arms changed.
extension DiffRules {
    static let experimentBasePlan = """
        {
          userProperties: { arm: { values: ['a', 'b', 'c'], experiment: true, description: 'The arm.' } },
          experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } },
        }
        """

    public static let experimentArmsChanged = Rule(
        id: "diff/experiment-arms-changed", stage: .plan, severity: .warning,
        summary: "an experiment's arms, shares or user property changed",
        documentation: """
            An experiment is read out by comparing its arms over the users assigned to them. An \
            arm added or removed, a share changed or the arm moved to another user property while \
            the experiment runs splits its users into those assigned before the change and those \
            after, whose arms are not comparable: a readout and a sample-ratio test both assume \
            one assignment from start to end. Change an experiment that is running only \
            by ending it and declaring a new one; a change meant before it starts can be let \
            through with a suppression (`{ rule: 'diff/experiment-arms-changed', param: \
            'arm', reason: '…' }`). Adding or removing a whole experiment is not reported.
            """,
        examples: RuleExamples(
            base: experimentBasePlan,
            failing: """
                {
                  userProperties: { arm: { values: ['a', 'b', 'c'], experiment: true, description: 'The arm.' } },
                  experiments: { t: { userProperty: 'arm', arms: /*>*/{ a: 0.6, b: 0.4 } } },
                }
                """,
            passing: """
                {
                  userProperties: { arm: { values: ['a', 'b', 'c'], experiment: true, description: 'The arm of the test.' } },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, description: 'Whether a beats b.' } },
                }
                """))

    static func experimentArmsChangedMessage(experiment: String, changes: [ExperimentChange]) -> String {
        "experiment \"\(experiment)\" changed while it may be running: "
            + changes.map(\.text).joined(separator: "; ")
            + "; users assigned before and after the change are not comparable"
    }

    /// One change of an experiment that remains, as `experimentArmsChangedMessage` lists it.
    enum ExperimentChange: Equatable {
        case propertyChanged(from: String, to: String)
        case armAdded(String)
        case armRemoved(String)
        case shareChanged(arm: String, from: Double, to: Double)

        var text: String {
            switch self {
            case .propertyChanged(let from, let to): "its user property changed from \"\(from)\" to \"\(to)\""
            case .armAdded(let arm): "arm \"\(arm)\" was added"
            case .armRemoved(let arm): "arm \"\(arm)\" was removed"
            case .shareChanged(let arm, let from, let to):
                "the share of arm \"\(arm)\" changed from \(NumberText.format(from)) to \(NumberText.format(to))"
            }
        }
    }
}
