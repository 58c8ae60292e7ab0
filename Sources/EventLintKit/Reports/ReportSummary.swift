/// What a command reports besides its findings (for `lint`: lines read, events checked, pair
/// outcomes, stream statistics; for `budget`: the quota tables). A stage builds it as plain data
/// — sections of sentences, tables and lists of typed values — and every reporter lays it out
/// and escapes it in its own format, so no stage writes Markdown, JSON or terminal text, and a
/// new format is one new reporter.
///
/// The same value feeds people-facing formats (`text`, `github`, `markdown`) and machine ones
/// (`json`, and the `summary` property of SARIF's run): each part says who it is for, and every
/// value a machine reads has a stable key.
public struct ReportSummary: Sendable, Hashable {
    public var sections: [SummarySection]

    public init(_ sections: [SummarySection]) { self.sections = sections }
}

/// Who a part of the summary is for. People see the sentences and tables; machines get every
/// keyed value, including some no person needs to read (raw scope ids, byte totals).
public enum SummaryAudience: Sendable, Hashable {
    case everyone
    /// Shown in `text`, `github` and `markdown` only.
    case people
    /// Written to `json` (and SARIF) only.
    case machines

    var forPeople: Bool { self != .machines }
    var forMachines: Bool { self != .people }
}

/// A titled group of blocks. In JSON its keyed values go into an object under `key`, or straight
/// into the summary object when `key` is nil.
public struct SummarySection: Sendable, Hashable {
    public var key: String?
    /// Shown as `title:` in text and in bold in Markdown; keyed values in it go to JSON too.
    public var title: SummaryText?
    public var blocks: [SummaryBlock]

    public init(key: String? = nil, title: SummaryText? = nil, _ blocks: [SummaryBlock]) {
        self.key = key
        self.title = title
        self.blocks = blocks
    }
}

/// One block of a section.
public enum SummaryBlock: Sendable, Hashable {
    /// One line of prose; its keyed values become members of the section's JSON object.
    case sentence(SummaryText)
    case table(SummaryTable)
    case list(SummaryList)
}

/// A line of prose: fixed words of eventlint's own, and typed values (usually data), some keyed
/// for JSON. Reporters escape every value; words are constants of the program.
public struct SummaryText: Sendable, Hashable, ExpressibleByStringLiteral {
    public enum Part: Sendable, Hashable {
        case words(String)
        /// A value shown in the sentence; with a key it is also a JSON member.
        case value(SummaryValue, key: String?)
        /// A value for machines only: not shown, but a JSON member.
        case data(SummaryValue, key: String)
    }

    public var parts: [Part]

    public init(_ parts: [Part] = []) { self.parts = parts }
    public init(stringLiteral words: String) { parts = [.words(words)] }

    /// Appends fixed words.
    public mutating func add(_ words: String) { parts.append(.words(words)) }
    /// Appends a shown value, keyed for JSON when `key` is given.
    public mutating func add(_ value: SummaryValue, key: String? = nil) { parts.append(.value(value, key: key)) }
    /// Appends a value only machines read.
    public mutating func add(data value: SummaryValue, key: String) { parts.append(.data(value, key: key)) }

    /// The keyed values, in order, for a JSON object.
    var keyedValues: [(String, SummaryValue)] {
        parts.compactMap { part in
            switch part {
            case .words, .value(_, key: nil): nil
            case .value(let value, key: let key?), .data(let value, let key): (key, value)
            }
        }
    }
}

/// A list of sentences: bullets in Markdown, indented lines in text, and (with a key) a JSON
/// array of one object per item, built from the item's keyed values.
public struct SummaryList: Sendable, Hashable {
    public var key: String?
    public var items: [SummaryText]
    public var audience: SummaryAudience

    public init(key: String? = nil, audience: SummaryAudience = .everyone, _ items: [SummaryText]) {
        self.key = key
        self.items = items
        self.audience = audience
    }
}

/// A table with typed columns. People-facing formats draw it (text: an aligned grid, or one line
/// per row; Markdown: a table); JSON writes an array of row objects under `key`, or, with
/// `keyedByFirstColumn`, one object mapping each row's first cell to its second.
public struct SummaryTable: Sendable, Hashable {
    /// How text lays the table out for people; JSON and Markdown do not depend on it.
    public enum TextLayout: Sendable, Hashable {
        /// A header row and aligned columns.
        case grid
        /// One line per row: `label: title value, title value (aside)`.
        case lines
    }

    public var key: String?
    public var columns: [SummaryColumn]
    public var rows: [[SummaryValue]]
    public var layout: TextLayout
    public var keyedByFirstColumn: Bool
    public var audience: SummaryAudience

    public init(
        key: String? = nil, columns: [SummaryColumn], rows: [[SummaryValue]], layout: TextLayout = .grid,
        keyedByFirstColumn: Bool = false, audience: SummaryAudience = .everyone
    ) {
        self.key = key
        self.columns = columns
        self.rows = rows
        self.layout = layout
        self.keyedByFirstColumn = keyedByFirstColumn
        self.audience = audience
    }

    /// Indices of the columns people see.
    var peopleColumns: [Int] { columns.indices.filter { columns[$0].audience.forPeople } }
    /// Indices of the columns machines read (they need a key).
    var machineColumns: [Int] { columns.indices.filter { columns[$0].audience.forMachines && columns[$0].key != nil } }

    /// Whether a column holds numbers (cells without a value aside), which text and Markdown
    /// align to the right.
    func isNumeric(_ column: Int) -> Bool {
        let values = rows.map { $0[column] }.filter { $0 != .none }
        return !values.isEmpty && values.allSatisfy(\.isNumeric)
    }
}

/// A column: its JSON key, its heading, who sees it and, for `lines` layout, how a row shows it.
public struct SummaryColumn: Sendable, Hashable {
    /// How a column appears in a `lines` row.
    public enum Role: Sendable, Hashable {
        /// The row's name, before the colon.
        case label
        /// `title value`.
        case field
        /// The value alone (it names itself: `3 violations`).
        case bare
        /// In parentheses after the previous column, left out when empty.
        case aside
    }

    public var key: String?
    public var title: String
    public var audience: SummaryAudience
    public var role: Role

    public init(_ title: String, key: String? = nil, audience: SummaryAudience = .everyone, role: Role = .field) {
        self.key = key
        self.title = title
        self.audience = audience
        self.role = role
    }
}

/// A typed value. Reporters decide its spelling (`17.3 s` for people, milliseconds for JSON) and
/// escape any text in it.
public enum SummaryValue: Sendable, Hashable {
    /// Text, usually data (names, values, paths).
    case text(String)
    case integer(Int)
    /// A count with its noun: `1 violation`, `3 files`; JSON: the number.
    case count(Int, singular: String, plural: String)
    /// A duration in milliseconds, `nil` when there is none; people read `420 ms`, `17.3 s`, `–`.
    case milliseconds(Double?)
    /// `part` of `total` as a percentage with one decimal; JSON: the fraction.
    case percent(part: Int, total: Int)
    /// A fraction (a bound of an interval) as a percentage with one decimal; JSON: the fraction
    /// to six decimals.
    case fraction(Double)
    /// How full a pool is, as a 20-cell bar with `+N over` past capacity; people only.
    case bar(used: Int, capacity: Int)
    case location(SourceLocation)
    case flag(Bool)
    /// Names, shown comma-separated; JSON: an array.
    case names([String])
    /// Named counts (`later 2, setup 1`); JSON: an object.
    case tally([SummaryTally])
    /// Named counts as shares of their sum (`int 66.7 % / string 33.3 %`); JSON: an object of
    /// the counts.
    case shares([SummaryTally])
    /// No value: `–` for people, `null` for machines.
    case none

    var isNumeric: Bool {
        switch self {
        case .integer, .count, .milliseconds, .percent, .fraction: true
        default: false
        }
    }

    /// Whether an `aside` column leaves it out.
    var isEmpty: Bool {
        switch self {
        case .none: true
        case .text(let text): text.isEmpty
        case .names(let names): names.isEmpty
        case .tally(let entries), .shares(let entries): entries.isEmpty
        default: false
        }
    }
}

/// One named count of a `tally` or `shares` value.
public struct SummaryTally: Sendable, Hashable {
    public var name: String
    public var count: Int

    public init(_ name: String, _ count: Int) {
        self.name = name
        self.count = count
    }
}
