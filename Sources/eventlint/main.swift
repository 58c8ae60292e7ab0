#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLintCLI

// The thin executable: read argv and the environment, run the library, write its output, exit.
// A closed stdout (`eventlint lint big.ndjson | head -1`) must end quietly, so SIGPIPE is
// ignored and a failed write simply stops the output.
signal(SIGPIPE, SIG_IGN)

/// Writes all bytes to a file descriptor; false when the reader has gone away.
nonisolated func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeMutableBytes { buffer in
            write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        }
        if result < 0 {
            if errno == EINTR { continue }
            return false
        }
        written += result
    }
    bytes.removeAll()
    return true
}

let environment = CommandEnvironment(
    stdoutIsTerminal: isatty(1) == 1,
    stderrIsTerminal: isatty(2) == 1,
    noColor: getenv("NO_COLOR") != nil,
    coreCount: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
let progress: (@Sendable (String) -> Void)?
if environment.stderrIsTerminal {
    progress = { @Sendable line in _ = writeAll("\r\u{1B}[2K" + line, to: 2) }
} else {
    progress = nil
}
let result = EventLintCLI.run(Array(CommandLine.arguments.dropFirst()), environment: environment, progress: progress)
var status = result.status
for file in result.files {
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if descriptor < 0 || !writeAll(file.contents, to: descriptor) {
        _ = writeAll("error: cannot write \(file.path)\n", to: 2)
        status = 2
    }
    if descriptor >= 0 { close(descriptor) }
}
if !result.stdout.isEmpty { _ = writeAll(result.stdout, to: 1) }
if !result.stderr.isEmpty { _ = writeAll(result.stderr, to: 2) }
exit(status)
