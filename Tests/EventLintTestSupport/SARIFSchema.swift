import Foundation

/// The official SARIF 2.1.0 schema and a validator for it, run with Python's `jsonschema`.
public enum SARIFSchema {
    /// `../shared/testdata/sarif/sarif-schema-2.1.0.json`, beside the repository root.
    public static let url = Repository.shared.appendingPathComponent("testdata/sarif/sarif-schema-2.1.0.json")

    /// Both the schema and `python3` with `jsonschema` (CI installs it with `pip install jsonschema`).
    public static let validatorAvailable: Bool = {
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        return (try? Python.run(["-c", "import jsonschema"]).status) == 0
    }()

    public static let validator = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        log = json.load(open(sys.argv[2], encoding="utf-8"))
        errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.absolute_path))
        for error in errors:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    /// Validates SARIF text against the official schema: the validator's exit status and output.
    public static func validate(sarif text: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-\(UUID().uuidString).sarif")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try Python.run(["-c", validator, url.path, file.path])
    }
}
