import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The Swift generator on small plans built here: names, types, checks and escaping. The
/// compiled round trip is `CodegenCompileTests`.
@Suite struct CodeGenerationTests {
    static func generate(_ text: String) throws -> String {
        let checked = try PlanText.check(text)
        let errors = checked.findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        let source = PlanSource(path: "plan.json5", bytes: Array(text.utf8))
        return SwiftCodeGenerator(
            plan: checked.plan, fingerprint: PlanFingerprint(sources: [source])
        ).generate()
    }

    static let smallPlan = """
        {
          params: {
            kind: { type: 'string', values: ['default', 'class', 'a_b', 'aB', '5-9', 'self'], description: 'k' },
            count: { type: 'int', min: 1, max: 10, description: 'c' },
            ratio: { type: 'double', max: 1.5, description: 'r' },
            apps: { type: 'bucket', edges: [0, 1, 5], description: 'b' },
            note: { type: 'string', maxLength: 8, description: 'n' },
            outcome: { type: 'string', description: 'o' },
          },
          events: {
            thing_done: {
              description: 'A thing was done.',
              params: { kind: 'required', count: 'optional', ratio: { required: { since: '3.0.0' } }, apps: 'required', note: 'optional' },
            },
            sheet_shown: { description: 'shown', params: { kind: 'required' } },
            sheet_closed: { description: 'closed', params: { kind: 'required', outcome: { required: true, values: ['ok', 'cancel'] }, count: 'required' } },
          },
          pairs: {
            sheet: { open: 'sheet_shown', close: { events: 'sheet_closed' }, same: 'kind', duration: 'count', description: 'p' },
          },
        }
        """

    @Test func enumCasesAreSwiftStyleEscapedAndApart() throws {
        let code = try Self.generate(Self.smallPlan)
        #expect(code.contains("public enum Kind: String, Sendable, CaseIterable {"))
        #expect(code.contains("case `default` = \"default\""))
        #expect(code.contains("case `class` = \"class\""))
        #expect(code.contains("case aB = \"a_b\""))
        #expect(code.contains("case aB2 = \"aB\""), "the second spelling of aB gets a suffix")
        #expect(code.contains("case _5_9 = \"5-9\""))
        #expect(code.contains("case self2 = \"self\""), "self cannot be a case even in backticks")
    }

    @Test func initialiserTakesExactlyTheParams() throws {
        let code = try Self.generate(Self.smallPlan)
        // Required plain, optional defaulted to nil, version-scoped required, bucket as a count.
        #expect(
            code.contains(
                "public init(kind: Tracker.Kind, count: Int? = nil, ratio: Double, appsCount: Int, note: String? = nil) {"
            ))
        #expect(code.contains("public func log(_ event: ThingDone) {"))
        #expect(code.contains("TrackingCheck.range(Double(trackingValue), minimum: 1.0, maximum: 10.0"))
        #expect(code.contains("TrackingCheck.range(trackingValue, minimum: nil, maximum: 1.5"))
        #expect(code.contains("TrackingCheck.length(trackingValue, minimum: nil, maximum: 8, limit: 100"))
        #expect(code.contains("TrackingCheck.bucket(trackingValue, edges: [0, 1, 5], labels: [\"0\", \"1-4\", \"5+\"]"))
    }

    @Test func pairEventsAreMethodsOfTheHandle() throws {
        let code = try Self.generate(Self.smallPlan)
        #expect(code.contains("public func openSheet(kind: Tracker.Kind) -> SheetPair {"))
        #expect(code.contains("public final class SheetPair: Sendable {"))
        // kind is carried, count is the measured duration: the close takes only the outcome.
        #expect(code.contains("public func close(outcome: Tracker.SheetClosed.Outcome) {"))
        #expect(
            code.contains("fileprivate init(kind: Tracker.Kind, outcome: Tracker.SheetClosed.Outcome, count: Int) {"))
        #expect(!code.contains("public func log(_ event: SheetClosed)"))
        #expect(
            code.contains("count: (Tracker.milliseconds(tracker.elapsedNanoseconds(since: state.openedAt)) as Int)"))
    }

    @Test func matcherValuesAreFixedOrNarrowed() throws {
        let code = try Self.generate(
            """
            {
              params: {
                step: { type: 'string', values: ['intro', 'one', 'two', 'three'], description: 's' },
                outcome: { type: 'string', values: ['done'], description: 'o' },
              },
              events: {
                flow_step_shown: { description: 'd', params: { step: 'required' } },
                flow_closed: { description: 'd', params: { outcome: 'required' } },
              },
              pairs: {
                flow: {
                  open: { event: 'flow_step_shown', where: { step: 'intro' } },
                  inside: { event: 'flow_step_shown', where: { step: { notIn: ['intro', 'three'] } } },
                  close: { events: 'flow_closed' },
                },
              },
            }
            """)
        #expect(code.contains("public func openFlow() -> FlowPair {"))
        #expect(code.contains("Tracker.FlowStepShown(step: .intro)"))
        #expect(code.contains("public func flowStepShown(step: Tracker.FlowPair.Step) {"))
        #expect(
            code.contains(
                "case one = \"one\"\n            case two = \"two\"\n\n            fileprivate var widened: Tracker.Step {"
            ))
    }

    @Test func hostileTextStaysTextAndValuesStayLiterals() throws {
        // JSON5 escapes: \n is a newline, \\( a backslash and a parenthesis.
        let hostile = "x */ y\\n}\\nfatalError(\"boom\")\\n\"\"\" \\\\(exit(1)) \u{202E}"
        let code = try Self.generate(
            """
            {
              params: { p: { type: 'string', values: ['a"b', 'c\\\\(d)', 'e\\nf'], description: '\(hostile)' } },
              events: { e_done: { description: '\(hostile)', params: { p: 'required' } } },
            }
            """)
        #expect(
            !code.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("fatalError") })
        #expect(code.contains("/// x */ y\n"))
        #expect(code.contains("/// fatalError(\"boom\")\n"))
        #expect(code.contains("/// \"\"\" \\(exit(1)) \\u{202e}\n"))
        #expect(code.contains(#"= "a\"b""#))
        #expect(code.contains(#"= "c\\(d)""#))
        #expect(code.contains(#"= "e\nf""#))
    }

    @Test func escaperHandlesEveryBreakout() {
        #expect(SwiftSource.stringLiteral("a\"b\\c\n\r\t\u{0}\u{2028}é") == #""a\"b\\c\n\r\t\u{0}\u{2028}é""#)
        #expect(SwiftSource.stringLiteral("\\(x)") == #""\\(x)""#)
        #expect(SwiftSource.commentText("a\nb\r\nc\u{2029}d") == "a b  c d")
        #expect(SwiftSource.docComment("one\ntwo", indent: "  ") == "  /// one\n  /// two\n")
        #expect(SwiftSource.identifier("default") == "`default`")
        #expect(SwiftSource.identifier("outcome") == "outcome")
        #expect(SwiftSource.lowerCamel("screen_time") == "screenTime")
        #expect(SwiftSource.lowerCamel("URLScheme") == "urlScheme")
        #expect(SwiftSource.lowerCamel("pickBuilding") == "pickBuilding")
        #expect(SwiftSource.lowerCamel("10-19") == "_10_19")
        #expect(SwiftSource.lowerCamel("!!!") == "value")
        #expect(SwiftSource.upperCamel("block_cap_sheet") == "BlockCapSheet")
        var scope = SwiftNameScope(reserved: ["log"])
        #expect(scope.claim("log") == "log2")
        #expect(scope.claim("entry") == "entry")
        #expect(scope.claim("entry") == "entry2")
    }

    @Test func fingerprintIsAboutWhatThePlanSays() {
        func fingerprint(_ files: [(String, String)]) -> PlanFingerprint {
            PlanFingerprint(sources: files.map { PlanSource(path: $0.0, bytes: Array($0.1.utf8)) })
        }
        let plan = "{ events: { a: { params: { p: 'required' } } } }"
        let one = fingerprint([("schema/a.json5", plan), ("schema/b.json5", "{}")])
        #expect(one == fingerprint([("schema/b.json5", "{}"), ("schema/a.json5", plan)]), "files merge in name order")
        #expect(
            one == fingerprint([("../../schema/a.json5", plan), ("b.json5", "{}")]), "the directory does not matter")
        let restyled = """
            // the events
            {
              "events": { a: { /* one param */ params: { "p": "required", }, }, },
            }
            """
        #expect(
            one == fingerprint([("schema/a.json5", restyled), ("schema/b.json5", "{ }")]), "nor comments or layout")
        #expect(one != fingerprint([("schema/a.json5", plan.replacingOccurrences(of: "required", with: "optional"))]))
        #expect(
            one != fingerprint([("schema/a.json5", plan), ("schema/b.json5", "{ events: { b: { params: {} } } }")]))
        #expect(fingerprint([("a.json5", "[1, [2]]")]) != fingerprint([("a.json5", "[[1], 2]")]), "nesting counts")
        #expect(fingerprint([("a.json5", "['ab', 'c']")]) != fingerprint([("a.json5", "['a', 'bc']")]))
        #expect(one.description.hasPrefix("fnv1a64:") && one.description.count == 8 + 16)
        // FNV-1a of nothing is its offset basis.
        #expect(PlanFingerprint(sources: []).description == "fnv1a64:cbf29ce484222325")
    }

    /// The library API takes any loaded plan, even one `check` rejects: it must not trap.
    @Test func everySamplePlanGeneratesWithoutTrapping() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: Repository.samplePlans.path)
            .filter { !$0.hasSuffix(".md") }.sorted()
        #expect(directories.count >= 5)
        var generated = 0
        for name in directories {
            guard
                let sources = try? PlanFiles.read(directory: Repository.samplePlans.appendingPathComponent(name).path),
                let loaded = try? PlanLoader.load(sources: sources)
            else { continue }
            let code = SwiftCodeGenerator(
                plan: loaded.plan, fingerprint: PlanFingerprint(sources: sources)
            ).generate()
            #expect(code.contains("extension Tracker {"), "\(name)")
            generated += 1
        }
        #expect(generated >= 4, "the samples that load")
    }

    @Test func shippedPlanGeneratesTheCommittedSample() throws {
        let sources = try PlanFiles.read(directory: Repository.schema.path)
        let plan = try PlanLoader.load(sources: sources).plan
        let code = SwiftCodeGenerator(
            plan: plan, fingerprint: PlanFingerprint(sources: sources)
        ).generate()
        let committed = try String(
            contentsOf: Repository.root.appendingPathComponent("samples/codegen/Tracking.swift"),
            encoding: .utf8)
        if code != committed {
            Issue.record(
                """
                samples/codegen/Tracking.swift is out of date; regenerate it with \
                `swift run eventlint codegen swift --output samples/codegen/Tracking.swift`:
                \(lineDiff(expected: committed, actual: code))
                """)
        }
    }

    /// The README's codegen example is real: its plan lines are in `schema/`, its Swift lines in
    /// the committed generated file.
    @Test func readmeExampleIsTheShippedPlanAndItsCode() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(
            readme.components(separatedBy: "### `eventlint codegen swift`").dropFirst().first?
                .components(separatedBy: "\n### ").first)
        func block(_ language: String) -> [String] {
            let body =
                section.components(separatedBy: "```\(language)\n").dropFirst().first?.components(separatedBy: "\n```")
                .first ?? ""
            return body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && $0 != "…" && $0 != "}" && $0 != "}," }
        }
        var plan = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.schema.path) {
            let text = try String(contentsOf: Repository.schema.appendingPathComponent(name), encoding: .utf8)
            plan.formUnion(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        let code = Set(
            try String(
                contentsOf: Repository.root.appendingPathComponent("samples/codegen/Tracking.swift"),
                encoding: .utf8
            ).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let planLines = block("json5")
        let swiftLines = block("swift")
        #expect(planLines.count >= 8 && swiftLines.count >= 5)
        for line in planLines { #expect(plan.contains(line), "not in schema/: \(line)") }
        for line in swiftLines { #expect(code.contains(line), "not in samples/codegen/Tracking.swift: \(line)") }
    }
}
