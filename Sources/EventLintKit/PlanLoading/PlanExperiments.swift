/// An experiment of the plan: a user property whose values are the arms, the share of users
/// each arm is meant to get, and the users it is run on. `check` holds it to the property's
/// declaration; the arms and shares are what a sample-ratio test reads the export against.
public struct ExperimentDeclaration: Sendable {
    public var name: String
    public var location: SourceLocation
    public var description: String?
    /// The user property that holds the arm, with the position of its name.
    public var userProperty: Located<String>
    /// The arms in the order written, each with its share of the population.
    public var arms: [ExperimentArm]
    /// The position of the `arms` object, for findings about the arms as a whole.
    public var armsLocation: SourceLocation
    /// Conditions on user properties that hold for every user the experiment assigns an arm
    /// (empty: every user may get one).
    public var population: [Condition] = []
    /// The p-value below which a sample-ratio mismatch is reported (nil: the default).
    public var srmThreshold: Located<Double>?

    /// The p-value used when the plan gives none: a mismatch this unlikely by chance is worth a look.
    public static let defaultSRMThreshold = 0.001
}

/// One arm of an experiment: a value of the experiment's user property and its share.
public struct ExperimentArm: Sendable {
    public var value: String
    /// The position of the arm's name.
    public var location: SourceLocation
    public var share: Double
    /// The position of the share.
    public var shareLocation: SourceLocation
}
