/// What the framer noticed about one line, so later stages can report it without rescanning.
public struct LineFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The line ended in CR LF; the CR is not part of `bytes`.
    public static let crlf = LineFlags(rawValue: 1 << 0)
    /// A UTF-8 byte order mark at byte 0 of the stream was removed from `bytes`.
    public static let leadingBOM = LineFlags(rawValue: 1 << 1)
    /// The input ended without an LF after this line.
    public static let missingFinalNewline = LineFlags(rawValue: 1 << 2)
    /// The line is empty or holds only spaces, tabs and CRs: no record, counted apart.
    public static let blank = LineFlags(rawValue: 1 << 3)
    /// Longer than `maxLineBytes`: `bytes` holds only a prefix and `length` the real size.
    public static let oversize = LineFlags(rawValue: 1 << 4)
    /// Set on oversize lines only (the others keep their bytes, so a reader can look): the line
    /// holds a CR byte other than the CR of a CR LF terminator. A file with CR-only line endings
    /// reads as one huge line, and this is what lets the finding say so.
    public static let carriageReturnInside = LineFlags(rawValue: 1 << 5)
}

/// One line of an export as the framer delivers it to the next stage.
///
/// `bytes` points into the framer's own buffers and is valid **only during the callback** that
/// receives it: copy what must outlive the call. This is what keeps framing free of per-line
/// allocation.
public struct FramedLine {
    /// 1-based line number. For a framer reading one `ByteRange` it is local to the range: the
    /// caller adds the line counts of all earlier ranges when merging results.
    public let number: Int
    /// 0-based absolute byte offset of the line's first byte in the (decompressed) stream,
    /// counting a leading BOM if there was one.
    public let byteOffset: Int64
    /// The line without its LF, without a CR right before the LF and without a leading BOM.
    /// For an oversize line: only its first `FramingOptions.oversizePrefixBytes` bytes.
    public let bytes: UnsafeRawBufferPointer
    /// Size of the line in bytes: `bytes.count`, except for an oversize line, where it is the
    /// real size of everything before the LF (a CR and a BOM included).
    public let length: Int64
    public let flags: LineFlags

    public init(number: Int, byteOffset: Int64, bytes: UnsafeRawBufferPointer, length: Int64, flags: LineFlags) {
        self.number = number
        self.byteOffset = byteOffset
        self.bytes = bytes
        self.length = length
        self.flags = flags
    }

    public var isBlank: Bool { flags.contains(.blank) }
    public var isOversize: Bool { flags.contains(.oversize) }

    /// Absolute offset of `bytes[0]`: where column 1 of a JSON reader's view starts. Columns in
    /// findings count raw bytes, so for line 1 after a BOM they start 3 bytes in.
    public var contentByteOffset: Int64 { flags.contains(.leadingBOM) ? byteOffset + 3 : byteOffset }

    /// 1-based raw-byte column of `bytes[index]` within the line as stored in the file.
    public func column(ofContentIndex index: Int) -> Int {
        index + 1 + (flags.contains(.leadingBOM) ? 3 : 0)
    }
}

/// Limits and buffer sizes for framing; the defaults suit multi-GB exports.
public struct FramingOptions: Sendable, Hashable {
    /// Bytes asked of each `read(2)`; also the largest line delivered without copying.
    public var bufferSize: Int
    /// Longest line kept whole; longer lines are skipped in discard mode and reported.
    public var maxLineBytes: Int
    /// How many leading bytes of an oversize line are kept for the rejects file.
    public var oversizePrefixBytes: Int

    public init(bufferSize: Int = 1 << 20, maxLineBytes: Int = 16 << 20, oversizePrefixBytes: Int = 64) {
        self.bufferSize = max(1, bufferSize)
        self.maxLineBytes = max(1, maxLineBytes)
        self.oversizePrefixBytes = max(0, oversizePrefixBytes)
    }
}

/// Counts kept while framing, for the run summary (`lines_read == valid + invalid + blank`).
public struct FramingStats: Sendable, Hashable {
    /// Lines delivered (blank and oversize ones included).
    public var lines = 0
    public var blankLines = 0
    public var oversizeLines = 0
    /// Bytes of the (decompressed) stream consumed.
    public var bytes: Int64 = 0
    /// The stream started with a UTF-8 BOM. Also set when the BOM was the whole input, where no
    /// line is delivered to carry the flag.
    public var sawLeadingBOM = false
    public var missingFinalNewline = false

    public init() {}
}
