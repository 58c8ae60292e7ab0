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
