/// The plan language as a JSON Schema (draft-07, which editors support best), generated from
/// `PlanLanguage`, the table the loader checks keys against: `docs/plan.schema.json` is this
/// text, and a test keeps it so. Editors use it for completion and validation of plan files.
public enum PlanJSONSchema {
    public static func generate() -> String {
        var definitions: [(String, JSONOutput)] = []
        var seen = Set<String>()
        collect(PlanLanguage.file, into: &definitions, seen: &seen)
        let root: JSONOutput = .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("eventlint tracking plan file")),
            (
                "description",
                .string(PlanLanguage.file.summary + " Generated from eventlint's plan loader; see docs/schema.md.")
            ),
            ("$ref", .string("#/definitions/" + PlanLanguage.file.name)),
            ("definitions", .object(definitions)),
        ])
        return root.rendered(pretty: true) + "\n"
    }

    /// Every object reachable from `object`, each once, in the order first met.
    static func collect(
        _ object: PlanLanguage.Object, into definitions: inout [(String, JSONOutput)],
        seen: inout Set<String>
    ) {
        guard !seen.contains(object.name) else { return }
        seen.insert(object.name)
        let index = definitions.count
        definitions.append((object.name, .null))
        var properties: [(String, JSONOutput)] = []
        for key in object.keys {
            properties.append(
                (key.name, schema(key.value, summary: key.summary, definitions: &definitions, seen: &seen)))
        }
        var members: [(String, JSONOutput)] = [
            ("type", .string("object")),
            ("description", .string(object.summary)),
            ("properties", .object(properties)),
            ("additionalProperties", .bool(false)),
        ]
        let required = object.keys.filter(\.required).map { JSONOutput.string($0.name) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        definitions[index] = (object.name, .object(members))
    }

    static func schema(
        _ shape: PlanLanguage.Shape, summary: String?, definitions: inout [(String, JSONOutput)],
        seen: inout Set<String>
    ) -> JSONOutput {
        var members: [(String, JSONOutput)] = []
        switch shape {
        case .string: members.append(("type", .string("string")))
        case .integer: members.append(("type", .string("integer")))
        case .number: members.append(("type", .string("number")))
        case .boolean: members.append(("type", .string("boolean")))
        case .oneOf(let names): members.append(("enum", .array(names.map(JSONOutput.string))))
        case .literal: members.append(("type", .array(["string", "number", "boolean"].map(JSONOutput.string))))
        case .object(let object):
            collect(object, into: &definitions, seen: &seen)
            members.append(("$ref", .string("#/definitions/" + object.name)))
        case .map(let value):
            members.append(("type", .string("object")))
            members.append(
                ("additionalProperties", schema(value, summary: nil, definitions: &definitions, seen: &seen)))
        case .list(let item):
            members.append(("type", .string("array")))
            members.append(("items", schema(item, summary: nil, definitions: &definitions, seen: &seen)))
        case .anyOf(let shapes):
            members.append(
                ("anyOf", .array(shapes.map { schema($0, summary: nil, definitions: &definitions, seen: &seen) })))
        }
        if let summary {
            // A `$ref` with siblings is ignored by draft-07 readers: wrap it so the summary shows.
            if case .object = shape {
                return .object([("description", .string(summary)), ("allOf", .array([.object(members)]))])
            }
            members.insert(("description", .string(summary)), at: 0)
        }
        return .object(members)
    }
}
