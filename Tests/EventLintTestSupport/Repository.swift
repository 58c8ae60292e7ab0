import Foundation

/// The repository's own directories, found from this file's path.
public enum Repository {
    /// The nearest directory above this file that holds `Package.swift`: the tests sit in
    /// folders of any depth.
    public static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/",
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }()
    public static let schema = root.appendingPathComponent("schema")
    public static let samplePlans = root.appendingPathComponent("samples/plans")
    public static let fixtures = root.appendingPathComponent("Tests/Fixtures")
    /// The engine tests' plan: generic names, apart from the shipped plan in `schema/`.
    public static let enginePlan = fixtures.appendingPathComponent("plans/engine")
    public static let docs = root.appendingPathComponent("docs")
    /// `../shared` beside the repository: data some tests use and skip without.
    public static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
}

/// A scratch copy of a plan directory that a test may edit.
public struct PlanCopy {
    public let url: URL

    public init(of source: URL) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-plan-" + UUID().uuidString)
        try FileManager.default.copyItem(at: source, to: url)
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// Replaces every occurrence of `old` with `new` in the plan's files; the number replaced.
    @discardableResult
    public func replace(_ old: String, with new: String) throws -> Int {
        var count = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            let file = url.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            let pieces = text.components(separatedBy: old).count - 1
            guard pieces > 0 else { continue }
            count += pieces
            try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
        }
        return count
    }
}
