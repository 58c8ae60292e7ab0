import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `StreamEngine`, the checks of `lint` a line at a time: each line's findings come back from
/// its own `push`, a wrong close from the close's, a pair times out by the stream's event time
/// or by the driver's clock (once, and a late close still closes it), and `finish` gives the
/// pairs left open and the accounting; on lines in time order the findings are `lint`'s.
@Suite struct StreamEngineTests {
    typealias E = Events

    /// Pushes lines one by one (arrival `arrivals[index]`, else 0) and returns each push's rules.
    static func pushAll(
        _ lines: [String], into engine: StreamEngine, arrivals: [Int64] = []
    ) -> [[String]] {
        var offset: Int64 = 0
        var number = 0
        return lines.map { text in
            number += 1
            let bytes = Array(text.utf8)
            let found = bytes.withUnsafeBytes { raw in
                let line = FramedLine(
                    number: number, byteOffset: offset, bytes: raw, length: Int64(raw.count), flags: [])
                return engine.push(line, arrival: number - 1 < arrivals.count ? arrivals[number - 1] : 0)
            }
            offset += Int64(bytes.count + 1)
            return found.map(\.ruleID)
        }
    }

    static func engine(timeout seconds: Int64 = 3600) throws -> StreamEngine {
        StreamEngine(
            plan: Lint.enginePlan,
            settings: StreamSettings(pairTimeout: try TimeWindow.parse("\(seconds)s").get()),
            file: "live")
    }

    @Test func eachLineGivesItsOwnFindingsWhenPushed() throws {
        let engine = try Self.engine()
        let rules = Self.pushAll(
            [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 5, params: [("outcome", .string("maybe"))] + E.offerArm),
                Export.bq("offer_closed", at: 9, params: E.offerClosed(duration: .int(4000))),
            ], into: engine)
        #expect(rules[0].isEmpty)
        // A value not allowed and a missing param are the close's own; the close pairs at once.
        #expect(rules[1].contains("stream/value-not-allowed"), "\(rules)")
        #expect(rules[1].contains("stream/missing-required-param"), "\(rules)")
        // The second close has no open left.
        #expect(rules[2] == ["pair/orphan-close"], "\(rules)")
        let end = engine.finish()
        #expect(end.findings.isEmpty)
        #expect(end.result.pairs.first { $0.name == "offer" }?.opened == 1)
        #expect(end.counts.byRule["pair/orphan-close"] == 1)
        #expect(end.result.counters.linesRead == 3)
    }

    @Test func aPairTimesOutInEventTimeOnceAndALateCloseStillClosesIt() throws {
        let engine = try Self.engine(timeout: 60)
        let rules = Self.pushAll(
            [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("picker_shown", at: 30, params: [("entry", .string("onboarding"))]),
                // 61 s after the open: the stream's time says the offer is overdue.
                Export.bq("picker_closed", at: 61, params: E.picker(entry: "onboarding")),
                Export.bq("picker_shown", at: 200, params: [("entry", .string("onboarding"))]),
                Export.bq("offer_closed", at: 201, params: E.offerClosed(duration: .int(201_000))),
            ], into: engine)
        #expect(rules[0].isEmpty && rules[1].isEmpty, "\(rules)")
        #expect(rules[2] == ["pair/unclosed"], "\(rules)")
        #expect(!rules[3].contains("pair/unclosed"), "reported once: \(rules)")
        #expect(!rules[4].contains("pair/orphan-close"), "\(rules)")
        let end = engine.finish()
        // The picker opened at 200 is still open at the end; the offer is not reported again.
        #expect(end.findings.map(\.ruleID) == ["pair/unclosed-near-end"], "\(end.findings.map(\.message))")
        let offer = try #require(end.result.pairs.first { $0.name == "offer" })
        #expect(offer.opened == 1 && offer.closedByOutcome.values.reduce(0, +) == 1 && offer.unclosed == 0)
    }

    @Test func aPairTimesOutByTheDriversClockWithNoLine() throws {
        let engine = try Self.engine(timeout: 60)
        let second: Int64 = 1_000_000
        let rules = Self.pushAll([Export.bq("offer_shown", at: 0, params: E.offerArm)], into: engine, arrivals: [0])
        #expect(rules == [[]])
        #expect(engine.advance(to: 59 * second).isEmpty)
        let late = engine.advance(to: 61 * second)
        #expect(late.map(\.ruleID) == ["pair/unclosed"])
        #expect(late.first?.message.contains("is still not closed after 60s") == true, "\(late.map(\.message))")
        #expect(engine.advance(to: 300 * second).isEmpty)
        #expect(engine.finish().counts.byRule["pair/unclosed"] == 1)
    }

    @Test func linesInTimeOrderGiveLintsFindings() throws {
        let lines =
            LintPairTests.offer(0, closed: 20, duration: 3000)
            + [
                LintPairTests.pickerClosed(30),
                LintPairTests.pickerShown(40),
                Export.bq("offer_closed", at: 50, params: [("outcome", .string("later"))] + E.offerArm),
            ]
        let linted = try Lint.run(lines)
        let engine = try Self.engine()
        _ = Self.pushAll(lines, into: engine)
        let watched = engine.finish()
        var all: [Finding] = []
        let again = try Self.engine()
        for (index, text) in lines.enumerated() {
            let bytes = Array(text.utf8)
            all += bytes.withUnsafeBytes { raw in
                again.push(
                    FramedLine(number: index + 1, byteOffset: 0, bytes: raw, length: Int64(raw.count), flags: []),
                    arrival: 0)
            }
        }
        all += again.finish().findings
        #expect(
            all.map { "\($0.location.line) \($0.ruleID)" }.sorted() == linted.lineRules.sorted(),
            "\(all.map(\.message))")
        #expect(watched.counts == linted.counts)
        #expect(watched.result.ruleViolations == linted.ruleViolations)
    }

    /// A long session keeps only the values of what is still open: with a small slack the
    /// engine compacts many times while pairs of three users stay open across compactions, and
    /// its findings, pair statistics and rule counts are still exactly `lint`'s.
    @Test func aLongSessionKeepsOnlyTheValuesOfWhatIsStillOpen() throws {
        var lines: [String] = []
        for round in 0..<120 {
            let at = Double(round * 100)
            for user in ["u1", "u2", "u3"] {
                lines.append(Export.bq("offer_shown", at: at, user: user, params: E.offerArm))
                // Each tenth offer of a user stays open: it is closed in the next round.
                if round % 10 != 3 || user == "u2" {
                    lines.append(
                        Export.bq(
                            "offer_closed", at: at + 5, user: user,
                            params: E.offerClosed(duration: .int(Int64(5000 + round)))))
                }
                lines.append(
                    Export.bq("picker_shown", at: at + 6, user: user, params: [("entry", .string("e\(round)"))]))
                lines.append(Export.bq("picker_closed", at: at + 7, user: user, params: E.picker(entry: "onboarding")))
            }
        }
        let linted = try Lint.run(lines)
        let engine = try Self.engine()
        engine.compactionSlack = 16
        var found: [Finding] = []
        var most = 0
        for (index, text) in lines.enumerated() {
            let bytes = Array(text.utf8)
            found += bytes.withUnsafeBytes { raw in
                engine.push(
                    FramedLine(number: index + 1, byteOffset: 0, bytes: raw, length: Int64(raw.count), flags: []),
                    arrival: 0)
            }
            most = max(most, engine.storedValueCount.values)
        }
        let end = engine.finish()
        found += end.findings
        // Without compaction every record's values stay: more than a thousand here.
        #expect(most < 200, "values kept: \(most)")
        #expect(
            found.map { "\($0.location.line) \($0.ruleID) \($0.message)" }.sorted()
                == linted.findings.map { "\($0.location.line) \($0.ruleID) \($0.message)" }.sorted())
        #expect(end.counts == linted.counts)
        #expect(end.result.ruleViolations == linted.ruleViolations)
        func digest(_ pairs: [PairStatistics]) -> [String] {
            pairs.map { pair in
                let outcomes = pair.closedByOutcome.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                let arms = pair.byArms.keys.map { $0.joined(separator: "+") }.sorted()
                return "\(pair.name) \(pair.opened) \(outcomes) \(pair.unclosed) \(pair.orphanCloses) "
                    + "\(pair.durationsMs.sorted()) \(arms)"
            }
        }
        #expect(digest(end.result.pairs) == digest(linted.pairs))
        #expect(linted.pairs.contains { $0.opened > 300 }, "the pairs ran: \(digest(linted.pairs))")
    }
}
