import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Runs the library's lint on in-memory exports: the engine tests' plan (or a variant, or the
/// shipped plan for the tests about it), a temp file, `LintRunner.run`.
enum Lint {
    /// The engine tests' plan (Fixtures/plans/engine): generic names, the shapes the engine tests
    /// need, so a change to `schema/` cannot break a test about the engine. The default plan of
    /// every helper here.
    static let enginePlan: CompiledPlan = compiled(directory: Repository.enginePlan)

    /// The shipped plan, compiled once. A plan that does not load records an issue in the test
    /// that first asks for it and lints against an empty plan, so the run goes on and reports.
    static let shippedPlan: CompiledPlan = compiled(directory: Repository.schema)

    static func compiled(directory: URL) -> CompiledPlan {
        do {
            return CompiledPlan(try PlanSession.open(schema: directory.path).validPlan())
        } catch {
            Issue.record("the plan in \(directory.path) does not load: \(error)")
            return CompiledPlan(Plan())
        }
    }

    /// The engine tests' plan (or the one in `directory`) with text replaced in its files (e.g. to
    /// drop `min: 0`), plus extra files.
    static func plan(
        replacing replacements: [(String, String)] = [], adding extra: [(String, String)] = [],
        from directory: URL = Repository.enginePlan
    ) throws -> CompiledPlan {
        var sources = try PlanFiles.read(directory: directory.path)
        for (old, new) in replacements {
            var replaced = false
            for index in sources.indices {
                let text = String(decoding: sources[index].bytes, as: UTF8.self)
                if text.contains(old) {
                    sources[index].bytes = Array(text.replacingOccurrences(of: old, with: new).utf8)
                    replaced = true
                }
            }
            #expect(replaced, "\(old) is not in the plan")
        }
        sources += extra.map { PlanSource(path: $0.0, bytes: Array($0.1.utf8)) }
        let session = try PlanSession(sources: sources)
        let errors = session.planFindings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "the test plan has errors: \(errors.map(\.message))")
        return CompiledPlan(session.plan)
    }

    /// Lints `bytes` written to a temp file named `name`.
    static func run(
        bytes: [UInt8], name: String = "export.ndjson", plan: CompiledPlan = enginePlan,
        configure: (inout LintRequest) -> Void = { _ in }
    ) throws -> LintResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-lint-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        var request = LintRequest(inputs: [file.path])
        configure(&request)
        let result = LintRunner.run(plan: plan, request: request)
        let counters = result.counters
        #expect(
            counters.linesRead == counters.validLines + counters.invalidLines + counters.blankLines
                + counters.notAnalyticsLines,
            "lines read must be valid + invalid + blank + not analytics")
        return result
    }

    /// Lints lines joined by LF, with a final LF.
    static func run(
        _ lines: [String], plan: CompiledPlan = enginePlan,
        configure: (inout LintRequest) -> Void = { _ in }
    ) throws -> LintResult {
        try run(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), plan: plan, configure: configure)
    }
}

extension LintResult {
    /// `line rule` for each finding, in report order.
    var lineRules: [String] { findings.map { "\($0.location.line) \($0.ruleID)" } }

    func findings(_ ruleID: String) -> [Finding] { findings.filter { $0.ruleID == ruleID } }
}
