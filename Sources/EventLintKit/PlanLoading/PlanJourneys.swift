/// A journey: the steps (event matchers) that each user its `whenUser` selects goes through, in
/// this order, within a window from the first step.
public struct JourneyDeclaration: Sendable {
    public var name: String
    public var location: SourceLocation
    public var description: String?
    /// Conditions on the user's properties, read from each event of the journey.
    public var whenUser: [Condition]
    public var steps: [EventMatcher]
    /// The longest time from the first step to any later one; nil: no limit.
    public var within: Located<TimeWindow>?
    public var severity: Severity?
}
