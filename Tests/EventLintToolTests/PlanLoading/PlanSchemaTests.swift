import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `docs/plan.schema.json`, the editor schema, is generated from the loader's key table: the
/// committed file must match (`UPDATE_GOLDEN=1` rewrites it), and the shipped plan files,
/// read as JSON5 and written as JSON, must validate against it with Python's `jsonschema`.
@Suite struct PlanSchemaTests {
    static let file = Repository.docs.appendingPathComponent("plan.schema.json")

    @Test func committedSchemaMatchesTheLoaderTable() throws {
        let generated = PlanJSONSchema.generate()
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try generated.write(to: Self.file, atomically: true, encoding: .utf8)
            return
        }
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        if committed != generated {
            Issue.record(
                """
                docs/plan.schema.json is out of date with PlanLanguage (- file, + table); \
                UPDATE_GOLDEN=1 swift test --filter PlanSchemaTests rewrites it:
                \(lineDiff(expected: committed, actual: generated))
                """)
        }
    }

    @Test func schemaNamesEveryKeyTheLoaderAccepts() throws {
        let generated = PlanJSONSchema.generate()
        for object in [
            PlanLanguage.file, PlanLanguage.param, PlanLanguage.pair, PlanLanguage.rule, PlanLanguage.conditionTests,
        ] {
            #expect(generated.contains("\"\(object.name)\": {"), "\(object.name)")
            for key in object.keys { #expect(generated.contains("\"\(key.name)\": {"), "\(object.name).\(key.name)") }
        }
        #expect(generated.contains("\"required\": [\n        \"type\"\n      ]"), "a param needs its type")
    }

    @Test func loaderAcceptsASchemaKeyAndStillRejectsUnknownOnes() throws {
        let accepted = try PlanText.check("{ $schema: '../docs/plan.schema.json', version: 1 }")
        #expect(
            accepted.findings.filter { $0.ruleID.hasPrefix("plan/") && $0.severity == .error }.isEmpty,
            "\(accepted.findings.map(\.message))")
        let wrong = try PlanText.check("{ $schema: 1 }")
        #expect(wrong.findings.map(\.ruleID) == ["plan/invalid-declaration"])
        let unknown = try PlanText.check("{ $schemas: 'x' }")
        #expect(unknown.findings.map(\.ruleID) == ["plan/unknown-key"])
        #expect(unknown.findings.first?.message.contains("known: $schema, automatic,") == true)
    }

    /// A JSON5 plan file as JSON: the same tree, numbers typed.
    static func json(fromJSON5 bytes: [UInt8]) throws -> String {
        func convert(_ node: JSONNode) -> JSONOutput {
            switch node.value {
            case .null: return .null
            case .bool(let flag): return .bool(flag)
            case .number(let lexeme): return Int64(lexeme).map(JSONOutput.int) ?? .double(Double(lexeme) ?? 0)
            case .string(let text): return .string(text)
            case .array(let items): return .array(items.map(convert))
            case .object(let members): return .object(members.map { ($0.key, convert($0.value)) })
            }
        }
        return convert(try JSONParser.parse(bytes, mode: .json5)).rendered(pretty: false)
    }

    static let pythonHasJSONSchema: Bool = (try? Python.run(["-c", "import jsonschema"]).status) == 0

    @Test(.enabled(if: pythonHasJSONSchema, "python3 with jsonschema not found: schema validation skipped"))
    func shippedPlanFilesValidateAndABrokenOneDoesNot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-schema-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var names: [String] = []
        let shipped = try FileManager.default.contentsOfDirectory(atPath: Repository.schema.path).filter {
            $0.hasSuffix(".json5")
        }.sorted()
        #expect(shipped.count >= 5)
        for name in shipped {
            let bytes = [UInt8](try Data(contentsOf: Repository.schema.appendingPathComponent(name)))
            try Self.json(fromJSON5: bytes).write(
                to: directory.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
            names.append(name + ".json")
        }
        try Self.json(fromJSON5: Array(StarterPlan.text.utf8)).write(
            to: directory.appendingPathComponent("starter.json"), atomically: true, encoding: .utf8)
        names.append("starter.json")
        let broken = "{ params: { step: { type: 'strng', valuse: ['intro'] } }, pairs: { p: { open: 'a' } } }"
        try Self.json(fromJSON5: Array(broken.utf8)).write(
            to: directory.appendingPathComponent("broken.json"),
            atomically: true, encoding: .utf8)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft7Validator.check_schema(schema)
            validator = jsonschema.Draft7Validator(schema)
            for name in sys.argv[2:]:
                errors = sorted(e.message for e in validator.iter_errors(json.load(open(name))))
                print(name, len(errors), errors[:3])
            """
        let paths = (names + ["broken.json"]).map { directory.appendingPathComponent($0).path }
        let (status, output) = try Python.run(["-c", script, Self.file.path] + paths)
        #expect(status == 0, "\(output)")
        for name in names { #expect(output.contains("/\(name) 0 []\n"), "\(output)") }
        // The typo'd type, the unknown key and the missing close are all refused.
        #expect(output.contains("/broken.json 3 "), "\(output)")
    }
}
