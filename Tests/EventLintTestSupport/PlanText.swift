import EventLintKit

/// Loading plan text in tests: one or more in-memory files, the loader's findings and the
/// checker's, and where a `/*>*/` marker points.
public enum PlanText {
    /// Loads in-memory plan files (path, text) and returns the plan with every finding the
    /// loader and the checker make, in report order (not adjusted by the plan's own overrides).
    public static func check(_ files: [(path: String, text: String)]) throws -> (plan: Plan, findings: [Finding]) {
        let sources = files.map { PlanSource(path: $0.path, bytes: Array($0.text.utf8)) }
        let loaded = try PlanLoader.load(sources: sources)
        return (loaded.plan, (loaded.findings + PlanChecker.check(loaded.plan)).sortedForReport())
    }

    public static func check(_ text: String, path: String = "example.json5") throws -> (plan: Plan, findings: [Finding])
    {
        try check([(path, text)])
    }

    public static let marker = "/*>*/"

    /// The 1-based line and byte column of the byte just after the `/*>*/` marker, or nil
    /// when the text holds no marker.
    public static func markedPosition(in text: String) -> (line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        let needle = Array(marker.utf8)
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            return LineIndex(bytes).location(of: start + needle.count)
        }
        return nil
    }
}
