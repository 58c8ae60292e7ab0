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

    /// Why a file's content could not be had.
    enum ReadFailure: Error, Equatable {
        /// It cannot be opened (the errno): missing, not allowed…
        case cannotOpen(Int32)
        /// A directory, a FIFO, a device or a socket: what a plan or a definitions file never
        /// is, and what could block or never end if read.
        case notARegularFile
        /// More bytes than the limit (its size, or the limit + 1 when it grew while read).
        case tooLarge(Int)
        case cannotRead(Int32)

        var isTooLarge: Bool {
            if case .tooLarge = self { return true }
            return false
        }

        /// The failure as the end of a `cannot read … "FILE"` message.
        var reason: String {
            switch self {
            case .cannotOpen(let code), .cannotRead(let code): String(cString: strerror(code))
            case .notARegularFile: "it is not a regular file"
            case .tooLarge(let size): "it is \(PlanFiles.describe(bytes: size))"
            }
        }
    }

    /// The whole content of a regular file of at most `limit` bytes. A FIFO or a device is
    /// refused without being read (it is opened non-blocking, so a FIFO without a writer
    /// cannot hang the open either), and a file over the limit is refused before it is read.
    static func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let descriptor = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return .failure(.cannotOpen(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.cannotRead(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notARegularFile) }
        guard Int(status.st_size) <= limit else { return .failure(.tooLarge(Int(status.st_size))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.cannotRead(errno))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else { return .failure(.tooLarge(limit + 1)) }
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
