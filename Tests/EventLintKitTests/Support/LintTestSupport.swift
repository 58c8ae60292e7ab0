import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Export lines for lint tests, built the way the real formats write them: GA4 BigQuery rows as
/// `bq extract` does (INT64 as JSON strings, `{key, value: {string_value | int_value | …}}`),
/// flat debug-log lines and Measurement Protocol requests.
enum Export {
    /// A param or user property value with its wire type.
    enum Value {
        case string(String)
        case int(Int64)
        case double(Double)
        case bool(Bool)
        /// Raw JSON written as is (a wrong shape, a number where a label belongs, …).
        case raw(String)
    }

    /// The user properties of a user in the offer arm and the capped arm: the rules of the engine
    /// plan hold.
    static let offerCapped: [(String, Value)] = [
        ("offer_arm", .string("offer")), ("limit_arm", .string("capped")),
    ]

    /// The same for the shipped plan, for the tests that are about it.
    static let shippedOfferCap4: [(String, Value)] = [
        ("onboarding_block_arm", .string("offer")), ("block_cap_arm", .string("cap4")),
    ]

    /// One microsecond timestamp per second of a test's timeline, from a fixed day.
    static func time(_ seconds: Double) -> Int64 { 1_741_950_000_000_000 + Int64(seconds * 1_000_000) }

    static func quoted(_ text: String) -> String {
        "\"" + JSONOutput.escaped(text) + "\""
    }

    static func bqValue(_ value: Value) -> String {
        switch value {
        case .string(let text): "{\"string_value\":\(quoted(text))}"
        case .int(let number): "{\"int_value\":\"\(number)\"}"
        case .double(let number): "{\"double_value\":\(number)}"
        case .bool(let flag): "{\"int_value\":\"\(flag ? 1 : 0)\"}"
        case .raw(let json): json
        }
    }

    static func flatValue(_ value: Value) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .raw(let json): json
        }
    }

    /// A GA4 BigQuery export row as `bq extract` writes it, with a few of the real columns.
    static func bq(
        _ name: String, at seconds: Double, user: String? = "A1B2C3D4E5F60718293A4B5C6D7E8F90",
        params: [(String, Value)] = [], userProperties: [(String, Value)] = offerCapped,
        version: String? = "3.0.0", bundle: Int? = nil, timestamp: String? = nil
    ) -> String {
        var members: [String] = []
        members.append("\"event_date\":\"20250314\"")
        members.append("\"event_timestamp\":" + (timestamp ?? "\"\(time(seconds))\""))
        members.append("\"event_name\":\(quoted(name))")
        let params = (params + [("ga_session_id", .int(1_741_949_000)), ("firebase_event_origin", .string("app"))])
            .map { "{\"key\":\(quoted($0.0)),\"value\":\(bqValue($0.1))}" }
        members.append("\"event_params\":[\(params.joined(separator: ","))]")
        if let bundle { members.append("\"event_bundle_sequence_id\":\"\(bundle)\"") }
        if let user { members.append("\"user_pseudo_id\":\(quoted(user))") }
        let properties = userProperties.map {
            "{\"key\":\(quoted($0.0)),\"value\":\(String(bqValue($0.1).dropLast())),\"set_timestamp_micros\":\"1741940000000000\"}}"
        }
        members.append("\"user_properties\":[\(properties.joined(separator: ","))]")
        members.append(
            "\"device\":{\"category\":\"mobile\",\"mobile_marketing_name\":\"\\u003cOther\\u003e\",\"time_zone_offset_seconds\":\"32400\"}"
        )
        if let version {
            members.append(
                "\"app_info\":{\"id\":\"com.focusity.ios\",\"version\":\(quoted(version)),\"install_source\":\"iTunes\"}"
            )
        }
        members.append("\"platform\":\"IOS\",\"ecommerce\":{},\"items\":[]")
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A flat debug-log line.
    static func flat(
        _ name: String, at seconds: Double, user: String? = "A1B2C3D4E5F60718293A4B5C6D7E8F90",
        params: [(String, Value)] = [], userProperties: [(String, Value)] = offerCapped,
        version: String? = "3.0.0"
    ) -> String {
        var members = ["\"name\":\(quoted(name))"]
        members.append(
            "\"params\":{" + params.map { "\(quoted($0.0)):\(flatValue($0.1))" }.joined(separator: ",") + "}")
        members.append(
            "\"user_properties\":{" + userProperties.map { "\(quoted($0.0)):\(flatValue($0.1))" }.joined(separator: ",")
                + "}")
        if let user { members.append("\"user_pseudo_id\":\(quoted(user))") }
        members.append("\"timestamp_micros\":\(time(seconds))")
        if let version { members.append("\"app_version\":\(quoted(version))") }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A Measurement Protocol request; each event may carry its own time.
    static func mp(
        at seconds: Double, user: String = "A1B2C3D4E5F60718293A4B5C6D7E8F90",
        userProperties: [(String, Value)] = offerCapped,
        events: [(name: String, params: [(String, Value)], at: Double?)]
    ) -> String {
        let properties = userProperties.map { "\(quoted($0.0)):{\"value\":\(flatValue($0.1))}" }.joined(separator: ",")
        let list = events.map { event in
            var text =
                "{\"name\":\(quoted(event.name)),\"params\":{"
                + event.params.map { "\(quoted($0.0)):\(flatValue($0.1))" }.joined(separator: ",") + "}"
            if let at = event.at { text += ",\"timestamp_micros\":\(time(at))" }
            return text + "}"
        }
        return
            "{\"app_instance_id\":\(quoted(user)),\"timestamp_micros\":\(time(seconds)),\"user_properties\":{\(properties)},\"events\":[\(list.joined(separator: ","))]}"
    }
}

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
