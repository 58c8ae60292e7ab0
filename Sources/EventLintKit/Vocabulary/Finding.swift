/// How serious a finding is. Ordered so that `error > warning > info`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a finding stands: a plan file (line and column) or an export file (line, and the byte
/// offset of the line's first byte in the file so a reader can seek to it).
///
/// Lines and columns are 1-based; columns count bytes within the line, which stays unambiguous
/// even when the line holds invalid UTF-8.
public struct SourceLocation: Sendable, Hashable, Comparable {
    /// The path as the system has it (see `SystemPath`); reports show it with `description` or
    /// `SystemPath.display`.
    public var file: String
    public var line: Int
    public var column: Int
    /// 0-based absolute byte offset of the position, when known (exports); 64-bit for big files.
    public var byteOffset: Int64?

    public init(file: String, line: Int, column: Int = 1, byteOffset: Int64? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return lhs.column < rhs.column
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `file:line:column`, leaving out a column or line that is not known (0 or less). The one
    /// spelling of a location; the file name is raw, so each reporter escapes the result.
    public var description: String {
        let file = SystemPath.display(file)
        guard line >= 1 else { return file }
        return column >= 1 ? "\(file):\(line):\(column)" : "\(file):\(line)"
    }
}

/// A secondary location attached to a finding, e.g. the opening event of an unclosed pair.
public struct FindingNote: Sendable, Hashable {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// The one diagnostic type of eventlint: every stage (plan checks, stream checks, pairs, rules,
/// budget) reports through it and every reporter formats it.
public struct Finding: Sendable, Hashable {
    /// Stable rule id from `RuleCatalog`, e.g. `ga4/event-name-too-long`.
    public var ruleID: String
    public var severity: Severity
    /// Lowercase start, no trailing period, offending values quoted.
    public var message: String
    public var location: SourceLocation
    /// The event the finding concerns, when there is one.
    public var event: String?
    /// The parameter or user property the finding concerns, when there is one.
    public var param: String?
    public var notes: [FindingNote]
    /// The offending value, cut to `FindingContext.maxValueBytes`, when the finding is about one.
    public var value: String?
    /// What the export line says about the event the finding concerns (user, time, release,
    /// platform) and the other lines a pair or rule finding relates to; empty for plan findings.
    public var context: FindingContext

    public init(
        rule: Rule, severity: Severity? = nil, message: String, at location: SourceLocation,
        event: String? = nil, param: String? = nil, value: String? = nil, notes: [FindingNote] = [],
        context: FindingContext = FindingContext()
    ) {
        self.ruleID = rule.id
        self.severity = severity ?? rule.defaultSeverity
        self.message = message
        self.location = location
        self.event = event
        self.param = param
        self.value = value.map(FindingContext.bounded)
        self.notes = notes
        self.context = context
    }

    /// Deterministic order: file, line, column, rule id, then message. (The byte offset follows
    /// from the line and column, so it is not compared: two findings that differ in it alone
    /// would otherwise be neither before nor after each other while each is ordered against a
    /// third by its rule id.)
    public static func ordered(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.location.file != rhs.location.file { return lhs.location.file < rhs.location.file }
        if lhs.location.line != rhs.location.line { return lhs.location.line < rhs.location.line }
        if lhs.location.column != rhs.location.column { return lhs.location.column < rhs.location.column }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }

    /// Sorts by `ordered`, stably: findings that are equal in that order keep their order. The
    /// findings stay where they are while their indices are sorted, and move once at the end;
    /// sorting the findings themselves moved a dozen references each at every step (thousands
    /// of findings cost 23,000 instructions apiece).
    ///
    /// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
    static func sortInReportOrder(_ findings: inout [Finding]) {
        guard findings.count > 1 else { return }
        var order = Array(findings.indices)
        findings.withUnsafeBufferPointer { found in
            order.sort { a, b in
                let left = found[a].location
                let right = found[b].location
                if left.file != right.file { return left.file < right.file }
                if left.line != right.line { return left.line < right.line }
                if left.column != right.column { return left.column < right.column }
                if found[a].ruleID != found[b].ruleID { return found[a].ruleID < found[b].ruleID }
                if found[a].message != found[b].message { return found[a].message < found[b].message }
                return a < b
            }
        }
        findings = order.map { findings[$0] }
    }
}

extension Array where Element == Finding {
    /// Findings in the deterministic report order.
    public func sortedForReport() -> [Finding] { sorted(by: Finding.ordered) }
}

/// The structured fields a team triages by: which user, when, on which release and platform,
/// and which other lines a pair or rule finding relates to. Texts are cut to a bounded length,
/// so a finding's size does not depend on what a hostile line holds.
public struct FindingContext: Sendable, Hashable {
    public var user: String?
    /// The event's timestamp in microseconds since 1970, as the line gives it.
    public var timestamp: Int64?
    public var appVersion: String?
    public var platform: String?
    /// The other lines of a pair or rule finding (the opening event, the earlier event).
    public var related: [SourceLocation]

    public init(
        user: String? = nil, timestamp: Int64? = nil, appVersion: String? = nil, platform: String? = nil,
        related: [SourceLocation] = []
    ) {
        self.user = user.map(Self.bounded)
        self.timestamp = timestamp
        self.appVersion = appVersion.map(Self.bounded)
        self.platform = platform.map(Self.bounded)
        self.related = related
    }

    public var isEmpty: Bool {
        user == nil && timestamp == nil && appVersion == nil && platform == nil && related.isEmpty
    }

    /// The most UTF-8 bytes of a value, user id or version a finding keeps.
    public static let maxValueBytes = 120

    /// `text` cut at a character boundary to at most `maxValueBytes` bytes, with `…` when cut.
    public static func bounded(_ text: String) -> String {
        guard text.utf8.count > maxValueBytes else { return text }
        var result = ""
        var bytes = 0
        for character in text {
            let size = character.utf8.count
            if bytes + size > maxValueBytes - 3 { break }
            result.append(character)
            bytes += size
        }
        return result + "…"
    }
}
