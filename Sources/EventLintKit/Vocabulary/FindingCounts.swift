/// Exact counts of findings that a report does not list one by one: when a run finds more than
/// it keeps (`--max-findings`), the rest are counted here by rule and severity, so tallies, exit
/// status and per-rule numbers stay exact while memory stays bounded.
public struct FindingCounts: Sendable, Hashable {
    public private(set) var byRule: [String: Int] = [:]
    public private(set) var errors = 0
    public private(set) var warnings = 0
    public private(set) var infos = 0

    public init() {}

    public var total: Int { errors + warnings + infos }
    public var isEmpty: Bool { total == 0 }

    public mutating func add(_ finding: Finding) {
        byRule[finding.ruleID, default: 0] += 1
        switch finding.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }

    public mutating func add(_ other: FindingCounts) {
        byRule.merge(other.byRule, uniquingKeysWith: +)
        errors += other.errors
        warnings += other.warnings
        infos += other.infos
    }

    /// The count at one severity.
    public subscript(severity: Severity) -> Int {
        switch severity {
        case .error: errors
        case .warning: warnings
        case .info: infos
        }
    }
}
