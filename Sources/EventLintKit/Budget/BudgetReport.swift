/// The quota of each scope and where it came from: the tier, the plan's `property.quota`, or
/// the command line (which wins over the plan, which wins over the tier).
public struct BudgetQuotas: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable {
        case tier
        case plan
        case commandLine = "--quota"
    }

    public var tier: PropertySettings.Tier
    public var limits: [BudgetScope: Int]
    public var sources: [BudgetScope: Source]

    public init(
        tier: PropertySettings.Tier, planOverrides: [BudgetScope: Int] = [:],
        commandLineOverrides: [BudgetScope: Int] = [:]
    ) {
        self.tier = tier
        var limits: [BudgetScope: Int] = [:]
        var sources: [BudgetScope: Source] = [:]
        for scope in BudgetScope.allCases {
            if let value = commandLineOverrides[scope] {
                (limits[scope], sources[scope]) = (value, .commandLine)
            } else if let value = planOverrides[scope] {
                (limits[scope], sources[scope]) = (value, .plan)
            } else {
                (limits[scope], sources[scope]) = (GA4Facts.quota(for: tier, scope: scope), .tier)
            }
        }
        self.limits = limits
        self.sources = sources
    }

    public func limit(_ scope: BudgetScope) -> Int { limits[scope] ?? GA4Facts.quota(for: tier, scope: scope) }
}

/// A custom definition the plan relies on: one per (scope, name), however many events send it.
public struct NeededRegistration: Sendable, Hashable {
    public var name: String
    public var scope: BudgetScope
    /// The plan events that carry the parameter, in plan order; empty for a user property.
    public var events: [String]
    /// The param's or user property's declaration.
    public var location: SourceLocation
    /// Whether the property already has this (scope, name).
    public var registered: Bool
    /// True for a user property, false for an event (or item) parameter.
    public var isUserProperty: Bool
}

/// One quota pool: what is used, what the plan adds, what would remain.
public struct ScopeUsage: Sendable, Hashable {
    public var scope: BudgetScope
    public var quota: Int
    public var quotaSource: BudgetQuotas.Source
    /// Distinct names the property has registered in this scope.
    public var registered: Int
    /// Names the plan needs in this scope that the property has not registered yet.
    public var newNames: [String]
    public var new: Int { newNames.count }
    public var totalAfter: Int { registered + new }
    /// Negative when the scope would be over quota.
    public var headroom: Int { quota - totalAfter }
}

/// A GA4 collection limit (not a quota): how close the plan comes to it.
public struct CollectionLimit: Sendable, Hashable {
    public var name: String
    public var used: Int
    public var limit: Int
    /// What reaches `used` (the event with the most params), when it is one thing.
    public var detail: String?
    public var headroom: Int { limit - used }
}

/// What a change to the plan (against `--base`) does to one scope.
public struct ScopeChange: Sendable, Hashable {
    public var scope: BudgetScope
    /// Names the plan newly relies on in this scope, and those of them not registered yet.
    public var added: [String]
    public var addedUnregistered: [String]
    /// Names the base relied on and the plan no longer does.
    public var removed: [String]
    public var headroomBefore: Int
    public var headroomAfter: Int
}

/// The change against a base plan.
public struct BudgetChange: Sendable, Hashable {
    /// How the base was named on the command line (`origin/main`, `samples/plans/base`).
    public var base: String
    public var scopes: [ScopeChange]
}

/// Everything `budget` found: the stage boundary between counting and rendering.
public struct BudgetReport: Sendable {
    public var quotas: BudgetQuotas
    public var scopes: [ScopeUsage]
    public var needed: [NeededRegistration]
    public var archiveCandidates: [RegisteredDefinition]
    public var limits: [CollectionLimit]
    public var minHeadroom: Int?
    public var change: BudgetChange?
    /// Sorted for the report.
    public var findings: [Finding]
}
