/// Where the wall time of one `lint` run went, stage by stage (`lint --timings`): a stopwatch the
/// front end starts when the process starts, that the run (`LintRunner`) laps at each of its stage
/// boundaries and the front end laps again after the summary, the rendering and the writing.
/// Each lap gives the time since the one before to a stage, so the stages add up to the wall time
/// (no stretch of the run is left out or counted twice), and the clock is read a few times per
/// input, never per line: timing costs nothing measurable.
///
/// The clock is `ContinuousClock`, the one `ProgressMeter` reads: monotonic, so a change of the
/// system time during a run cannot make a stage negative.
public struct LintTimings: Sendable, Equatable {
    /// The stages of a run, in the order it goes through them. A stage met more than once (one
    /// `reading` and `scanning` per input, a sort of the findings after each input) adds up its
    /// stretches.
    public enum Stage: Int, CaseIterable, Sendable {
        /// The plan read, checked and compiled; each input opened, its first 64 KiB sniffed and
        /// the file cut into ranges at line boundaries. The export's bytes themselves are read
        /// by the workers as they scan.
        case reading
        /// The line pass: framing, scanning and the per-event checks, one worker per range.
        case scanning
        /// The workers' results joined in file order (findings, counters, users, records), and
        /// records spilled past `--memory-limit`.
        case merging
        /// The records grouped by user (counted and placed in one slice of records per job),
        /// each user's put in time order and the pair and rule machines run over them, on whole
        /// users split across the workers (one thread over the merged temporary files when the
        /// records were spilled).
        case pairsAndRules
        /// The findings sorted into report order and cut at `--max-findings`, and the groups
        /// sorted.
        case sorting
        /// The report's summary: line accounting, events, pairs' percentiles, rules, types.
        case statistics
        /// Every report asked for rendered (standard output and each `--output` file).
        case rendering
        /// The reports written, and the end of the progress line and of `--rejects`.
        case writing
        /// What belongs to no stage: the process starting (the program and the runtime
        /// loaded), the arguments and the checks of the outputs' paths, before the plan is read.
        case other

        /// The stage's name in the file.
        public var name: String {
            switch self {
            case .reading: "reading"
            case .scanning: "scanning"
            case .merging: "merging"
            case .pairsAndRules: "pairs-and-rules"
            case .sorting: "sorting"
            case .statistics: "statistics"
            case .rendering: "rendering"
            case .writing: "writing"
            case .other: "other"
            }
        }
    }

    /// One stage's share of the run.
    public struct StageTime: Sendable, Equatable {
        public var stage: Stage
        public var elapsed: Duration
        /// Every stretch of the stage ran as one part per job (a file cut into `jobs` ranges,
        /// users split into `jobs` runs). With one job: the work would have been cut so.
        public var parallel: Bool
    }

    /// The worker threads the run was given (`--jobs`).
    public let jobs: Int
    public let start: ContinuousClock.Instant
    /// When the last lap was taken: the end of the stages so far.
    public private(set) var last: ContinuousClock.Instant
    /// By `Stage.rawValue` (plain arrays: a lap hashes nothing): the time given to each stage,
    /// whether it was lapped at all, and whether a stretch of it did not run on every job.
    private var elapsed = [Duration](repeating: .zero, count: Stage.allCases.count)
    private var lapped = [Bool](repeating: false, count: Stage.allCases.count)
    private var serial = [Bool](repeating: false, count: Stage.allCases.count)

    public init(start: ContinuousClock.Instant, jobs: Int) {
        self.start = start
        self.jobs = jobs
        last = start
    }

    /// Gives the time since the last lap (or the start) to `stage`; `parallel`: that stretch
    /// ran as one part per job.
    public mutating func lap(_ stage: Stage, parallel: Bool = false, at now: ContinuousClock.Instant = .now) {
        // The clock is monotonic; a caller's earlier instant counts as no time.
        let now = max(now, last)
        elapsed[stage.rawValue] += now - last
        last = now
        lapped[stage.rawValue] = true
        if !parallel { serial[stage.rawValue] = true }
    }

    /// From the start to the last lap: the sum of the stages.
    public var wall: Duration { last - start }

    /// Every stage, in `Stage` order, those never lapped at zero (and not parallel).
    public var stages: [StageTime] {
        Stage.allCases.map { stage in
            StageTime(
                stage: stage, elapsed: elapsed[stage.rawValue],
                parallel: lapped[stage.rawValue] && !serial[stage.rawValue])
        }
    }

    /// The `--timings` file: `wallSeconds`, `jobs`, and `stages` in order, each with its `name`,
    /// `seconds` and `parallel`. Seconds are rounded to the microsecond.
    public var json: JSONOutput {
        .object([
            ("wallSeconds", .double(Self.seconds(wall))),
            ("jobs", .int(jobs)),
            (
                "stages",
                .array(
                    stages.map { time in
                        .object([
                            ("name", .string(time.stage.name)), ("seconds", .double(Self.seconds(time.elapsed))),
                            ("parallel", .bool(time.parallel)),
                        ])
                    })
            ),
        ])
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) + Double(attoseconds) * 1e-18) * 1e6).rounded() / 1e6
    }
}
