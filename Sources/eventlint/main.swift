import EventLintCLI
import EventLintKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `lint --timings` counts the wall time from the process's start: the start of main, less the CPU
// time the process used before it (loading the program and the runtime). No clock reaches further
// back, and a wait for a core on a busy machine is not CPU time, so the start is never too early.
let started: ContinuousClock.Instant = {
    let now = ContinuousClock.now
    var used = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &used) == 0 else { return now }
    return now - .seconds(used.tv_sec) - .nanoseconds(used.tv_nsec)
}()

// The thin executable: read argv and the environment, run the library, write its output, exit.
// A closed stdout (`eventlint lint big.ndjson | head -1`) must end quietly, so SIGPIPE is
// ignored and EPIPE on stdout simply stops the output. Any other failed write (a full disk,
// `> /dev/full`, a report path that is a directory) is a `CommandError`, with its message and
// exit status as for a command's own failed write: a CI job must not pass on a report it never
// wrote.
signal(SIGPIPE, SIG_IGN)
// git (`check --base`) is waited for: with SIGCHLD ignored, which a parent may leave behind
// across exec, the kernel reaps it at once and the wait fails, though git did its work.
signal(SIGCHLD, SIG_DFL)
// A file over the size limit (`ulimit -f`) is a failed write with a message (EFBIG), not a
// process killed half-way through its report.
signal(SIGXFSZ, SIG_IGN)
// Ctrl-C and SIGTERM stop a run even when the parent started it with them blocked (a blocked
// mask is inherited across exec). Nothing needs cleaning up: temporary files are unlinked as
// soon as they are made.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
sigprocmask(SIG_UNBLOCK, &stopSignals, nil)

/// Writes all bytes to a file descriptor; 0, or the `errno` of the write that failed.
nonisolated func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
    // The string's own UTF-8 (a native string is contiguous): a report of megabytes is not
    // copied once more to be written.
    var text = text
    return text.withUTF8 { bytes in
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += result
        }
        return 0
    }
}

/// Writes a file the command produced: 0, or the `errno` of what failed (open, write or close).
nonisolated func write(_ file: OutputFile) -> Int32 {
    let descriptor = SystemPath.withCString(file.path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
    var code = descriptor < 0 ? errno : writeAll(file.contents, to: descriptor)
    if descriptor >= 0, close(descriptor) != 0, code == 0 { code = errno }
    return code
}

let environment = CommandEnvironment(
    stdoutIsTerminal: isatty(1) == 1,
    stderrIsTerminal: isatty(2) == 1,
    noColor: getenv("NO_COLOR") != nil,
    coreCount: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))),
    temporaryDirectory: getenv("TMPDIR").map { SystemPath.string(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        ?? "/tmp",
    start: started)
let progress: (@Sendable (String) -> Void)?
if environment.stderrIsTerminal {
    progress = { @Sendable line in _ = writeAll("\r\u{1B}[2K" + line, to: 2) }
} else {
    progress = nil
}
// Arguments are read as bytes: a file name that is not UTF-8 must open under its own bytes.
let arguments = (1..<Int(CommandLine.argc)).compactMap { index in
    CommandLine.unsafeArgv[index].map { SystemPath.string(cString: $0) }
}
let result = EventLintCLI.run(arguments, environment: environment, progress: progress)
var failures: [CommandError] = []
for file in result.files {
    let code = write(file)
    if code != 0 { failures.append(.failedWrite(to: file.path, code: code)) }
}
if !result.stdout.isEmpty {
    let code = writeAll(result.stdout, to: 1)
    if code != 0 && code != EPIPE { failures.append(.failedWrite(to: nil, code: code)) }
}
// Last, once every report is written: their writing is the timings' last stage.
if let timings = result.timings {
    let file = timings.written()
    let code = write(file)
    if code != 0 { failures.append(.failedWrite(to: file.path, code: code)) }
}
_ = writeAll(result.stderr + failures.map(\.message).joined(), to: 2)
exit(failures.isEmpty ? result.status : CommandError.exitStatus)
