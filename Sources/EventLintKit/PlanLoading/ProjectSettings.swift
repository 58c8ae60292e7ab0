/// `.eventlint.json5`: where a repository keeps its plan when it is not a `schema/` directory
/// beside or above where eventlint runs (`{ schema: 'app/analytics/plan' }`, relative to the
/// file's directory). Read with the plan's JSON5 reader; an unknown key is an error rather than
/// ignored, so a misspelt `shema` does not quietly fall back to another plan.
public struct ProjectSettings: Sendable, Equatable {
    /// The name eventlint looks for in each directory from the working directory upward.
    public static let fileName = ".eventlint.json5"

    /// The plan directory, as written (relative to the settings file's directory, or absolute).
    public var schema: String

    public init(schema: String) { self.schema = schema }

    /// Parses the settings file's bytes; `path` is what errors name.
    public static func read(path: String, bytes: [UInt8]) throws(LoadError) -> ProjectSettings {
        let index = LineIndex(bytes)
        func location(_ offset: Int) -> SourceLocation {
            let position = index.location(of: offset)
            return SourceLocation(file: path, line: position.line, column: position.column)
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, mode: .json5, maxDepth: 16)
        } catch {
            throw LoadError(
                message: error.message { "\(location($0).line):\(location($0).column)" },
                location: location(error.offset), ruleID: error.rule.id)
        }
        guard case .object(let members) = root.value else {
            throw LoadError(
                message: "expected an object such as { schema: 'path/to/plan' }", location: location(root.offset))
        }
        var schema: String?
        for member in members {
            switch (member.key, member.value.value) {
            case ("schema", .string(let text)) where !text.isEmpty:
                schema = text
            case ("schema", _):
                throw LoadError(
                    message: "\"schema\" must be a non-empty string: the plan directory, relative to this file",
                    location: location(member.value.offset))
            default:
                throw LoadError(
                    message: "unknown setting \"\(member.key)\"; the settings are: schema",
                    location: location(member.keyOffset))
            }
        }
        guard let schema else {
            throw LoadError(
                message: "no \"schema\": name the plan directory, relative to this file",
                location: location(root.offset))
        }
        return ProjectSettings(schema: schema)
    }
}
