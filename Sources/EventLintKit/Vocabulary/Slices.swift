import Dispatch

/// Work cut into one slice per job, for the stages after the line pass that would otherwise run
/// on one thread (building and writing a report's findings). Each slice is a run of neighbouring
/// elements, and results come back in element order, so the output is the same for every job
/// count.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public enum Slices {
    /// Below this many elements per job an array is not worth cutting: the threads would cost
    /// more than they save.
    public static let minimumPerJob = 256

    /// `count` elements cut into at most `jobs` runs of about equal length, none empty; one run
    /// when there are fewer than `minimumPerJob` elements a job.
    static func ranges(count: Int, jobs: Int) -> [Range<Int>] {
        let parts = min(max(jobs, 1), max(count / minimumPerJob, 1))
        guard count > 0 else { return [] }
        return (0..<parts).map { part in count * part / parts..<count * (part + 1) / parts }
    }

    /// `transform` over each slice of `0..<count` on its own thread; the slices' results in order.
    static func map<Result>(count: Int, jobs: Int, _ transform: @Sendable (Range<Int>) -> Result) -> [Result] {
        map(ranges(count: count, jobs: jobs)) { _, range in transform(range) }
    }

    /// `transform` over each of `slices` (by index) on its own thread; the results in order.
    static func map<Result>(_ slices: [Range<Int>], _ transform: @Sendable (Int, Range<Int>) -> Result) -> [Result] {
        guard slices.count > 1 else { return slices.indices.map { transform($0, slices[$0]) } }
        let results = PartResults<Result>(count: slices.count)
        DispatchQueue.concurrentPerform(iterations: slices.count) { index in
            results.set(index, transform(index, slices[index]))
        }
        return results.all
    }
}

/// What each of several concurrent parts produced, by part index.
final class PartResults<Result>: @unchecked Sendable {
    private var results: [Result?]
    private let lock = PosixLock()

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result) { lock.withLock { results[index] = result } }

    /// Every part's result, in part order (after every part is done).
    var all: [Result] { lock.withLock { results.compactMap { $0 } } }

    /// The result of the lowest part that has one.
    var first: (index: Int, result: Result)? {
        lock.withLock { results.indices.lazy.compactMap { index in self.results[index].map { (index, $0) } }.first }
    }
}
