import Glibc

/// Inputs for the tests of hostile input, written without holding a large one in memory.
public enum AdversarialInput {
    /// A line the shipped plan accepts without any finding.
    public static let good = Array(
        #"{"event_name":"tour_step_complete","user_pseudo_id":"p1","event_timestamp":1705312800123456,"params":{"phase":"intro"}}"#
            .utf8)

    /// Writes a file by streaming `chunk` `repeats` times (plus optional head and tail), so a
    /// test never holds a large input in memory.
    public static func writeStreaming(
        _ path: String, head: [UInt8] = [], chunk: [UInt8], repeats: Int, tail: [UInt8] = []
    ) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        func put(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { raw in
                var written = 0
                while written < raw.count {
                    let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                    if count <= 0 { return }
                    written += count
                }
            }
        }
        put(head)
        // Batch small chunks into ~1 MiB writes.
        let perWrite = max(1, (1 << 20) / max(chunk.count, 1))
        var batch: [UInt8] = []
        batch.reserveCapacity(perWrite * chunk.count)
        for _ in 0..<min(perWrite, repeats) { batch += chunk }
        var left = repeats
        while left >= perWrite {
            put(batch)
            left -= perWrite
        }
        for _ in 0..<left { put(chunk) }
        put(tail)
    }

    /// A sparse file: `size` NUL bytes that take no disk space (ftruncate), then `tail` written
    /// at the end.
    public static func writeSparse(_ path: String, size: Int64, tail: [UInt8] = []) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = ftruncate(descriptor, off_t(size))
        if !tail.isEmpty {
            _ = tail.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(size)) }
        }
    }
}

extension Array where Element == UInt8 {
    /// `a + LF + b + LF …` for building NDJSON inputs.
    public static func lines(_ lines: [[UInt8]], terminator: [UInt8] = [0x0A]) -> [UInt8] {
        lines.flatMap { $0 + terminator }
    }
}

/// Bytes of a string literal, for readable test tables.
public func b(_ text: String) -> [UInt8] { Array(text.utf8) }
