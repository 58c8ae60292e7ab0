import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The stopwatch alone, on instants the test chooses: stages add up to the wall time, and a
/// stage is parallel only when every stretch of it was.
@Suite struct LintTimingsTests {
    static let start = ContinuousClock.now

    static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func lapsAddUpToTheWallTimeAndRepeatedStagesAddUp() {
        var timings = LintTimings(start: Self.start, jobs: 4)
        timings.lap(.other, at: Self.at(2))
        timings.lap(.reading, at: Self.at(5))
        timings.lap(.scanning, parallel: true, at: Self.at(25))
        timings.lap(.reading, at: Self.at(26))
        timings.lap(.scanning, parallel: true, at: Self.at(36))
        timings.lap(.merging, at: Self.at(40))
        let stages = Dictionary(uniqueKeysWithValues: timings.stages.map { ($0.stage, $0) })
        #expect(timings.wall == .milliseconds(40))
        #expect(stages[.reading]?.elapsed == .milliseconds(4))
        #expect(stages[.scanning]?.elapsed == .milliseconds(30))
        #expect(timings.stages.reduce(Duration.zero) { $0 + $1.elapsed } == timings.wall)
        #expect(timings.stages.map(\.stage) == LintTimings.Stage.allCases)
    }

    @Test func aStageIsParallelOnlyWhenEveryStretchWas() {
        var timings = LintTimings(start: Self.start, jobs: 2)
        timings.lap(.scanning, parallel: true, at: Self.at(10))
        timings.lap(.pairsAndRules, parallel: true, at: Self.at(12))
        // A second input read as one stream: scanning is no longer parallel as a whole.
        timings.lap(.scanning, parallel: false, at: Self.at(13))
        let parallel = timings.stages.filter(\.parallel).map(\.stage)
        #expect(parallel == [.pairsAndRules])
        // A stage never met is zero and not parallel.
        #expect(timings.stages.first { $0.stage == .rendering }?.elapsed == .zero)
    }

    /// An instant before the last lap (never from the monotonic clock) counts as no time.
    @Test func anEarlierInstantIsNoTime() {
        var timings = LintTimings(start: Self.start, jobs: 1)
        timings.lap(.reading, at: Self.at(10))
        timings.lap(.scanning, at: Self.at(5))
        #expect(timings.wall == .milliseconds(10))
        #expect(timings.stages.allSatisfy { $0.elapsed >= .zero })
    }

    @Test func secondsAreRoundedToTheMicrosecond() {
        #expect(LintTimings.seconds(.nanoseconds(1_234_567)) == 0.001235)
        #expect(LintTimings.seconds(.seconds(3)) == 3)
    }
}

/// `lint --timings PATH` as `help lint` shows it; `TimingsToolTests` runs it.
@Suite struct TimingsTests {
    @Test func helpListsTheOption() throws {
        #expect(Commands.lint.option("--timings")?.value == "PATH")
        #expect(Commands.lint.usage.contains("--timings PATH"))
    }
}
