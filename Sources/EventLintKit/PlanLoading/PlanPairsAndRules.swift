/// How a duration parameter is cross-checked against the timestamps of open and close.
public struct DurationCheck: Sendable {
    public var param: String
    public var location: SourceLocation
    /// Allowed disagreement: max(`toleranceMilliseconds`, `tolerancePercent` % of Δ).
    public var toleranceMilliseconds: Double
    public var tolerancePercent: Double
}

/// A shown/closed pair checked per user in event-time order.
public struct PairDeclaration: Sendable {
    public var name: String
    public var location: SourceLocation
    public var description: String?
    public var opens: [EventMatcher]
    public var closes: [EventMatcher]
    public var closeRequired: Bool
    public var inside: [EventMatcher]
    public var same: [Located<String>]
    public var duration: DurationCheck?
    /// A param of the close events whose value names the outcome (`outcome`), for the report.
    public var outcomeParam: String?
    public var outcomeLocation: SourceLocation?
    /// Pairs are keyed by user; with `session`, by user and `ga_session_id`.
    public var keyedBySession: Bool
}

/// A cross-event rule: on some events, when conditions hold, require others, an earlier event, or
/// the absence of one within a window.
public struct RuleDeclaration: Sendable {
    public var name: String
    public var location: SourceLocation
    public var description: String?
    /// The patterns as written (`checkout_*`) and the plan events they match.
    public var on: [Located<String>]
    public var events: [String]
    public var when: [Condition]
    public var whenUser: [Condition]
    public var require: [Condition]
    public var requireUser: [Condition]
    /// A matching earlier event of the same user must exist (within the window, if given).
    public var after: EarlierEvent?
    /// No matching earlier event of the same user within the window (always given).
    public var notAfter: EarlierEvent?
    public var severity: Severity?
    /// The platforms (`IOS`, `ANDROID`, `WEB`) the rule applies to; empty: every platform.
    public var whenPlatform: [Located<String>] = []
    /// How often the events the rule selects may occur per user; nil: any number of times.
    public var once: OnceCount?
}

/// A rule's `once`: the events it selects occur at most once per user, or exactly once for each
/// user its `whenUser` (and `whenPlatform`) select.
public enum OnceCount: String, Sendable, CaseIterable {
    case atMost
    case exactly
}
