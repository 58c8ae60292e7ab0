import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The capture reader as a line state machine: one test per class of problem it must not have
/// (lost lines, results that depend on `--jobs`, year-less times that run away, captures not
/// recognised or passed in silence, names cut, state that grows). Every input here is
/// constructed for the test, in the shapes the SDKs print.
@Suite struct CaptureLineTests {
    static let iosEvent = "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, "
    static let logcat = "10-18 10:15:32.123  4321  4390 V FA      : "

    static func run(
        _ lines: [String], name: String = "capture.log", configure: (inout LintRequest) -> Void = { _ in }
    ) throws -> LintResult {
        try Lint.run(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: name, configure: configure)
    }

    // MARK: - Lost lines

    /// An entry left open inside an export is cut at the next JSON line, and every JSON line
    /// after it is read as JSON: checked, reported and rejected.
    @Test(arguments: [
        CaptureText.ios + iosEvent + "offer_shown, {", CaptureText.ios + iosEvent + "offer_shown, {\n    a = \"open",
        logcat + "Logging event (FE): offer_shown, Bundle[{limit_arm=capped, items=[Bundle[{a=1",
        "Logging event: origin, name, params: app, offer_shown, {\n    items = (\n        {",
    ])
    func anOpenEntryDoesNotSwallowJSONLines(opening: String) throws {
        let result = try Self.run(
            [Export.bq("screen_view", at: 0)] + opening.split(separator: "\n").map(String.init) + [
                Export.bq("no_such_event", at: 1), "{\"event_name\": \"broken\"", Export.bq("screen_view", at: 2),
            ], name: "mixed.ndjson"
        ) { $0.settings.collectRejects = true }
        let lines = opening.split(separator: "\n").count
        #expect(result.findings(ExportRules.captureEntryTruncated.id).map(\.location.line) == [2])
        #expect(result.findings(StreamRules.unknownEvent.id).map(\.location.line) == [2 + lines])
        #expect(result.counters.invalidLines == 1 && result.rejects.count == 1)
        #expect(result.counters.formats[.bigQuery] == 3)
    }

    // MARK: - Determinism

    /// A file that holds capture lines is read as one stream whatever `--jobs` is, even when it
    /// is not sniffed as a capture (JSON first, or more than 64 KiB of other output first).
    @Test(arguments: ["json-first", "output-first"])
    func aMixedFileGivesTheSameReportForEveryJobCount(shape: String) throws {
        let capture = try Data(
            contentsOf: Repository.root.appendingPathComponent("samples/exports/focusity-events.ios.log"))
        var head: [UInt8] = []
        if shape == "json-first" {
            for index in 0..<200 { head += Array((Export.bq("screen_view", at: Double(index)) + "\n").utf8) }
        } else {
            while head.count < 80_000 {
                head += Array("2026-10-18 10:15:32.123456+0900 Focusity[1234:1] FocusTimer: tick\n".utf8)
            }
        }
        let bytes = head + Array(capture)
        var reports: [String] = []
        for jobs in [1, 2, 7] {
            let result = try Lint.run(bytes: bytes, name: "mixed.log", plan: Lint.shippedPlan) { $0.jobs = jobs }
            reports.append(
                result.findings.map { "\($0.location.line):\($0.location.column) \($0.ruleID) \($0.message)" }
                    .joined(separator: "\n") + "\n\(result.counters.validLines) \(result.counters.notAnalyticsLines)")
        }
        #expect(reports[0] == reports[1] && reports[1] == reports[2])
        #expect(reports[0].contains("stream/"))
    }

    // MARK: - Positions

    /// A capture that starts with a UTF-8 BOM has its findings on line 1 three columns on, as a
    /// JSON line's are (the first character after the BOM is column 4), and the same byte offsets
    /// plus the BOM's; later lines are as without it.
    @Test(arguments: [
        [
            CaptureText.ios + iosEvent + "no_such_event, {", "    a = 1;", "}",
            CaptureText.ios + iosEvent + "other_unknown, {", "}",
        ],
        [
            logcat + "Logging event (FE): no_such_event, Bundle[{a=1}]",
            logcat + "Logging event (FE): other_unknown, Bundle[{}]",
        ],
    ])
    func aLeadingBOMCountsInTheColumnsOfLineOne(lines: [String]) throws {
        let text = lines.joined(separator: "\n") + "\n"
        let plain = try Lint.run(bytes: Array(text.utf8), name: "capture.log")
        let marked = try Lint.run(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), name: "capture.log")
        let expected = plain.findings.map {
            "\($0.ruleID) \($0.location.line):\($0.location.column + ($0.location.line == 1 ? 3 : 0)) \(($0.location.byteOffset ?? -9) + 3)"
        }
        let found = marked.findings.filter { $0.ruleID != ExportRules.leadingBOM.id }.map {
            "\($0.ruleID) \($0.location.line):\($0.location.column) \($0.location.byteOffset ?? -9)"
        }
        #expect(found == expected)
        #expect(plain.findings(StreamRules.unknownEvent.id).map(\.location.line).contains(1))
    }

    // MARK: - Time

    /// Times that step back and forth across New Year raise the year once, not every other line.
    @Test func yearlessTimesGoingBackAndForthRaiseTheYearOnce() {
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        for index in 0..<20_000 {
            let time = index % 2 == 0 ? "12-31 23:59:59.000" : "01-01 00:00:01.000"
            let line = time + "  4321  4390 V FA      : Logging event (FE): x, Bundle[{}]"
            _ = reader.feed(Array(line.utf8), number: index + 1, byteOffset: 0, into: &entries)
        }
        let times = entries.compactMap(\.timestamp)
        #expect(times.count == 20_000)
        #expect((times.max() ?? 0) - (times.min() ?? 0) == 2_000_000)
    }

    /// A capture whose months go round many times cannot raise the year past what a timestamp
    /// holds: the time is a finding, not a trap.
    @Test func yearlessTimesPastTheLastYearAreAFinding() throws {
        var lines: [String] = []
        for index in 0..<36_000 {
            let time = ["12-31 23:59:59.000", "01-01 00:00:01.000", "06-01 00:00:01.000"][index % 3]
            lines.append(time + "  4321  4390 V FA      : Logging event (FE): x, Bundle[{}]")
        }
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        for (index, line) in lines.enumerated() {
            _ = reader.feed(Array(line.utf8), number: index + 1, byteOffset: 0, into: &entries)
        }
        #expect(entries.contains { $0.timeOutOfRange })
        #expect(entries.allSatisfy { $0.timeOutOfRange == ($0.timestamp == nil) })
        let result = try Self.run(Array(lines.suffix(2)) + Array(lines.prefix(36_000)))
        #expect(!result.findings(StreamRules.invalidTimestamp.id).isEmpty)
    }

    /// Year-less times take the year of the capture's last dated line.
    @Test func yearlessTimesTakeTheCapturesYear() {
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        for (index, line) in [
            "2026-10-18 10:15:32.123 I/Other: started", "10-18 10:15:33.000 V/FA: Logging event (FE): x, Bundle[{}]",
        ].enumerated() {
            _ = reader.feed(Array(line.utf8), number: index + 1, byteOffset: 0, into: &entries)
        }
        #expect(entries.first?.timestamp == CaptureReader.micros(year: 2026, month: 10, day: 18) + 36_933_000_000)
    }

    // MARK: - Recognition

    /// iOS console text with or without its prefix and its tag.
    @Test(arguments: [
        "2026-10-18 10:15:32.123456+0900 Focusity[1234:56789] 11.3.0 - [FirebaseAnalytics][I-ACS023051] ",
        "11.3.0 - [FirebaseAnalytics][I-ACS023051] ", "", "2026-10-18 10:15:32.123456+0900 Focusity[1234:56789] ",
    ])
    func iosWithOrWithoutPrefixAndTag(prefix: String) throws {
        let lines =
            CaptureText.iosArms + [
                prefix + "Logging event: origin, name, params: app, offer_shown, { limit_arm = capped; }",
                prefix + "Logging event: origin, name, params: app, offer_closed, {", "    limit_arm = capped;",
                "    duration_ms = 4200;", "    outcome = bogus;", "}",
            ]
        for forced in [nil, InputFormat.iosConsole] {
            let result = try Self.run(lines) { $0.settings.inputFormat = forced }
            #expect(result.nonPairLineRules == ["4 stream/value-not-allowed"], "forced: \(String(describing: forced))")
            #expect(result.counters.formats == [.iosConsole: 2] && result.counters.invalidLines == 0)
        }
    }

    /// A capture with no event line is one warning, detected or forced, never a JSON error a line.
    @Test(arguments: [
        [
            "--------- beginning of main",
            "10-18 10:15:32.123  4321  4390 I FA      : App measurement initialized, version: 46000",
            "10-18 10:15:32.124  4321  4390 D FA      : Debug-level message logging enabled",
            "    a continuation line of the app",
        ],
        [
            "2023-05-01 10:00:00.000  1234-5678  FA-SVC  com.example.app  V  Uploading data. app, uncompressed size, data: com.example.app, 500,",
            "2023-05-01 10:00:00.001  1234-5678  FA-SVC  com.example.app  V  batch {",
            "2023-05-01 10:00:00.002  1234-5678  FA-SVC  com.example.app  V  }",
        ],
        [
            "11.3.0 - [FirebaseAnalytics][I-ACS023007] Analytics v.11.3.0 started",
            "11.3.0 - [FirebaseAnalytics][I-ACS023009] Debug logging enabled",
        ],
        ["Starting the app", "[INFO]  FA: App measurement is starting up, version: 11020", "done"],
    ])
    func aCaptureWithoutEventsIsOneWarning(lines: [String]) throws {
        for forced in [nil, InputFormat.androidLogcat, .iosConsole] {
            let result = try Self.run(lines) { $0.settings.inputFormat = forced }
            #expect(result.lineRules.map { $0.split(separator: " ")[1] } == ["export/capture-without-events"])
            #expect(result.counters.invalidLines == 0 && result.counters.notAnalyticsLines == lines.count)
        }
    }

    /// Lines of the other Firebase iOS SDKs, and of the utilities they share, are capture lines on
    /// their own in each of the console's prefix forms: a capture of only them (posted because its
    /// events do not arrive) is one warning at its first line, from a file split or not, never a
    /// JSON error a line where `11.3` reads as a number (the first row is firebase-ios-sdk issue
    /// 14092's).
    @Test(arguments: [
        [
            "11.3.0 - [FirebaseAuth][I-AUT000011] Provisioning profile has specifically provisioned devices, most likely a Dev profile.",
            "11.3.0 - [FirebaseAuth][I-AUT000012] APNS Environment in profile: development",
            "11.3.0 - [FirebaseInstallations][I-FIS002001] -[FIRInstallationsIDController installationWithValidAuthTokenForcingRefresh:0], appName: __FIRAPP_DEFAULT",
        ],
        [
            "11.3.0 - [FirebaseCore][I-COR000003] The default Firebase app has not yet been configured.",
            "[FirebaseCore][I-COR000003] The default Firebase app has not yet been configured.",
            "6.26.0 - [Firebase/Core][I-COR000005] No app has been configured yet.",
        ],
        [
            "[Firebase/Crashlytics] Version 4.1.1",
            "10.27.0 - [FirebaseCrashlytics][I-CLS000000] Crashlytics skipped rotating the Install ID during urgent mode",
            "10.27.0 - [FirebaseMessaging][I-FCM012002] Error in application:didFailToRegisterForRemoteNotificationsWithError",
        ],
        [
            "<Error>: 6.3.0 - [Firebase/Messaging][I-FCM001000] FIRMessaging Remote Notifications proxy enabled",
            " - <AppMeasurement>[I-ACS036001] Analytics screen reporting is disabled.",
            "<FIRInstanceID/WARNING> FIRInstanceID AppDelegate proxy is disabled.",
            "12.4.0 - [GoogleUtilities/AppDelegateSwizzler][I-SWZ001014] App Delegate does not conform to UIApplicationDelegate protocol.",
        ],
    ])
    func otherFirebaseIOSLinesAloneAreACapture(lines: [String]) throws {
        for jobs in [1, 3] {
            let result = try Self.run(lines) { $0.jobs = jobs }
            #expect(result.lineRules == ["1 export/capture-without-events"], "jobs \(jobs)")
            #expect(result.counters.invalidLines == 0 && result.counters.notAnalyticsLines == lines.count)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-\(UUID().uuidString).log")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try LintRunner.Sniff(file.path).map(LintRunner.looksLikeCapture) == true)
    }

    /// The debugger's prompt that `flutter run` leaves glued to the first line (flutterfire issue
    /// 3947) is skipped before any line, not only an Analytics one: the line is the capture's
    /// first, alone or before other lines, and its time is read.
    @Test(arguments: [
        "(lldb) 2020-10-24 14:42:42.128394+0100 Runner[3795:926278] 6.26.0 - [Firebase/Core][I-COR000005] No app has been configured yet.",
        "(lldb) 2020-10-24 14:42:42.128394+0100 Runner[3795:926278]  - <AppMeasurement>[I-ACS036001] Analytics screen reporting is disabled. UIViewController transitions will not be logged.",
    ])
    func aDebuggerPromptBeforeAnyLineIsSkipped(line: String) throws {
        let alone = try Self.run([line])
        #expect(alone.lineRules == ["1 export/capture-without-events"])
        #expect(alone.counters.invalidLines == 0 && alone.counters.notAnalyticsLines == 1)
        let capture = try Self.run([
            "Xcode build done.                                           34.7s", line,
            "[Firebase/Crashlytics] Version 4.1.1",
            "6.26.0 - [Firebase/Analytics][I-ACS023007] Analytics v.60600000 started",
        ])
        #expect(capture.lineRules == ["2 export/capture-without-events"])
        #expect(capture.counters.invalidLines == 0 && capture.counters.notAnalyticsLines == 4)
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        let event = "(lldb) " + CaptureText.ios + Self.iosEvent + "offer_shown, { limit_arm = capped; }"
        _ = reader.feed(Array(event.utf8), number: 1, byteOffset: 0, into: &entries)
        #expect(entries.count == 1 && entries.first?.timestamp != nil)
    }

    /// A Firebase tag is read where the console's prefixes end, never anywhere in a line: a JSON
    /// row whose string holds one, a pretty-printed field and a sentence that quote one are what
    /// they would be without it, and do not make the input a capture.
    @Test func textThatMentionsAFirebaseTagIsNoCaptureLine() throws {
        let tag = "11.3.0 - [FirebaseAuth][I-AUT000012] APNS Environment in profile: development"
        let row = Export.bq("screen_view", at: 0)
        let lines = [
            row.replacingOccurrences(of: "\"event_date\"", with: "\"note\":\"\(tag)\",\"event_date\""),
            "  \"message\": \"\(tag)\",", "see \(tag) in the log",
        ]
        #expect(lines[0].contains(tag))
        let mentioning = try Self.run(lines)
        let plain = try Self.run(lines.map { $0.replacingOccurrences(of: "[FirebaseAuth][I-AUT000012]", with: "Auth") })
        #expect(mentioning.lineRules == plain.lineRules && !plain.lineRules.isEmpty)
        #expect(mentioning.findings(ExportRules.captureWithoutEvents.id).isEmpty)
        #expect(mentioning.counters.notAnalyticsLines == 0 && mentioning.counters.invalidLines == 2)
        for line in lines { #expect(!CaptureReader.isFirebaseIOSLine(Array(line.utf8)), "\(line)") }
    }

    /// logcat in every `-v` format and Android Studio's, its separators and start-up lines.
    @Test(arguments: [
        "V/FA      ( 4321): ", "V( 4321) ", "V/FA      : ", "V( 4321: 4390) ", "",
        "10-18 10:15:32.123 V/FA      ( 4321): ", "10-18 10:15:32.123  4321  4390 V FA      : ",
        "1760750132.123  4321  4390 V FA      : ", "     0.123  4321  4390 V FA      : ",
        "2023-05-01 10:00:00.000  1234-5678  FA                      com.example.app                      V  ",
        "2019-08-11 18:18:42.292 26187-26231/com.example.app D/FA: ",
    ])
    func logcatFormatsWithSeparatorsAndStartUpLines(prefix: String) throws {
        let result = try Self.run(
            ["--------- beginning of main", prefix + "App measurement initialized, version: 46000"]
                + CaptureText.androidArms + [
                    "--------- beginning of system",
                    prefix
                        + "Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=bogus, duration_ms=4200, limit_arm=capped}]",
                ])
        #expect(result.nonPairLineRules == ["6 stream/value-not-allowed"])
        #expect(result.counters.invalidLines == 0 && result.counters.notAnalyticsLines == 3)
    }

    /// Names are kept whole up to the SDK's delimiter, then checked as names.
    @Test(arguments: [
        ("A2_온보딩_시작", "Logging event (FE): A2_온보딩_시작, Bundle[{ga_event_origin(_o)=app}]"),
        ("level-up", "Logging event (FE): level-up(_lu), Bundle[{ga_event_origin(_o)=app}]"),
        ("level-up", "Logging event: origin=app,name=level-up,params=Bundle[{ga_event_origin(_o)=app}]"),
        ("A2_온보딩_시작", "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, A2_온보딩_시작, {"),
        ("my event", "Logging event: origin, name, params: app, my event (_me), { a = 1; }"),
    ])
    func namesAreKeptWhole(name: String, message: String) throws {
        let lines = [Self.logcat + message] + (message.hasSuffix("{") ? ["    a = 1;", "}"] : [])
        let result = try Self.run(lines)
        let unknown = result.findings(StreamRules.unknownEvent.id)
        #expect(unknown.count == 1 && unknown.first?.event == name, "\(result.lineRules)")
    }

    /// An SDK line that names an event but cannot be read is a finding at its line.
    @Test(arguments: [
        "Logging event (FE): offer_shown(_os, Bundle[{limit_arm=capped}]",
        "Logging event (FE): , Bundle[{limit_arm=capped}]",
        "Logging event (FE): offer_shown, Bndl{limit_arm=capped}",
        "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app",
        "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_shown, (null)",
        "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_shown, [1]",
    ])
    func anUnreadableSDKLineIsAFinding(message: String) throws {
        let result = try Self.run(CaptureText.androidArms + [Self.logcat + message])
        #expect(result.lineRules == ["3 export/capture-entry-unreadable"])
    }

    // MARK: - Bounded state

    /// Events awaiting a confirmation are bounded by name, and the user properties an event
    /// carries by the plan, however many a capture sets.
    @Test func captureStateIsBounded() throws {
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        for index in 0..<5_000 {
            let line = Self.logcat + "Logging event (FE): name_\(index), Bundle[{}]"
            _ = reader.feed(Array(line.utf8), number: index + 1, byteOffset: 0, into: &entries)
        }
        #expect(reader.awaitingConfirmation.count <= CaptureReader.maxAwaiting)
        let pass = LinePass(plan: Lint.enginePlan, settings: LintSettings())
        var lines: [String] = []
        for index in 0..<3_000 {
            lines.append(Self.logcat + "Setting user property (FE): property_\(index), \(index)")
            lines.append(Self.logcat + "Setting user property (FE): _id, user_\(index)")
        }
        lines += CaptureText.androidArms
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        try pass.run(LineFramer(source: MemoryByteSource(bytes)), file: "capture.log", fileIndex: 0)
        #expect(pass.capture.userProperties.count <= Lint.enginePlan.plan.userProperties.count)
        #expect(pass.capture.userProperties.count == 2)
    }

    /// Nesting deeper than the parser follows, and a block of many lines, neither trap nor lose
    /// positions.
    @Test func deepAndLongBlocks() {
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        let deep = CaptureText.ios + Self.iosEvent + "x, {" + String(repeating: "a = (", count: 100_000)
        _ = reader.feed(Array(deep.utf8), number: 1, byteOffset: 0, into: &entries)
        _ = reader.feed(Array(String(repeating: ")", count: 100_001).utf8), number: 2, byteOffset: 0, into: &entries)
        reader.finish(into: &entries)
        #expect(entries.count == 1 && (entries[0].truncated || entries[0].unreadable))
        entries = []
        _ = reader.feed(
            Array((CaptureText.ios + Self.iosEvent + "x, {").utf8), number: 1, byteOffset: 0, into: &entries)
        for index in 0..<5_000 {
            _ = reader.feed(Array("    key\(index) = \(index);".utf8), number: index + 2, byteOffset: 0, into: &entries)
        }
        _ = reader.feed(Array("}".utf8), number: 5_002, byteOffset: 0, into: &entries)
        #expect(entries.count == 1 && entries[0].params.count == 5_000)
        #expect(entries.first?.params.last?.position.line == 5_001)
    }
}
