import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The arm checks of `lint` on a generated export (seeded): a clean one gives no finding at
/// all, and one with planted problems (a sample-ratio mismatch, arm flips, users outside the
/// population, pairs opened before the arm) gives exactly the planted findings, on the planted
/// lines; the findings and the summary are the same bytes on 1, 2, 3 and 7 jobs and spilled.
@Suite struct ExperimentIntegrityTests {
    static let plan = """
        {
          userProperties: {
            arm: { type: 'string', values: ['a', 'b'], experiment: true, description: 'The arm.' },
            cohort: { type: 'string', values: ['new', 'legacy'], description: 'New or existing user.' },
          },
          events: {
            screen_viewed: { description: 'A screen appeared.' },
            offer_shown: { description: 'The offer appeared.' },
            offer_closed: { description: 'The offer closed.' },
          },
          pairs: {
            offer: { description: 'Every offer closes.', open: 'offer_shown', close: { events: ['offer_closed'], required: true } },
          },
          experiments: {
            arm: {
              description: 'Half of the new users each.', userProperty: 'arm', arms: { a: 0.5, b: 0.5 },
              population: { cohort: 'new' }, srmThreshold: 0.001,
            },
          },
        }
        """

    /// A generated export and the findings planted in it, as `rule line`.
    struct Generated {
        var lines: [String] = []
        var planted: [String] = []

        mutating func add(_ name: String, user: String, at seconds: Double, arm: String?, cohort: String = "new") {
            var properties: [(String, Export.Value)] = [("cohort", .string(cohort))]
            if let arm { properties.append(("arm", .string(arm))) }
            lines.append(Export.bq(name, at: seconds, user: user, userProperties: properties))
        }

        mutating func plant(_ rule: Rule) { planted.append("\(rule.id) \(lines.count)") }

        /// A user who sees the offer and closes it, in one arm throughout.
        mutating func visit(_ user: String, at start: Double, arm: String) {
            add("screen_viewed", user: user, at: start, arm: arm)
            add("offer_shown", user: user, at: start + 10, arm: arm)
            add("offer_closed", user: user, at: start + 20, arm: arm)
        }
    }

    /// `users` users, each in arm a or b by a fair coin; with `planted`, 150 more in arm a and
    /// the other problems, each on its own users.
    static func generate(seed: UInt64, users: Int, planted: Bool) -> Generated {
        var random = SeededGenerator(seed: seed)
        var export = Generated()
        for index in 0..<users {
            export.visit("user\(index)", at: Double(index * 100), arm: Bool.random(using: &random) ? "a" : "b")
        }
        guard planted else { return export }
        for index in 0..<150 { export.visit("extra\(index)", at: Double(index * 100), arm: "a") }
        for index in 0..<3 {
            let user = "flip\(index)"
            export.add("screen_viewed", user: user, at: 0, arm: "b")
            export.add("offer_shown", user: user, at: 10, arm: "b")
            export.add("offer_closed", user: user, at: 20, arm: "a")
            export.plant(ExperimentRules.armFlip)
        }
        for index in 0..<2 {
            export.add("screen_viewed", user: "legacy\(index)", at: 0, arm: index == 0 ? "a" : "b", cohort: "legacy")
            export.plant(ExperimentRules.outsidePopulation)
        }
        for index in 0..<2 {
            let user = "early\(index)"
            export.add("offer_shown", user: user, at: 0, arm: nil)
            export.plant(ExperimentRules.eventBeforeArm)
            export.add("offer_closed", user: user, at: 10, arm: nil)
            export.add("screen_viewed", user: user, at: 20, arm: index == 0 ? "a" : "b")
        }
        return export
    }

    static func lint(_ lines: [String], _ options: [String]) throws -> String {
        let directory = TemporaryDirectory()
        _ = directory.write("plan.json5", Array(plan.utf8))
        let export = directory.write("export.ndjson", Array((lines.joined(separator: "\n") + "\n").utf8))
        let result = EventLintCLI.run(
            ["lint", "--schema", directory.path] + options + [export],
            environment: CommandEnvironment())
        #expect(result.stderr.isEmpty || result.status != 2, "\(result.stderr)")
        return result.stdout.replacingOccurrences(of: directory.path, with: "DIR")
    }

    static func compiledPlan() throws -> CompiledPlan {
        let session = try PlanSession(sources: [PlanSource(path: "plan.json5", bytes: Array(plan.utf8))])
        #expect(session.planFindings.isEmpty, "\(session.planFindings.map(\.message))")
        return CompiledPlan(session.plan)
    }

    @Test func aCleanExportHasNoFindings() throws {
        let export = Self.generate(seed: 44, users: 600, planted: false)
        let result = try Lint.run(export.lines, plan: Self.compiledPlan())
        #expect(result.findings.map { "\($0.ruleID) \($0.location.line): \($0.message)" } == [])
        let counts = try #require(result.experimentUsers.first)
        #expect(counts.reduce(0, +) == 600)
        #expect(counts.last == 0)
    }

    @Test func exactlyThePlantedProblemsAreFound() throws {
        let export = Self.generate(seed: 44, users: 600, planted: true)
        let result = try Lint.run(export.lines, plan: Self.compiledPlan())
        let arms = result.findings.filter { $0.ruleID != ExperimentRules.sampleRatioMismatch.id }
        #expect(arms.map { "\($0.ruleID) \($0.location.line)" }.sorted() == export.planted.sorted())
        let mismatch = result.findings.filter { $0.ruleID == ExperimentRules.sampleRatioMismatch.id }
        #expect(mismatch.count == 1)
        #expect(mismatch.first?.location.file == "plan.json5")
        let counts = try #require(result.experimentUsers.first)
        // 600 fair users, 150 planted in a, 3 flips counted in b (their first arm), 2 legacy
        // users and 2 late ones, one in each arm.
        let expected = 757
        #expect(counts.reduce(0, +) == expected)
        #expect(counts == [456, 301, 0])
        let flip = try #require(result.findings.first { $0.ruleID == ExperimentRules.armFlip.id })
        #expect(
            flip.message
                == ExperimentRules.armFlipMessage(experiment: "arm", user: "\"flip0\"", first: "b", second: "a"))
        #expect(flip.notes.map(\.message) == [ExperimentRules.armFirstSeenNote(arm: "b")])
        #expect(flip.notes.first?.location?.line == flip.location.line - 2)
        let early = try #require(result.findings.first { $0.ruleID == ExperimentRules.eventBeforeArm.id })
        #expect(
            early.message
                == ExperimentRules.eventBeforeArmMessage(experiment: "arm", event: "offer_shown", user: "\"early0\""))
        #expect(early.notes.map(\.message) == [ExperimentRules.armSetNote(arm: "a")])
        #expect(early.notes.first?.location?.line == early.location.line + 2)
        let outside = try #require(result.findings.first { $0.ruleID == ExperimentRules.outsidePopulation.id })
        #expect(
            outside.message
                == ExperimentRules.outsidePopulationMessage(
                    experiment: "arm", user: "\"legacy0\"", arm: "a", expected: "cohort = \"new\""))
        #expect(
            mismatch.first?.message
                == ExperimentRules.sampleRatioMismatchMessage(
                    experiment: "arm", arms: "a 456, b 301", statistic: "31.74", p: "1.77e-8",
                    threshold: "0.001"))
    }

    @Test func theSummaryGivesTheTest() throws {
        let counts = [560, 440, 0]
        let readout = try #require(
            ExperimentReadout.readouts(plan: Self.compiledPlan().plan, experimentUsers: [counts]).first)
        #expect(ExperimentReadout.decimal(readout.statistic) == "14.40")
        #expect(ExperimentReadout.probability(readout.p) == "1.48e-4")
        #expect(readout.isMismatch)
        let even = try #require(
            ExperimentReadout.readouts(plan: Self.compiledPlan().plan, experimentUsers: [[540, 460, 3]]).first)
        #expect(ExperimentReadout.probability(even.p) == "0.0114")
        #expect(!even.isMismatch)
        #expect(even.otherUsers == 3)
    }

    @Test(arguments: ["json", "text"])
    func everySplitGivesTheSameBytes(format: String) throws {
        let export = Self.generate(seed: 7, users: 300, planted: true)
        let one = try Self.lint(export.lines, ["--format", format, "--jobs", "1"])
        #expect(one.contains("sample-ratio-mismatch"))
        #expect(one.contains("experiment/arm-flip"))
        for options in [
            ["--jobs", "2"], ["--jobs", "3"], ["--jobs", "7"], ["--jobs", "3", "--memory-limit", "64K"],
        ] {
            let other = try Self.lint(export.lines, ["--format", format] + options)
            #expect(other == one, "\(options)")
        }
    }
}
