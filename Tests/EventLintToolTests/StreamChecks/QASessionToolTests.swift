import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The built executable's `lint` with `once` rules and a journey over a generated export: the report (text
/// and JSON, with the plan's events never seen) is byte for byte the same for 1, 2, 3 and 7
/// jobs and with records spilled at 64 KiB.
@Suite struct QASessionToolTests {
    static let onceRules = """
        {
          rules: {
            offer_at_most_once: { on: 'offer_shown', once: 'atMost' },
            order_exactly_once: { on: 'order_completed', once: 'exactly' },
          },
          journeys: {
            offer_then_order: { steps: ['offer_shown', 'offer_closed', 'order_completed'], within: '1m' },
          },
        }
        """

    @Test(arguments: ["text", "json"])
    func reportsAreTheSameForEveryJobCountAndWhenSpilled(format: String) throws {
        let plan = TemporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.enginePlan.path) {
            let bytes = try Data(contentsOf: Repository.enginePlan.appendingPathComponent(name))
            plan.write(name, Array(bytes))
        }
        plan.write("once.json5", Array(Self.onceRules.utf8))
        let exports = TemporaryDirectory()
        let (first, second) = EngineExport.make(seed: 46, users: 120, events: 3_000)
        let a = exports.write("a.ndjson", Array(first.utf8))
        let b = exports.write("b.ndjson", Array(second.utf8))
        let lint = ["lint", "--schema", plan.path, "--format", format, "--max-findings", "0"]
        guard let reference = try EventLintBinary.run(lint + ["--jobs", "1", a, b]) else { return }
        #expect(reference.status == 1)
        #expect(reference.stdout.contains("rule/once-repeated") && reference.stdout.contains("rule/once-missing"))
        #expect(
            reference.stdout.contains("journey/unexpected-step") && reference.stdout.contains("journey/window-exceeded")
        )
        #expect(reference.stdout.contains(format == "json" ? "\"eventsNeverSeen\"" : "never seen in the input"))
        for extra in [["--jobs", "2"], ["--jobs", "3"], ["--jobs", "7"], ["--jobs", "3", "--memory-limit", "64K"]] {
            guard let run = try EventLintBinary.run(lint + extra + [a, b]) else { return }
            #expect(run.stdout == reference.stdout, "\(extra)")
        }
    }
}
