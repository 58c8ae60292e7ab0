import Glibc

/// Raw bytes of one file descriptor, read with `read(2)`/`pread(2)` and retried on EINTR.
///
/// A class because it owns the descriptor and closes it exactly once, when the last reference
/// goes. Never mmap: mapped pages count towards RSS and look like a leak on multi-GB exports.
final class FileReader {
    /// The path as the user gave it (`-` for standard input); every error names it.
    let path: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Absolute offset of the next byte `read` returns.
    private(set) var position: Int64
    /// Absolute offset where reading stops, for ranges; `nil` reads to the end of the input.
    private let end: Int64?
    /// Reads at explicit offsets (`pread`) for ranges, so ranges never share a file position.
    private let usesPositionedReads: Bool
    /// Bytes read ahead to sniff magic numbers, handed out again before anything else.
    private var peeked: [UInt8] = []
    private var peekedIndex = 0
    /// Whether the descriptor is a regular file (only those can be split into ranges).
    let isRegularFile: Bool
    /// File size at open time, for regular files.
    let sizeAtOpen: Int64

    /// Opens `path` (or standard input for `-`) for reading `range`.
    init(path: String, range: ByteRange = .whole) throws(ExportInputError) {
        self.path = path
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            var opened: Int32
            repeat {
                opened = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
            } while opened < 0 && errno == EINTR
            guard opened >= 0 else {
                let code = errno
                throw code == ENOENT || code == ENOTDIR
                    ? .notFound(path: path) : .cannotOpen(path: path, errno: code)
            }
            descriptor = opened
            ownsDescriptor = true
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            if ownsDescriptor { close(descriptor) }
            throw .cannotOpen(path: path, errno: code)
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            if ownsDescriptor { close(descriptor) }
            throw .isDirectory(path: path)
        }
        isRegularFile = kind == S_IFREG
        if kind == S_IFIFO {
            // A 64 KiB pipe makes the writer and us take turns on every few reads; a 1 MiB pipe
            // (the unprivileged maximum) lets `zcat big.gz | eventlint lint -` stream. Best effort.
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, hidden behind _GNU_SOURCE in the C headers
            _ = fcntl(descriptor, setPipeSize, Int32(1 << 20))
        }
        sizeAtOpen = Int64(status.st_size)
        if range == .whole {
            position = 0
            end = nil
            usesPositionedReads = false
        } else {
            guard isRegularFile, path != "-", range.start >= 0 else {
                if ownsDescriptor { close(descriptor) }
                throw .notSplittable(path: path)
            }
            position = range.start
            end = range.end
            usesPositionedReads = true
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Reads up to `count` bytes ahead without consuming them (fewer at the end of the input),
    /// retrying short reads so a pipe delivering one byte at a time still sniffs correctly.
    func peek(_ count: Int) throws(ExportInputError) -> [UInt8] {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 1)
        defer { scratch.deallocate() }
        var filled = 0
        while filled < count {
            let got = try readDirect(into: UnsafeMutableRawBufferPointer(rebasing: scratch[filled..<count]))
            if got == 0 { break }
            filled += got
        }
        peeked = Array(scratch[0..<filled])
        peekedIndex = 0
        return peeked
    }

    /// Next bytes of the input (peeked ones first); 0 only at the end of the input or range.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportInputError) -> Int {
        if peekedIndex < peeked.count {
            let count = min(buffer.count, peeked.count - peekedIndex)
            for index in 0..<count { buffer[index] = peeked[peekedIndex + index] }
            peekedIndex += count
            if peekedIndex == peeked.count {
                peeked = []
                peekedIndex = 0
            }
            return count
        }
        return try readDirect(into: buffer)
    }

    /// Reads at an absolute offset without moving the read position (used to find cut points).
    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(ExportInputError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let got = pread(descriptor, base, buffer.count, off_t(offset))
            if got >= 0 { return got }
            let code = errno
            if code == EINTR { continue }
            throw .readFailed(path: path, errno: code, offset: offset)
        }
    }

    private func readDirect(into buffer: UnsafeMutableRawBufferPointer) throws(ExportInputError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var wanted = buffer.count
        if let end {
            let remaining = end - position
            guard remaining > 0 else { return 0 }
            if Int64(wanted) > remaining { wanted = Int(remaining) }
        }
        guard wanted > 0 else { return 0 }
        while true {
            let got =
                usesPositionedReads
                ? pread(descriptor, base, wanted, off_t(position))
                : Glibc.read(descriptor, base, wanted)
            if got > 0 {
                position += Int64(got)
                return got
            }
            if got == 0 {
                // The end came before the range's end or the size at open: the file shrank,
                // and the lines it lost would go unchecked without a word.
                let expected = end ?? (isRegularFile ? sizeAtOpen : 0)
                if position < expected { throw .shrank(path: path, offset: position, size: sizeAtOpen) }
                return 0
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN {
                // A non-blocking standard input: wait for data instead of spinning.
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&waiting, 1, -1)
                continue
            }
            // Reading a directory only fails here on some file systems; name it the same way.
            if code == EISDIR { throw .isDirectory(path: path) }
            throw .readFailed(path: path, errno: code, offset: position)
        }
    }
}

/// `strerror` text for messages (ASCII on every libc we target).
func strerrorText(_ code: Int32) -> String? {
    guard let text = strerror(code) else { return nil }
    return String(cString: text)
}
