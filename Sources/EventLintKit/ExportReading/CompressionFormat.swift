/// A compression format recognised by its magic bytes. Exports are often shipped compressed,
/// and reading compressed bytes as NDJSON would flood the user with one bogus finding per
/// "line"; detecting the magic lets us decode gzip and give one clear error for the rest.
/// Detection looks at content, never at the file name, so `export.json` holding gzip still works.
public enum CompressionFormat: String, Sendable, Hashable, CaseIterable {
    case gzip
    case bzip2
    case xz
    case zstd
    case zip

    /// The longest magic number we test, in bytes.
    static let maximumMagicLength = 6

    /// The format whose magic bytes start `prefix`, or `nil` for anything else (plain text).
    /// `prefix` may be shorter than a magic number when the input itself is that short.
    public static func detect(_ prefix: UnsafeRawBufferPointer) -> CompressionFormat? {
        func starts(with magic: [UInt8]) -> Bool {
            guard prefix.count >= magic.count else { return false }
            for index in magic.indices where prefix[index] != magic[index] { return false }
            return true
        }
        if starts(with: [0x1F, 0x8B]) { return .gzip }
        if starts(with: [0x42, 0x5A, 0x68]) { return .bzip2 }  // "BZh"
        if starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        if starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }  // "PK\x03\x04"
        return nil
    }

    /// Human name used in messages.
    public var name: String { rawValue }

    /// A command that writes the decompressed bytes to standard output.
    public var decompressCommand: String {
        switch self {
        case .gzip: "gzip -dc"
        case .bzip2: "bzip2 -dc"
        case .xz: "xz -dc"
        case .zstd: "zstd -dc"
        case .zip: "unzip -p"
        }
    }
}
