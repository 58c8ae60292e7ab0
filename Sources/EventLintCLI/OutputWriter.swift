import EventLintKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes bytes to a file descriptor, buffered, and remembers the first failure: a full disk
/// (`ENOSPC`), an I/O error or a closed pipe is never silently a success.
final class OutputWriter: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let lock = PosixLock()
    /// The errno of the first failed write, or of a failed open.
    private(set) var failure: Int32?

    /// Opens `path` for writing: created, truncated, or with `new`, created and refused (`EEXIST`)
    /// when something is there already.
    init(path: String, new: Bool = false) {
        self.path = path
        let mode = O_WRONLY | O_CREAT | O_CLOEXEC | (new ? O_EXCL : O_TRUNC)
        let opened = SystemPath.withCString(path) { open($0, mode, 0o644) }
        descriptor = opened
        ownsDescriptor = opened >= 0
        failure = opened < 0 ? errno : nil
        buffer.reserveCapacity(1 << 16)
    }

    /// Writes to an open descriptor (standard output).
    init(descriptor: Int32, name: String) {
        path = name
        self.descriptor = descriptor
        ownsDescriptor = false
    }

    func write(_ text: String) {
        lock.withLock {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { flushLocked() }
        }
    }

    /// Writes raw bytes (a copy of the input, `watch --save`).
    func write(bytes: UnsafeRawBufferPointer) {
        lock.withLock {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flushLocked() }
        }
    }

    /// Flushes and closes; the first failure, if any.
    func finish() -> Int32? {
        lock.withLock {
            flushLocked()
            if ownsDescriptor {
                if close(descriptor) != 0, failure == nil { failure = errno }
            }
        }
        return failure
    }

    private func flushLocked() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            written += result
        }
    }

    /// A message for a failed write: `no space left on device`.
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// `--rejects FILE`: each rejected line becomes one NDJSON record as the line pass reads it.
final class RejectsFile: RejectSink, @unchecked Sendable {
    let writer: OutputWriter

    init(path: String) { writer = OutputWriter(path: path) }

    func write(_ line: RejectedLine) { writer.write(line.json.rendered(pretty: false) + "\n") }
}
