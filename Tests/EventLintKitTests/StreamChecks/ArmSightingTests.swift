import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `lint` records an event that only experiments read (no pair, rule, journey or metric names
/// it) only when it may be its user's first arm or first other arm (`ArmSighting`). Users
/// whose arms are on such events alone, in lines out of time order and spread over the file,
/// must still be counted in their first arm, flipped, outside the population and late, the
/// same on every split of the work and spilled.
@Suite struct ArmSightingTests {
    /// Users in one arm throughout, with an offer pair, around the special users' lines.
    static func visits(_ range: Range<Int>, into export: inout ExperimentIntegrityTests.Generated) {
        for index in range { export.visit("user\(index)", at: Double(index * 100), arm: index % 2 == 0 ? "a" : "b") }
    }

    /// The export and the arm findings it must give, as `rule line: message (note line)`.
    static func generate() -> (lines: [String], expected: [String]) {
        var export = ExperimentIntegrityTests.Generated()
        var expected: [String] = []
        func expect(_ rule: Rule, _ line: Int, _ message: String, note: Int) {
            expected.append("\(rule.id) \(line): \(message) (\(note))")
        }
        // `screen_viewed` is in no pair: only the arm checks read it.
        visits(0..<100, into: &export)
        // Part 1.
        export.add("screen_viewed", user: "silent", at: 500, arm: "b")
        export.add("offer_shown", user: "late", at: 0, arm: nil)
        let lateOpen = export.lines.count
        export.add("offer_closed", user: "late", at: 10, arm: nil)
        export.add("screen_viewed", user: "flipA", at: 40, arm: "b")
        let flipA = export.lines.count
        export.add("screen_viewed", user: "flipB", at: 30, arm: "b")
        export.add("screen_viewed", user: "outside", at: 20, arm: "a")
        export.add("screen_viewed", user: "flipC", at: 10, arm: "a")
        let flipCFirst = export.lines.count
        visits(100..<200, into: &export)
        // Part 2.
        export.add("screen_viewed", user: "late", at: 20, arm: "a")
        let lateArm = export.lines.count
        export.add("screen_viewed", user: "flipA", at: 50, arm: "a")
        export.add("screen_viewed", user: "flipB", at: 20, arm: "b")
        let flipB = export.lines.count
        export.add("screen_viewed", user: "flipC", at: 20, arm: "b")
        let flipC = export.lines.count
        visits(200..<300, into: &export)
        // Part 3.
        export.add("screen_viewed", user: "silent", at: 100, arm: "b")
        export.add("screen_viewed", user: "late", at: 30, arm: "a")
        export.add("screen_viewed", user: "flipA", at: 30, arm: "a")
        let flipAFirst = export.lines.count
        export.add("screen_viewed", user: "flipB", at: 10, arm: "a")
        let flipBFirst = export.lines.count
        export.add("screen_viewed", user: "outside", at: 10, arm: "a", cohort: "legacy")
        let outside = export.lines.count
        export.add("screen_viewed", user: "flipC", at: 15, arm: "a")
        export.add("screen_viewed", user: "flipC", at: 25, arm: "b")
        visits(300..<400, into: &export)
        expect(
            ExperimentRules.eventBeforeArm, lateOpen,
            ExperimentRules.eventBeforeArmMessage(experiment: "arm", event: "offer_shown", user: "\"late\""),
            note: lateArm)
        expect(
            ExperimentRules.armFlip, flipA,
            ExperimentRules.armFlipMessage(experiment: "arm", user: "\"flipA\"", first: "a", second: "b"),
            note: flipAFirst)
        expect(
            ExperimentRules.armFlip, flipB,
            ExperimentRules.armFlipMessage(experiment: "arm", user: "\"flipB\"", first: "a", second: "b"),
            note: flipBFirst)
        expect(
            ExperimentRules.armFlip, flipC,
            ExperimentRules.armFlipMessage(experiment: "arm", user: "\"flipC\"", first: "a", second: "b"),
            note: flipCFirst)
        expect(
            ExperimentRules.outsidePopulation, outside,
            ExperimentRules.outsidePopulationMessage(
                experiment: "arm", user: "\"outside\"", arm: "a", expected: "cohort = \"new\""),
            note: 0)
        return (export.lines, expected.sorted())
    }

    @Test(arguments: [
        ["--jobs", "1"], ["--jobs", "2"], ["--jobs", "3"], ["--jobs", "7"], ["--jobs", "1", "--memory-limit", "64K"],
        ["--jobs", "3", "--memory-limit", "64K"], ["--jobs", "7", "--memory-limit", "64K"],
    ])
    func usersWithArmsOnEventsNoOneFollowsAreChecked(options: [String]) throws {
        let (lines, expected) = Self.generate()
        let report = try Self.report(lines, options)
        let findings = try #require(report["findings"] as? [[String: Any]])
        let arms = findings.compactMap { finding -> String? in
            guard let rule = finding["rule"] as? String, rule.hasPrefix("experiment/"),
                rule != ExperimentRules.sampleRatioMismatch.id
            else { return nil }
            let notes = finding["notes"] as? [[String: Any]] ?? []
            let note = notes.first?["line"] as? Int ?? 0
            return "\(rule) \(finding["line"] as? Int ?? 0): \(finding["message"] as? String ?? "") (\(note))"
        }
        #expect(arms.sorted() == expected, "\(options)")
        // 400 users alternating a and b, then silent (b), late, flipA, flipB, flipC and outside (a).
        let summary = try #require(report["summary"] as? [String: Any])
        let experiments = try #require(summary["experiments"] as? [[String: Any]])
        let users = try #require(experiments.first?["usersByArm"] as? [String: Int])
        #expect(users == ["a": 205, "b": 201], "\(options)")
    }

    @Test func theCountsAreTheSameAsWithEveryEventRecorded() throws {
        let (lines, _) = Self.generate()
        let plan = try ExperimentIntegrityTests.compiledPlan()
        #expect(plan.events.contains { $0.readForArmsOnly })
        let result = try Lint.run(lines, plan: plan)
        #expect(result.experimentUsers == [[205, 201, 0]])
        // A live run reads the same arms from every event, as they come.
        let timeout = try #require(TimeWindow(seconds: 1800))
        let engine = StreamEngine(plan: plan, settings: StreamSettings(pairTimeout: timeout), file: "export.ndjson")
        #expect(!engine.pass.recordsArmSightingsOnly)
    }

    /// A pair opened before the arm is held as its record until the user's arm comes: a user
    /// whose records are checked in several spilled chunks still gets the finding, with the
    /// opening event's own app version, as in memory.
    @Test func aPairOpenedBeforeTheArmIsReportedAcrossSpilledChunks() throws {
        var export = ExperimentIntegrityTests.Generated()
        Self.visits(0..<20, into: &export)
        let cohort: [(String, Export.Value)] = [("cohort", .string("new"))]
        export.lines.append(Export.bq("offer_shown", at: 0, user: "slow", userProperties: cohort, version: "9.9.9"))
        let open = export.lines.count
        for index in 1...200 {
            export.add("offer_closed", user: "slow", at: Double(2 * index), arm: nil)
            export.add("offer_shown", user: "slow", at: Double(2 * index + 1), arm: nil)
        }
        export.add("offer_closed", user: "slow", at: 500, arm: "a")
        let arm = export.lines.count
        Self.visits(20..<40, into: &export)
        let inMemory = try Self.lint(export.lines, ["--format", "json", "--jobs", "1"])
        for options in [["--jobs", "1", "--memory-limit", "64K"], ["--jobs", "3", "--memory-limit", "64K"]] {
            #expect(try Self.lint(export.lines, ["--format", "json"] + options) == inMemory, "\(options)")
        }
        let report = try Self.report(export.lines, ["--jobs", "1", "--memory-limit", "64K"])
        let findings = try #require(report["findings"] as? [[String: Any]])
        let early = findings.filter { $0["rule"] as? String == ExperimentRules.eventBeforeArm.id }
        #expect(early.count == 1)
        #expect(early.first?["line"] as? Int == open)
        #expect(early.first?["appVersion"] as? String == "9.9.9")
        let notes = early.first?["notes"] as? [[String: Any]] ?? []
        #expect(notes.map { $0["line"] as? Int } == [arm])
    }

    static func lint(_ lines: [String], _ options: [String]) throws -> String {
        try ExperimentIntegrityTests.lint(lines, options)
    }

    static func report(_ lines: [String], _ options: [String]) throws -> [String: Any] {
        let json = try lint(lines, ["--format", "json"] + options)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
