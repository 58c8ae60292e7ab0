/// Progress of a long lint for a terminal's stderr: bytes, MB/s and ETA, at most a few updates
/// a second. Shared by the worker threads; the executable decides whether anyone sees it.
public final class ProgressMeter: @unchecked Sendable {
    /// Guarded by `lock`.
    private var state: (bytes: Int64, lastReport: ContinuousClock.Instant)
    private let lock = PosixLock()
    private let start = ContinuousClock.now
    private let total: Int64?
    private let sink: @Sendable (String) -> Void

    public init(totalBytes: Int64?, sink: @escaping @Sendable (String) -> Void) {
        total = totalBytes
        self.sink = sink
        state = (0, ContinuousClock.now)
    }

    func add(_ bytes: Int64) {
        let now = ContinuousClock.now
        let line: String? = lock.withLock {
            state.bytes += bytes
            guard now - state.lastReport >= .milliseconds(250) else { return nil }
            state.lastReport = now
            return describe(state.bytes, elapsed: now - start)
        }
        if let line { sink(line) }
    }

    /// Clears the progress line at the end.
    public func finish() { sink("") }

    func describe(_ bytes: Int64, elapsed: Duration) -> String {
        let seconds = max(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, 0.001)
        let rate = Double(bytes) / seconds / 1_000_000
        var text = "eventlint: \(bytes / 1_000_000) MB"
        if let total, total > 0 { text += " of \(total / 1_000_000) MB" }
        text += ", " + DecimalText.format(rate, places: 1, keepingZero: true) + " MB/s"
        if let total, total > bytes, rate > 0 {
            let remaining = Double(total - bytes) / 1_000_000 / rate
            text += ", about \(Int(saturating: remaining.rounded(.up))) s left"
        }
        return text
    }
}
