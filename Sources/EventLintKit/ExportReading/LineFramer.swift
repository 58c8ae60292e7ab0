import Glibc

/// Splits a byte stream into NDJSON lines at LF, the first stage of the lint path.
///
/// Why it looks the way it does:
/// - LF is a hard record boundary: whatever a line holds, the next line
///   starts after its LF, so a broken record can never swallow the next one.
/// - Reads go into one fixed buffer; a line that lies inside it is handed out as a pointer into
///   it (no copy, no allocation). Only a line crossing a read boundary is assembled, in one
///   reusable carry buffer that grows at most to `maxLineBytes`.
/// - A line longer than `maxLineBytes` (not counting the CR of a CR LF or a leading BOM, which
///   framing owns) switches to discard mode: buffering stops, the scan for its LF goes on, and
///   the line is delivered as an oversize record (real size plus a short prefix). Memory
///   therefore stays at `bufferSize + maxLineBytes + framingBytes` whatever the input.
/// - Noncopyable, so the buffers it owns are freed exactly once and cannot be aliased.
///
/// A framer built for a `ByteRange` reports **range-local** line numbers (the first line of the
/// range is line 1) and **absolute** byte offsets; the caller adds the line counts of earlier
/// ranges at merge time. A leading BOM is only recognised when the framer starts at offset 0.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public struct LineFramer<Source: ByteSource>: ~Copyable {
    private var source: Source
    private let maxLineBytes: Int
    private let prefixBytes: Int
    /// Bytes kept of an oversize line: the prefix plus room for a BOM that will be removed.
    private let keptOversizeBytes: Int
    private let buffer: UnsafeMutableRawBufferPointer
    private var carry: UnsafeMutableRawPointer?
    private var carryCapacity = 0
    /// Bytes of the current unfinished line held in `carry` (only its prefix when discarding).
    private var carryCount = 0
    /// Discard mode: the current line is oversize and only its size is still being counted.
    private var discarding = false
    private var discardedLength: Int64 = 0
    /// Last byte seen of the unfinished line, to recognise CR LF on a line not fully kept.
    private var pendingLastByte: UInt8 = 0
    /// CR bytes seen in the unfinished line, counted up to 2 (enough to tell a CR inside the
    /// line from the CR of its CR LF terminator).
    private var pendingCarriageReturns = 0
    /// Absolute offset of the first byte of the line being framed.
    private var lineStart: Int64
    /// Absolute offset of the next byte the source will return.
    private var streamOffset: Int64
    private var lineNumber = 0
    private let recognisesLeadingBOM: Bool
    private var finished = false
    /// Counts for the run summary; complete once `forEachLine` returns.
    public private(set) var stats = FramingStats()

    /// - Parameters:
    ///   - source: where the bytes come from.
    ///   - startOffset: absolute offset of the source's first byte (a range's start); offsets
    ///     of delivered lines count from it, and a leading BOM is only looked for when it is 0.
    ///   - options: buffer size and line limits.
    public init(source: consuming Source, startOffset: Int64 = 0, options: FramingOptions = FramingOptions()) {
        self.source = source
        maxLineBytes = options.maxLineBytes
        prefixBytes = options.oversizePrefixBytes
        keptOversizeBytes = options.oversizePrefixBytes + 3
        buffer = .allocate(byteCount: options.bufferSize, alignment: 64)
        lineStart = startOffset
        streamOffset = startOffset
        recognisesLeadingBOM = startOffset == 0
    }

    deinit {
        buffer.deallocate()
        carry?.deallocate()
    }

    /// Reads the source to its end and calls `body` once per line, in order.
    ///
    /// `FramedLine.bytes` is valid only during the call. Errors thrown by the source (I/O,
    /// corrupt gzip) or by `body` end framing and are rethrown; every line that ended before
    /// the failure has been delivered. A second call returns at once.
    public mutating func forEachLine(_ body: (FramedLine) throws -> Void) throws {
        guard !finished else { return }
        finished = true
        guard let base = buffer.baseAddress else { return }
        while true {
            let count = try source.read(into: buffer)
            if count <= 0 { break }
            let chunkStart = streamOffset
            streamOffset += Int64(count)
            stats.bytes += Int64(count)
            var position = 0
            while position < count {
                guard let found = memchr(base + position, 0x0A, count - position) else {
                    appendPending(UnsafeRawPointer(base + position), count - position)
                    break
                }
                let lineEnd = base.distance(to: found)
                let lineBytes = lineEnd - position
                if carryCount == 0 && !discarding {
                    // Hot path: the whole line is in the buffer; hand out a pointer to it.
                    let start = UnsafeRawPointer(base + position)
                    if lineBytes > maxLineBytes && contentLength(start, lineBytes, terminated: true) > maxLineBytes {
                        // The last byte is left out: a CR there is the line's CR LF terminator.
                        let innerCR = memchr(start, 0x0D, lineBytes - 1) != nil
                        try emit(
                            start, min(lineBytes, keptOversizeBytes), rawLength: Int64(lineBytes),
                            lastRawByte: start.load(fromByteOffset: lineBytes - 1, as: UInt8.self),
                            terminated: true, oversize: true, carriageReturnInside: innerCR, body)
                    } else {
                        try emit(
                            start, lineBytes, rawLength: Int64(lineBytes), lastRawByte: 0,
                            terminated: true, oversize: false, body)
                    }
                } else {
                    appendPending(UnsafeRawPointer(base + position), lineBytes)
                    try emitPending(terminated: true, body)
                }
                position = lineEnd + 1
                lineStart = chunkStart + Int64(position)
            }
        }
        if carryCount > 0 || discarding {
            try emitPending(terminated: false, body)
        }
    }

    /// Adds bytes of an unfinished line to the carry buffer, or only counts them once the line
    /// is known to be oversize.
    private mutating func appendPending(_ start: UnsafeRawPointer, _ count: Int) {
        guard count > 0 else { return }
        pendingLastByte = start.load(fromByteOffset: count - 1, as: UInt8.self)
        var searched = 0
        while pendingCarriageReturns < 2, searched < count,
            let found = memchr(start + searched, 0x0D, count - searched)
        {
            pendingCarriageReturns += 1
            searched = start.distance(to: UnsafeRawPointer(found)) + 1
        }
        if discarding {
            discardedLength += Int64(count)
            keepOversizePrefix(start, count)
            return
        }
        let needed = carryCount + count
        if needed > maxLineBytes.addingSaturating(Self.framingBytes) {
            // Too long: keep only a prefix for the rejects file from now on, and count the rest.
            keepOversizePrefix(start, count)
            discarding = true
            discardedLength = Int64(needed)
            return
        }
        reserveCarry(needed)
        carry?.advanced(by: carryCount).copyMemory(from: start, byteCount: count)
        carryCount = needed
    }

    /// Tops up the kept prefix of an oversize line until it holds `keptOversizeBytes`.
    private mutating func keepOversizePrefix(_ start: UnsafeRawPointer, _ count: Int) {
        guard carryCount < keptOversizeBytes else { return }
        let copied = min(keptOversizeBytes - carryCount, count)
        reserveCarry(carryCount + copied)
        carry?.advanced(by: carryCount).copyMemory(from: start, byteCount: copied)
        carryCount += copied
    }

    /// Grows the carry buffer geometrically, never beyond what one line may need.
    private mutating func reserveCarry(_ needed: Int) {
        guard needed > carryCapacity else { return }
        let ceiling = max(maxLineBytes.addingSaturating(Self.framingBytes), keptOversizeBytes)
        let capacity = min(max(needed, carryCapacity * 2, 4096), max(ceiling, needed))
        let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        if let old = carry {
            grown.copyMemory(from: old, byteCount: carryCount)
            old.deallocate()
        }
        carry = grown
        carryCapacity = capacity
    }

    /// Delivers the line assembled in the carry buffer and empties it.
    private mutating func emitPending(terminated: Bool, _ body: (FramedLine) throws -> Void) throws {
        let start = UnsafeRawPointer(carry)
        let count = carryCount
        // The carry holds up to `framingBytes` more than a line may: a line that needed them for
        // more than its CR and BOM is oversize too.
        let oversize =
            discarding
            || (count > maxLineBytes
                && start.map { contentLength($0, count, terminated: terminated) } ?? 0 > maxLineBytes)
        let rawLength = discarding ? discardedLength : Int64(count)
        let terminatorCR = terminated && pendingLastByte == ASCII.carriageReturn ? 1 : 0
        let innerCR = pendingCarriageReturns > terminatorCR
        carryCount = 0
        discarding = false
        discardedLength = 0
        pendingCarriageReturns = 0
        guard let start else { return }
        try emit(
            start, count, rawLength: rawLength, lastRawByte: pendingLastByte,
            terminated: terminated, oversize: oversize, carriageReturnInside: innerCR, body)
    }

    /// What framing owns of a line besides its LF, and so what the line limit does not count:
    /// the CR of a CR LF and, on the first line, a byte order mark (3 bytes).
    static var framingBytes: Int { 4 }

    /// A line's length without what framing owns: the limit applies to this, so a line of
    /// exactly `maxLineBytes` is read whether it ends in LF or CR LF, BOM or not.
    private func contentLength(_ start: UnsafeRawPointer, _ count: Int, terminated: Bool) -> Int {
        var length = count
        if terminated && length > 0 && start.load(fromByteOffset: length - 1, as: UInt8.self) == ASCII.carriageReturn {
            length -= 1
        }
        if lineNumber == 0 && recognisesLeadingBOM
            && ASCII.startsWithByteOrderMark(UnsafeRawBufferPointer(start: start, count: count))
        {
            length -= 3
        }
        return length
    }

    /// Classifies one line, strips what framing owns (CR before LF, leading BOM) and calls `body`.
    @inline(__always)
    private mutating func emit(
        _ start: UnsafeRawPointer, _ count: Int, rawLength: Int64, lastRawByte: UInt8,
        terminated: Bool, oversize: Bool, carriageReturnInside: Bool = false,
        _ body: (FramedLine) throws -> Void
    ) throws {
        var content = start
        var length = count
        var flags: LineFlags = terminated ? [] : .missingFinalNewline
        if lineNumber == 0 && recognisesLeadingBOM
            && ASCII.startsWithByteOrderMark(UnsafeRawBufferPointer(start: content, count: length))
        {
            content += 3
            length -= 3
            flags.insert(.leadingBOM)
            stats.sawLeadingBOM = true
        }
        if oversize {
            flags.insert(.oversize)
            if terminated && lastRawByte == ASCII.carriageReturn { flags.insert(.crlf) }
            if carriageReturnInside { flags.insert(.carriageReturnInside) }
            length = min(length, prefixBytes)
            stats.oversizeLines += 1
        } else {
            if terminated && length > 0
                && content.load(fromByteOffset: length - 1, as: UInt8.self) == ASCII.carriageReturn
            {
                length -= 1
                flags.insert(.crlf)
            }
            if Self.isBlank(content, length) {
                flags.insert(.blank)
                stats.blankLines += 1
            }
        }
        if !terminated { stats.missingFinalNewline = true }
        lineNumber += 1
        stats.lines += 1
        let line = FramedLine(
            number: lineNumber, byteOffset: lineStart,
            bytes: UnsafeRawBufferPointer(start: content, count: length),
            length: oversize ? rawLength : Int64(length), flags: flags)
        try body(line)
    }

    /// Empty, or only spaces, tabs and CRs. The first byte settles almost every real line.
    @inline(__always)
    private static func isBlank(_ start: UnsafeRawPointer, _ count: Int) -> Bool {
        var index = 0
        while index < count {
            switch start.load(fromByteOffset: index, as: UInt8.self) {
            case ASCII.space, ASCII.tab, ASCII.carriageReturn: index += 1
            default: return false
            }
        }
        return true
    }
}

extension LineFramer where Source == ExportInput {
    /// Frames a file, standard input (`-`), or one range of a regular file.
    ///
    /// - Throws: `ExportInputError` when the input cannot be opened or is compressed in a
    ///   format eventlint does not decode.
    public init(path: String, range: ByteRange = .whole, options: FramingOptions = FramingOptions())
        throws(ExportInputError)
    {
        self.init(source: try ExportInput(path: path, range: range), startOffset: range.start, options: options)
    }
}
