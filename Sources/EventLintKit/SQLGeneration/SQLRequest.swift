/// What `eventlint sql` computes: per-rule violation counts, or the violating rows.
public enum SQLMode: String, Sendable, CaseIterable {
    /// One row per `(rule_id, event_name, param, plan_rule)` found, with `violations`, and a 0 row
    /// for every check that found nothing.
    case counts
    /// One row per finding: rule id, user, event time, event name, param, value, the pair or plan
    /// rule, and the row's day, app version and platform.
    case rows
    /// One row per plan rule with violations: `(plan_rule, violations)`, as `lint`'s summary
    /// `rules` counts them (before suppressions).
    case rules
    /// One row per metric, experiment and declared arm: `(metric, experiment, arm, users,
    /// succeeded, share, lower, upper)`, as `lint`'s summary `metrics` (the 95 % Wilson interval).
    case readout
}

/// A BigQuery table reference `PROJECT.DATASET.TABLE`, where `TABLE` may end in `*` (the GA4
/// daily tables `events_*`, filtered by `_TABLE_SUFFIX`).
public struct SQLTableReference: Sendable, Hashable, CustomStringConvertible {
    public var project: String
    public var dataset: String
    public var table: String

    /// Parses `PROJECT.DATASET.TABLE`. The project may itself hold dots and a colon
    /// (`example.com:analytics`), so the last two parts are the dataset and the table.
    /// Takes `project.dataset.table` and the spellings `bq` users write: backticked as a whole
    /// or per part (`` `p`.`d`.`t` ``), and `project:dataset.table` (domain-scoped projects keep
    /// their own colon: `example.com:p:dataset.table`).
    public init?(parsing written: String) {
        var text = written
        if text.contains("`") {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let wrapped = { (part: Substring) in
                part.count >= 2 && part.first == "`" && part.last == "`"
                    && part.dropFirst().dropLast().allSatisfy { $0 != "`" }
            }
            if wrapped(Substring(text)) || parts.allSatisfy(wrapped) {
                text = text.filter { $0 != "`" }
            } else {
                return nil
            }
        }
        if let colon = text.lastIndex(of: ":"), text[text.index(after: colon)...].filter({ $0 == "." }).count == 1 {
            text.replaceSubrange(colon...colon, with: ".")
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else { return nil }
        let table = parts[parts.count - 1]
        let dataset = parts[parts.count - 2]
        let project = parts[0..<(parts.count - 2)].joined(separator: ".")
        let tableBody = table.hasSuffix("*") ? String(table.dropLast()) : table
        guard !tableBody.isEmpty || table == "*", tableBody.allSatisfy(Self.isIdentifierCharacter),
            !dataset.isEmpty, dataset.allSatisfy(Self.isIdentifierCharacter),
            !project.isEmpty, project.allSatisfy({ Self.isIdentifierCharacter($0) || "-.:".contains($0) })
        else { return nil }
        self.project = project
        self.dataset = dataset
        self.table = table
    }

    /// Whether the reference is a wildcard table, so `_TABLE_SUFFIX` selects the days.
    public var isWildcard: Bool { table.hasSuffix("*") }

    /// Whether a wildcard matches GA4's daily tables only: `events_*`, or `events_` and the start
    /// of a day (`events_2024*`). Any other wildcard (`*`, `e*`, `events*`) also matches tables
    /// of other schemas, and its `_TABLE_SUFFIX` is not a day.
    public var isDailyWildcard: Bool {
        guard table.hasPrefix("events_"), table.hasSuffix("*") else { return false }
        return table.dropFirst("events_".count).dropLast().allSatisfy { $0.isASCII && $0.isNumber }
    }

    public var description: String { "\(project).\(dataset).\(table)" }

    /// The reference as BigQuery SQL text: one backquoted path.
    public var sql: String { "`\(description)`" }

    static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}

/// A calendar day `YYYYMMDD`, as GA4 names its daily export tables.
public struct SQLDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Parses `YYYYMMDD` (also `YYYY-MM-DD`); nil for anything that is not a real day.
    public init?(parsing text: String) {
        let digits =
            text.count == 10 && text.filter({ $0 == "-" }).count == 2
                && Array(text)[4] == "-" && Array(text)[7] == "-" ? text.filter { $0 != "-" } : text
        guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
            let day = Int(digits.suffix(2))
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYYMMDD`, the form `_TABLE_SUFFIX` and `event_date` take.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return padded(year, 4) + padded(month, 2) + padded(day, 2)
    }

    public static func < (lhs: SQLDate, rhs: SQLDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// Everything `SQLGenerator` needs besides the plan.
public struct SQLRequest: Sendable {
    public var table: SQLTableReference
    public var from: SQLDate?
    public var to: SQLDate?
    public var mode: SQLMode
    /// At most this many rows (`--mode rows` only; nil: all).
    public var limit: Int?

    public init(
        table: SQLTableReference, from: SQLDate? = nil, to: SQLDate? = nil, mode: SQLMode = .counts, limit: Int? = nil
    ) {
        self.table = table
        self.from = from
        self.to = to
        self.mode = mode
        self.limit = limit
    }
}

/// A day range the table cannot hold (`--table p.d.events_2024* --from 20230101`).
public struct SQLRequestError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension SQLRequest {
    /// The `_TABLE_SUFFIX` bounds (inclusive; nil: open) that select the days `from`…`to`.
    /// `_TABLE_SUFFIX` is what the wildcard matches, so the digits a table name already fixes
    /// are cut off the days: for `events_2024*` the table of 2024-01-05 has the suffix `0105`.
    /// A range reaching past the days those digits allow is cut to them; a range none of those
    /// tables can hold is an error, as is a table name that fixes more than a whole day.
    /// A wildcard that is not GA4's daily tables is refused first, with the form it must take.
    public func tableSuffixRange() throws(SQLRequestError) -> (lower: String?, upper: String?) {
        if table.isWildcard, !table.isDailyWildcard {
            throw SQLRequestError(
                "--table's wildcard must be GA4's daily tables, events_* (or events_ and the start of a day: events_2024*), not \(table)"
            )
        }
        guard from != nil || to != nil else { return (nil, nil) }
        let fixed = String(table.table.dropLast().reversed().prefix { $0.isASCII && $0.isNumber }.reversed())
        guard table.isWildcard else { return (from?.description, to?.description) }
        guard fixed.count <= 8 else {
            throw SQLRequestError(
                "--from and --to need a wildcard table whose name leaves at most a whole day (YYYYMMDD) to the wildcard, not \(table)"
            )
        }
        var lower: String?
        var upper: String?
        var impossible = false
        if let from {
            let head = String(from.description.prefix(fixed.count))
            if head == fixed {
                lower = String(from.description.dropFirst(fixed.count))
            } else if head > fixed {
                impossible = true
            }
        }
        if let to {
            let head = String(to.description.prefix(fixed.count))
            if head == fixed {
                upper = String(to.description.dropFirst(fixed.count))
            } else if head < fixed {
                impossible = true
            }
        }
        if impossible {
            let days =
                switch (from, to) {
                case (let from?, let to?): "from \(from) to \(to)"
                case (let from?, nil): "from \(from)"
                case (nil, let to?): "up to \(to)"
                case (nil, nil): ""
                }
            throw SQLRequestError(
                "no table of \(table) holds a day \(days): the tables' names fix the days to start with \(fixed)")
        }
        return (lower, upper)
    }
}
