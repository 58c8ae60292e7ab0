/// Why an export input cannot be read at all. These stop the file (the CLI maps them to exit
/// status 2); problems with single lines are findings instead and never thrown.
public enum ExportInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `open(2)` said the path does not exist.
    case notFound(path: String)
    /// The path names a directory, which has no lines to read.
    case isDirectory(path: String)
    /// `open(2)` failed for another reason (permissions, too many open files, …).
    case cannotOpen(path: String, errno: Int32)
    /// `read(2)` failed after the file was opened; `offset` is how far reading got.
    case readFailed(path: String, errno: Int32, offset: Int64)
    /// The input starts with the magic bytes of a compression format eventlint does not decode.
    case unsupportedCompression(path: String, format: CompressionFormat)
    /// A gzip stream is corrupt or ends early. Every line that ended before
    /// `decompressedOffset` has already been delivered.
    case corruptGzip(path: String, decompressedOffset: Int64, reason: String)
    /// A byte range was asked of an input that can only be read from start to end
    /// (standard input, compressed data, pipes and other non-regular files).
    case notSplittable(path: String)
    /// A regular file ended at `offset`, before the `size` it had when it was opened: another
    /// process truncated or rewrote it while it was read. Lines before `offset` were read.
    case shrank(path: String, offset: Int64, size: Int64)

    /// The file the error is about, as the user gave it (`-` for standard input).
    public var path: String {
        switch self {
        case .notFound(let path), .isDirectory(let path), .cannotOpen(let path, _),
            .readFailed(let path, _, _), .unsupportedCompression(let path, _),
            .corruptGzip(let path, _, _), .notSplittable(let path), .shrank(let path, _, _):
            path
        }
    }

    /// One line, lowercase, no trailing period, naming the file.
    public var description: String {
        let name = Self.displayName(path)
        switch self {
        case .notFound:
            return "cannot open \(name): no such file"
        case .isDirectory:
            return "cannot read \(name): it is a directory"
        case .cannotOpen(_, let code):
            return "cannot open \(name): \(Self.describe(errno: code))"
        case .readFailed(_, let code, let offset):
            return "cannot read \(name) at byte \(offset): \(Self.describe(errno: code))"
        case .unsupportedCompression(let path, let format):
            let source = path == "-" ? "" : " \(Self.shellQuoted(path))"
            return "\(name) is \(format.name)-compressed; decompress it first, e.g. "
                + "`\(format.decompressCommand)\(source) | eventlint lint -`"
        case .corruptGzip(_, let offset, let reason):
            return "\(name) is not a valid gzip stream (\(reason)) after \(offset) decompressed bytes; "
                + "lines before that point were read"
        case .notSplittable:
            return "cannot read \(name) in parts: only regular uncompressed files can be split"
        case .shrank(_, let offset, let size):
            return "\(name) shrank while it was read: it ends at byte \(offset) of the \(size) it had when "
                + "opened (another process truncated or rewrote it); lines before that point were read"
        }
    }

    private static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : "'\(SystemPath.display(path))'"
    }

    private static func shellQuoted(_ path: String) -> String {
        let safe = path.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == 0x2F || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
        if safe { return path }
        return "'" + path.replacingAll("'", with: "'\\''") + "'"
    }

    /// Lowercase system message for an errno value (`strerror` text starts uppercase).
    static func describe(errno code: Int32) -> String {
        guard let text = strerrorText(code) else { return "error \(code)" }
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}

extension String {
    /// Literal replacement without Foundation.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
