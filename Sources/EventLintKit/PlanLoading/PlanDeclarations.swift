/// A parameter declared once in `params`.
public struct ParamDeclaration: Sendable {
    public var name: String
    public var location: SourceLocation
    public var type: ParamType
    public var typeLocation: SourceLocation
    /// Allowed values (for a bucket: the derived labels), nil when any value is allowed.
    public var values: [Located<PlanValue>]?
    public var minimum: Located<Double>?
    public var maximum: Located<Double>?
    public var minLength: Int?
    public var maxLength: Int?
    public var maxLengthLocation: SourceLocation?
    public var bucket: BucketSpec?
    public var bucketLocation: SourceLocation?
    /// Where each bucket edge is written, for findings about one edge.
    public var edgeLocations: [SourceLocation] = []
    public var registration: Registration
    public var registrationLocation: SourceLocation?
    public var description: String?
    /// Not written in the plan: an automatic param the plan names (on an event or in a condition)
    /// without declaring it, added by `Plan.withAutomaticDeclarations` with GA4's type.
    public var isImplicit = false

    /// The allowed values as plain strings, when the parameter has a closed set.
    public var allowedTexts: [String]? {
        if let bucket { return bucket.labels }
        return values?.map(\.value.plainText)
    }
}

/// A parameter as one event uses it.
public struct EventParamUse: Sendable {
    public var name: String
    public var location: SourceLocation
    public var requirement: Requirement
    /// Values this event narrows the parameter to, if any.
    public var values: [Located<PlanValue>]?
}

/// An event of the plan.
public struct EventDeclaration: Sendable {
    public var name: String
    public var location: SourceLocation
    public var description: String?
    public var params: [EventParamUse]
    /// The params of each element of the event's `items` (`items: { params: { … } }`).
    public var itemParams: [EventParamUse] = []

    public func use(of param: String) -> EventParamUse? { params.first { $0.name == param } }
    public func itemUse(of param: String) -> EventParamUse? { itemParams.first { $0.name == param } }
}

/// A user property of the plan.
public struct UserPropertyDeclaration: Sendable {
    public var name: String
    public var location: SourceLocation
    public var type: ParamType
    public var values: [Located<PlanValue>]?
    public var registration: Registration
    public var registrationLocation: SourceLocation?
    public var description: String?
    /// `experiment: true`: the property holds an experiment arm, so lint splits each pair's
    /// counts per arm value (and per combination of arms).
    public var experiment = false
    /// Not written in the plan: an automatic user property a condition names, added by
    /// `Plan.withAutomaticDeclarations` with GA4's type.
    public var isImplicit = false
}

/// A suppression: findings of a rule id (or any, with `*`), optionally only for one event/param.
public struct Suppression: Sendable {
    public var rule: String
    public var event: String?
    public var param: String?
    public var location: SourceLocation

    /// Whether this suppression silences a finding. Event and param accept `*` globs.
    public func matches(_ finding: Finding) -> Bool {
        guard Glob.matches(pattern: rule, finding.ruleID) else { return false }
        if let event, !(finding.event.map { Glob.matches(pattern: event, $0) } ?? false) { return false }
        if let param, !(finding.param.map { Glob.matches(pattern: param, $0) } ?? false) { return false }
        return true
    }
}

/// The property the plan is sent to: its tier and any quota overrides.
public struct PropertySettings: Sendable {
    public typealias Tier = GA4PropertyTier
    public var tier: Tier = .standard
    public var quotaOverrides: [BudgetScope: Int] = [:]
    public var location: SourceLocation?
}

/// The plan's `automatic` lists: names, or `*` patterns, that GA4 or an SDK adds by itself and
/// the plan adds to GA4's own lists (`GA4Facts`), each where it is written.
public struct AutomaticDeclarations: Sendable {
    public var events: [Located<String>] = []
    public var params: [Located<String>] = []
    public var userProperties: [Located<String>] = []

    public init() {}

    /// Every entry, for `check`.
    public var all: [Located<String>] { events + params + userProperties }

    /// Why an entry cannot be used, or nil: an entry is ASCII letters, digits, underscores and `*`
    /// (any run of characters, `'legacy_*'`), with at least one character that is not `*`.
    public static func problem(of entry: String) -> String? {
        if entry.isEmpty { return "an empty name matches nothing" }
        if !entry.utf8.allSatisfy({ byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F || byte == 0x2A
        }) {
            return "a name or pattern holds only ASCII letters, digits, underscores and *"
        }
        if entry.utf8.allSatisfy({ $0 == 0x2A }) { return "a pattern of only * would make every name automatic" }
        return nil
    }

    /// The usable entries as patterns (a name without `*` is a pattern that matches only itself).
    static func patterns(_ entries: [Located<String>]) -> [NamePattern] {
        entries.filter { problem(of: $0.value) == nil }.map { .glob($0.value) }
    }
}
