/// Where a `LineFramer` gets its bytes. Keeping the framer generic over this lets the same
/// framing code read files, standard input, gzip streams, one range of a file, or (in tests)
/// memory handed out in arbitrary chunk sizes, which is how chunk-boundary bugs are found.
public protocol ByteSource {
    /// Fills the start of `buffer` with the next bytes of the input and returns how many were
    /// written. Returns 0 only at the end of the input; may return fewer bytes than asked at any
    /// time (pipes, signals, decompression), so callers must not treat a short read as the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Bytes held in memory, handed out in chunks of at most `maximumChunk` bytes (or a size chosen
/// per call). Used to drive the framer without a file, in tests and for small inputs.
public struct MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0
    private var chunkSize: (Int) -> Int

    /// - Parameters:
    ///   - bytes: the whole input.
    ///   - chunkSize: called before each read with the buffer space on offer; the source
    ///     returns at most that many bytes (values below 1 count as 1).
    public init(_ bytes: [UInt8], chunkSize: @escaping (Int) -> Int = { $0 }) {
        self.bytes = bytes
        self.chunkSize = chunkSize
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let remaining = bytes.count - position
        guard remaining > 0, buffer.count > 0 else { return 0 }
        let count = min(max(1, chunkSize(buffer.count)), buffer.count, remaining)
        bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress, let target = buffer.baseAddress else { return }
            target.copyMemory(from: base + position, byteCount: count)
        }
        position += count
        return count
    }
}
