import EventLintTestSupport
import Foundation
import Testing

/// `samples/exports/make_captures.py`, run by python3, writes the sample captures as committed.
@Suite struct SampleCaptureToolTests {
    static let samples = Repository.root.appendingPathComponent("samples/exports")
    static let export = samples.appendingPathComponent("focusity-events.ndjson")

    /// The captures in samples/exports are what the script writes.
    @Test func capturesAreTheGeneratorsOutput() throws {
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let python else {
            print("skipped: no python3 to run samples/exports/make_captures.py")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-captures-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            Self.samples.appendingPathComponent("make_captures.py").path, Self.export.path,
            directory.appendingPathComponent("ios.log").path, directory.appendingPathComponent("android.log").path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for (made, shipped) in [("ios.log", "focusity-events.ios.log"), ("android.log", "focusity-events.android.log")]
        {
            let a = try Data(contentsOf: directory.appendingPathComponent(made))
            let b = try Data(contentsOf: Self.samples.appendingPathComponent(shipped))
            #expect(a == b, "\(shipped) differs from what make_captures.py writes")
        }
    }
}
