/// One distinct problem: the findings of one rule on one event and param, counted exactly
/// however many a run keeps to list. For rules that judge a value (`Rule.groupsByValue`) the
/// group also counts its values, so `"premium"` 170 times and `"pro"` 8 times read as two
/// problems of one param.
public struct FindingGroup: Sendable, Hashable {
    public var ruleID: String
    public var event: String?
    public var param: String?
    /// The highest severity among the group's findings.
    public var severity: Severity
    public var count: Int
    /// The first finding in report order, shown in full for the group.
    public var first: Finding
    public var last: SourceLocation
    /// The first `FindingGroups.exampleLimit` locations in report order (the first included).
    public var examples: [SourceLocation]
    /// Per value, for rules that group by value: the first `FindingGroups.valueLimit` values in
    /// sort order; findings of further values are counted in `otherValues`.
    public var values: [FindingValueCount]
    public var otherValues: Int
    /// Whether this group stands for the groups of its rule past `FindingGroups.groupLimit`
    /// (its event and param are then nil and its count theirs together).
    public var isOverflow: Bool

    init(_ finding: Finding, byValue: Bool, overflow: Bool = false) {
        ruleID = finding.ruleID
        event = overflow ? nil : finding.event
        param = overflow ? nil : finding.param
        severity = finding.severity
        count = 1
        first = finding
        last = finding.location
        examples = [finding.location]
        values = byValue && !overflow ? [FindingValueCount(value: finding.value ?? "", count: 1)] : []
        otherValues = 0
        isOverflow = overflow
    }

    var key: FindingGroupKey { FindingGroupKey(ruleID: ruleID, event: event, param: param) }

    /// Adds another group of the same key (or folds one into an overflow group).
    mutating func add(_ other: FindingGroup) {
        severity = max(severity, other.severity)
        count += other.count
        if Finding.ordered(other.first, first) { first = other.first }
        if last < other.last { last = other.last }
        examples = Array((examples + other.examples).sorted().prefix(FindingGroups.exampleLimit))
        if isOverflow {
            otherValues = 0
            return
        }
        var merged: [String: Int] = [:]
        for entry in values + other.values { merged[entry.value, default: 0] += entry.count }
        let sorted = merged.keys.sorted()
        values = sorted.prefix(FindingGroups.valueLimit).map { FindingValueCount(value: $0, count: merged[$0]!) }
        otherValues += other.otherValues + sorted.dropFirst(FindingGroups.valueLimit).reduce(0) { $0 + merged[$1]! }
    }

    /// Moves every location down by `lines` lines (a range's local lines become the file's).
    mutating func shift(lines: Int) {
        guard lines != 0 else { return }
        first.location.line += lines
        last.line += lines
        for index in examples.indices { examples[index].line += lines }
    }
}

/// How often one value occurs in a group.
public struct FindingValueCount: Sendable, Hashable {
    public var value: String
    public var count: Int
}

struct FindingGroupKey: Hashable, Comparable {
    var ruleID: String
    var event: String?
    var param: String?

    /// Rule, then event, then param; a missing name sorts before any name.
    static func < (lhs: FindingGroupKey, rhs: FindingGroupKey) -> Bool {
        (lhs.ruleID, lhs.event == nil ? 0 : 1, lhs.event ?? "", lhs.param == nil ? 0 : 1, lhs.param ?? "")
            < (rhs.ruleID, rhs.event == nil ? 0 : 1, rhs.event ?? "", rhs.param == nil ? 0 : 1, rhs.param ?? "")
    }
}

/// The groups of a run, built as findings arrive (every finding, kept to list or not), so their
/// counts are exact past `--max-findings`. Bounded: per rule the first `groupLimit` keys in sort
/// order are kept and the rest fold into one overflow group of the rule. Keeping the first keys
/// in a fixed order (not the first to arrive) makes the result the same however the input was
/// split across workers: a key folded in one part has `groupLimit` smaller keys there, so it is
/// folded in the whole run too.
public struct FindingGroups: Sendable {
    /// Distinct (event, param) groups kept per rule.
    public static let groupLimit = 200
    /// Distinct values counted per group.
    public static let valueLimit = 20
    /// Example locations kept per group.
    public static let exampleLimit = 10
    /// The rules whose groups count values.
    static let valueRuleIDs = Set(RuleCatalog.all.filter(\.groupsByValue).map(\.id))

    private var groups: [FindingGroupKey: FindingGroup] = [:]
    private var overflow: [String: FindingGroup] = [:]
    private var keysPerRule: [String: Int] = [:]

    public init() {}

    /// Groups `findings` (a command that keeps every finding).
    public init(_ findings: [Finding]) {
        for finding in findings { add(finding) }
    }

    public var isEmpty: Bool { groups.isEmpty && overflow.isEmpty }

    public mutating func add(_ finding: Finding) {
        add(FindingGroup(finding, byValue: Self.valueRuleIDs.contains(finding.ruleID)))
    }

    mutating func add(_ group: FindingGroup) {
        if group.isOverflow {
            if overflow[group.ruleID] != nil {
                overflow[group.ruleID]!.add(group)
            } else {
                overflow[group.ruleID] = group
            }
            return
        }
        let key = group.key
        if groups[key] != nil {
            groups[key]!.add(group)
            return
        }
        groups[key] = group
        keysPerRule[group.ruleID, default: 0] += 1
        // Trimmed in batches so adding stays cheap; `sorted` trims to the limit exactly.
        if keysPerRule[group.ruleID]! > 2 * Self.groupLimit { trim(rule: group.ruleID) }
    }

    /// Adds another part's groups, its lines moved down by `lineOffset`.
    public mutating func absorb(_ other: FindingGroups, lineOffset: Int = 0) {
        for var group in other.groups.values {
            group.shift(lines: lineOffset)
            add(group)
        }
        for var group in other.overflow.values {
            group.shift(lines: lineOffset)
            add(group)
        }
    }

    private mutating func trim(rule: String) {
        let keys = groups.keys.filter { $0.ruleID == rule }.sorted()
        for key in keys.dropFirst(Self.groupLimit) {
            let group = groups.removeValue(forKey: key)!
            var folded = FindingGroup(group.first, byValue: false, overflow: true)
            folded.count = 0
            folded.examples = []
            folded.add(group)
            add(folded)
        }
        keysPerRule[rule] = min(keys.count, Self.groupLimit)
    }

    /// The groups in report order (by their first finding), each rule's overflow group last
    /// among its rule's.
    public var sorted: [FindingGroup] {
        var copy = self
        for rule in copy.keysPerRule.keys.sorted() where copy.keysPerRule[rule]! > Self.groupLimit {
            copy.trim(rule: rule)
        }
        let listed = copy.groups.values.sorted { Finding.ordered($0.first, $1.first) }
        return listed + copy.overflow.values.sorted { $0.ruleID < $1.ruleID }
    }
}
