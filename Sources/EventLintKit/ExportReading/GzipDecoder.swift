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
            if stream.pointee.avail_in == 0 && !inputEnded {
                do {
                    let count = try file.read(into: input)
                    if count == 0 {
                        inputEnded = true
                    } else {
                        stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
                        stream.pointee.avail_in = UInt32(count)
                    }
                } catch {
                    failure = error
                    break decoding
                }
            }
            if betweenMembers {
                if stream.pointee.avail_in == 0 {
                    if inputEnded {
                        finished = true
                        break decoding
                    }
                    continue decoding
                }
                guard let next = stream.pointee.next_in else { break decoding }
                if next.pointee == 0 {
                    // Zero padding after a member is ignored, as `gzip -dc` does.
                    stream.pointee.next_in = next + 1
                    stream.pointee.avail_in -= 1
                    continue decoding
                }
                guard next.pointee == 0x1F else {
                    failure = corrupt("unexpected data after a gzip member")
                    break decoding
                }
                inflateReset(stream)
                betweenMembers = false
            }
            let status = inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_STREAM_END:
                betweenMembers = true
            case Z_OK:
                continue decoding
            case Z_BUF_ERROR:
                // No progress possible: either the output is full (loop ends) or input is missing.
                if stream.pointee.avail_in == 0 && inputEnded {
                    failure = corrupt("unexpected end of compressed data")
                    break decoding
                }
                if stream.pointee.avail_in > 0 && stream.pointee.avail_out > 0 {
                    failure = corrupt("zlib made no progress")
                    break decoding
                }
            case Z_NEED_DICT:
                failure = corrupt("member needs a preset dictionary")
                break decoding
            default:
                failure = corrupt(zlibMessage(status))
                break decoding
            }
        }
        let produced = offered - Int(stream.pointee.avail_out)
        decompressedOffset += Int64(produced)
        if var failure {
            if case .corruptGzip(let path, _, let reason) = failure {
                failure = .corruptGzip(path: path, decompressedOffset: decompressedOffset, reason: reason)
            }
            if produced > 0 {
                pendingError = failure
                return produced
            }
            finished = true
            throw failure
        }
        return produced
    }

    private func corrupt(_ reason: String) -> ExportInputError {
        .corruptGzip(path: file.path, decompressedOffset: decompressedOffset, reason: reason)
    }

    private func zlibMessage(_ status: Int32) -> String {
        if let message = stream.pointee.msg { return String(cString: message) }
        return "zlib error \(status)"
    }
}
