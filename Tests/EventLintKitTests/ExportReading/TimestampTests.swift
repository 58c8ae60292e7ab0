import EventLintTestSupport
import Testing

@testable import EventLintKit

/// Timestamps that no real GA4 export holds (≤ 0, near `Int64.min` or `Int64.max`, seconds or
/// milliseconds for microseconds) are findings on their own line and take part in no time-based
/// check; no timestamp can trap or wrap the pair and window arithmetic.
@Suite struct TimestampTests {
    static let user = "A1B2C3D4E5F60718293A4B5C6D7E8F90"

    static func flat(_ name: String, timestamp: String, params: [(String, Export.Value)]) -> String {
        let body = params.map { "\(Export.quoted($0.0)):\(Export.flatValue($0.1))" }.joined(separator: ",")
        return
            "{\"name\":\"\(name)\",\"params\":{\(body)},\"user_properties\":{\"offer_arm\":\"offer\",\"limit_arm\":\"capped\"},"
            + "\"user_pseudo_id\":\"\(user)\",\"timestamp_micros\":\(timestamp),\"app_version\":\"3.0.0\"}"
    }

    static func mp(timestamp: String, events: [(String, [(String, Export.Value)])]) -> String {
        let list = events.map { event in
            "{\"name\":\"\(event.0)\",\"params\":{"
                + event.1.map { "\(Export.quoted($0.0)):\(Export.flatValue($0.1))" }.joined(separator: ",") + "}}"
        }
        return "{\"app_instance_id\":\"\(user)\",\"timestamp_micros\":\(timestamp),"
            + "\"user_properties\":{\"offer_arm\":{\"value\":\"offer\"},\"limit_arm\":{\"value\":\"capped\"}},"
            + "\"events\":[\(list.joined(separator: ","))]}"
    }

    static let extremes = [
        "-9223372036854775808", "-9223372036854775000", "-1", "0", "1741950000", "1741950000000",
        "9223372036854775807", "9200000000000000000", "4102444800000000",
    ]

    /// An open near `Int64.min` and a close near `Int64.max`: the engine traps today, or the
    /// difference wraps and the duration check passes. Both are now findings on their lines.
    @Test(arguments: ["bq", "flat", "mp"])
    func extremeOpenAndCloseAreFindingsAndNoPairArithmetic(format: String) throws {
        let open = "-9223372036854775000"
        let close = "9200000000000000000"
        let lines: [String]
        switch format {
        case "bq":
            lines = [
                Export.bq("offer_shown", at: 0, params: Events.offerArm, timestamp: "\"\(open)\""),
                Export.bq(
                    "offer_closed", at: 0, params: Events.offerClosed(duration: .int(1)),
                    timestamp: "\"\(close)\""),
            ]
        case "flat":
            lines = [
                Self.flat("offer_shown", timestamp: open, params: Events.offerArm),
                Self.flat(
                    "offer_closed", timestamp: close, params: Events.offerClosed(duration: .int(1))),
            ]
        default:
            lines = [
                Self.mp(timestamp: open, events: [("offer_shown", Events.offerArm)]),
                Self.mp(
                    timestamp: close, events: [("offer_closed", Events.offerClosed(duration: .int(1)))]
                ),
            ]
        }
        for jobs in [1, 2] {
            let result = try Lint.run(lines) { $0.jobs = jobs }
            let invalid = result.findings("stream/invalid-timestamp")
            #expect(invalid.map(\.location.line) == [1, 2], "\(format): \(result.lineRules)")
            #expect(invalid.allSatisfy { $0.message.contains("not a time between 2000 and 2100") })
            // Untimed, the pair still matches (by input order) but no duration is checked or kept.
            #expect(result.findings("pair/duration-mismatch").isEmpty, "\(format): \(result.lineRules)")
            #expect(result.pairs.allSatisfy { $0.durationsMs.isEmpty })
        }
    }

    /// Every extreme value on a pair's open, on its close and on a later event of the user (the
    /// end-of-stream window): no trap, exactly one finding on that line, no time-based finding.
    @Test(arguments: extremes)
    func everyExtremeTimestampIsOneFindingOnItsLine(timestamp: String) throws {
        let timed = Export.bq("limit_sheet_shown", at: 0, params: Events.sheet())
        let lines = [
            Export.bq("limit_sheet_shown", at: 0, params: Events.sheet(), timestamp: "\"\(timestamp)\""),
            Export.bq("tour_step_complete", at: 60, params: [("phase", .string("intro"))], timestamp: timestamp),
            timed,
        ]
        let result = try Lint.run(lines) { $0.unclosedWindowMinutes = .infinity }
        let lines1and2 = result.findings("stream/invalid-timestamp").map(\.location.line)
        #expect(lines1and2 == [1, 2], "\(timestamp): \(result.lineRules)")
        // The implausible open neither counts as near the end nor moves the user's last time.
        #expect(result.findings("pair/reopened").count == 1, "\(result.lineRules)")
    }

    @Test func plausibleRangeEdgesAreExact() {
        let range = GA4Facts.plausibleTimestampMicros
        #expect(range.contains(946_684_800_000_000))  // 2000-01-01T00:00:00Z
        #expect(!range.contains(946_684_799_999_999))
        #expect(range.contains(4_102_444_799_999_999))  // the last microsecond of 2099
        #expect(!range.contains(4_102_444_800_000_000))  // 2100-01-01T00:00:00Z
    }

    /// The class guard: the helpers every input-derived operation goes through saturate.
    @Test func saturatingArithmeticNeverTraps() {
        #expect(Int64.min.subtractingSaturating(1) == .min)
        #expect(Int64.max.subtractingSaturating(-1) == .max)
        #expect(Int64(9_200_000_000_000_000_000).subtractingSaturating(-9_223_372_036_854_775_000) == .max)
        #expect(Int64.max.addingSaturating(1) == .max)
        #expect(Int64.min.addingSaturating(-1) == .min)
        #expect(Int64.max.multipliedSaturating(by: 2) == .max)
        #expect(Int64.min.multipliedSaturating(by: 2) == .min)
        #expect(Int64(-3).multipliedSaturating(by: Int64.max) == .min)
        #expect(Int64(saturating: .infinity) == .max)
        #expect(Int64(saturating: -1e20) == .min)
        #expect(Int64(saturating: Double.nan) == 0)
        #expect(Int64(saturating: 9_223_372_036_854_775_807.0) == .max)
        #expect(Int64(saturating: -9_223_372_036_854_775_808.0) == .min)
        #expect(Int64(saturating: 42.9) == 42)
        #expect(
            LintSettings.windowMicros(minutes: 200_000_000_000) == Int64(LintSettings.maxUnclosedWindowMinutes)
                * 60_000_000)
        #expect(
            LintSettings.windowMicros(minutes: .infinity) == Int64(LintSettings.maxUnclosedWindowMinutes) * 60_000_000)
        #expect(LintSettings.windowMicros(minutes: -5) == 0)
        #expect(LintSettings.windowMicros(minutes: .nan) == 0)
        #expect(LintSettings.windowMicros(minutes: 30) == 1_800_000_000)
    }

    /// `sql` takes the same range: an implausible time is no time and a finding of its own.
    @Test func sqlTreatsImplausibleTimesAsNoTime() throws {
        let sql = GeneratedSQL.sql(try GeneratedSQL.enginePlan())
        #expect(
            sql.contains(
                "SAFE_CAST(event_timestamp AS INT64) >= 946684800000000 AND SAFE_CAST(event_timestamp AS INT64) < 4102444800000000"
            ))
        #expect(sql.contains("IF(implausible_time OR ("))
    }
}
