import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// A 50,000-line export built from the clean bundled sample, with several distinct problems of
/// one rule: the default text output names each with its exact count near the top, however
/// many findings are kept and however many workers read the file.
@Suite struct FindingGroupTests {
    /// 200 copies of the clean sample (each copy its own users), with an undeclared param on
    /// three different events; built once for the suite.
    nonisolated(unsafe) static let bigExport: (path: String, directory: TemporaryDirectory, counts: [String: Int]) = {
        let clean =
            (try? String(
                contentsOf: Repository.root.appendingPathComponent("samples/exports/focusity-clean.ndjson"),
                encoding: .utf8)) ?? ""
        let injected = [
            "onboarding_step_complete": "screen_name", "paywall_shown": "debug_variant",
            "app_picker_shown": "picker_layout",
        ]
        var counts: [String: Int] = [:]
        // Each line cut where the user id starts, so a copy only puts its prefix in between.
        var parts: [([UInt8], [UInt8])] = []
        for var line in clean.split(separator: "\n").map(String.init) {
            for (event, param) in injected where line.contains("\"event_name\":\"\(event)\"") {
                line = line.replacingOccurrences(
                    of: "\"event_params\":[",
                    with: "\"event_params\":[{\"key\":\"\(param)\",\"value\":{\"string_value\":\"v\"}},")
                counts[param, default: 0] += 200
            }
            let marker = "\"user_pseudo_id\":\""
            let cut = line.range(of: marker)?.upperBound ?? line.endIndex
            parts.append((Array(line[..<cut].utf8), Array((line[cut...] + "\n").utf8)))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(120 << 20)
        for copy in 0..<200 {
            let prefix = Array("C\(copy)-".utf8)
            for (head, tail) in parts {
                bytes += head
                if head.last == 0x22 { bytes += prefix }
                bytes += tail
            }
        }
        let directory = TemporaryDirectory()
        return (directory.write("big.ndjson", bytes), directory, counts)
    }()

    @Test func everyDistinctProblemIsNamedWithItsExactCountWithinSixtyLines() throws {
        let (path, _, counts) = Self.bigExport
        #expect(counts.count == 3)
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let result = EventLintCLI.run(
                [
                    "lint", "--schema", Repository.schema.path, "--jobs", jobs,
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
                "lint", "--schema", Repository.schema.path, "--format", "json",
                "--max-findings", "10", path,
            ], environment: CommandEnvironment())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let groups = try #require(object["groups"] as? [[String: Any]])
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
