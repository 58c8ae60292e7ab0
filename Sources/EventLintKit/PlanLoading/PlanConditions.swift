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
