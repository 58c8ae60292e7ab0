/// A contiguous part of an export file, produced by `splitAtLineBoundaries(path:parts:)` so
/// several cores can frame one file at once. Every range except the first starts right after an
/// LF, so no line is ever cut in two.
public struct ByteRange: Sendable, Hashable {
    /// 0-based absolute offset of the range's first byte.
    public var start: Int64
    /// Absolute offset one past the last byte, or `nil` for "to the end of the input" — the only
    /// form allowed for standard input and compressed files, which must be read from the start.
    public var end: Int64?

    public init(start: Int64, end: Int64?) {
        self.start = start
        self.end = end
    }

    /// The whole input, start to end, whatever its kind.
    public static let whole = ByteRange(start: 0, end: nil)

    /// Bytes in the range, when bounded.
    public var count: Int64? { end.map { $0 - start } }
}
