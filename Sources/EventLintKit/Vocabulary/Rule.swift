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
            for input in exampleInputs {
                text += "\n\(input.heading):\n\n\(input.text.indentedBlock)"
            }
            text += "\n\(examplesHeading ?? "Fails"):\n\n\(examples.failing.indentedBlock)"
            text += "\nPasses:\n\n\(examples.passing.indentedBlock)"
        }
        return text
    }

    /// What both examples are run with besides themselves, shown before them: the base plan a
    /// `check --base` rule compares them with, the registered definitions a `budget` rule counts
    /// them against.
    public var exampleInputs: [(heading: String, text: String)] {
        guard let examples else { return [] }
        var inputs: [(heading: String, text: String)] = []
        if let base = examples.base {
            inputs.append(("Base plan (each example below is the current plan `check --base` compares with it)", base))
        }
        if let registered = examples.registered {
            inputs.append(
                ("Registered definitions (the Admin API list response `budget --registered` reads)", registered))
        }
        return inputs
    }

    /// How to read the examples, said before the failing one (`Fails (…):`): what they are
    /// checked with (the example plan and `lint` options, the base plan, the registered
    /// definitions and `budget` options) and where the finding stands.
    public var examplesHeading: String? {
        guard let examples else { return nil }
        let marked = "the finding stands at `\(RuleExamples.lineMarker)`"
        let isMarked = examples.failing.contains(RuleExamples.lineMarker)
        if examples.base != nil {
            // Something removed has no place in the current plan: `PlanDiff` reports it on line 1
            // of the file of that name, with a note at the declaration in the base plan.
            let place =
                isMarked
                ? marked : "the finding stands on line 1, with a note at the declaration in the base plan"
            return "Fails (the current plan, compared with the base plan; \(place))"
        }
        if examples.registered != nil {
            let command = (["eventlint budget"] + examples.options).joined(separator: " ")
            let place =
                isMarked ? marked : "the finding stands in the registered definitions, at the definition it concerns"
            return "Fails (the plan, counted by `\(command)` against the registered definitions; \(place))"
        }
        if stage == .plan { return "Fails (\(marked))" }
        let options =
            examples.options.isEmpty ? "" : " with `eventlint lint \(examples.options.joined(separator: " "))`"
        var parts = [
            "export lines, checked\(options) against the example plan that `eventlint explain --example-plan` prints"
        ]
        if isMarked {
            parts.append("the finding stands on the line marked `\(RuleExamples.lineMarker)`")
        }
        return "Fails (" + parts.joined(separator: "; ") + ")"
    }
}

/// Example inputs for a rule. For plan rules they are plan documents (JSON5) in which the comment
/// `/*>*/` marks where the finding must stand. For the rules of `lint` they are export lines
/// checked against `RuleExamples.examplePlan`; `/*>*/` at the start of a line marks the line the
/// finding stands on (a one-line example needs no marker). For the rules of `check --base` they
/// are current plans compared with `base`, and for those of `budget` plans counted against
/// `registered`: `/*>*/` marks the finding in the plan, and a failing example without one has
/// its finding where the heading (`Rule.examplesHeading`) says.
public struct RuleExamples: Sendable, Hashable {
    /// The base plan (JSON5) a `check --base` rule compares both examples with.
    public let base: String?
    /// The registered definitions (a GA4 Admin API list response, the JSON `budget --registered`
    /// reads) a `budget` rule counts both plans against.
    public let registered: String?
    public let failing: String
    public let passing: String
    /// The command options both examples are run with (`lint --strict`, `budget --min-headroom
    /// 1`), when the rule needs one.
    public let options: [String]

    public init(
        base: String? = nil, registered: String? = nil, failing: String, passing: String, options: [String] = []
    ) {
        self.base = base
        self.registered = registered
        self.failing = failing
        self.passing = passing
        self.options = options
    }

    /// `"\(prefix)1\(suffix), \(prefix)2\(suffix), …"` up to `count`, for the examples of the
    /// GA4 count limits. Built byte by byte: every rule's examples are made the first time the
    /// registry is read, in every run, and 500 string interpolations cost more than reading the
    /// plan itself.
    static func numbered(_ prefix: StaticString, through count: Int, _ suffix: StaticString) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * (prefix.utf8CodeUnitCount + suffix.utf8CodeUnitCount + 6))
        for number in 1...max(count, 1) {
            if number > 1 { bytes += [UInt8(ascii: ","), UInt8(ascii: " ")] }
            prefix.withUTF8Buffer { bytes += $0 }
            let digits = bytes.count
            var rest = number
            repeat {
                bytes.insert(UInt8(ascii: "0") + UInt8(rest % 10), at: digits)
                rest /= 10
            } while rest > 0
            suffix.withUTF8Buffer { bytes += $0 }
        }
        return String(decoding: bytes, as: UTF8.self)
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
