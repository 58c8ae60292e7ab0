/// The rules `check` applies to `experiments`: the arms are values of an experiment property,
/// the shares make a whole, and each property holds one experiment. Their messages return the
/// text, like every `PlanRules` factory.
extension PlanRules {
    public static let experimentRules: [Rule] = [
        experimentArmUndeclared, experimentShareInvalid, experimentTooFewArms, experimentPropertyNotMarked,
        experimentPropertyShared, experimentUndeclared,
    ]

    public static let experimentArmUndeclared = Rule(
        id: "plan/experiment-arm-undeclared", stage: .plan, severity: .error,
        summary: "an experiment arm that is not one of its user property's values",
        documentation: """
            The arms of an experiment are the values its user property takes. An arm the \
            property does not allow is never seen in a valid export, so its users would count as \
            missing and every arm comparison would be off. Spell the arm as the property's \
            `values` do, or add the value to the property. A property without `values` takes \
            any arm.
            """,
        examples: RuleExamples(
            failing: """
                { userProperties: { arm: { values: ['offer', 'control'], experiment: true, description: 'x' } },
                  experiments: { offer_test: { userProperty: 'arm', arms: { offer: 0.5, /*>*/none: 0.5 } } } }
                """,
            passing: """
                { userProperties: { arm: { values: ['offer', 'control'], experiment: true, description: 'x' } },
                  experiments: { offer_test: { userProperty: 'arm', arms: { offer: 0.5, control: 0.5 } } } }
                """))

    /// `allowed`: the property's values, as the plan writes them.
    static func experimentArmUndeclaredMessage(
        experiment: String, arm: String, property: String, allowed: [String]
    ) -> String {
        "arm \"\(arm)\" of experiment \"\(experiment)\" is not a value of user property \"\(property)\" "
            + "(allowed: \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")))"
    }

    /// The note at the user property's declaration.
    static let userPropertyDeclarationNote = "the user property is declared here"

    /// How far the shares' sum may stray from 1: decimal shares such as 0.1 + 0.2 + 0.7 are not
    /// exact in binary.
    public static let shareSumTolerance = 1e-9

    public static let experimentShareInvalid = Rule(
        id: "plan/experiment-share-invalid", stage: .plan, severity: .error,
        summary: "an arm share outside (0, 1], or shares that do not sum to 1",
        documentation: """
            Each arm's share is the part of the population the experiment means to assign to it: \
            a number above 0 and at most 1, and the shares of one experiment sum to 1 (within \
            1e-9, so decimal shares such as `0.1`, `0.2`, `0.7` pass). A sample-ratio test \
            compares the users seen per arm with these shares; against shares that do not make \
            a whole it would find a mismatch that is only the plan's. An arm that gets no users is no arm: \
            leave it out.
            """,
        examples: RuleExamples(
            failing: """
                { userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: /*>*/{ a: 0.5, b: 0.4 } } } }
                """,
            passing: """
                { userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.6, b: 0.4 } } } }
                """))

    /// `share`: as read from the plan.
    static func experimentShareOutOfRangeMessage(experiment: String, arm: String, share: Double) -> String {
        "arm \"\(arm)\" of experiment \"\(experiment)\" has share \(NumberText.format(share)), "
            + "not a number above 0 and at most 1"
    }

    /// `sum`: the shares added up.
    static func experimentSharesSumMessage(experiment: String, sum: Double) -> String {
        "the shares of experiment \"\(experiment)\" sum to \(NumberText.format(sum)), not 1"
    }

    public static let experimentTooFewArms = Rule(
        id: "plan/experiment-too-few-arms", stage: .plan, severity: .error,
        summary: "an experiment with fewer than two arms",
        documentation: """
            An experiment compares arms: with one arm (or none) there is nothing to compare and \
            no sample ratio to test. Declare every arm users are assigned to, the control too.
            """,
        examples: RuleExamples(
            failing: """
                { userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: /*>*/{ a: 1 } } } }
                """,
            passing: """
                { userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } } }
                """))

    static func experimentTooFewArmsMessage(experiment: String, count: Int) -> String {
        "experiment \"\(experiment)\" has \(count) arm\(count == 1 ? "" : "s"): an experiment compares at least two"
    }

    public static let experimentPropertyNotMarked = Rule(
        id: "plan/experiment-property-not-marked", stage: .plan, severity: .warning,
        summary: "an experiment's user property without `experiment: true`",
        documentation: """
            `experiment: true` on a user property is what makes `lint` split each pair's counts \
            by its arms. An experiment on a property without it is checked, but its pairs are \
            not split, which is rarely what the plan means. Mark the property \
            `experiment: true`. GA4's automatic properties (`firebase_exp_<n>`) cannot be marked \
            and are not reported.
            """,
        examples: RuleExamples(
            failing: """
                { userProperties: { /*>*/arm: { values: ['a', 'b'], description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } } }
                """,
            passing: """
                { userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } } }
                """))

    static func experimentPropertyNotMarkedMessage(property: String, experiment: String) -> String {
        "user property \"\(property)\" holds the arms of experiment \"\(experiment)\" but is not marked experiment: true"
    }

    /// The note at the experiment that reads the property.
    static let experimentDeclarationNote = "the experiment is declared here"

    public static let experimentPropertyShared = Rule(
        id: "plan/experiment-property-shared", stage: .plan, severity: .error,
        summary: "two experiments on one user property",
        documentation: """
            A user property holds one arm at a time, so two experiments on it are one \
            experiment declared twice, with arms and shares that can disagree. Independently \
            assigned experiments (a 2×2 grid) each need their own property. The finding stands \
            at the second experiment, with a note at the first.
            """,
        examples: RuleExamples(
            failing: """
                { userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } },
                                 u: { userProperty: /*>*/'arm', arms: { a: 0.9, b: 0.1 } } } }
                """,
            passing: """
                { userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' },
                                    cap: { values: ['a', 'b'], experiment: true, description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } },
                                 u: { userProperty: 'cap', arms: { a: 0.9, b: 0.1 } } } }
                """))

    /// `first`: the experiment declared first on the property.
    static func experimentPropertySharedMessage(property: String, experiment: String, first: String) -> String {
        "experiment \"\(experiment)\" reads user property \"\(property)\", which already holds the arms of "
            + "experiment \"\(first)\""
    }

    public static let experimentUndeclared = Rule(
        id: "plan/experiment-undeclared", stage: .plan, severity: .info,
        summary: "an `experiment: true` user property that no experiment declares",
        documentation: """
            `experiment: true` splits `lint`'s pair counts by the property's values; an entry \
            under `experiments` adds the arms' shares and population, which `check` verifies. \
            Without one the split still works, so this is only a note: declare the experiment to \
            have its arms checked, or drop `experiment: true` when the property holds no arm.
            """,
        examples: RuleExamples(
            failing: """
                { userProperties: { /*>*/arm: { values: ['a', 'b'], experiment: true, description: 'x' } } }
                """,
            passing: """
                { userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' } },
                  experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } } }
                """))

    static func experimentUndeclaredMessage(property: String) -> String {
        "user property \"\(property)\" is marked experiment: true but no experiment declares its arms"
    }
}
