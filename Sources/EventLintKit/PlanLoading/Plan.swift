import Foundation

/// A value together with where the plan declares it, so every finding can point at it.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// The types a parameter or user property can have in the plan.
public enum ParamType: String, Sendable, CaseIterable, Hashable {
    case string, int, double, bool, bucket

    /// "a string", "an int", … for messages.
    public var article: String { self == .int ? "an int" : "a \(rawValue)" }
}

/// How GA4 registers a parameter as a custom definition.
public enum Registration: Sendable, Hashable {
    case none
    case eventDimension
    case userDimension
    case itemDimension
    /// An event-scoped custom metric with its GA4 `measurementUnit` (e.g. `MILLISECONDS`).
    case metric(unit: String)

    /// The budget scope the registration uses a slot of, if any.
    public var scope: BudgetScope? {
        switch self {
        case .none: nil
        case .eventDimension: .event
        case .userDimension: .user
        case .itemDimension: .item
        case .metric: .metric
        }
    }
}

/// A quota pool of a GA4 property.
public enum BudgetScope: String, Sendable, CaseIterable, Hashable, Comparable {
    case event, user, item, metric

    public static func < (lhs: BudgetScope, rhs: BudgetScope) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A literal value written in the plan (allowed values, conditions).
public enum PlanValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    /// A number with its lexeme kept, and its value as a double for comparisons.
    case number(lexeme: String, value: Double)
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let lexeme, _): lexeme
        case .bool(let flag): flag ? "true" : "false"
        }
    }

    /// The text a report shows, without quotes.
    public var plainText: String {
        switch self {
        case .string(let text): text
        case .number(let lexeme, _): lexeme
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}

/// A bucket parameter's edges and the labels derived from them: edges `[0, 1, 5, 10]` give
/// `0`, `1-4`, `5-9`, `10+`.
public struct BucketSpec: Sendable, Hashable {
    public var edges: [Int64]

    public init(edges: [Int64]) { self.edges = edges }

    public var labels: [String] {
        edges.indices.map { index in
            let low = edges[index]
            guard index + 1 < edges.count else { return "\(low)+" }
            let high = edges[index + 1].subtractingSaturating(1)
            return high <= low ? "\(low)" : "\(low)-\(high)"
        }
    }

    /// The lower edge of the bucket a label names, or nil when the label is not one of ours.
    public func lowerEdge(of label: String) -> Int64? {
        guard let index = labels.firstIndex(of: label) else { return nil }
        return edges[index]
    }

    /// The upper bound (inclusive) of the bucket a label names; nil for the open last bucket.
    public func upperEdge(of label: String) -> Int64?? {
        guard let index = labels.firstIndex(of: label) else { return nil }
        return index + 1 < edges.count ? .some(edges[index + 1].subtractingSaturating(1)) : .some(nil)
    }
}

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

    /// The allowed values as plain strings, when the parameter has a closed set.
    public var allowedTexts: [String]? {
        if let bucket { return bucket.labels }
        return values?.map(\.value.plainText)
    }
}

/// When an event must carry a parameter.
public enum Requirement: Sendable, Hashable {
    case optional
    case required
    /// Required on rows whose app version is this one or later; optional before.
    case requiredSince(AppVersion)
}

/// A dotted numeric app version (`3.0.0`), compared component by component.
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var components: [Int]

    /// Parses `3`, `3.0`, `3.0.0`, also with a suffix such as `3.1.0 (412)` or `3.1.0-beta`
    /// (the suffix is ignored). Nil when it does not start with a number.
    public init?(_ text: String) {
        var parts: [Int] = []
        var current = 0
        var digits = 0
        for scalar in text.unicodeScalars {
            if let digit = scalar.properties.numericType != nil ? Int(String(scalar)) : nil, scalar.isASCII {
                guard current < 100_000_000 else { return nil }
                current = current * 10 + digit
                digits += 1
            } else if scalar == "." && digits > 0 {
                parts.append(current)
                current = 0
                digits = 0
            } else {
                break
            }
        }
        if digits > 0 { parts.append(current) }
        guard !parts.isEmpty else { return nil }
        components = parts
    }

    public init(components: [Int]) { self.components = components }

    public var description: String { components.map(String.init).joined(separator: ".") }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
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
}

/// One test a condition makes on a value.
public enum ValuePredicate: Sendable, Hashable {
    case oneOf([PlanValue])
    case noneOf([PlanValue])
    /// Numeric lower bound; for a bucket, the bucket's lower edge must be at least this.
    case atLeast(Double)
    /// Numeric upper bound; for a bucket, the bucket's upper edge must be at most this.
    case atMost(Double)
    case present(Bool)
    /// The value equals the same user's user property of this name (absent equals nothing).
    case equalsUserProperty(String)
}

/// A condition on one parameter or user property: every predicate must hold.
public struct Condition: Sendable {
    public var name: String
    public var location: SourceLocation
    public var predicates: [ValuePredicate]
}

/// An event, optionally narrowed by conditions on its params (a `*_step_shown` event with
/// `step` = `intro`).
public struct EventMatcher: Sendable {
    public var event: String
    public var location: SourceLocation
    public var conditions: [Condition]
}

/// A time window of a rule (`within: '30m'`): a whole number of seconds, positive and at most
/// `maxSeconds`, so its microseconds and any timestamp minus it fit an `Int64`.
///
/// Written as one or more number-unit parts, largest unit first, each unit at most once:
/// `d` (days), `h` (hours), `m` (minutes), `s` (seconds) — `'60s'`, `'30m'`, `'24h'`, `'1h30m'`,
/// `'7d'`. No spaces, no fractions, no other units.
public struct TimeWindow: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let seconds: Int64

    /// 100 years of 366 days: the span of every valid timestamp (`GA4Facts.plausibleTimestampMicros`),
    /// so a longer window could not exclude anything, and the same bound as `unclosedWindowMinutes`.
    public static let maxSeconds: Int64 = 100 * 366 * 24 * 3600
    static let units: [(letter: Character, seconds: Int64)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]

    /// As the plan writes it (`'60s'` stays `60s`, not `1m`), for messages.
    public let text: String

    /// A window of `seconds`, spelled in the plan's grammar with the largest units (`1h30m`),
    /// unless `text` gives the spelling.
    public init?(seconds: Int64, text: String? = nil) {
        guard seconds > 0, seconds <= Self.maxSeconds else { return nil }
        self.seconds = seconds
        self.text = text ?? Self.spell(seconds)
    }

    public var microseconds: Int64 { seconds * 1_000_000 }

    /// Why a window text is refused, for the message of `plan/invalid-window`.
    public enum ParseError: Error, Equatable, Sendable {
        case malformed, notPositive, tooLarge
    }

    /// Parses `'1h30m'`; the error says whether the text is malformed, zero or negative, or longer
    /// than `maxSeconds`. Numbers are added with overflow checks, so no text traps.
    public static func parse(_ text: String) -> Result<TimeWindow, ParseError> {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        var total: Int64 = 0
        var tooLarge = false
        var nextUnit = 0
        var parts = 0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let letter = rest.dropFirst(digits.count).first,
                let unit = units[nextUnit...].firstIndex(where: { $0.letter == letter })
            else { return .failure(.malformed) }
            rest = rest.dropFirst(digits.count + 1)
            nextUnit = unit + 1
            parts += 1
            guard let number = Int64(digits) else {
                tooLarge = true
                continue
            }
            let (part, overflow) = number.multipliedReportingOverflow(by: units[unit].seconds)
            let (sum, overflowSum) = total.addingReportingOverflow(part)
            if overflow || overflowSum { tooLarge = true } else { total = sum }
        }
        guard parts > 0 else { return .failure(.malformed) }
        if negative || (total == 0 && !tooLarge) { return .failure(.notPositive) }
        guard !tooLarge, let window = TimeWindow(seconds: total, text: text) else { return .failure(.tooLarge) }
        return .success(window)
    }

    public var description: String { text }

    /// The spelling with the largest units: `5400` seconds is `1h30m`.
    static func spell(_ seconds: Int64) -> String {
        var rest = seconds
        var text = ""
        for unit in Self.units where rest >= unit.seconds {
            text += "\(rest / unit.seconds)\(unit.letter)"
            rest %= unit.seconds
        }
        return text
    }

    /// Windows compare by their length: `'60s'` equals `'1m'`.
    public static func == (lhs: TimeWindow, rhs: TimeWindow) -> Bool { lhs.seconds == rhs.seconds }
    public func hash(into hasher: inout Hasher) { hasher.combine(seconds) }
    public static func < (lhs: TimeWindow, rhs: TimeWindow) -> Bool { lhs.seconds < rhs.seconds }
}

/// A rule's `after` or `notAfter`: an earlier event of the same user, either within a window
/// before the rule's event or (`after` only) any time before.
public struct EarlierEvent: Sendable {
    public var matcher: EventMatcher
    public var within: Located<TimeWindow>?

    public init(matcher: EventMatcher, within: Located<TimeWindow>? = nil) {
        self.matcher = matcher
        self.within = within
    }
}

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
    public enum Tier: String, Sendable, CaseIterable {
        case standard
        case premium = "360"
    }
    public var tier: Tier = .standard
    public var quotaOverrides: [BudgetScope: Int] = [:]
    public var location: SourceLocation?
}

/// The whole tracking plan: every file of `schema/` merged. The single source of truth for
/// `check`, `lint`, `budget` and `sql`.
public struct Plan: Sendable {
    public var files: [String] = []
    public var params: [ParamDeclaration] = []
    public var userProperties: [UserPropertyDeclaration] = []
    public var events: [EventDeclaration] = []
    public var pairs: [PairDeclaration] = []
    public var rules: [RuleDeclaration] = []
    public var property = PropertySettings()
    public var severityOverrides: [String: Located<Severity>] = [:]
    public var suppressions: [Suppression] = []
    /// Names the plan adds to GA4's automatic lists.
    public var extraAutomaticEvents: [String] = []
    public var extraAutomaticParams: [String] = []
    public var extraAutomaticUserProperties: [String] = []
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
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
