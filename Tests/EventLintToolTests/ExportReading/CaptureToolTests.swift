import Foundation
import Testing

@testable import EventLintKit

/// The built executable's `lint --input-format` on the sample iOS and Android captures.
@Suite struct CaptureToolTests {
    /// The command line takes the two capture names and reads a sample capture.
    @Test func commandLineForcesACaptureFormat() throws {
        guard
            let output = try EventLintBinary.run([
                "lint", "--format", "json", "--input-format", "android-logcat",
                "samples/exports/focusity-events.android.log",
            ])
        else { return }
        #expect(output.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any]
        #expect((summary?["notAnalyticsLines"] as? Int ?? 0) > 0 && (summary?["invalidLines"] as? Int) == 0)
        guard
            let wrong = try EventLintBinary.run([
                "lint", "--input-format", "ios", "samples/exports/focusity-events.ios.log",
            ])
        else { return }
        #expect(wrong.status == 2 && wrong.stderr.contains("ios-console or android-logcat"))
    }
}
