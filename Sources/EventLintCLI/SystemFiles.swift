import EventLintKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The front end's file system calls, on the bytes the system knows a path by (`SystemPath`):
/// a plan directory, plan file, registered-definitions file or generated file whose name is not
/// UTF-8 is found under its own bytes, and the names a directory lists come back the same way.
enum SystemFiles {
    enum Kind {
        case missing, directory, regularFile, other
    }

    /// What is at `path`, links followed.
    static func kind(_ path: String) -> Kind {
        var status = stat()
        guard SystemPath.withCString(path, { stat($0, &status) }) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    /// The names in a directory (without `.` and `..`), or nil when it cannot be listed.
    static func list(_ directory: String) -> [String]? {
        guard let stream = SystemPath.withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                SystemPath.string(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The whole content of a file, or nil when it cannot be opened or read.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// Creates a directory and its missing parents; whether it exists afterwards.
    static func makeDirectory(_ path: String) -> Bool {
        if kind(path) == .directory { return true }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty, parent != path, kind(parent) == .missing, !makeDirectory(parent) { return false }
        return SystemPath.withCString(path, { mkdir($0, 0o755) }) == 0 || kind(path) == .directory
    }

    /// The canonical path (links resolved), or nil when it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = SystemPath.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return SystemPath.string(cString: resolved)
    }
}
