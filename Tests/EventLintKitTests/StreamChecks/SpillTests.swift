import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Records past `--memory-limit` go to sorted temporary files and are merged per user: the
/// result is the one of an in-memory run, whatever the limit, the job count and the finding
/// limit; the files never outlive the process; a failed temporary file is exit 2.
@Suite struct SpillTests {
    /// Everything a report shows, in a comparable form: every finding in full, the groups, the
    /// counts and every pair and arm statistic.
    static func digest(_ result: LintResult) -> String {
        var lines = [JobCountTests.digest(result)]
        lines += result.findings.map {
            "\($0.location) \($0.severity) \($0.context.user ?? "-") \($0.context.timestamp.map(String.init) ?? "-") \($0.notes.map { "\($0.message) \($0.location?.description ?? "")" })"
        }
        lines += result.groups.map {
            "group \($0.ruleID) \($0.event ?? "-") \($0.param ?? "-") \($0.count) \($0.first.location) \($0.examples) \($0.values.map { "\($0.value)=\($0.count)" }) \($0.otherValues)"
        }
        lines.append("unlisted \(result.unlisted.byRule.sorted { $0.key < $1.key })")
        for pair in result.pairs {
            for (arms, statistics) in pair.byArms.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                lines.append(
                    "\(pair.name) \(arms) \(statistics.opened) \(statistics.closedByOutcome.sorted { $0.key < $1.key }) \(statistics.unclosed) \(statistics.durationsMs.sorted())"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    static func run(
        _ paths: [String], plan: CompiledPlan, limit: Int?, jobs: Int, maxFindings: Int, directory: String? = nil
    ) -> LintResult {
        var request = LintRequest(inputs: paths)
        request.jobs = jobs
        request.memoryLimit = limit
        request.spillDirectory = directory
        request.settings.maxFindings = maxFindings
        return LintRunner.run(plan: plan, request: request)
    }

    @Test(arguments: [1, 2, 4])
    func spilledRecordsGiveTheInMemoryResult(_ jobs: Int) throws {
        let directory = TemporaryDirectory()
        let (first, second) = EngineExport.make(seed: 17, users: 300, events: 9_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let b = directory.write("b.ndjson", Array(second.utf8))
        let spillDirectory = TemporaryDirectory()
        for maxFindings in [Int.max, 25] {
            let inMemory = Self.digest(
                Self.run([a, b, a], plan: Lint.enginePlan, limit: nil, jobs: 1, maxFindings: maxFindings))
            for rule in [
                "pair/param-mismatch", "pair/unclosed", "pair/orphan-close", "rule/only-after", "rule/not-after",
            ]
            where maxFindings == Int.max {
                #expect(inMemory.contains(rule), "\(rule) is not among the findings")
            }
            // 1 byte: every event spills (runs are merged 64 at a time); 64 KiB: a few runs.
            for limit in [1, 64 << 10, 1 << 30] {
                let spilled = Self.run(
                    [a, b, a], plan: Lint.enginePlan, limit: limit, jobs: jobs, maxFindings: maxFindings,
                    directory: spillDirectory.path)
                #expect(spilled.spillFailure == nil)
                let digest = Self.digest(spilled)
                #expect(digest == inMemory, "limit \(limit), jobs \(jobs), max findings \(maxFindings)")
                if digest != inMemory {
                    let left = inMemory.split(separator: "\n")
                    let right = digest.split(separator: "\n")
                    let at =
                        zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(left.count, right.count)
                    Issue.record(
                        "first difference at line \(at):\n\(left.dropFirst(at).first ?? "")\n\(right.dropFirst(at).first ?? "")"
                    )
                }
            }
        }
        // Every temporary file was unlinked when it was made, and is closed.
        #expect((try FileManager.default.contentsOfDirectory(atPath: spillDirectory.path)).isEmpty)
        #expect(Self.openFiles(in: spillDirectory.path) == 0, "temporary files left open")
    }

    /// One user with thousands of events (a debug device, a bot): its records go through the
    /// machines in chunks, with only the held records' values kept between chunks.
    @Test func oneUsersRecordsInChunksGiveTheInMemoryResult() throws {
        let directory = TemporaryDirectory()
        let (first, second) = EngineExport.make(seed: 23, users: 1, events: 4_000)
        let a = directory.write("a.ndjson", Array((first + second).utf8))
        let inMemory = Self.digest(Self.run([a], plan: Lint.enginePlan, limit: nil, jobs: 1, maxFindings: Int.max))
        #expect(inMemory.contains("pair/param-mismatch") && inMemory.contains("rule/not-after"))
        // 1 byte: chunks of one record; 64 KiB: chunks of about a hundred.
        for limit in [1, 64 << 10] {
            for jobs in [1, 2] {
                let spilled = Self.run([a], plan: Lint.enginePlan, limit: limit, jobs: jobs, maxFindings: Int.max)
                #expect(Self.digest(spilled) == inMemory, "limit \(limit), jobs \(jobs)")
            }
        }
    }

    /// Descriptors open in this process on (unlinked) files of `directory`.
    static func openFiles(in directory: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) ?? ""
            return target.hasPrefix(directory + "/")
        }.count
    }

    /// A temporary directory that cannot be written is exit 2 with the reason, not a result
    /// without pairs.
    @Test func anUnwritableSpillDirectoryIsExit2() throws {
        let directory = TemporaryDirectory()
        let (first, _) = EngineExport.make(seed: 3, users: 50, events: 3_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let result = Self.run(
            [a], plan: Lint.enginePlan, limit: 1, jobs: 2, maxFindings: Int.max, directory: directory.path + "/missing")
        #expect(result.spillFailure?.action == "create a temporary file in")
        let cli = EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path, "--memory-limit", "64K", a],
            environment: CommandEnvironment(temporaryDirectory: directory.path + "/missing"))
        #expect(cli.status == 2)
        #expect(cli.stderr.contains("cannot create a temporary file in \(directory.path)/missing"), "\(cli.stderr)")
    }

    @Test(arguments: [
        ("12X", false), ("0", false), ("2T", false), ("-1", false), ("", false), ("64k", true), ("1G", true),
        ("70000", true), ("1024G", true), ("1025G", false),
    ])
    func memoryLimitTakesASize(_ value: String, _ accepted: Bool) throws {
        let directory = TemporaryDirectory()
        let a = directory.write("a.ndjson", Array("{}\n".utf8))
        let result = EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path, "--memory-limit", value, a],
            environment: CommandEnvironment())
        if accepted {
            #expect(result.status != 2, "\(value): \(result.stderr)")
        } else {
            #expect(result.status == 2)
            #expect(
                result.stderr.contains("--memory-limit takes a size from 64K to 1024G"), "\(value): \(result.stderr)")
        }
    }
}
