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
    public var metrics: [MetricDeclaration] = []
    public var journeys: [JourneyDeclaration] = []
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
        // Names of visible ASCII (every GA4 name): one character a byte, so bytes match as
        // characters do, without the cost of comparing characters.
        return matchesVisibleASCII(pattern: pattern, text) ?? matchesByCharacter(pattern: pattern, text)
    }

    /// `matches` character by character (Unicode canonical equivalence, a CR LF one character).
    static func matchesByCharacter(pattern: String, _ text: String) -> Bool {
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

    /// `matches` on the UTF-8 of a pattern and text that are both visible ASCII (`!` to `~`);
    /// nil for any other text, which `matches` compares by characters.
    static func matchesVisibleASCII(pattern: String, _ text: String) -> Bool? {
        func visible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        var pattern = pattern
        var text = text
        return pattern.withUTF8 { pattern -> Bool? in
            text.withUTF8 { text -> Bool? in
                guard pattern.allSatisfy(visible), text.allSatisfy(visible) else { return nil }
                let star = UInt8(ascii: "*")
                // Classic glob matching with one backtrack point: the last `*` and where the
                // text stood when it was met.
                var (p, t) = (0, 0)
                var (starAt, textAtStar) = (-1, 0)
                while t < text.count {
                    if p < pattern.count, pattern[p] == star {
                        (starAt, textAtStar) = (p, t)
                        p += 1
                    } else if p < pattern.count, pattern[p] == text[t] {
                        p += 1
                        t += 1
                    } else if starAt >= 0 {
                        p = starAt + 1
                        textAtStar += 1
                        t = textAtStar
                    } else {
                        return false
                    }
                }
                while p < pattern.count, pattern[p] == star { p += 1 }
                return p == pattern.count
            }
        }
    }
}
