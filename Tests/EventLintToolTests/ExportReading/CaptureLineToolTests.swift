import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The built executable, through bash, on a capture read from standard input and from a file.
@Suite struct CaptureLineToolTests {
    static let iosEvent = "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, "

    /// Standard input cannot be sniffed: lines are classified one by one, so a capture read from
    /// standard input and from a file give the same report, whatever its first lines are.
    @Test func standardInputAndAFileGiveTheSameReport() throws {
        let lines =
            [
                "Configuring the default app.", "- a line of the app",
                "2026-10-18 10:15:31.000000+0900 Focusity[1234:1] App: started",
            ] + CaptureText.iosArms + [
                CaptureText.ios + Self.iosEvent + "offer_shown, {", "    limit_arm = capped;", "}", "done",
            ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("capture.log")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let output = try EventLintBinary.shell(
            #""$0" lint --format json "$1" | sed "s#$1#FILE#g"; "$0" lint --format json - < "$1" | sed "s#<stdin>#FILE#g""#,
            [file.path])
        let halves = output.stdout.components(separatedBy: "{\n  \"tool\"")
        #expect(halves.count == 3 && halves[1] == halves[2])
        #expect(!output.stdout.contains("\"json/"))
    }
}
