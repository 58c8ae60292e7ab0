import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The shapes `lint` reads (SPEC §3): real BigQuery rows in the shapes saved beside the spec,
/// console JSON arrays over many lines, explicit nulls, numbers as strings, flat and MP lines,
/// and `--input-format` forcing one.
@Suite struct LintFormatTests {
    /// `../shared/samples-real` beside the repository's workplace, when present.
    static let realSamples: URL? = {
        let url = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/samples-real")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    static func lintRealSample(_ name: String) throws -> LintResult? {
        guard let directory = realSamples else { return nil }
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
        return try Lint.run(bytes: bytes, name: name)
    }

    @Test(.enabled(if: realSamples != nil, "the real samples in ../shared/samples-real are absent"))
    func realBigQueryRowLoads() throws {
        let result = try #require(try Self.lintRealSample("ga4-web-obfuscated-ecommerce.page_view.ndjson"))
        // A web page_view: automatic, so none of its params are checked.
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        #expect(result.counters.automaticEvents == 1)
        #expect(result.counters.validLines == 1)
    }

    @Test(.enabled(if: realSamples != nil, "the real samples in ../shared/samples-real are absent"))
    func consoleJSONRowWithExplicitNullsLoads() throws {
        let result = try #require(try Self.lintRealSample("ga4-web-velir.session_start.console-json.json"))
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        #expect(result.counters.automaticEvents == 1)
    }

    @Test(.enabled(if: realSamples != nil, "the real samples in ../shared/samples-real are absent"))
    func prettyPrintedConsoleArrayIsOneDocumentWithEventsAtTheirOwnLines() throws {
        let result = try #require(try Self.lintRealSample("firebase-android-unity.sign_up.console-json.json"))
        // One event, found where its name and its user property stand in the 154-line document.
        #expect(result.counters.eventsChecked == 1)
        #expect(result.counters.invalidLines == 0)
        #expect(result.lineRules == ["4 stream/unknown-event", "101 stream/unknown-user-property"])
        #expect(result.findings.first?.location.column == 17)
    }

    @Test(.enabled(if: realSamples != nil, "the real samples in ../shared/samples-real are absent"))
    func prettyPrintedDocumentCountsItsOwnLines() throws {
        let result = try #require(try Self.lintRealSample("firebase-android-unity.sign_up.console-json.json"))
        // The file has 154 lines, each ended by LF (`wc -l`), none of them blank.
        #expect(result.counters.linesRead == 154)
        #expect(result.counters.blankLines == 0)
        #expect(
            result.counters.linesRead == result.counters.validLines + result.counters.invalidLines
                + result.counters.blankLines)
    }

    @Test(.enabled(if: realSamples != nil, "the real samples in ../shared/samples-real are absent"))
    func itemsFragmentIsNotAnEvent() throws {
        let result = try #require(try Self.lintRealSample("ga4-web-obfuscated-ecommerce.items-fragment.json"))
        #expect(result.lineRules == ["2 stream/not-an-event"])
        #expect(result.counters.notEvents == 1)
    }

    // MARK: - Shapes of our own

    @Test func consoleArrayOfSeveralRowsOverManyLines() throws {
        let first = Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))])
        let second = Export.bq("picker_closed", at: 9, params: Events.picker(entry: "home_button"))
        let text = "[\n  " + first + ",\n\n  " + second + "\n]\n"
        let result = try Lint.run(bytes: Array(text.utf8), name: "rows.json")
        #expect(result.lineRules == ["4 pair/param-mismatch"])
        #expect(result.counters.eventsChecked == 2)
        #expect(result.counters.blankLines >= 1)
    }

    @Test func explicitNullsAreAbsentValues() throws {
        let row = Export.bq(
            "offer_closed", at: 10,
            params: [
                (
                    "outcome",
                    .raw("{\"string_value\":\"later\",\"int_value\":null,\"float_value\":null,\"double_value\":null}")
                ),
                (
                    "duration_ms",
                    .raw("{\"string_value\":null,\"int_value\":\"10000\",\"float_value\":null,\"double_value\":null}")
                ),
                (
                    "limit_arm",
                    .raw("{\"string_value\":\"capped\",\"int_value\":null,\"float_value\":null,\"double_value\":null}")
                ),
            ]
        ).replacingOccurrences(
            of: "\"platform\":\"IOS\"", with: "\"user_id\":null,\"event_value_in_usd\":null,\"platform\":\"IOS\"")
        let open = Export.bq("offer_shown", at: 0, params: Events.offerArm)
        let result = try Lint.run([open, row])
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        // A param whose every member is null is missing.
        let allNull = Export.bq(
            "tour_step_complete", at: 0,
            params: [
                ("phase", .raw("{\"string_value\":null,\"int_value\":null,\"float_value\":null,\"double_value\":null}"))
            ])
        let missing = try Lint.run([allNull])
        #expect(missing.findings.count == 1)
        #expect(
            ["stream/missing-required-param", "stream/wrong-type"].contains(missing.findings.first?.ruleID ?? ""),
            "\(missing.lineRules)")
    }

    @Test func floatsAsStringsAndNumbers() throws {
        let plan = try Lint.plan(adding: [
            (
                "schema/rating.json5",
                """
                {
                  params: { score: { type: 'double', min: 0, max: 5, register: 'none', description: 'A rating.' } },
                  events: { focus_rated: { description: 'A focus session was rated.', params: { score: 'required' } } },
                }
                """
            )
        ])
        let asString = Export.bq("focus_rated", at: 0, params: [("score", .raw("{\"double_value\":\"4.5\"}"))])
        let asNumber = Export.bq("focus_rated", at: 1, params: [("score", .double(4.5))])
        let asFloat = Export.bq("focus_rated", at: 2, params: [("score", .raw("{\"float_value\":3.25}"))])
        let asInt = Export.bq("focus_rated", at: 3, params: [("score", .int(4))])
        let flat = Export.flat("focus_rated", at: 4, params: [("score", .double(2.5))])
        let fine = try Lint.run([asString, asNumber, asFloat, asInt, flat], plan: plan)
        #expect(fine.findings.isEmpty, "\(fine.lineRules)")
        let tooHigh = Export.bq("focus_rated", at: 5, params: [("score", .raw("{\"double_value\":\"5.5\"}"))])
        let notNumber = Export.bq("focus_rated", at: 6, params: [("score", .raw("{\"double_value\":\"high\"}"))])
        let text = Export.bq("focus_rated", at: 7, params: [("score", .string("4.5"))])
        let bad = try Lint.run([tooHigh, notNumber, text], plan: plan)
        #expect(bad.lineRules == ["1 stream/value-out-of-range", "2 stream/wrong-type", "3 stream/wrong-type"])
    }

    @Test func timestampsAndIntsAsStringsOrNumbers() throws {
        let stringTime = Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))])
        let numberTime = Export.bq(
            "picker_closed", at: 9, params: Events.picker(),
            timestamp: String(Export.time(9)))
        let result = try Lint.run([numberTime, stringTime])
        #expect(result.findings.isEmpty, "\(result.lineRules)")
    }

    @Test func boolsOnTheWire() throws {
        let open = Export.flat("picker_shown", at: 0, params: [("entry", .string("onboarding"))])
        func closed(_ category: Export.Value) -> String {
            Export.flat("picker_closed", at: 5, params: Events.picker(category: category))
        }
        for good in [Export.Value.bool(true), .bool(false), .int(0), .int(1)] {
            let result = try Lint.run([open, closed(good)])
            #expect(result.findings.isEmpty, "\(good): \(result.lineRules)")
        }
        for bad in [Export.Value.string("true"), .int(2)] {
            let result = try Lint.run([open, closed(bad)])
            #expect(result.lineRules == ["2 stream/wrong-type"], "\(bad)")
        }
        // In a bq row, the bool is int_value 0/1; a string_value "1" is a type error.
        let bqOpen = Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))])
        let bqBad = Export.bq("picker_closed", at: 5, params: Events.picker(category: .string("1")))
        #expect(try Lint.run([bqOpen, bqBad]).lineRules == ["2 stream/wrong-type"])
    }

    @Test func bucketAsANumberIsATypeError() throws {
        let open = Export.flat("picker_shown", at: 0, params: [("entry", .string("onboarding"))])
        let closed = Export.flat("picker_closed", at: 5, params: Events.picker(apps: .int(3)))
        #expect(try Lint.run([open, closed]).lineRules == ["2 stream/wrong-type"])
    }

    @Test func flatLinesWithEitherNameKeyAndUserKey() throws {
        let lines = [
            "{\"event_name\":\"tour_step_complete\",\"params\":{\"phase\":\"intro\"},\"app_instance_id\":\"B1\",\"timestamp_micros\":\(Export.time(0)),\"app_version\":\"3.0.1\"}",
            "{\"name\":\"tour_step_complete\",\"params\":{\"phase\":\"demo\"},\"user_properties\":{\"offer_arm\":\"control\"},\"user_id\":\"fc_0000042\",\"event_timestamp\":\(Export.time(1))}",
        ]
        let result = try Lint.run(lines)
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        #expect(result.counters.formats[.flat] == 2)
    }

    @Test func measurementProtocolEventsTakeTheRequestsUserAndTime() throws {
        let request = Export.mp(
            at: 0, userProperties: [("offer_arm", .string("control"))],
            events: [
                (name: "tour_step_complete", params: [("phase", .string("demo"))], at: nil),
                (name: "tour_step_complete", params: [("phase", .string("offerStep"))], at: 3),
            ])
        let result = try Lint.run([request])
        #expect(result.lineRules == ["1 rule/user-property-requirement"])
        #expect(result.counters.formats[.measurementProtocol] == 2)
        #expect(result.counters.eventsChecked == 2)
    }

    @Test func inputFormatCanBeForced() throws {
        let request = Export.mp(
            at: 0, events: [(name: "tour_step_complete", params: [("phase", .string("demo"))], at: nil)])
        let auto = try Lint.run([request])
        #expect(auto.findings.isEmpty)
        // Forced, a line of another format is reported as such, not read as the forced one.
        let forced = try Lint.run([request]) { $0.settings.inputFormat = .bigQuery }
        #expect(forced.lineRules == ["1 export/format-mismatch"])
        #expect(
            forced.findings.first?.message
                == "the line is a Measurement Protocol request, not a GA4 BigQuery export row (--input-format bq)")
        let row = Events.step()
        let asFlat = try Lint.run([row]) { $0.settings.inputFormat = .flat }
        #expect(
            asFlat.lineRules == ["1 export/format-mismatch"] && asFlat.counters.eventsChecked == 0
                && asFlat.counters.notEvents == 1)
        let flat = Export.flat("tour_step_complete", at: 0, params: [("phase", .string("demo"))])
        let flatAsBQ = try Lint.run([flat]) { $0.settings.inputFormat = .bigQuery }
        #expect(
            flatAsBQ.findings.map(\.message) == [
                "the line is a flat debug log line, not a GA4 BigQuery export row (--input-format bq)"
            ])
        let asMP = try Lint.run([flat]) { $0.settings.inputFormat = .measurementProtocol }
        #expect(asMP.lineRules == ["1 export/format-mismatch"])
        // Each in its own format is read as before.
        #expect(try Lint.run([flat]) { $0.settings.inputFormat = .flat }.counters.formats == [.flat: 1])
        #expect(try Lint.run([row]) { $0.settings.inputFormat = .bigQuery }.counters.formats == [.bigQuery: 1])
        #expect(
            try Lint.run([request]) { $0.settings.inputFormat = .measurementProtocol }.counters.formats == [
                .measurementProtocol: 1
            ])
    }

    @Test func escapedKeysAndValuesAreDecoded() throws {
        let row = Events.step("demo").replacingOccurrences(of: "\"event_name\"", with: "\"event\\u005fname\"")
            .replacingOccurrences(of: "\"demo\"", with: "\"d\\u0065mo\"")
        let result = try Lint.run([row])
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        #expect(result.counters.perEvent.reduce(0, +) == 1)
    }

    @Test func crlfLineEndingsAreRead() throws {
        let text = Events.step() + "\r\n" + Events.step("demo", at: 2) + "\r\n"
        let result = try Lint.run(bytes: Array(text.utf8))
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        #expect(result.counters.validLines == 2)
    }
}
