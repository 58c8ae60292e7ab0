import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// A 48,000-line export on the engine plan, with several distinct problems of one rule: the
/// default text output names each with its exact count near the top, however many findings are
/// kept and however many workers read the file.
@Suite struct FindingGroupTests {
    /// 12,000 users who each open and close the picker and the offer, cleanly but for an
    /// undeclared param on three different events (on every user, every second and every third):
    /// three groups of one rule with distinct exact counts. Built once for the suite.
    nonisolated(unsafe) static let bigExport: (path: String, directory: TemporaryDirectory, counts: [String: Int]) = {
        let injected = [
            ("picker_shown", "screen_name", 1), ("picker_closed", "debug_variant", 2),
            ("offer_shown", "picker_layout", 3),
        ]
        var counts: [String: Int] = [:]
        var text = ""
        text.reserveCapacity(30 << 20)
        for user in 0..<12_000 {
            let events: [(String, Events.Params)] = [
                ("picker_shown", [("entry", .string("onboarding"))]), ("picker_closed", Events.picker()),
                ("offer_shown", Events.offerArm), ("offer_closed", Events.offerClosed(duration: .int(1000))),
            ]
            for (offset, (event, params)) in events.enumerated() {
                var params = params
                for (target, param, every) in injected where target == event && user % every == 0 {
                    params.append((param, .string("v")))
                    counts[param, default: 0] += 1
                }
                let seconds = Double(user % 600) + Double(offset)
                text += Export.bq(event, at: seconds, user: "C\(user)", params: params) + "\n"
            }
        }
        let directory = TemporaryDirectory()
        return (directory.write("big.ndjson", Array(text.utf8)), directory, counts)
    }()

    @Test func everyDistinctProblemIsNamedWithItsExactCountWithinSixtyLines() throws {
        let (path, _, counts) = Self.bigExport
        #expect(counts.count == 3)
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let result = EventLintCLI.run(
                [
                    "lint", "--schema", Repository.enginePlan.path, "--jobs", jobs,
                    "--max-findings", "100", path,
                ], environment: CommandEnvironment())
            outputs.append(result.stdout)
            let head = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(60)
                .joined(separator: "\n")
            for (param, count) in counts {
                #expect(head.contains("has param \"\(param)\""), "\(param) not named in the first 60 lines")
                #expect(count > 100)
                // Exact although only 100 findings are kept.
                #expect(head.contains("= \(count) findings like this"), "\(param): \(count) not in the first 60 lines")
                #expect(
                    result.stdout.range(
                        of: #"stream/unknown-param +\S+ +\#(param) +\#(count)"#,
                        options: .regularExpression) != nil)
            }
            #expect(result.stdout.contains("findings by rule, event and param:"))
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func jsonGroupsCountEveryFindingPastTheKeptOnes() throws {
        let (path, _, counts) = Self.bigExport
        let result = EventLintCLI.run(
            [
                "lint", "--schema", Repository.enginePlan.path, "--format", "json",
                "--max-findings", "10", path,
            ], environment: CommandEnvironment())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let groups = try #require(object["groups"] as? [[String: Any]])
        // The planted params are the export's only problems: three groups of one rule.
        #expect(groups.map { $0["rule"] as? String } == Array(repeating: "stream/unknown-param", count: 3))
        for (param, count) in counts {
            let group = try #require(groups.first { $0["param"] as? String == param })
            #expect(group["count"] as? Int == count)
            #expect((group["examples"] as? [Any])?.count == FindingGroups.exampleLimit)
        }
        #expect((object["findings"] as? [Any])?.count ?? 0 < 20)
    }

    @Test func groupsPastTheLimitFoldIntoOneExactGroupWhateverTheSplit() {
        func finding(_ index: Int, line: Int) -> Finding {
            Finding(
                rule: StreamRules.unknownParam, message: "m", at: SourceLocation(file: "f", line: line),
                event: "e", param: String(format: "p%04d", index))
        }
        let total = FindingGroups.groupLimit * 3
        let all = (0..<total).map { finding(($0 * 7919) % total, line: $0 + 1) }
        let whole = FindingGroups(all).sorted
        var split = FindingGroups(Array(all[..<150]))
        split.absorb(FindingGroups(Array(all[150...])))
        #expect(split.sorted == whole)
        #expect(whole.count == FindingGroups.groupLimit + 1)
        #expect(whole.reduce(0) { $0 + $1.count } == total)
        #expect(whole.last?.isOverflow == true)
        #expect(whole.last?.count == total - FindingGroups.groupLimit)
    }

    @Test func valueRulesCountTheirValues() {
        let findings = ["a", "b", "a", "a"].enumerated().map { index, value in
            Finding(
                rule: StreamRules.valueNotAllowed, message: "m", at: SourceLocation(file: "f", line: index + 1),
                event: "e", param: "p", value: value)
        }
        let groups = FindingGroups(findings).sorted
        #expect(groups.count == 1)
        #expect(groups[0].values == [FindingValueCount(value: "a", count: 3), FindingValueCount(value: "b", count: 1)])
        #expect(groups[0].last.line == 4)
    }
}
