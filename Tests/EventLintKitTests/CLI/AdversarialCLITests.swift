import EventLintTestSupport
import Foundation
import Glibc
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The lint run of the front end on a few-MB export with bad and blank lines, in one thread and
/// in two (`AdversarialCLIToolTests` runs the executable on hostile input).
@Suite struct AdversarialCLITests {
    /// `--jobs 2` on a few-MB export really runs two threads (this is what
    /// `swift test --sanitize=thread` watches) and gives the same result as one thread.
    @Test func parallelLintMatchesSequential() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/parallel.ndjson"
        let lines: [[UInt8]] = [
            AdversarialInput.good, b(#"{"a":1,}"#), [],
            b(
                #"{"event_name":"tour_step_complete","user_pseudo_id":"p2","event_timestamp":1705312800123999,"params":{"phase":"offerStep"}}"#
            ),
        ]
        AdversarialInput.writeStreaming(path, chunk: .lines(lines), repeats: 12_000)
        let plan = CompiledPlan(try PlanSession.open(schema: Repository.enginePlan.path).loaded.plan)
        var request = LintRequest(inputs: [path])
        request.settings.collectRejects = true
        request.jobs = 1
        let sequential = LintRunner.run(plan: plan, request: request)
        request.jobs = 2
        #expect(try splitAtLineBoundaries(path: path, parts: 2).count == 2)
        let parallel = LintRunner.run(plan: plan, request: request)
        #expect(parallel.findings == sequential.findings)
        #expect(parallel.counters.linesRead == 48_000)
        #expect(parallel.counters.linesRead == sequential.counters.linesRead)
        #expect(parallel.counters.invalidLines == 12_000 && parallel.counters.blankLines == 12_000)
        #expect(
            parallel.counters.linesRead
                == parallel.counters.validLines + parallel.counters.invalidLines + parallel.counters.blankLines)
        #expect(parallel.rejects.map(\.finding) == sequential.rejects.map(\.finding))
    }
}
