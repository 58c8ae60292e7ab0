import CZlib
import EventLintTestSupport
import Glibc

@testable import EventLintKit

/// A delivered line copied out of the framer's buffers, so tests can compare whole runs.
struct LineRecord: Equatable, CustomStringConvertible {
    var number: Int
    var offset: Int64
    var bytes: [UInt8]
    var length: Int64
    var flags: LineFlags

    init(number: Int, offset: Int64, bytes: [UInt8], length: Int64, flags: LineFlags) {
        self.number = number
        self.offset = offset
        self.bytes = bytes
        self.length = length
        self.flags = flags
    }

    init(_ line: FramedLine) {
        self.init(
            number: line.number, offset: line.byteOffset, bytes: Array(line.bytes), length: line.length,
            flags: line.flags)
    }

    var description: String {
        "#\(number)@\(offset) len=\(length) flags=\(flags.rawValue) \(bytes)"
    }
}

enum FramingFixtures {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The framing contract written the obvious way (split the whole buffer at every LF), as the
    /// oracle the streaming framer must match.
    static func referenceLines(_ data: [UInt8], options: FramingOptions, startOffset: Int64 = 0) -> [LineRecord] {
        var records: [LineRecord] = []
        var lineStart = 0
        var segments: [(Range<Int>, Bool)] = []
        for index in data.indices where data[index] == 0x0A {
            segments.append((lineStart..<index, true))
            lineStart = index + 1
        }
        if lineStart < data.count { segments.append((lineStart..<data.count, false)) }
        for (number, (range, terminated)) in segments.enumerated() {
            let raw = Array(data[range])
            var content = raw[...]
            var flags: LineFlags = terminated ? [] : .missingFinalNewline
            if number == 0 && startOffset == 0 && raw.starts(with: bom) {
                content = content.dropFirst(3)
                flags.insert(.leadingBOM)
            }
            var length: Int64
            // The limit does not count what framing owns: the CR of a CR LF, a leading BOM.
            let framing = (terminated && raw.last == 0x0D ? 1 : 0) + (flags.contains(.leadingBOM) ? 3 : 0)
            if raw.count - framing > options.maxLineBytes {
                flags.insert(.oversize)
                if terminated && raw.last == 0x0D { flags.insert(.crlf) }
                if raw.dropLast(terminated && raw.last == 0x0D ? 1 : 0).contains(0x0D) {
                    flags.insert(.carriageReturnInside)
                }
                content = content.prefix(options.oversizePrefixBytes)
                length = Int64(raw.count)
            } else {
                if terminated && content.last == 0x0D {
                    content = content.dropLast()
                    flags.insert(.crlf)
                }
                if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { flags.insert(.blank) }
                length = Int64(content.count)
            }
            records.append(
                LineRecord(
                    number: number + 1, offset: startOffset + Int64(range.lowerBound), bytes: Array(content),
                    length: length, flags: flags))
        }
        return records
    }

    /// Frames `source` and copies every line out.
    static func collect<Source: ByteSource>(
        _ source: Source, options: FramingOptions, startOffset: Int64 = 0
    ) throws -> (lines: [LineRecord], stats: FramingStats) {
        var framer = LineFramer(source: source, startOffset: startOffset, options: options)
        var lines: [LineRecord] = []
        try framer.forEachLine { lines.append(LineRecord($0)) }
        return (lines, framer.stats)
    }

    /// Frames a file (or one range of it) and copies every line out; on error returns the lines
    /// delivered before it together with the error.
    static func collect(path: String, range: ByteRange = .whole, options: FramingOptions = FramingOptions())
        -> (lines: [LineRecord], error: (any Error)?)
    {
        var lines: [LineRecord] = []
        do {
            var framer = try LineFramer(path: path, range: range, options: options)
            try framer.forEachLine { lines.append(LineRecord($0)) }
            return (lines, nil)
        } catch {
            return (lines, error)
        }
    }

    /// Random NDJSON-ish content full of framing edge cases: CRLF, blank and whitespace lines,
    /// BOMs at the start and inside, lines around the size limit, a missing final newline.
    static func randomContent(using generator: inout SeededGenerator, maxLineBytes: Int) -> [UInt8] {
        var data: [UInt8] = []
        if Int.random(in: 0..<4, using: &generator) == 0 { data += bom }
        let lineCount = Int.random(in: 0...25, using: &generator)
        let alphabet: [UInt8] = Array("{\"a\":1}xyz ".utf8) + [0x0D, 0x09, 0xEF, 0xBB, 0xBF, 0x00, 0xFF]
        for _ in 0..<lineCount {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: data += []
            case 1: data += Array(" \t ".utf8.prefix(Int.random(in: 0...3, using: &generator)))
            case 2: data += [0x20, 0x0D]
            case 3: data += bom + Array("{}".utf8)
            case 4:
                // Around the limit, to hit the exact boundary and discard mode.
                let size = max(0, maxLineBytes + Int.random(in: -2...40, using: &generator))
                data += (0..<size).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            default:
                let size = Int.random(in: 0...30, using: &generator)
                data += (0..<size).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            }
            if Int.random(in: 0..<3, using: &generator) == 0 { data.append(0x0D) }
            data.append(0x0A)
        }
        if !data.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
            // Drop the final LF, sometimes more, to leave an unterminated last line.
            data.removeLast(Int.random(in: 1...min(3, data.count), using: &generator))
        }
        return data
    }
}

/// gzip through zlib's own deflate, so tests do not depend on a `gzip` binary being installed.
func gzipCompress(_ data: [UInt8], level: Int32 = 6) -> [UInt8] {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }
    guard czlib_deflate_init_gzip(stream, level) == Z_OK else { return [] }
    var input = data
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    input.withUnsafeMutableBufferPointer { source in
        stream.pointee.next_in = source.baseAddress
        stream.pointee.avail_in = UInt32(source.count)
        var status = Z_OK
        while status != Z_STREAM_END {
            chunk.withUnsafeMutableBufferPointer { target in
                stream.pointee.next_out = target.baseAddress
                stream.pointee.avail_out = UInt32(target.count)
                status = deflate(stream, Z_FINISH)
                output += target[0..<(target.count - Int(stream.pointee.avail_out))]
            }
            if status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR { break }
        }
    }
    return output
}
