import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Golden files under `Fixtures/reports`. A mismatch fails with a line diff and leaves the file
/// alone; only `UPDATE_GOLDEN=1` rewrites it, so a regression can never bless itself.
enum Golden {
    static let directory = Repository.fixtures.appendingPathComponent("reports")

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    static func check(
        _ actual: String, file name: String, in directory: URL = directory,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let url = directory.appendingPathComponent(name)
        if updating {
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("cannot write golden file \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record(
                "missing golden file \(url.path); run with UPDATE_GOLDEN=1 to create it", sourceLocation: sourceLocation
            )
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            let diff = lineDiff(expected: expected, actual: actual)
            Issue.record(
                "\(name) differs from the golden file (- expected, + actual; UPDATE_GOLDEN=1 rewrites it):\n\(diff)",
                sourceLocation: sourceLocation)
        }
    }
}
