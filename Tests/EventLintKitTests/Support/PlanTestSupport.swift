import Foundation
import Testing

@testable import EventLintKit

/// Loading plan text in tests: one or more in-memory files, the loader's findings and the
/// checker's, and where a `/*>*/` marker points.
enum PlanText {
    /// Loads in-memory plan files (path, text) and returns the plan with every finding the
    /// loader and the checker make, in report order (not adjusted by the plan's own overrides).
    static func check(_ files: [(path: String, text: String)]) throws -> (plan: Plan, findings: [Finding]) {
        let sources = files.map { PlanSource(path: $0.path, bytes: Array($0.text.utf8)) }
        let loaded = try PlanLoader.load(sources: sources)
        return (loaded.plan, (loaded.findings + PlanChecker.check(loaded.plan)).sortedForReport())
    }

    static func check(_ text: String, path: String = "example.json5") throws -> (plan: Plan, findings: [Finding]) {
        try check([(path, text)])
    }

    static let marker = "/*>*/"

    /// The 1-based line and byte column of the byte just after the `/*>*/` marker, or nil
    /// when the text holds no marker.
    static func markedPosition(in text: String) -> (line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        let needle = Array(marker.utf8)
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            return LineIndex(bytes).location(of: start + needle.count)
        }
        return nil
    }
}

/// The repository's own directories, found from this file's path.
enum Repository {
    /// The nearest directory above this file that holds `Package.swift`: the tests sit in
    /// folders of any depth.
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/",
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }()
    static let schema = root.appendingPathComponent("schema")
    static let samplePlans = root.appendingPathComponent("samples/plans")
    static let fixtures = root.appendingPathComponent("Tests/Fixtures")
    /// The engine tests' plan: generic names, apart from the shipped plan in `schema/`.
    static let enginePlan = fixtures.appendingPathComponent("plans/engine")
    static let docs = root.appendingPathComponent("docs")
    /// `../shared` beside the repository: data some tests use and skip without.
    static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
}
