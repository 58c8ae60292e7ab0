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

    /// A capture of other Firebase iOS SDKs' lines after the debugger's prompt is one warning at
    /// its first line from a file, from a file split across jobs and from standard input alike.
    @Test func otherFirebaseLinesGiveOneReportFromAFileAndStandardInput() throws {
        let lines = [
            "(lldb) 2020-10-24 14:42:42.128394+0100 Runner[3795:926278] 6.26.0 - [Firebase/Core][I-COR000005] No app has been configured yet.",
            "11.3.0 - [FirebaseAuth][I-AUT000012] APNS Environment in profile: development",
            "11.3.0 - [FirebaseInstallations][I-FIS002001] -[FIRInstallationsIDController installationWithValidAuthTokenForcingRefresh:0], appName: __FIRAPP_DEFAULT",
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("capture.log")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let output = try EventLintBinary.shell(
            #""$0" lint --format json "$1" | sed "s#$1#FILE#g"; "$0" lint --format json --jobs 3 "$1" | sed "s#$1#FILE#g"; "$0" lint --format json - < "$1" | sed "s#<stdin>#FILE#g""#,
            [file.path])
        let reports = output.stdout.components(separatedBy: "{\n  \"tool\"")
        #expect(reports.count == 4 && reports[1] == reports[2] && reports[2] == reports[3])
        #expect(!output.stdout.contains("\"json/"))
        #expect(reports.last?.components(separatedBy: "\"rule\": \"export/capture-without-events\"").count == 3)
        #expect(reports.last?.contains("\"line\": 1,") == true)
    }
}
