import CZlib

/// Decompresses a gzip input through zlib as `gzip -dc` does: every concatenated member is
/// decoded in turn, and zero padding after the last member (tar-style) is ignored. Anything else
/// that is not a gzip member, a corrupt stream or a stream that stops early is an error that
/// carries the decompressed offset reached.
///
/// A class because zlib's state points back at its `z_stream`, which therefore must never move;
/// the stream lives in memory allocated once here and freed in `deinit`.
final class GzipDecoder {
    private let file: FileReader
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutableRawBufferPointer
    private var inputEnded = false
    /// The current member ended; the next input byte decides whether another one follows.
    private var betweenMembers = false
    private var finished = false
    /// Decompressed bytes handed out so far.
    private(set) var decompressedOffset: Int64 = 0
    /// An error met after some output was produced; thrown on the next call so the bytes before
    /// it are still framed and delivered.
    private var pendingError: ExportInputError?

    init(file: FileReader, inputBufferSize: Int = 256 * 1024) throws(ExportInputError) {
        self.file = file
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(byteCount: max(inputBufferSize, 64), alignment: 16)
        let status = czlib_inflate_init_gzip(stream)
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            input.deallocate()
            throw .corruptGzip(path: file.path, decompressedOffset: 0, reason: "zlib could not start (\(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// What one step of decoding says: go on, stop because the output is full or the input is
    /// done, or stop with an error.
    private enum Step {
        case next
        case stop
        case fail(ExportInputError)
    }

    /// Fills `output` with decompressed bytes; 0 only after the last member.
    func read(into output: UnsafeMutableRawBufferPointer) throws(ExportInputError) -> Int {
        if let error = pendingError {
            pendingError = nil
            finished = true
            throw error
        }
        guard !finished, let outputBase = output.baseAddress, output.count > 0 else { return 0 }
        stream.pointee.next_out = outputBase.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = UInt32(clamping: output.count)
        let offered = Int(stream.pointee.avail_out)
        var failure: ExportInputError?
        decoding: while stream.pointee.avail_out > 0 {
            for step in [refillInput, crossMemberBoundary, inflateOnce] {
                switch step() {
                case .next: continue
                case .stop: break decoding
                case .fail(let error):
                    failure = error
                    break decoding
                }
            }
        }
        let produced = offered - Int(stream.pointee.avail_out)
        decompressedOffset += Int64(produced)
        guard var failure else { return produced }
        if case .corruptGzip(let path, _, let reason) = failure {
            failure = .corruptGzip(path: path, decompressedOffset: decompressedOffset, reason: reason)
        }
        // The bytes before the error are delivered first; the error comes with the next call.
        if produced > 0 {
            pendingError = failure
            return produced
        }
        finished = true
        throw failure
    }

    /// Reads more compressed input when zlib has used up what it had.
    private func refillInput() -> Step {
        guard stream.pointee.avail_in == 0 && !inputEnded else { return .next }
        do {
            let count = try file.read(into: input)
            if count == 0 {
                inputEnded = true
            } else {
                stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = UInt32(count)
            }
            return .next
        } catch {
            return .fail(error)
        }
    }

    /// Between members: the end of the input, zero padding (ignored, as `gzip -dc` does), or the
    /// magic byte of the next member, which restarts zlib.
    private func crossMemberBoundary() -> Step {
        guard betweenMembers else { return .next }
        if stream.pointee.avail_in == 0 {
            if inputEnded {
                finished = true
                return .stop
            }
            return .stop
        }
        guard let next = stream.pointee.next_in else { return .stop }
        if next.pointee == 0 {
            stream.pointee.next_in = next + 1
            stream.pointee.avail_in -= 1
            return .stop
        }
        guard next.pointee == 0x1F else { return .fail(corrupt("unexpected data after a gzip member")) }
        inflateReset(stream)
        betweenMembers = false
        return .next
    }

    /// One call of `inflate` and what its status means.
    private func inflateOnce() -> Step {
        switch inflate(stream, Z_NO_FLUSH) {
        case Z_STREAM_END:
            betweenMembers = true
            return .next
        case Z_OK:
            return .next
        case Z_BUF_ERROR:
            // No progress possible: either the output is full (the loop ends) or input is missing.
            if stream.pointee.avail_in == 0 && inputEnded { return .fail(corrupt("unexpected end of compressed data")) }
            if stream.pointee.avail_in > 0 && stream.pointee.avail_out > 0 {
                return .fail(corrupt("zlib made no progress"))
            }
            return .next
        case Z_NEED_DICT:
            return .fail(corrupt("member needs a preset dictionary"))
        case let status:
            return .fail(corrupt(zlibMessage(status)))
        }
    }

    private func corrupt(_ reason: String) -> ExportInputError {
        .corruptGzip(path: file.path, decompressedOffset: decompressedOffset, reason: reason)
    }

    private func zlibMessage(_ status: Int32) -> String {
        if let message = stream.pointee.msg { return String(cString: message) }
        return "zlib error \(status)"
    }
}
