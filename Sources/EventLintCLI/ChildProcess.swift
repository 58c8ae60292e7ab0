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
    var errors: [UInt8]

    /// The system's message for an errno, as a `cannot …` message quotes it.
    static func message(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Runs the program at `path` with `arguments` (after its name) and this process's
    /// environment, its standard input `/dev/null`. Both output streams are read to their ends
    /// together, so a child writing much to one cannot stall on a full pipe while the other is
    /// read, and only then is the child waited for. Throws the errno when the program cannot be
    /// started (a program that starts and fails is a `Termination`, not an error).
    static func run(_ path: String, _ arguments: [String]) throws(ChildProcessError) -> ChildProcess {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard openPipe(&outputPipe) else { throw ChildProcessError(code: errno) }
        guard openPipe(&errorPipe) else {
            let code = errno
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
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

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

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environment)
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw ChildProcessError(code: spawned)
        }
        let (output, errors) = readToEnd(outputPipe[0], errorPipe[0])
        close(outputPipe[0])
        close(errorPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return ChildProcess(termination: .exit(-1), output: output, errors: errors) }
        }
        // WIFEXITED and WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7f
        let termination: Termination = signal == 0 ? .exit((status >> 8) & 0xff) : .signal(signal)
        return ChildProcess(termination: termination, output: output, errors: errors)
    }

    /// A pipe whose two ends are closed on exec (the child gets only the copies `dup2` makes).
    private static func openPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Reads two descriptors to their ends, whichever has data first.
    private static func readToEnd(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var polled = [
            pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0),
        ]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while polled.contains(where: { $0.fd >= 0 }) {
            let ready = poll(&polled, nfds_t(polled.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in polled.indices where polled[index].fd >= 0 && polled[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(polled[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index] += chunk[0..<count]
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    // The end, or an error that reading again would only repeat.
                    polled[index].fd = -1
                }
            }
        }
        return (collected[0], collected[1])
    }
}

/// A program that could not be started: the errno `posix_spawn` or `pipe` gave.
struct ChildProcessError: Error {
    var code: Int32
    var message: String { ChildProcess.message(code) }
}
