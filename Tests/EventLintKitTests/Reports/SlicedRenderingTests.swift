import EventLintTestSupport
import Testing

@testable import EventLintKit

/// `json` and `sarif` reports build and write their findings in one slice per job (`Slices`):
/// the bytes are those of one thread whatever the job count.
@Suite struct SlicedRenderingTests {
    /// The fixture findings (escapes, notes, non-ASCII) repeated at many lines: enough for
    /// several slices at every job count tried.
    static func manyFindings(_ count: Int) -> [Finding] {
        (0..<count).map { index in
            var finding = ReportFixture.findings[index % ReportFixture.findings.count]
            finding.location.line = index + 1
            return finding
        }.sortedForReport()
    }

    @Test(arguments: [ReportFormat.json, .sarif])
    func everyJobCountWritesTheSameBytes(format: ReportFormat) {
        let document = ReportFixture.document(findings: Self.manyFindings(Slices.minimumPerJob * 7 + 5))
        var options = ReportOptions(format: format)
        let one = document.rendered(options)
        // The last finding's line ("line" in json, "startLine" in sarif).
        #expect(one.contains("ine\": \(Slices.minimumPerJob * 7 + 5)"))
        for jobs in [2, 3, 7, 64] {
            options.jobs = jobs
            #expect(document.rendered(options) == one, "jobs \(jobs)")
        }
    }

    /// Slices are runs of neighbouring elements covering every element once, none empty, at
    /// most one per job, and one when there are too few elements to be worth a thread.
    @Test func slicesCoverEveryElementOnceInOrder() {
        for count in [0, 1, 255, 256, 511, 512, 1_000, 100_000] {
            for jobs in [1, 2, 3, 16] {
                let ranges = Slices.ranges(count: count, jobs: jobs)
                #expect(ranges.count <= jobs)
                #expect(ranges.first?.lowerBound == (count == 0 ? nil : 0))
                #expect(ranges.last?.upperBound == (count == 0 ? nil : count))
                for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
                #expect(ranges.allSatisfy { !$0.isEmpty })
                #expect(ranges.count <= 1 || count / ranges.count >= Slices.minimumPerJob)
            }
        }
    }

    /// A nested long array (the findings are one level down) at any depth and layout.
    @Test func nestedArraysAtAnyDepthAndLayout() {
        let elements = (0..<2_000).map { JSONOutput.object([("i", .int($0)), ("s", .string("a\"\u{2028}\($0)"))]) }
        let value = JSONOutput.object([("outer", .array([.object([("inner", .array(elements))])]))])
        for pretty in [true, false] {
            let one = value.rendered(pretty: pretty)
            for jobs in [2, 5] { #expect(value.rendered(pretty: pretty, jobs: jobs) == one) }
        }
    }
}
