import Foundation

/// A fresh directory under the system's temporary directory, which the caller removes.
public enum ScratchDirectory {
    /// Makes `PREFIX` followed by a UUID and returns it.
    public static func make(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(prefix + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
