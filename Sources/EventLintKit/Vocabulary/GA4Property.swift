/// A quota pool of a GA4 property: custom dimensions of each scope, and custom metrics. Part of
/// the vocabulary, since the GA4 facts, the plan and the budget all speak of it.
public enum BudgetScope: String, Sendable, CaseIterable, Hashable, Comparable {
    case event, user, item, metric

    public static func < (lhs: BudgetScope, rhs: BudgetScope) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A GA4 property's tier, which sets its quotas (`GA4Facts.quota`).
public enum GA4PropertyTier: String, Sendable, CaseIterable {
    case standard
    case premium = "360"
}
