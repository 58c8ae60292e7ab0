import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Firebase debug console captures (docs/input.md): the iOS console and Android logcat shapes,
/// read as they are and checked like exports, with findings at the line where an entry starts.
@Suite struct CaptureTests {
    static func run(
        _ lines: [String], name: String = "capture.log",
        configure: (inout LintRequest) -> Void = { _ in }
    ) throws -> LintResult {
        try Lint.run(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: name, configure: configure)
    }

    // MARK: - iOS

    @Test func iosBlockIsOneEventReportedAtItsFirstLine() throws {
        let result = try Self.run(
            CaptureText.iosArms + [
                CaptureText.iosTime(1)
                    + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_shown, {",
                "    limit_arm = capped;",
                "    ga_event_origin (_o) = app;",
                "    ga_screen_class (_sc) = BlockOfferViewController;",
                "}",
                "2026-10-18 10:15:33.000000+0900 Focusity[1234:1] FocusTimer: tick",
                CaptureText.iosTime(5)
                    + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_closed, {",
                "    limit_arm = capped;",
                "    duration_ms = 4000;",
                "    outcome = bogus;",
                "}",
            ])
        #expect(result.lineRules == ["9 stream/value-not-allowed"])
        let finding = try #require(result.findings.first)
        #expect(
            finding.location.column == 1 + CaptureText.iosTime(5).utf8.count
                + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, ".utf8.count)
        #expect(result.counters.eventsChecked == 2 && result.counters.perEvent.reduce(0, +) == 2)
        #expect(
            result.counters.validLines == 12 && result.counters.notAnalyticsLines == 1
                && result.counters.invalidLines == 0)
        #expect(result.counters.formats == [.iosConsole: 2])
        #expect(result.pairs.first { $0.name == "offer" }?.durationsMs == [4000])
    }

    @Test func iosConfirmationsAreNotSecondEvents() throws {
        let block = ["    limit_arm = capped;", "    ga_event_origin (_o) = app;", "}"]
        let result = try Self.run(
            CaptureText.iosArms
                + [
                    CaptureText.iosTime(1)
                        + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_shown, {"
                ] + block
                + [
                    CaptureText.iosTime(1)
                        + "[FirebaseAnalytics][I-ACS023073] Debug mode is enabled. Marking event as debug and real-time. Event name, parameters: offer_shown, {",
                    "    ga_debug (_dbg) = 1;",
                ] + block
                + [
                    CaptureText.iosTime(1)
                        + "[FirebaseAnalytics][I-ACS023072] Event logged. Event name, event params: offer_shown, {",
                    "    ga_realtime (_r) = 1;",
                ] + block
                // An `Event logged.` line without a `Logging event` before it is the event itself.
                + [
                    CaptureText.iosTime(2)
                        + "[FirebaseAnalytics][I-ACS023072] Event logged. Event name, event params: offer_shown, {"
                ] + block)
        #expect(result.nonPairLineRules.isEmpty, "\(result.lineRules)")
        #expect(result.counters.perEvent.reduce(0, +) == 2)
        #expect(result.pairs.first { $0.name == "offer" }?.opened == 2)
    }

    /// The prefix before `[FirebaseAnalytics]` depends on the capture tool, and may be absent.
    @Test(arguments: [
        "2026-10-18 10:15:32.123456+0900 Focusity[1234:56789] 11.3.0 - [FirebaseAnalytics][I-ACS023051] ",
        "2026-10-18 10:15:32.123456+0900 0x1a2b3c   Default     0x0   1234   0    Focusity: (FirebaseAnalytics) [com.google.firebase:FirebaseAnalytics] 11.3.0 - [FirebaseAnalytics][I-ACS023051] ",
        "Oct 18 10:15:32 iPhone Focusity(FirebaseAnalytics)[1234] <Notice>: 11.3.0 - [FirebaseAnalytics][I-ACS023051] ",
        "2017-09-04 11:59:24.370115+0300 Focusity[342:27233] [Firebase/Analytics][I-ACS023051] ",
        "[FirebaseAnalytics][I-ACS023051] ",
        "<FIRAnalytics/DEBUG> ",
    ])
    func iosPrefixes(prefix: String) throws {
        let result = try Self.run(
            CaptureText.iosArms + [
                prefix
                    + "Logging event: origin, name, params: app, offer_shown, { limit_arm = capped; ga_event_origin (_o) = app; }",
                prefix + "Logging event: origin, name, params: app, offer_closed, {",
                "    limit_arm = capped;",
                "    duration_ms = 4200;",
                "    outcome = \"not later\";",
                "}",
            ])
        #expect(result.nonPairLineRules == ["4 stream/value-not-allowed"])
        #expect(result.counters.formats == [.iosConsole: 2])
    }

    /// The console prints `"4200"` and `4200` alike; only a quoted value is certainly a string.
    @Test func iosValueTypes() throws {
        let result = try Self.run(
            CaptureText.iosArms + [
                CaptureText.iosTime(1)
                    + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_closed, {",
                "    limit_arm = capped;",
                "    duration_ms = \"4200\";",
                "    outcome = later;",
                "}",
                CaptureText.iosTime(2)
                    + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_closed, {",
                "    limit_arm = capped;",
                "    duration_ms = soon;",
                "    outcome = later;",
                "}",
                CaptureText.iosTime(3)
                    + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_closed, {",
                "    limit_arm = capped;",
                "    duration_ms = 4200;",
                "    outcome = later;",
                "}",
            ])
        #expect(result.findings(StreamRules.wrongType.id).map(\.location.line) == [3, 8])
        #expect(result.findings(StreamRules.wrongType.id).first?.message.contains("\"4200\"") == true)
    }

    @Test func userPropertiesApplyFromTheLineThatSetsThem() throws {
        let shown = [
            "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_shown, {",
            "    limit_arm = capped;", "}",
        ]
        let result = try Self.run(
            [
                CaptureText.iosTime(0)
                    + "[FirebaseAnalytics][I-ACS023087] User property set. Name, value: limit_arm, capped",
                CaptureText.iosTime(1) + shown[0],
            ] + shown[1...]
                + [
                    CaptureText.iosTime(2)
                        + "[FirebaseAnalytics][I-ACS023080] Setting user property. Name, value: offer_arm, offer",
                    CaptureText.iosTime(3) + shown[0],
                ] + shown[1...]
                + [
                    CaptureText.iosTime(4)
                        + "[FirebaseAnalytics][I-ACS023075] Removing user property. Name: offer_arm",
                    CaptureText.iosTime(5) + shown[0],
                ] + shown[1...]
                + [
                    CaptureText.iosTime(6)
                        + "[FirebaseAnalytics][I-ACS023087] User property set. Name, value: favourite_colour, blue"
                ])
        #expect(
            result.nonPairLineRules == [
                "2 rule/user-property-requirement", "10 rule/user-property-requirement",
                "13 stream/unknown-user-property",
            ])
    }

    /// An event header wrapped before its name (`… params: app,`, then ` view_item, {` on the next
    /// line, as pasted in firebase-ios-sdk issue 10194) is read joined to the line after it, and
    /// what is on either line is found where it is. A header that nothing continues (a new log
    /// line, the end of the capture) is an entry that cannot be read, as before.
    @Test func anIOSHeaderWrappedBeforeItsNameIsJoined() throws {
        let header = "[Firebase/Analytics][I-ACS023051] Logging event: origin, name, params: app,"
        let result = try Self.run(
            CaptureText.iosArms + [
                CaptureText.iosTime(1) + header, " offer_shown, {", "    limit_arm = capped;", "}",
                CaptureText.iosTime(5) + header,
                " offer_closed, { limit_arm = capped; duration_ms = 4000; outcome = bogus; }",
                CaptureText.iosTime(6) + header,
                CaptureText.iosTime(7) + "[Firebase/Analytics][I-ACS023051] Logging event: origin, name, params: app, ",
            ])
        #expect(result.counters.perEvent.reduce(0, +) == 2, "\(result.lineRules)")
        #expect(
            result.lineRules == [
                "8 stream/value-not-allowed", "9 export/capture-entry-unreadable", "10 export/capture-entry-unreadable",
            ])
        let bogus = try #require(result.findings.first)
        // The entry is found on the line that continued its header, the value at its column.
        #expect(bogus.location.line == 8)
        #expect(
            bogus.location.column == " offer_closed, { limit_arm = capped; duration_ms = 4000; outcome = ".utf8.count
                + 1)
        #expect(result.pairs.first { $0.name == "offer" }?.durationsMs == [4000])
        #expect(result.counters.validLines == 10 && result.counters.notAnalyticsLines == 0)
    }

    /// A user property set is logged twice, as the request and as its report (iOS SDK 4 to 8:
    /// `Setting user property.` then `User property set.`; Android: the app's `(FE)` line then the
    /// service's): one change, checked once, at the request. A report alone, or with another
    /// value than the request's, is a change of its own.
    @Test func aUserPropertyReportAfterItsRequestIsCheckedOnce() throws {
        let ios = try Self.run([
            CaptureText.iosTime(1)
                + "[Firebase/Analytics][I-ACS023080] Setting user property. Name, value: favourite_colour, blue",
            CaptureText.iosTime(1)
                + "[Firebase/Analytics][I-ACS023087] User property set. Name, value: favourite_colour, blue",
            CaptureText.iosTime(2)
                + "[Firebase/Analytics][I-ACS023087] User property set. Name, value: favourite_colour, blue",
            CaptureText.iosTime(3)
                + "[Firebase/Analytics][I-ACS023080] Setting user property. Name, value: favourite_colour, red",
            CaptureText.iosTime(3)
                + "[Firebase/Analytics][I-ACS023087] User property set. Name, value: favourite_colour, green",
        ])
        #expect(
            ios.lineRules == [
                "1 export/capture-without-events", "1 stream/unknown-user-property", "3 stream/unknown-user-property",
                "4 stream/unknown-user-property",
                "5 stream/unknown-user-property",
            ])
        // Two requests before their two reports (the SDK reports from its queue): two changes.
        let twice = try Self.run(
            [2, 2, 3, 3].enumerated().map { index, second in
                CaptureText.iosTime(second)
                    + (index < 2
                        ? "[Firebase/Analytics][I-ACS023080] Setting user property. Name, value: favourite_colour, blue"
                        : "[Firebase/Analytics][I-ACS023087] User property set. Name, value: favourite_colour, blue")
            })
        #expect(
            twice.lineRules.filter { $0.hasSuffix("unknown-user-property") } == [
                "1 stream/unknown-user-property", "2 stream/unknown-user-property",
            ])
        let android = try Self.run([
            CaptureText.logcat(1) + "Setting user property (FE): favourite_colour, blue",
            "10-18 10:15:01.200  4321  4400 V FA-SVC  : Setting user property: favourite_colour, blue",
            "10-18 10:15:02.200  4321  4400 V FA-SVC  : Setting user property: favourite_colour, blue",
        ])
        #expect(
            android.lineRules == [
                "1 export/capture-without-events", "1 stream/unknown-user-property", "3 stream/unknown-user-property",
            ])
    }

    /// A held header is continued only by the line right after it that can continue it: not
    /// across a JSON, blank or new log line, nor by a bare SDK line of its own; a wrap that took
    /// the space after the origin's comma is read with it; an entry whose name is on the line
    /// that continued its header is found there.
    @Test func aHeldHeaderJoinsOnlyTheLineThatContinuesIt() throws {
        let header =
            CaptureText.iosTime(1) + "[Firebase/Analytics][I-ACS023051] Logging event: origin, name, params: app,"
        let block = [" offer_shown, {", "    limit_arm = capped;", "}"]
        for between in [#"{"event_name":"first_open","user_pseudo_id":"u"}"#, ""] {
            let result = try Self.run(CaptureText.iosArms + [header, between] + block)
            #expect(result.lineRules.first == "3 export/capture-entry-unreadable", "\(result.lineRules)")
            #expect(!result.lineRules.contains("5 stream/unknown-event"))
        }
        let noSpace = try Self.run(CaptureText.iosArms + [header, "offer_shown, {", "    limit_arm = capped;", "}"])
        #expect(noSpace.nonPairLineRules.isEmpty, "\(noSpace.lineRules)")
        #expect(noSpace.pairs.first { $0.name == "offer" }?.opened == 1)
        let bare = try Self.run([
            "Logging event: origin, name, params: app,",
            "Logging event: origin, name, params: app, other_event, {", "    a = b;", "}",
        ])
        #expect(bare.lineRules == ["1 export/capture-entry-unreadable", "2 stream/unknown-event"])
        let cut = try Self.run(CaptureText.iosArms + [header, " offer_shown, {", "    limit_arm = capped;"])
        let truncated = try #require(cut.findings.first { $0.ruleID == "export/capture-entry-truncated" })
        #expect(truncated.location.line == 4 && truncated.location.column == 2)
        let alone = try Self.run([
            CaptureText.iosTime(1) + "[Firebase/Analytics][I-ACS023051] Logging event: origin, name, params: app, ",
            CaptureText.iosTime(2) + "[Firebase/Analytics][I-ACS002001] Measurement timer fired",
        ])
        let unreadable = try #require(alone.findings.first)
        #expect(unreadable.location.line == 1 && unreadable.location.column > 1, "\(unreadable.location)")
    }

    /// What awaits a report is kept only for names and values of up to 256 bytes, so that 1,024
    /// awaited entries of hostile length cannot hold 1,024 lines: longer ones are each taken as
    /// they come (the SDK logs no such name; GA4 allows 40 characters).
    @Test func onlyShortNamesAndValuesAwaitTheirReport() throws {
        let long = String(repeating: "x", count: 300)
        let result = try Self.run([
            CaptureText.iosTime(1)
                + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, e\(long), { a = 1; }",
            CaptureText.iosTime(1)
                + "[FirebaseAnalytics][I-ACS023072] Event logged. Event name, event params: e\(long), { a = 1; }",
            CaptureText.iosTime(2)
                + "[Firebase/Analytics][I-ACS023080] Setting user property. Name, value: favourite_colour, \(long)",
            CaptureText.iosTime(2)
                + "[Firebase/Analytics][I-ACS023087] User property set. Name, value: favourite_colour, \(long)",
        ])
        #expect(result.counters.eventsChecked == 2, "\(result.lineRules)")
        #expect(result.lineRules.filter { $0.hasSuffix("stream/unknown-user-property") }.count == 2)
    }

    /// Old Xcode consoles print each message twice: as `App[pid:tid]`, then through ASL as
    /// `App[pid] <Debug>` a few milliseconds later (firebase-ios-sdk issue 227). The ASL copy of
    /// a process that printed the Xcode form is read and dropped; a capture of ASL lines alone is
    /// read as it is.
    @Test func anASLEchoIsNotASecondEntry() throws {
        let block = ["    limit_arm = capped;", "    ga_event_origin (_o) = app;", "}"]
        let tabbed = block.map { "\t" + $0 }
        let xcode = "2017-08-31 11:46:44.972407+0300 My App[482:54186] "
        let asl = "2017-08-31 11:46:44.982 My App[482] <Debug> "
        let header = "[Firebase/Analytics][I-ACS023072] Event logged. Event name, event params: offer_shown, {"
        let property = "[Firebase/Analytics][I-ACS023087] User property set. Name, value: favourite_colour, blue"
        let both = try Self.run(
            CaptureText.iosArms + [xcode + header] + block + [asl + header] + tabbed
                + [xcode + property, asl + property])
        #expect(both.counters.perEvent.reduce(0, +) == 1, "\(both.lineRules)")
        #expect(both.pairs.first { $0.name == "offer" }?.opened == 1)
        #expect(both.nonPairLineRules == ["11 stream/unknown-user-property"])
        #expect(both.counters.notAnalyticsLines == 0 && both.counters.validLines == 12)
        // Another process's ASL line, and ASL lines alone, are entries of their own.
        let other = try Self.run(
            CaptureText.iosArms + [xcode + header] + block
                + ["2017-08-31 11:46:44.982 My App[483] <Debug> " + header] + tabbed)
        #expect(other.counters.perEvent.reduce(0, +) == 2)
        let alone = try Self.run(CaptureText.iosArms + [asl + header] + tabbed + [asl + property])
        #expect(alone.counters.perEvent.reduce(0, +) == 1)
        #expect(alone.nonPairLineRules == ["7 stream/unknown-user-property"])
        // The app's own line in the Xcode form makes no echo of an SDK line that has no twin.
        let twinless = try Self.run(
            CaptureText.iosArms + [xcode + "app started", asl + header] + tabbed)
        #expect(twinless.counters.perEvent.reduce(0, +) == 1)
    }

    // MARK: - Android

    /// `adb logcat -v FORMAT` for each format, and Android Studio's own.
    @Test(arguments: [
        ("10-18 10:15:32.123  4321  4390 V FA      : ", true),
        ("V/FA      ( 4321): ", false),
        ("10-18 10:15:32.123 V/FA      ( 4321): ", true),
        ("V( 4321) ", false),
        ("V/FA      : ", false),
        ("V( 4321: 4390) ", false),
        ("", false),
        ("2026-10-18 10:15:32.123  4321  4390 V FA      : ", true),
        ("1760750132.123  4321  4390 V FA      : ", true),
        ("10-18 10:15:32.123456  4321  4390 V FA      : ", true),
        ("10-18 10:15:32.123 +0900  4321  4390 V FA      : ", true),
        ("2019-08-11 18:18:42.292 26187-26231/com.focusity.android D/FA: ", true),
        ("2026-10-18 10:15:32.123  4321-4390  FA                      com.focusity.android                 V  ", true),
    ])
    func logcatFormats(prefix: String, timed: Bool) throws {
        let line =
            prefix
            + "Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=bogus, duration_ms=4200, limit_arm=capped}]"
        let result = try Self.run(CaptureText.androidArms + [line])
        #expect(result.nonPairLineRules == ["3 stream/value-not-allowed"])
        #expect(result.counters.formats == [.androidLogcat: 1])
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        _ = reader.feed(Array(line.utf8), number: 1, byteOffset: 0, into: &entries)
        #expect(entries.count == 1 && (entries.first?.timestamp != nil) == timed)
    }

    /// `logcat -v process` puts the tag after the message.
    @Test func logcatProcessFormatWithTrailingTag() throws {
        let result = try Self.run(
            CaptureText.androidArms + [
                "V( 4321) Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=bogus, duration_ms=4200, limit_arm=capped}]  (FA)"
            ])
        #expect(result.nonPairLineRules == ["3 stream/value-not-allowed"])
    }

    @Test func logcatLongFormat() throws {
        let result = try Self.run(
            CaptureText.androidArms + [
                "[ 10-18 10:15:32.123  4321: 4390 V/FA       ]",
                "Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=bogus, duration_ms=4200, limit_arm=capped}]",
                "",
            ])
        #expect(result.nonPairLineRules == ["4 stream/value-not-allowed"])
        #expect(result.counters.notAnalyticsLines == 1 && result.counters.blankLines == 1)
    }

    @Test func bundleItemsAbbreviationsAndCommas() throws {
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        let line =
            CaptureText.logcat(1)
            + "Logging event (FE): purchase, Bundle[{ga_event_origin(_o)=app, items=[Bundle[{item_id=sku1, item_name=Tokyo, Tower, price=4.5}], Bundle[{item_id=sku2, quantity=2}]], value=9.0, note=a, b}]"
        _ = reader.feed(Array(line.utf8), number: 1, byteOffset: 0, into: &entries)
        try #require(!entries.isEmpty)
        let entry: CaptureEntry? = entries[0]
        #expect(entry?.params.map(\.printedName) == ["ga_event_origin", "items", "value", "note"])
        #expect(entry?.params[0].shortName == "_o")
        let items = entry?.params[1].value.items ?? []
        #expect(items.map { $0.map(\.printedName) } == [["item_id", "item_name", "price"], ["item_id", "quantity"]])
        #expect(items.first.map { String(decoding: $0[1].value.text, as: UTF8.self) } == "Tokyo, Tower")
        #expect(entry.map { String(decoding: $0.params[3].value.text, as: UTF8.self) } == "a, b")
    }

    @Test func iosItemsList() {
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        let lines = [
            CaptureText.ios + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, purchase, {",
            "    currency = EUR;", "    items =     (", "                {", "            \"item_id\" = sku1;",
            "            \"item_name\" = \"Tokyo Tower\";", "            price = \"4.5\";", "        },",
            "                {", "            \"item_id\" = sku2;", "        }", "    );", "    value = 9;", "}",
        ]
        for (index, line) in lines.enumerated() {
            _ = reader.feed(Array(line.utf8), number: index + 1, byteOffset: 0, into: &entries)
        }
        #expect(entries.count == 1)
        #expect(entries.first?.params.map(\.printedName) == ["currency", "items", "value"])
        #expect(
            entries.first?.params[1].value.items.map { $0.map(\.printedName) } == [
                ["item_id", "item_name", "price"], ["item_id"],
            ])
        #expect(entries.first?.params[1].value.items.first?[1].position.line == 6)
    }

    /// `4200.0` is a double on Android (a Long prints `4200`); `String(…)`, `Long(…)` say their type.
    @Test func androidValueTypes() throws {
        func closed(_ second: Int, _ duration: String, outcome: String = "later") -> String {
            CaptureText.logcat(second)
                + "Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=\(outcome), duration_ms=\(duration), limit_arm=capped}]"
        }
        let result = try Self.run(
            CaptureText.androidArms + [
                closed(1, "4200.0"), closed(2, "Long(4200)"), closed(3, "String(4200)"),
                closed(4, "4200", outcome: "String(later)"),
            ])
        #expect(result.nonPairLineRules == ["3 stream/wrong-type", "5 stream/wrong-type"])
    }

    @Test func androidServiceReportIsAConfirmation() throws {
        let result = try Self.run(
            CaptureText.androidArms + [
                CaptureText.logcat(1)
                    + "Logging event (FE): offer_shown, Bundle[{ga_event_origin(_o)=app, limit_arm=capped}]",
                "10-18 10:15:01.200  4321  4400 V FA-SVC  : Logging event: origin=app,name=offer_shown,params=Bundle[{ga_event_origin(_o)=app, limit_arm=capped}]",
                "10-18 10:15:01.300  4321  4400 V FA-SVC  : Event recorded: Event{appId='com.focusity.android', name='offer_shown', params=Bundle[{_o=app, limit_arm=capped}]}",
            ])
        #expect(result.nonPairLineRules.isEmpty, "\(result.lineRules)")
        #expect(result.counters.perEvent.reduce(0, +) == 1 && result.counters.validLines == 5)
    }

    /// The SDK prints one event up to four times (Android: the copy passed to a registered
    /// handler, which logs it again, the `(FE)` line, the service's `Logging event: origin=`, its
    /// `Event recorded:`; iOS: `Logging event`, the debug and real-time notices, `Event
    /// logged.`): each later line follows the event once, in that order, whichever of them a
    /// filter or a cut left in the capture; a line that follows nothing is the event, with its
    /// params checked.
    @Test func everyReportOfAnEventFollowsItOnce() throws {
        let svc = "10-18 10:15:01.200  4321  4400 V FA-SVC  : "
        let shown = "offer_shown, Bundle[{ga_event_origin(_o)=app, limit_arm=capped}]"
        let fe = CaptureText.logcat(1) + "Logging event (FE): " + shown
        let handler = CaptureText.logcat(1) + "Passing event to registered event handler (FE): " + shown
        let service =
            svc
            + "Logging event: origin=app,name=offer_shown,params=Bundle[{ga_event_origin(_o)=app, limit_arm=capped}]"
        let recorded =
            svc
            + "Event recorded: Event{appId='com.focusity.android', name='offer_shown', params=Bundle[{_o=app, limit_arm=capped}]}"
        for (lines, events) in [
            ([handler, fe, service, recorded], 1), ([fe, fe, service, service, recorded, recorded], 2),
            ([service, recorded, service, recorded], 2), ([recorded, recorded], 2), ([handler, recorded], 1),
            ([fe, recorded, fe], 2), ([handler, handler, fe, fe], 2), ([fe, handler], 2),
        ] {
            let result = try Self.run(CaptureText.androidArms + lines)
            #expect(result.counters.perEvent.reduce(0, +) == events, "\(lines)")
        }
        let bad = try Self.run(
            CaptureText.androidArms + [
                svc
                    + "Event recorded: Event{appId='com.focusity.android', name='offer_closed(_oc)', params=Bundle[{ga_event_origin(_o)=app, outcome=bogus, duration_ms=4000, limit_arm=capped}]}"
            ])
        #expect(bad.nonPairLineRules == ["3 stream/value-not-allowed"])
        let value = try #require(bad.findings.first { $0.ruleID == "stream/value-not-allowed" })
        #expect(
            value.location.column == svc.utf8.count + 1
                + #"Event recorded: Event{appId='com.focusity.android', name='offer_closed(_oc)', params=Bundle[{ga_event_origin(_o)=app, outcome="#
                .utf8.count)
        let notAnEvent = try Self.run(
            CaptureText.androidArms + [svc + "Event recorded: Event{appId='com.focusity.android', name='offer_shown'}"])
        #expect(notAnEvent.nonPairLineRules == ["3 export/capture-entry-unreadable"])

        let block = ["    limit_arm = capped;", "    ga_event_origin (_o) = app;", "}"]
        let tag = "[FirebaseAnalytics][I-ACS0230"
        let ios = try Self.run(
            CaptureText.iosArms + [
                CaptureText.iosTime(1) + tag + "51] Logging event: origin, name, params: app, offer_shown, {"
            ]
                + block + [
                    CaptureText.iosTime(1) + tag
                        + "73] Debug mode is enabled. Marking event as debug and real-time. Event name, parameters: offer_shown, {"
                ] + block + [
                    CaptureText.iosTime(1) + tag
                        + "105] Event is not subject to real-time event count daily limit. Marking an event as real-time. Event name, parameters: offer_shown, {"
                ] + block + [
                    CaptureText.iosTime(1) + tag + "72] Event logged. Event name, event params: offer_shown, {"
                ]
                + block)
        #expect(ios.counters.perEvent.reduce(0, +) == 1 && ios.nonPairLineRules.isEmpty, "\(ios.lineRules)")

        // The SDK prints the real-time marking when it uploads the event: after `Event logged.`,
        // the upload task and `Starting data upload`. It follows the event once; alone, it is
        // the event.
        let logging =
            [CaptureText.iosTime(1) + tag + "51] Logging event: origin, name, params: app, offer_shown, {"] + block
        let debug =
            [
                CaptureText.iosTime(1) + tag
                    + "73] Debug mode is enabled. Marking event as debug and real-time. Event name, parameters: offer_shown, {"
            ] + block
        let logged =
            [CaptureText.iosTime(1) + tag + "72] Event logged. Event name, event params: offer_shown, {"] + block
        let upload = [
            CaptureText.iosTime(2) + tag + "28] Upload task scheduled to be executed in approx. (s): 0.95",
            CaptureText.iosTime(3) + tag + "33] Starting data upload",
        ]
        let marked =
            [
                CaptureText.iosTime(3) + tag
                    + "105] Event is not subject to real-time event count daily limit. Marking an event as real-time. Event name, parameters: offer_shown, {"
            ] + block
        for (lines, events) in [
            (logging + debug + logged + upload + marked, 1), (debug + logged + upload + marked, 1),
            (logged + upload + marked, 1), (marked, 1),
            // The same marking again (an echo not known as one) is no second event, once.
            (upload + marked + marked, 1), (logged + marked + marked, 1), (marked + marked + marked, 2),
            (logging + logged + logging + logged + upload + marked + marked, 2),
            (logging + logged + logging + logged + upload + marked + marked + marked, 2),
            (logging + logged + upload + marked + logging + logged, 2),
        ] {
            let result = try Self.run(CaptureText.iosArms + lines)
            #expect(
                result.counters.perEvent.reduce(0, +) == events && result.nonPairLineRules.isEmpty,
                "\(lines.count) lines: \(result.lineRules)")
        }
    }

    /// A capture quoted in a reply (`> ` or `>> ` before every line, as GitHub's "Quote reply"
    /// writes it) reads as the capture itself: times, blocks, wrapped headers and ASL echoes
    /// past the quote, findings at their columns in the quoted lines. So does one whose lines
    /// end in tabs, carry an indent or a terminal's colours.
    @Test func aQuotedOrIndentedCaptureReadsAsItself() throws {
        let lines =
            CaptureText.iosArms + [
                "2026-10-18 10:15:01.123456+0900 Focusity[1234:56789] [Firebase/Analytics][I-ACS023051] Logging event: origin, name, params: app,",
                " offer_closed, {", "    outcome = bogus;", "}",
                "2026-10-18 10:15:01.124 Focusity[1234] <Debug> [Firebase/Analytics][I-ACS023051] Logging event: origin, name, params: app,",
                " offer_closed, {", "    outcome = bogus;", "}",
                CaptureText.logcat(2)
                    + "Logging event (FE): offer_shown, Bundle[{ga_event_origin(_o)=app, limit_arm=capped}]",
            ]
        let plain = try Self.run(lines)
        #expect(plain.counters.perEvent.reduce(0, +) == 2)
        // A line of an entry that was not quoted keeps its `>`: it is data.
        let unquoted = try Self.run(
            CaptureText.androidArms + [
                CaptureText.logcat(1)
                    + "Logging event (FE): offer_shown, Bundle[{ga_event_origin(_o)=app, limit_arm=cap",
                "> ped}]",
            ])
        #expect(unquoted.lineRules.contains("3 stream/value-not-allowed"), "\(unquoted.lineRules)")
        for (prefix, suffix) in [
            ("> ", ""), (">> ", ""), ("> > ", ""), ("    ", ""), ("", "\t"), ("\t", " \t"),
            // A terminal's colours around each line (`logcat -v color`), saved with it.
            ("\u{1B}[38;5;75m", "\u{1B}[0m"), ("\u{1B}[1m\u{1B}[K", "\u{1B}[0;39m"),
        ] {
            let quoted = try Self.run(lines.map { prefix + $0 + suffix })
            #expect(quoted.lineRules == plain.lineRules, "\(prefix)|\(suffix)")
            #expect(quoted.counters.perEvent == plain.counters.perEvent, "\(prefix)|\(suffix)")
            #expect(
                zip(quoted.findings, plain.findings).allSatisfy {
                    $0.location.column == $1.location.column + (prefix.utf8.count)
                        || $0.location.line != $1.location.line
                },
                "\(prefix)|\(suffix)")
        }
    }

    /// An Android line a mail client or a terminal wrapped at one of its spaces: in the header
    /// (inside `Logging event (FE):` from its second word on, after it, after the name's
    /// comma with `Bundle[{` on the next line; the rest with or without an indent) or in the
    /// bundle, after a param's comma (the space gone), with a blank line after the record. One
    /// event, with the findings of the line as it was: a value at its column when it is on the
    /// event name's line, else at the name. A line that cannot go on from there is not joined.
    @Test func anAndroidLineWrappedAtASpaceIsReadWhole() throws {
        for message in [
            "Logging event (FE): offer_closed(_oc), Bundle[{ga_event_origin(_o)=app, outcome=bogus}]",
            "Passing event to registered event handler (FE): offer_closed(_oc), Bundle[{ga_event_origin(_o)=app, outcome=bogus}]",
        ] {
            let tag = CaptureText.logcat(1)
            let whole = try Self.run(CaptureText.androidArms + [tag + message])
            let rules = whole.findings.map(\.ruleID).sorted()
            let expected = try #require(whole.findings.first { $0.ruleID == "stream/value-not-allowed" })
            let bytes = Array(message.utf8)
            let name = try #require(message.range(of: "offer_closed")).lowerBound.utf16Offset(in: message)
            let value = try #require(message.range(of: "bogus")).lowerBound.utf16Offset(in: message)
            let second = try #require(message.range(of: "event ")).upperBound.utf16Offset(in: message) - 1
            for cut in bytes.indices where bytes[cut] == 0x20 && cut >= second {
                for indent in cut < value - 9 ? ["", "    "] : [""] {
                    let head = String(decoding: bytes[..<cut], as: UTF8.self)
                    let tail = String(decoding: bytes[(cut + 1)...], as: UTF8.self)
                    let result = try Self.run(CaptureText.androidArms + [tag + head, indent + tail, ""])
                    #expect(
                        result.counters.perEvent.reduce(0, +) == 1 && result.findings.map(\.ruleID).sorted() == rules,
                        "\(head)|\(tail): \(result.lineRules)")
                    let finding = result.findings.first { $0.ruleID == "stream/value-not-allowed" }
                    let (line, column) =
                        cut < name
                        ? (4, expected.location.column - tag.utf8.count - (cut + 1) + indent.utf8.count)
                        : (3, tag.utf8.count + name + 1)
                    #expect(
                        finding?.location.line == line && finding?.location.column == column,
                        "\(head)|\(tail): \(String(describing: finding?.location))")
                }
            }
        }
        // The service's report and its record, cut at each space before their bundles, as a mail
        // client wraps them; the Android Studio columns wrapped before the message, the `FA-SVC`
        // tag left on the line before.
        let svc = "10-18 10:15:01.200  4321  4400 V FA-SVC  : "
        for (lines, events) in [
            ([svc + "Logging event:", "origin=app,name=offer_closed(_oc),params=Bundle[{outcome=bogus}]"], 1),
            (
                [
                    svc + "Event recorded:", "Event{appId='com.focusity.android',", "name='offer_closed(_oc)',",
                    "params=Bundle[{outcome=bogus}]}",
                ], 1
            ),
            (
                [
                    "2026-10-18 10:15:01.200  4321-4400  FA-SVC                  ",
                    "com.google.android.gms               V  Logging event:",
                    "origin=app,name=offer_closed(_oc),params=Bundle[{ga_event_origin(_o)=app,", "outcome=bogus}]",
                ], 1
            ),
            // A line of the app's own that ends so, with no `FA` tag and nothing going on with it:
            // neither an event nor a finding.
            (["2026-10-18 10:15:01.200 App[1:2] Logging event:", "done"], 0),
        ] {
            let result = try Self.run(CaptureText.androidArms + lines + [""])
            #expect(result.counters.perEvent.reduce(0, +) == events, "\(lines): \(result.lineRules)")
            #expect(
                result.findings.contains { $0.ruleID == "stream/value-not-allowed" } == (events == 1)
                    && !result.lineRules.contains { $0.contains("capture-entry") },
                "\(lines): \(result.lineRules)")
        }
        // After `NAME,`, a line that does not open the bundle is not joined: unreadable.
        let broken = try Self.run(
            CaptureText.androidArms + [
                CaptureText.logcat(1) + "Logging event (FE): offer_closed(_oc),", "something else",
            ])
        #expect(broken.nonPairLineRules == ["3 export/capture-entry-unreadable"], "\(broken.lineRules)")
    }

    /// A header cut right after the SDK's tag, before the words that tell its form (`… [I-ACS023051]
    /// Logging`, `<FIRAnalytics/DEBUG> Event`), as a mail client wraps a line with a long
    /// prefix, is told by the line that goes on with it; when none does, it is the SDK line it
    /// is (`Event not logged. …` begins as `Event logged.` does), with no finding.
    @Test func anIOSHeaderCutRightAfterItsTagIsToldByTheNextLine() throws {
        let tag = CaptureText.iosTime(1) + "[FirebaseAnalytics][I-ACS0230"
        let block = ["    limit_arm = capped;", "}"]
        for (lines, events) in [
            ([tag + "51] Logging", "event: origin, name, params: app, offer_shown, {"] + block, 1),
            ([tag + "72] Event", "logged. Event name, event params: offer_shown, {"] + block, 1),
            ([tag + "72] Eve", "nt logged. Event name, event params: offer_shown, {"] + block, 1),
            (
                [
                    tag + "73] Debug",
                    "mode is enabled. Marking event as debug and real-time. Event name, parameters: offer_shown, {",
                ] + block, 1
            ),
            (
                [
                    tag + "05] Event",
                    "is not subject to real-time event count daily limit. Marking an event as real-time. Event name, parameters: offer_shown, {",
                ] + block, 1
            ),
            ([tag + "50] Event", "not logged. Analytics collection is disabled: offer_shown"], 0),
        ] {
            let result = try Self.run(CaptureText.iosArms + lines)
            #expect(result.counters.perEvent.reduce(0, +) == events, "\(lines[0]): \(result.lineRules)")
            #expect(result.nonPairLineRules.allSatisfy { !$0.contains("capture-entry") }, "\(result.lineRules)")
        }
    }

    /// Colours inside a line (a `grep --color` highlight of the fixed text, a bold value, a
    /// reset at the end of a wrapped header) are taken out, so the line reads as a terminal
    /// shows it: the same events and findings as without them.
    @Test func coloursInsideALineReadAsTheTerminalShowsThem() throws {
        let bold = "\u{1B}[1m"
        let reset = "\u{1B}[0m"
        let line = "Logging event (FE): offer_closed(_oc), Bundle[{ga_event_origin(_o)=app, outcome=bogus}]"
        let plain = try Self.run(CaptureText.androidArms + [CaptureText.logcat(1) + line])
        for coloured in [
            "\u{1B}[01;31m\u{1B}[KLogging event\u{1B}[m\u{1B}[K (FE): offer_closed(_oc), Bundle[{ga_event_origin(_o)=app, outcome=bogus}]",
            "Logging \(bold)event\(reset) (FE): offer_closed(_oc), Bundle[{ga_event_origin(_o)=app, outcome=\(bold)bogus\(reset)}]",
        ] {
            let result = try Self.run(CaptureText.androidArms + [CaptureText.logcat(1) + coloured])
            #expect(result.counters.perEvent == plain.counters.perEvent, "\(coloured)")
            #expect(result.lineRules == plain.lineRules, "\(coloured): \(result.lineRules)")
        }
        let block = ["    limit_arm = capped;", "}"]
        let wrapped = try Self.run(
            CaptureText.iosArms + [
                CaptureText.iosTime(1) + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params:"
                    + reset,
                "app, offer_shown, {",
            ] + block)
        #expect(wrapped.counters.perEvent.reduce(0, +) == 1 && wrapped.nonPairLineRules.isEmpty, "\(wrapped.lineRules)")
    }

    /// An iOS user property line wrapped at one of its spaces (inside its fixed text from its
    /// second word on, after it, after the name or its comma), as a mail client wraps a line
    /// with a long prefix, is read whole: the property set, with its finding.
    @Test func anIOSUserPropertyLineWrappedAtASpaceIsReadWhole() throws {
        let tag = CaptureText.iosTime(1) + "[FirebaseAnalytics][I-ACS023087] "
        for message in [
            "User property set. Name, value: mystery_prop (_mp), 1",
            "Setting user property. Name, value: mystery_prop, 1",
        ] {
            let whole = try Self.run([tag + message])
            let rules = whole.findings.map(\.ruleID).sorted()
            #expect(rules.contains("stream/unknown-user-property"), "\(whole.lineRules)")
            let bytes = Array(message.utf8)
            let second = try #require(message.range(of: " ")).upperBound.utf16Offset(in: message)
            for cut in bytes.indices where bytes[cut] == 0x20 && cut >= second && cut < bytes.count - 2 {
                let head = String(decoding: bytes[..<cut], as: UTF8.self)
                let tail = String(decoding: bytes[(cut + 1)...], as: UTF8.self)
                let result = try Self.run([tag + head, tail])
                #expect(result.findings.map(\.ruleID).sorted() == rules, "\(head)|\(tail): \(result.lineRules)")
            }
        }
    }

    /// An iOS header of any of the three forms may be wrapped anywhere before its params block:
    /// inside its fixed text, after it (with or without the space after its colon), after the
    /// origin, inside the name or after its comma; each line that can continue it is joined
    /// (the indent before a name dropped), and what is on it is found there. A line that
    /// cannot go on from where the header ends is not joined.
    @Test func anIOSHeaderWrappedAnywhereBeforeItsBlockIsJoined() throws {
        let block = ["    limit_arm = capped;", "}"]
        func events(_ lines: [String]) throws -> (Int, [String], LintResult) {
            let result = try Self.run(CaptureText.iosArms + lines)
            return (result.counters.perEvent.reduce(0, +), result.nonPairLineRules, result)
        }
        let notice =
            "[Firebase/Analytics][I-ACS023105] Event is not subject to real-time event count daily limit. Marking an event as real-time. Event name, parameters: "
        // The notice wrapped after its fixed text and after the name, the block on a line of
        // its own, trailing spaces as pasted; and its ASL echo.
        let (unity, unityRules, unityResult) = try events(
            [CaptureText.iosTime(1) + notice, "offer_shown, ", "{     "] + block + [
                "2026-10-18 10:15:01.124 Focusity[1234] <Debug> 11.3.0 - " + notice, "offer_shown, ", "{     ",
            ] + block)
        #expect(unity == 1 && unityRules.isEmpty, "\(unityRules)")
        #expect(unityResult.pairs.first { $0.name == "offer" }?.opened == 1)
        for lines in [
            // `Event logged.` with the space after its colon gone, the name on the next line.
            ["Event logged. Event name, event params:", "offer_shown, {"] + block,
            // Cut inside the fixed text, the space at the wrap kept on either side.
            ["Logging event: origin, name, par", "ams: app, offer_shown, {"] + block,
            ["Logging event: origin, name, params: app, offer_sh", "own, {"] + block,
            ["Logging event: origin, name, params: app,", "    offer_shown, {"] + block,
            ["Debug mode is enabled. Marking event as debug", " and real-time. Event name, parameters: offer_shown, {"]
                + block,
            // Wrapped at a space that stayed at the end of the line, or went to the next line's
            // indent; right after the name; inside its short form; inside the origin.
            ["Logging event: origin, name, ", "params: app, offer_shown, {"] + block,
            ["Logging event: origin, name,\t  ", "    params: app, offer_shown, {"] + block,
            ["Logging event: origin, name, params: app, offer_sh   ", "own, {"] + block,
            ["Logging event: origin, name, params: app, offer_shown", ", {"] + block,
            ["Logging event: origin, name, params: app, offer_shown (", "_os), {"] + block,
            ["Logging event: origin, name, params: app, offer_shown", " (_os), {"] + block,
            ["Logging event: origin, name, params: a", "pp, offer_shown, {"] + block,
        ] {
            let (count, rules, result) = try events(lines)
            #expect(count == 1 && rules.isEmpty, "\(lines) \(rules)")
            #expect(result.pairs.first { $0.name == "offer" }?.opened == 1, "\(lines)")
        }
        // The name is found on its own line, at its column past the indent.
        let indented = try Self.run(
            CaptureText.iosArms + [
                "Logging event: origin, name, params: app,", "    offer_closed, { outcome = bogus; }",
            ])
        let bogus = try #require(indented.findings.first { $0.ruleID == "stream/value-not-allowed" })
        #expect(bogus.location.line == 4 && bogus.location.column == "    offer_closed, { outcome = ".utf8.count + 1)
        let cutName = try Self.run(
            CaptureText.iosArms + ["Logging event: origin, name, params: app, offer_clo", "sed, { outcome = bogus; }"])
        // Cut inside the name: the entry starts where the name does (a value further down is
        // reported at the name).
        #expect(
            cutName.findings.contains {
                $0.ruleID == "stream/value-not-allowed" && $0.location.line == 3
                    && $0.location.column == "Logging event: origin, name, params: app, ".utf8.count + 1
            })
        // Cut inside its fixed text and never continued (another message came between): an
        // entry that cannot be read, at its line.
        let interleaved = try Self.run(
            CaptureText.iosArms + [
                CaptureText.iosTime(1) + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, ",
                CaptureText.iosTime(1) + "[FirebaseAnalytics][I-ACS002002] Analytics collection enabled",
            ])
        #expect(interleaved.lineRules.contains("3 export/capture-entry-unreadable"), "\(interleaved.lineRules)")
        // A line that cannot go on from the name is not joined: the name alone is an event
        // without params, and the line is the app's.
        let notAName = try Self.run(["Logging event: origin, name, params: app, offer_shown", "Timer fired at last"])
        #expect(notAName.counters.perEvent.reduce(0, +) == 1)
        #expect(notAName.counters.notAnalyticsLines == 1)
        let notABlock = try Self.run([
            "Logging event: origin, name, params: app, offer_shown,", "ga_event_origin = app;",
        ])
        #expect(notABlock.lineRules.first == "1 export/capture-entry-unreadable", "\(notABlock.lineRules)")
        // Read alone after a join, the entry is found on the line it stops on, line and column.
        let stopped = try Self.run([
            CaptureText.iosTime(1) + "[FirebaseAnalytics][I-ACS023051] Logging event: origin,", "name, params: app",
            CaptureText.iosTime(2) + "[FirebaseAnalytics][I-ACS002002] Timer fired",
        ])
        let unreadable = try #require(stopped.findings.first { $0.ruleID == "export/capture-entry-unreadable" })
        #expect(unreadable.location.line == 2 && unreadable.location.column == "name, params: ".utf8.count + 1)
    }

    /// A bundle wrapped onto the next line by a terminal is joined; one the line ends inside, cut.
    @Test func wrappedAndTruncatedEntries() throws {
        let result = try Self.run(
            CaptureText.androidArms + [
                CaptureText.logcat(1)
                    + "Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=bog",
                "us, duration_ms=4200, limit_arm=capped}]",
                CaptureText.logcat(2)
                    + "Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=later, dur",
                CaptureText.logcat(3)
                    + "Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=la",
            ])
        #expect(
            result.nonPairLineRules == [
                "3 stream/value-not-allowed", "5 export/capture-entry-truncated", "6 export/capture-entry-truncated",
            ])
        let ios = try Self.run(
            CaptureText.iosArms + [
                CaptureText.iosTime(1)
                    + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_closed, {",
                "    limit_arm = capped;",
                CaptureText.iosTime(2) + "[FirebaseAnalytics][I-ACS023009] Debug logging enabled",
            ])
        #expect(ios.lineRules == ["3 export/capture-entry-truncated"])
        #expect(ios.counters.notAnalyticsLines == 1 && ios.counters.validLines == 4)
    }

    /// A capture is one device, so one user, until the app sets a user id or resets the data.
    @Test func userIDAndResetStartNewUsers() throws {
        let shown =
            "Logging event (FE): offer_shown, Bundle[{ga_event_origin(_o)=app, limit_arm=capped}]"
        let closed =
            "Logging event (FE): offer_closed, Bundle[{ga_event_origin(_o)=app, outcome=later, duration_ms=2000, limit_arm=capped}]"
        let oneUser = try Self.run(
            CaptureText.androidArms + [CaptureText.logcat(1) + shown, CaptureText.logcat(3) + closed])
        #expect(oneUser.findings.isEmpty)
        let switched = try Self.run(
            CaptureText.androidArms + [
                CaptureText.logcat(1) + shown, CaptureText.logcat(2) + "Setting user property (FE): _id, 42",
                CaptureText.logcat(3) + closed,
            ])
        #expect(switched.findings(PairRules.orphanClose.id).map(\.location.line) == [5])
        let reset = try Self.run(
            CaptureText.androidArms + [
                CaptureText.logcat(1) + shown, CaptureText.logcat(2) + "Resetting analytics data (FE)",
            ] + CaptureText.androidArms + [CaptureText.logcat(3) + closed])
        #expect(reset.findings(PairRules.orphanClose.id).map(\.location.line) == [7])
    }

    @Test func yearlessTimesRollOverAtNewYear() {
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        for (index, time) in ["12-31 23:59:59.000", "01-01 00:00:01.000"].enumerated() {
            let line = time + "  4321  4390 V FA      : Logging event (FE): x, Bundle[{}]"
            _ = reader.feed(Array(line.utf8), number: index + 1, byteOffset: 0, into: &entries)
        }
        #expect(entries.count == 2)
        #expect(entries.count == 2 && entries[1].timestamp! - entries[0].timestamp! == 2_000_000)
    }

    @Test func timeZonesAreApplied() {
        let a = CaptureReader.parseTime(Array("2026-10-18 10:15:32.5+0900 x".utf8), from: 0)
        let b = CaptureReader.parseTime(Array("2026-10-18 01:15:32.500000Z x".utf8), from: 0)
        #expect(a != nil && a?.micros == b?.micros)
        #expect(CaptureReader.parseTime(Array("1970-01-01 00:00:01.000000+0000".utf8), from: 0)?.micros == 1_000_000)
    }

    // MARK: - Names

    @Test(arguments: [
        (
            "ga_event_origin", "_o" as String?, CaptureNames.Kind.param,
            CaptureNames.Mapped.name("firebase_event_origin")
        ),
        ("firebase_event_origin", "_o", .param, .name("firebase_event_origin")),
        ("ga_screen_class", "_sc", .param, .name("firebase_screen_class")),
        ("ga_screen_id", "_si", .param, .name("firebase_screen_id")),
        ("ga_previous_class", "_pc", .param, .name("firebase_previous_class")),
        ("session_id", "_sid", .param, .name("ga_session_id")),
        ("engagement_time_msec", "_et", .param, .name("engagement_time_msec")),
        ("_et", nil, .param, .name("engagement_time_msec")),
        ("ga_debug", "_dbg", .param, .automatic),
        ("_mst", nil, .param, .automatic),
        ("ga_something_new", nil, .param, .automatic),
        ("duration_ms", nil, .param, .name("duration_ms")),
        ("screen_view", "_vs", .event, .name("screen_view")),
        ("_vs", nil, .event, .name("screen_view")),
        ("_xyz", nil, .event, .automatic),
        ("ga_session_id", "_sid", .userProperty, .name("ga_session_id")),
        ("_id", nil, .userProperty, .name("user_id")),
    ])
    func names(long: String, short: String?, kind: CaptureNames.Kind, expected: CaptureNames.Mapped) {
        #expect(CaptureNames.exportName(long: long, short: short, kind: kind) == expected)
    }

    @Test func unmappedAutomaticNamesAreKnown() throws {
        let result = try Self.run(
            CaptureText.androidArms + [
                CaptureText.logcat(1)
                    + "Logging event (FE): offer_shown, Bundle[{ga_event_origin(_o)=app, limit_arm=capped, _xyz=1, ga_new_thing(_gn)=2}]",
                CaptureText.logcat(2) + "Logging event (FE): _abc, Bundle[{_o=auto}]",
            ])
        #expect(result.nonPairLineRules.isEmpty, "\(result.lineRules)")
        #expect(result.counters.automaticEvents == 1 && result.counters.unknownEvents == 0)
    }

    // MARK: - Detection

    @Test func forcedCaptureFormatReadsOnlyThatFormat() throws {
        let lines = [
            "{\"event_name\":\"x\"}",
            CaptureText.logcat(1) + "Logging event (FE): offer_shown, Bundle[{limit_arm=capped}]",
        ]
        let forced = try Self.run(lines, name: "mixed.ndjson") { $0.settings.inputFormat = .iosConsole }
        #expect(forced.counters.notAnalyticsLines == 2 && forced.counters.eventsChecked == 0)
        let android = try Self.run(lines, name: "mixed.ndjson") { $0.settings.inputFormat = .androidLogcat }
        #expect(android.counters.notAnalyticsLines == 1 && android.counters.formats == [.androidLogcat: 1])
    }

    /// In a file that starts with JSON, each line is detected: JSON rows are rows, console lines
    /// are console lines, and the app's own lines after a console line are "not analytics".
    @Test func perLineDetectionInAnExport() throws {
        let result = try Self.run(
            [
                Export.bq("screen_view", at: 0),
                CaptureText.logcat(1) + "Logging event (FE): screen_view(_vs), Bundle[{ga_event_origin(_o)=auto}]",
                "10-18 10:15:02.000  4321  4321 D FocusTimer: tick",
                Export.bq("screen_view", at: 3),
            ], name: "mixed.ndjson"
        ) { $0.jobs = 1 }
        #expect(result.counters.formats == [.bigQuery: 2, .androidLogcat: 1])
        #expect(result.counters.notAnalyticsLines == 1 && result.counters.validLines == 3)
    }

    @Test func aCaptureIsNotSplitAcrossWorkers() throws {
        var lines = CaptureText.iosArms
        for second in 1...40 {
            lines += [
                CaptureText.iosTime(second % 60)
                    + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, offer_shown, {",
                "    limit_arm = capped;", "}",
            ]
        }
        let one = try Self.run(lines) { $0.jobs = 1 }
        let four = try Self.run(lines) { $0.jobs = 4 }
        #expect(
            one.lineRules == four.lineRules && four.counters.notAnalyticsLines == 0
                && four.counters.perEvent.reduce(0, +) == 40)
    }
}

extension LintResult {
    /// `line rule` of every finding that is not about pairs.
    var nonPairLineRules: [String] { lineRules.filter { !$0.contains(" pair/") } }
}

extension CaptureTests {
    /// Odd bytes in a block neither trap nor loop; a block that never closes is cut at 256 KiB.
    @Test func hostileBlocks() throws {
        var reader = CaptureReader()
        var entries: [CaptureEntry] = []
        let lines = [
            CaptureText.ios + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, x, {",
            "    items = ( ; } , ) ;", "    a = \"unterminated \\", "    (((( = ;", "}",
            "10-18 10:15:32.123  4321  4390 V FA      : Logging event (FE): x, Bundle[{items=[Bundle[{a=1}], x], b=}]",
            "10-18 10:15:32.123  4321  4390 V FA      : Logging event (FE): x(_, Bundle[{=}]",
        ]
        for (index, line) in lines.enumerated() {
            _ = reader.feed(Array(line.utf8), number: index + 1, byteOffset: 0, into: &entries)
        }
        reader.finish(into: &entries)
        #expect(!entries.isEmpty)
        var long = CaptureReader()
        var cut: [CaptureEntry] = []
        _ = long.feed(
            Array(
                (CaptureText.ios + "[FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, x, {")
                    .utf8),
            number: 1, byteOffset: 0, into: &cut)
        let filler = Array("    key = value;".utf8)
        var number = 2
        while cut.isEmpty, number < 200_000 {
            _ = long.feed(filler, number: number, byteOffset: 0, into: &cut)
            number += 1
        }
        #expect(cut.first?.truncated == true && number < 20_000)
    }
}

extension CaptureTests {
    @Test func entryThatIsNotUTF8IsReportedNotRepaired() throws {
        var bytes = Array((CaptureText.androidArms.joined(separator: "\n") + "\n").utf8)
        bytes += Array(
            (CaptureText.logcat(1) + "Logging event (FE): offer_shown, Bundle[{limit_arm=cap").utf8)
        bytes += [0xFF]
        bytes += Array("4}]\n".utf8)
        let result = try Lint.run(bytes: bytes, name: "capture.log")
        #expect(result.nonPairLineRules == ["3 json/invalid-utf8"])
        #expect(result.counters.invalidLines == 0 && result.counters.validLines == 3)
    }
}

extension CaptureTests {
    /// The examples of `export/capture-entry-truncated` in the catalogue (and docs/rules.md).
    @Test func truncatedEntryRuleExamples() throws {
        let examples = try #require(ExportRules.captureEntryTruncated.examples)
        func truncated(_ text: String) -> Bool {
            var reader = CaptureReader()
            var entries: [CaptureEntry] = []
            let bytes = LintRuleExampleTests.exportText(text).bytes
            for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
                _ = reader.feed(Array(line), number: index + 1, byteOffset: 0, into: &entries)
            }
            reader.finish(into: &entries)
            return entries.count == 1 && entries[0].truncated
        }
        #expect(truncated(examples.failing))
        #expect(!truncated(examples.passing))
    }
}
