import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `lint --timings PATH`, through the built executable: the file's shape and sums, which stages
/// are parallel, reports unchanged by it, and a file that cannot be written.
@Suite struct TimingsToolTests {
    static let export = "samples/exports/focusity-events.ndjson"
    static let names = [
        "reading", "scanning", "merging", "pairs-and-rules", "sorting", "statistics", "rendering", "writing", "other",
    ]

    struct Stage {
        var name: String
        var seconds: Double
        var parallel: Bool
    }

    /// The file's wall time, jobs and stages; nil members fail the test.
    static func read(_ path: String) throws -> (wall: Double, jobs: Int, stages: [Stage]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["wallSeconds", "jobs", "stages"])
        let wall = try #require(object["wallSeconds"] as? Double)
        let jobs = try #require(object["jobs"] as? Int)
        let list = try #require(object["stages"] as? [[String: Any]])
        let stages = try list.map { stage in
            Stage(
                name: try #require(stage["name"] as? String), seconds: try #require(stage["seconds"] as? Double),
                parallel: try #require(stage["parallel"] as? Bool))
        }
        return (wall, jobs, stages)
    }

    @Test(arguments: [1, 3])
    func theFileHoldsEveryStageInOrderAddingUpToTheWallTime(jobs: Int) throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/timings.json"
        let clock = ContinuousClock()
        let started = clock.now
        // The sample 30 times: records and findings enough for one slice of each per job.
        let sample = try Data(contentsOf: URL(fileURLWithPath: Self.export))
        let export = directory.path + "/export.ndjson"
        try Data((0..<30).flatMap { _ in sample }).write(to: URL(fileURLWithPath: export))
        let output = try #require(
            try EventLintBinary.run([
                "lint", "--jobs", String(jobs), "--format", "json", "--timings", path, export,
            ]))
        let lifetime = clock.now - started
        #expect(output.status == 1, "\(output.stderr)")
        let timings = try Self.read(path)
        #expect(timings.jobs == jobs)
        #expect(timings.stages.map(\.name) == Self.names)
        // The export is a plain file cut into one range per job, with users and records enough
        // for every job, and findings enough for a slice of the json report per job.
        #expect(timings.stages.filter(\.parallel).map(\.name) == ["scanning", "pairs-and-rules", "rendering"])
        #expect(timings.stages.allSatisfy { $0.seconds >= 0 })
        #expect(timings.wall > 0)
        // Every stretch of the run is in one stage: only the rounding to microseconds differs.
        let sum = timings.stages.reduce(0) { $0 + $1.seconds }
        #expect(abs(sum - timings.wall) <= 0.001, "stages \(sum) s, wall \(timings.wall) s")
        // The wall time is the process's own: no longer than the test saw it run.
        let (seconds, attoseconds) = lifetime.components
        #expect(timings.wall <= Double(seconds) + Double(attoseconds) * 1e-18)
    }

    @Test(arguments: [1, 3])
    func reportsAreTheSameWithAndWithoutTimings(jobs: Int) throws {
        let directory = TemporaryDirectory()
        for format in ["json", "text"] {
            let arguments = ["lint", "--jobs", String(jobs), "--format", format, Self.export]
            let plain = try #require(try EventLintBinary.run(arguments))
            let timed = try #require(try EventLintBinary.run(arguments + ["--timings", directory.path + "/t.json"]))
            #expect(!plain.stdout.isEmpty)
            #expect(timed.stdout == plain.stdout, "\(format), --jobs \(jobs)")
            #expect(timed.stderr == plain.stderr)
            #expect(timed.status == plain.status)
        }
    }

    /// A file not cut into ranges (read from standard input, or with `--rejects`, which takes
    /// lines in file order) is scanned on one thread: scanning is not parallel, at any `--jobs`.
    @Test(arguments: [
        #""$0" lint --jobs 2 --timings "$1/t.json" - < "$2" > /dev/null"#,
        #""$0" lint --jobs 1 --timings "$1/t.json" - < "$2" > /dev/null"#,
        #""$0" lint --jobs 2 --timings "$1/t.json" --rejects "$1/r.ndjson" "$2" > /dev/null"#,
    ])
    func aFileReadAsOneStreamIsNotScannedInParallel(script: String) throws {
        let directory = TemporaryDirectory()
        let output = try EventLintBinary.shell(script, [directory.path, Self.export])
        #expect(output.status == 1, "\(output.stderr)")
        let timings = try Self.read(directory.path + "/t.json")
        #expect(timings.stages.first { $0.name == "scanning" }?.parallel == false)
    }

    @Test func aTimingsFileThatCannotBeWrittenIsExitTwo() throws {
        let directory = TemporaryDirectory()
        let missing = directory.path + "/no/such/dir/t.json"
        let output = try #require(try EventLintBinary.run(["lint", "--timings", missing, Self.export]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("error: cannot write \(missing): "), "\(output.stderr)")
        // The report itself was written.
        #expect(output.stdout.contains("lines read"))
        let full = try #require(try EventLintBinary.run(["lint", "--timings", "/dev/full", Self.export]))
        #expect(full.status == 2)
        #expect(full.stderr.contains("cannot write /dev/full"), "\(full.stderr)")
    }
}
