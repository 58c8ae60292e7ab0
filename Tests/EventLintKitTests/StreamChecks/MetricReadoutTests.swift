import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The readout's metrics in `lint`: a generated export (seeded) with known numbers per arm of a
/// pass rate, a conversion within a window and a return on another day; `lint` counts exactly
/// them, the summary gives the Wilson interval, and every split of the run gives the same bytes.
@Suite struct MetricReadoutTests {
    static let plan = """
        {
          params: { outcome: { type: 'string', description: 'How it closed.' },
                    source: { type: 'string', values: ['sheet', 'home'], description: 'Where from.' } },
          userProperties: {
            arm: { type: 'string', values: ['a', 'b'], experiment: true, description: 'The arm.' },
          },
          events: {
            app_opened: { description: 'The app came to the front.' },
            offer_shown: { description: 'The offer appeared.' },
            offer_closed: { description: 'The offer closed.', params: { outcome: { required: true, values: ['pass', 'fail'] } } },
            sheet_viewed: { description: 'The sheet appeared.' },
            purchase: { description: 'A purchase.', params: { source: 'required' } },
          },
          pairs: {
            offer: { description: 'Every offer closes.', open: 'offer_shown',
                     close: { events: ['offer_closed'], required: true }, outcome: 'outcome' },
          },
          experiments: { arm: { description: 'Half each.', userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } },
          metrics: {
            pass: { passRate: { pair: 'offer', outcome: 'pass' } },
            buy: { conversion: { from: 'sheet_viewed', to: { event: 'purchase', where: { source: 'sheet' } }, within: '1h' } },
            back: { return: { from: 'app_opened', event: 'app_opened', within: '7d' } },
          },
        }
        """

    /// The export and, per metric and arm, the users who reach it and who succeed.
    struct Generated {
        var lines: [String] = []
        var expected: [String: [String: (reached: Int, succeeded: Int)]] = [:]

        mutating func add(
            _ name: String, _ user: String, _ seconds: Double, _ arm: String, _ params: Events.Params = []
        ) {
            lines.append(
                Export.bq(name, at: seconds, user: user, params: params, userProperties: [("arm", .string(arm))]))
        }

        mutating func count(_ metric: String, _ arm: String, succeeded: Bool) {
            var counts = expected[metric, default: [:]][arm, default: (0, 0)]
            counts.reached += 1
            if succeeded { counts.succeeded += 1 }
            expected[metric, default: [:]][arm] = counts
        }
    }

    /// Users in arm a or b by a fair coin, each on its own day (10:00 UTC): the offer shown and
    /// closed (pass or fail) or not shown; the sheet and a purchase 30 min later (converts), 2 h
    /// later (too late), from home (another source) or none; a second app open 2 h later (same
    /// day), 30 h later (a return), 8 days later (too late) or none. Lines shuffled.
    static func generate(seed: UInt64, users: Int) -> Generated {
        var random = SeededGenerator(seed: seed)
        var export = Generated()
        for index in 0..<users {
            let user = "u\(index)"
            let arm = Bool.random(using: &random) ? "a" : "b"
            let start = 1_741_946_400.0 + Double(index % 50) * 86_400
            export.add("app_opened", user, start, arm)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                export.add("offer_shown", user, start + 10, arm)
                export.add("offer_closed", user, start + 20, arm, [("outcome", .string("pass"))])
                export.count("pass", arm, succeeded: true)
            case 1:
                export.add("offer_shown", user, start + 10, arm)
                export.add("offer_closed", user, start + 20, arm, [("outcome", .string("fail"))])
                export.count("pass", arm, succeeded: false)
            default: break
            }
            let purchase = Int.random(in: 0..<5, using: &random)
            if purchase > 0 {
                export.add("sheet_viewed", user, start + 100, arm)
                let (delay, source) = [(1800.0, "sheet"), (7200.0, "sheet"), (1800.0, "home"), (0.0, "")][purchase - 1]
                if !source.isEmpty {
                    export.add("purchase", user, start + 100 + delay, arm, [("source", .string(source))])
                }
                export.count("buy", arm, succeeded: purchase == 1)
            }
            let again = Int.random(in: 0..<4, using: &random)
            if again > 0 { export.add("app_opened", user, start + [7200.0, 108_000, 691_200][again - 1], arm) }
            export.count("back", arm, succeeded: again == 2)
        }
        export.lines.shuffle(using: &random)
        return export
    }

    static func compiledPlan() throws -> CompiledPlan {
        let session = try PlanSession(sources: [PlanSource(path: "plan.json5", bytes: Array(plan.utf8))])
        #expect(session.planFindings.isEmpty, "\(session.planFindings.map(\.message))")
        return CompiledPlan(session.plan)
    }

    @Test func lintCountsExactlyThePlantedUsersPerArm() throws {
        let export = Self.generate(seed: 21, users: 800)
        let plan = try Self.compiledPlan()
        let result = try Lint.run(export.lines, plan: plan)
        #expect(result.findings.map(\.message) == [])
        let counts = try #require(result.metricCounts)
        for (metricIndex, metric) in plan.plan.metrics.enumerated() {
            for (armIndex, arm) in ["a", "b"].enumerated() {
                let count = counts.count(metric: metricIndex, experiment: 0, arm: armIndex)
                let expected = export.expected[metric.name]?[arm] ?? (0, 0)
                #expect(count.reached == expected.reached, "\(metric.name) \(arm)")
                #expect(count.succeeded == expected.succeeded, "\(metric.name) \(arm)")
                #expect(expected.reached > 50 && expected.succeeded > 10, "\(metric.name) \(arm): too few to test")
            }
        }
    }

    /// Known intervals (Wilson 1927; Newcombe 1998, table I).
    @Test(arguments: [
        (4, 1, 0.0456, 0.6994), (10, 10, 0.7225, 1.0), (100, 50, 0.4038, 0.5962), (29, 0, 0, 0.1170),
        (0, 0, 0, 1),
    ])
    func wilsonIntervalsMatchPublishedValues(reached: Int, succeeded: Int, lower: Double, upper: Double) {
        let interval = MetricShare(reached: reached, succeeded: succeeded).interval
        #expect(abs(interval.lower - lower) < 0.00005, "lower \(interval.lower)")
        #expect(abs(interval.upper - upper) < 0.00005, "upper \(interval.upper)")
    }

    static func lint(_ lines: [String], _ options: [String]) throws -> String {
        let directory = TemporaryDirectory()
        _ = directory.write("plan.json5", Array(plan.utf8))
        let export = directory.write("export.ndjson", Array((lines.joined(separator: "\n") + "\n").utf8))
        let result = EventLintCLI.run(
            ["lint", "--schema", directory.path] + options + [export], environment: CommandEnvironment())
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.replacingOccurrences(of: directory.path, with: "DIR")
    }

    @Test(arguments: ["json", "text"])
    func everySplitGivesTheSameReadout(format: String) throws {
        let export = Self.generate(seed: 5, users: 400)
        let one = try Self.lint(export.lines, ["--format", format, "--jobs", "1"])
        #expect(one.contains(format == "json" ? "\"metrics\"" : "metrics per arm:"))
        for options in [
            ["--jobs", "2"], ["--jobs", "3"], ["--jobs", "7"], ["--jobs", "3", "--memory-limit", "64K"],
        ] {
            #expect(try Self.lint(export.lines, ["--format", format] + options) == one, "\(options)")
        }
    }

    @Test func theSummaryGivesEachArmsShareAndInterval() throws {
        let export = Self.generate(seed: 21, users: 800)
        let text = try Self.lint(export.lines, ["--jobs", "1"])
        let expected = try #require(export.expected["buy"]?["a"])
        let share = MetricShare(reached: expected.reached, succeeded: expected.succeeded)
        let line =
            "  buy: experiment arm, arm a, users \(expected.reached), succeeded \(expected.succeeded), share "
            + SummarySpelling.spell(.percent(part: expected.succeeded, total: expected.reached))
            + ", 95 % low " + SummarySpelling.spell(.fraction(share.interval.lower))
            + ", 95 % high " + SummarySpelling.spell(.fraction(share.interval.upper))
        #expect(text.contains(line + "\n"), "\(text)")
    }
}
