/// An opened export: a file, standard input (`-`) or one byte range of a file, with gzip
/// decoded transparently. Opening sniffs the first bytes, so compressed input is recognised by
/// content and rejected with one clear error when eventlint cannot decode it.
///
/// A class because it owns the file descriptor (and zlib state) and releases them exactly once.
public final class ExportInput: ByteSource {
    private enum Backend {
        case plain(FileReader)
        case gzip(GzipDecoder)
    }

    private let backend: Backend
    /// The path as given; `-` means standard input.
    public let path: String
    /// The compression found by magic bytes (`.gzip` is the only one that can be open).
    public let compression: CompressionFormat?
    /// The range being read; `.whole` unless opened for part of a file.
    public let range: ByteRange

    /// Opens `path` (`-` for standard input).
    ///
    /// - Parameter range: `.whole`, or a range from `splitAtLineBoundaries(path:parts:)`. Only
    ///   regular uncompressed files can be read by range; the others throw `.notSplittable`.
    /// - Throws: `ExportInputError` when the input cannot be read at all.
    public init(path: String, range: ByteRange = .whole) throws(ExportInputError) {
        let file = try FileReader(path: path, range: range)
        self.path = path
        self.range = range
        if range.start == 0 {
            let prefix = try file.peek(CompressionFormat.maximumMagicLength)
            compression = prefix.withUnsafeBytes { CompressionFormat.detect($0) }
        } else {
            compression = nil
        }
        switch compression {
        case nil:
            backend = .plain(file)
        case .gzip?:
            guard range == .whole else { throw .notSplittable(path: path) }
            backend = .gzip(try GzipDecoder(file: file))
        case let format?:
            throw .unsupportedCompression(path: path, format: format)
        }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        switch backend {
        case .plain(let file): try file.read(into: buffer)
        case .gzip(let decoder): try decoder.read(into: buffer)
        }
    }
}
