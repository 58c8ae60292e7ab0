/// The whole tracking plan: every file of `schema/` merged. The single source of truth for
/// `check`, `lint`, `budget` and `sql`.
public struct Plan: Sendable {
    public var files: [String] = []
    public var params: [ParamDeclaration] = []
    public var userProperties: [UserPropertyDeclaration] = []
    public var events: [EventDeclaration] = []
    public var pairs: [PairDeclaration] = []
    public var rules: [RuleDeclaration] = []
    public var experiments: [ExperimentDeclaration] = []
    public var property = PropertySettings()
    public var severityOverrides: [String: Located<Severity>] = [:]
    public var suppressions: [Suppression] = []
    /// Names and `*` patterns the plan adds to GA4's automatic lists (`automatic`).
    public var automatic = AutomaticDeclarations()
    /// Minutes before a user's last event within which an unclosed pair is reported apart.
    public var unclosedWindowMinutes: Double = 30

    public init() {}

    public func param(named name: String) -> ParamDeclaration? { params.first { $0.name == name } }
    public func event(named name: String) -> EventDeclaration? { events.first { $0.name == name } }
    public func userProperty(named name: String) -> UserPropertyDeclaration? {
        userProperties.first { $0.name == name }
    }

    /// Applies the plan's severity overrides and suppressions to findings.
    public func adjust(_ findings: [Finding]) -> [Finding] {
        findings.compactMap { adjust($0) }
    }

    /// One finding with the plan's suppressions and severity overrides applied; `nil` when
    /// suppressed.
    public func adjust(_ finding: Finding) -> Finding? {
        if suppressions.contains(where: { $0.matches(finding) }) { return nil }
        var adjusted = finding
        if let override = severityOverrides[finding.ruleID] { adjusted.severity = override.value }
        return adjusted
    }
}

/// `*` wildcards in event names, rule ids and suppressions.
public enum Glob {
    /// A pattern without `*` names exactly one thing: callers look it up instead of matching
    /// it against every name (which made a plan of many rules and events quadratic).
    public static func isLiteral(_ pattern: String) -> Bool { !pattern.utf8.contains(UInt8(ascii: "*")) }

    public static func matches(pattern: String, _ text: String) -> Bool {
        guard !isLiteral(pattern) else { return pattern == text }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        var rest = Substring(text)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for (index, part) in parts.enumerated().dropFirst() {
            if index == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) }
            guard !part.isEmpty else { continue }
            guard let range = rest.firstRange(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
