/// The stage a rule belongs to; `explain` and the docs group rules by it.
public enum RuleStage: String, Sendable, CaseIterable {
    case json = "JSON reading"
    case plan = "plan checks"
    case export = "export reading"
    case stream = "per-event checks"
    case pair = "pairs"
    case crossEvent = "cross-event rules"
    case budget = "budget"
}

/// A rule's metadata: stable id, summary, default severity and documentation. Rules are values
/// declared next to the code that emits them and listed once in `RuleCatalog`.
public struct Rule: Sendable, Hashable {
    /// Stable snake/kebab id (`stage/what`); never derived from a type name.
    public let id: String
    public let stage: RuleStage
    public let defaultSeverity: Severity
    /// One line: what the rule reports.
    public let summary: String
    /// Longer Markdown documentation: why it matters, the GA4 behaviour, how to fix it.
    public let documentation: String
    /// The GA4 Measurement Protocol validation code that corresponds, when one fits.
    public let ga4ValidationCode: String?
    /// A failing and a passing example; the tests run both, so the docs cannot drift.
    public let examples: RuleExamples?
    /// Whether the rule judges a value, so its findings group by value as well as by event and
    /// param (`stream/value-not-allowed`: each wrong value is its own problem).
    public let groupsByValue: Bool

    public init(
        id: String, stage: RuleStage, severity: Severity, summary: String,
        documentation: String, ga4ValidationCode: String? = nil, examples: RuleExamples? = nil,
        groupsByValue: Bool = false
    ) {
        self.groupsByValue = groupsByValue
        self.id = id
        self.stage = stage
        self.defaultSeverity = severity
        self.summary = summary
        self.documentation = documentation
        self.ga4ValidationCode = ga4ValidationCode
        self.examples = examples
    }

    public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The text `eventlint explain RULE` prints.
    public var explanation: String {
        var text = "\(id) (\(defaultSeverity.rawValue), \(stage.rawValue))\n\n\(summary)\n"
        if let code = ga4ValidationCode {
            text += "\nGA4 Measurement Protocol validation code: \(code)\n"
        }
        text += "\n\(documentation)\n"
        if let examples {
            text += "\n\(examplesHeading ?? "Fails"):\n\n\(examples.failing.indentedBlock)"
            text += "\nPasses:\n\n\(examples.passing.indentedBlock)"
        }
        return text
    }

    /// How to read the examples, said before the failing one (`Fails (…):`): where the marker
    /// points, and for export lines which plan and options they are checked with.
    public var examplesHeading: String? {
        guard let examples else { return nil }
        if stage == .plan { return "Fails (the finding stands at `/*>*/`)" }
        let options =
            examples.lintOptions.isEmpty ? "" : " with `eventlint lint \(examples.lintOptions.joined(separator: " "))`"
        var parts = [
            "export lines, checked\(options) against the example plan that `eventlint explain --example-plan` prints"
        ]
        if examples.failing.contains(RuleExamples.lineMarker) {
            parts.append("the finding stands on the line marked `\(RuleExamples.lineMarker)`")
        }
        return "Fails (" + parts.joined(separator: "; ") + ")"
    }
}

/// Example inputs for a rule. For plan rules they are plan documents (JSON5) in which the comment
/// `/*>*/` marks where the finding must stand. For the rules of `lint` they are export lines
/// checked against `RuleExamples.examplePlan`; `/*>*/` at the start of a line marks the line the
/// finding stands on (a one-line example needs no marker).
public struct RuleExamples: Sendable, Hashable {
    public let failing: String
    public let passing: String
    /// The `lint` options both examples are run with (`--strict`), when the rule needs one.
    public let lintOptions: [String]

    public init(failing: String, passing: String, lintOptions: [String] = []) {
        self.failing = failing
        self.passing = passing
        self.lintOptions = lintOptions
    }

    /// Marks where a finding stands: in a plan example, the byte after it; at the start of an
    /// export line, that line (it is not part of the line).
    public static let lineMarker = "/*>*/"
}

extension String {
    /// The text indented by four spaces, one line per line, ending in a newline.
    var indentedBlock: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
    }
}
