import EventLintTestSupport
import Testing

@testable import EventLintKit

/// What the suites that run a rule's examples through a command share (`budget`, `check --base`):
/// how findings read in a failure message, the message style of a rule's findings, the passing
/// example, and example plans that must pass `check` on their own.
enum RuleExampleCheck {
    /// One line a finding: rule id, place (with the file when `withFile`) and message.
    static func describe(_ findings: [Finding], withFile: Bool = false) -> [String] {
        findings.map {
            let file = withFile ? "\($0.location.file):" : ""
            return "\($0.ruleID) \(file)\($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    /// Each finding starts lowercase (a quoted name may come first) and ends without a period.
    static func expectMessageStyle(_ hits: [Finding], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for hit in hits {
            #expect(
                !hit.message.isEmpty && !hit.message.first!.isUppercase && !hit.message.hasSuffix("."),
                "message style: \(hit.message)", sourceLocation: sourceLocation)
        }
    }

    /// The passing example carries no `/*>*/` marker, and `findings` of it holds no finding of
    /// the rule.
    static func expectPassing(
        _ rule: Rule, example: String, findings: (String) throws -> [Finding],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) rethrows {
        #expect(
            PlanText.markedPosition(in: example) == nil, "a passing example carries no marker",
            sourceLocation: sourceLocation)
        let hits = try findings(example).filter { $0.ruleID == rule.id }
        #expect(
            hits.isEmpty, "\(rule.id) fired on its passing example: \(describe(hits))", sourceLocation: sourceLocation)
    }

    /// Each named plan text, loaded alone as `file`, passes `check` without a single finding.
    static func expectClean(
        _ rule: Rule, plans: [(name: String, text: String)], file: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        for (name, text) in plans {
            let session = try PlanSession(sources: [PlanSource(path: file, bytes: Array(text.utf8))])
            #expect(
                session.planFindings.isEmpty, "\(rule.id) \(name): \(describe(session.planFindings, withFile: true))",
                sourceLocation: sourceLocation)
        }
    }
}
