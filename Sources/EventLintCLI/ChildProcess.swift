import EventLintKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run to its end with `posix_spawn`: how it ended and what it wrote on its two output
/// streams. The front end runs git this way (`BaseLoader`), so the tool links no Foundation.
struct ChildProcess {
    enum Termination: Equatable {
        case exit(Int32)
        case signal(Int32)
    }

    var termination: Termination
    var output: [UInt8]
    /// The first `errorsKept` bytes of the error stream (the rest is read and dropped).
    var errors: [UInt8]
    /// The output went past `outputLimit`: reading stopped there and the child was killed, so
    /// `output` is a prefix and `termination` is the kill's.
    var outputOverflowed = false

    /// How much of the error stream is kept: enough for any message, bounded for any child.
    static let errorsKept = 64 << 10

    /// The system's message for an errno, as a `cannot …` message quotes it.
    static func message(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Runs the program at `path` with `arguments` (after its name) and this process's
    /// environment, its standard input `/dev/null`. Paths and arguments reach the child as the
    /// bytes the system knows them by (`SystemPath`). Both output streams are read to their
    /// ends together, so a child writing much to one cannot stall on a full pipe while the other
    /// is read, and only then is the child waited for. Throws the errno when the program cannot
    /// be started, its streams cannot be read or it cannot be waited for (a program that starts
    /// and fails is a `Termination`, not an error); an argument holding a NUL byte, which no C
    /// argument can carry, is `EINVAL`.
    static func run(
        _ path: String, _ arguments: [String], outputLimit: Int = .max
    ) throws(ChildProcessError) -> ChildProcess {
        let words = ([path] + arguments).map(SystemPath.bytes)
        guard !words.contains(where: { $0.contains(0) }) else { throw ChildProcessError(code: EINVAL) }
        let argv: [UnsafeMutablePointer<CChar>?] =
            words.map { word in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
                for (index, byte) in word.enumerated() { copy[index] = CChar(bitPattern: byte) }
                copy[word.count] = 0
                return copy
            } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }

        var (pid, outputEnd, errorEnd) = try spawn(argv)
        var overflowed = false
        let readError = readToEnd(&outputEnd, &errorEnd, outputLimit: outputLimit, overflowed: &overflowed)
        // A child whose output is not wanted any more, or cannot be read, is stopped, not
        // waited for: it might never end, or stall on a pipe nobody reads.
        if overflowed || readError != 0 { kill(pid, SIGKILL) }
        close(outputEnd.descriptor)
        close(errorEnd.descriptor)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw ChildProcessError(code: errno) }
        }
        if readError != 0 { throw ChildProcessError(code: readError) }
        // WIFEXITED and WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7f
        let termination: Termination = signal == 0 ? .exit((status >> 8) & 0xff) : .signal(signal)
        return ChildProcess(
            termination: termination, output: outputEnd.bytes, errors: errorEnd.bytes, outputOverflowed: overflowed)
    }

    /// Starts the program at `path` with `arguments` and returns at once: its pid and the read
    /// end of its standard output, which the caller reads as it comes and closes (`watch --from`
    /// reads a log tool that runs until it is stopped). Its standard error is this process's, so
    /// the tool's own messages reach the user; its standard input is `/dev/null`.
    static func startStreaming(_ path: String, _ arguments: [String]) throws(ChildProcessError) -> (pid_t, Int32) {
        let words = ([path] + arguments).map(SystemPath.bytes)
        guard !words.contains(where: { $0.contains(0) }) else { throw ChildProcessError(code: EINVAL) }
        let argv: [UnsafeMutablePointer<CChar>?] =
            words.map { word in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
                for (index, byte) in word.enumerated() { copy[index] = CChar(bitPattern: byte) }
                copy[word.count] = 0
                return copy
            } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        let (pid, output, errors) = try spawn(argv, errorsToParent: true)
        close(errors.descriptor)
        return (pid, output.descriptor)
    }

    /// The read end of one of the child's output streams and what was read from it.
    private struct Stream {
        var descriptor: Int32
        var bytes: [UInt8] = []
        var open = true
    }

    /// Pipes and spawns are made one at a time in this process: a pipe's ends are marked
    /// close-on-exec just after `pipe` makes them, and a child spawned by another thread in
    /// between would inherit them (and hold the other child's pipe open, so its reader would
    /// not see the end until that unrelated child ended).
    private static let spawnLock = PosixLock()

    /// Makes the two pipes and starts the child: its pid and the parent's read ends.
    private static func spawn(
        _ argv: [UnsafeMutablePointer<CChar>?], errorsToParent: Bool = false
    ) throws(ChildProcessError) -> (pid_t, Stream, Stream) {
        try spawnLock.withLock { () -> Result<(pid_t, Stream, Stream), ChildProcessError> in
            do throws(ChildProcessError) {
                return .success(try spawnUnlocked(argv, errorsToParent: errorsToParent))
            } catch {
                return .failure(error)
            }
        }.get()
    }

    private static func spawnUnlocked(
        _ argv: [UnsafeMutablePointer<CChar>?], errorsToParent: Bool
    ) throws(ChildProcessError) -> (pid_t, Stream, Stream) {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        if let code = openPipe(&outputPipe) { throw ChildProcessError(code: code) }
        if let code = openPipe(&errorPipe) {
            close(outputPipe[0])
            close(outputPipe[1])
            throw ChildProcessError(code: code)
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
            let environment = _NSGetEnviron().pointee
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
            let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // dup2 leaves the new descriptors without close-on-exec; every pipe end is closed on exec.
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        if !errorsToParent { posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2) }

        // The child starts with no signal blocked and every signal at its default action: what
        // this process blocks or ignores (a handler thread's mask, SIGPIPE) is not git's business.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, environment)
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw ChildProcessError(code: spawned)
        }
        return (pid, Stream(descriptor: outputPipe[0]), Stream(descriptor: errorPipe[0]))
    }

    /// A pipe whose two ends are closed on exec (the child gets only the copies `dup2` makes);
    /// the errno when it cannot be made.
    private static func openPipe(_ ends: inout [Int32]) -> Int32? {
        guard pipe(&ends) == 0 else { return errno }
        for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) != 0 {
            let code = errno
            close(ends[0])
            close(ends[1])
            return code
        }
        return nil
    }

    /// Reads both streams to their ends, whichever has data first, keeping at most
    /// `outputLimit` bytes of the output (then stopping: `overflowed`) and `errorsKept` of the
    /// errors. 0, or the errno of a failed `poll` or `read`.
    private static func readToEnd(
        _ output: inout Stream, _ errors: inout Stream, outputLimit: Int, overflowed: inout Bool
    ) -> Int32 {
        var streams = [output, errors]
        defer {
            output = streams[0]
            errors = streams[1]
        }
        var polled = streams.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while streams.contains(where: \.open) {
            for index in polled.indices { polled[index].fd = streams[index].open ? streams[index].descriptor : -1 }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                return errno
            }
            for index in polled.indices where streams[index].open && polled[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(streams[index].descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return errno
                }
                if count == 0 {
                    streams[index].open = false
                    continue
                }
                let room = (index == 0 ? outputLimit : errorsKept) - streams[index].bytes.count
                streams[index].bytes += chunk[0..<min(count, max(room, 0))]
                if index == 0 && count > room {
                    overflowed = true
                    return 0
                }
            }
        }
        return 0
    }
}

/// A program that could not be started, read or waited for: the errno that said why.
struct ChildProcessError: Error {
    var code: Int32
    var message: String { ChildProcess.message(code) }
}
