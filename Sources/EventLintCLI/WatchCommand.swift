import EventLintKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `eventlint watch [--from android|ios-simulator|ios-device] [FILE|-]`: the plan's checks on a
/// stream while it is written. The front end of `StreamEngine`: it reads the input as it comes,
/// runs the platform's log tool, writes each finding the moment it is certain, and on the end of
/// the input or SIGINT/SIGTERM writes the session's summary.
enum WatchCommand {
    /// Where a live capture comes from: the tool that prints it and what to install when it is
    /// missing.
    enum Platform: String, CaseIterable {
        case android
        case iosSimulator = "ios-simulator"
        case iosDevice = "ios-device"

        var tool: String {
            switch self {
            case .android: "adb"
            case .iosSimulator: "xcrun"
            case .iosDevice: "idevicesyslog"
            }
        }

        var install: String {
            switch self {
            case .android:
                "install the Android SDK platform-tools (https://developer.android.com/tools/releases/platform-tools)"
            case .iosSimulator: "install Xcode and its command line tools (`xcode-select --install`)"
            case .iosDevice:
                "install libimobiledevice (`brew install libimobiledevice`, `apt-get install libimobiledevice-utils`)"
            }
        }

        /// How the tool's lines are read: as the capture format it prints.
        var inputFormat: InputFormat { self == .android ? .androidLogcat : .iosConsole }

        /// The commands run once before the stream, to their end (Android: the SDK logs events
        /// only with its tags at verbose level).
        func preparation(device: String?) -> [[String]] {
            guard self == .android else { return [] }
            let target = device.map { ["-s", $0] } ?? []
            return ["FA", "FA-SVC"].map { target + ["shell", "setprop", "log.tag.\($0)", "VERBOSE"] }
        }

        /// The arguments of the streaming command.
        func arguments(device: String?) -> [String] {
            switch self {
            case .android:
                return (device.map { ["-s", $0] } ?? []) + ["logcat", "-v", "threadtime", "-s", "FA", "FA-SVC"]
            case .iosSimulator:
                return [
                    "simctl", "spawn", device ?? "booted", "log", "stream", "--level", "debug", "--style", "default",
                    "--predicate", Self.firebasePredicate,
                ]
            case .iosDevice:
                return (device.map { ["-u", $0] } ?? []) + ["--match", "Analytics"]
            }
        }

        /// The Firebase SDK logs under the `com.google.firebase` subsystem; older SDKs only name
        /// themselves in the message.
        static let firebasePredicate =
            #"subsystem BEGINSWITH "com.google.firebase" OR eventMessage CONTAINS "FirebaseAnalytics" OR eventMessage CONTAINS "FIRAnalytics""#
    }

    /// The text of the watch's options after parsing.
    struct Options {
        var json = false
        var failOn = Severity.error
        var pairTimeout: TimeWindow?
        var save: String?
        var platform: Platform?
        var device: String?
        var input = "-"
        var inputFormat: InputFormat?
        var color = false
    }

    static func options(_ parsed: ParsedArguments, environment: CommandEnvironment) throws(CommandError) -> Options {
        var options = Options()
        let format = try EventLintCLI.format(parsed, allowed: [.text, .json])
        options.json = format == .json
        options.color = EventLintCLI.useColor(environment, format: format)
        options.failOn = try EventLintCLI.failOn(parsed)
        if let text = parsed.value("--pair-timeout") {
            guard case .success(let window) = TimeWindow.parse(text) else {
                throw .usage(
                    UsageError(
                        "--pair-timeout takes a duration such as 60s, 5m or 1h30m, not \"\(text)\"", command: "watch"))
            }
            options.pairTimeout = window
        }
        options.save = parsed.value("--save")
        if let name = parsed.value("--from") {
            guard let platform = Platform(rawValue: name) else {
                throw .usage(
                    UsageError("--from takes android, ios-simulator or ios-device, not \"\(name)\"", command: "watch"))
            }
            options.platform = platform
            if !parsed.positionals.isEmpty {
                throw .usage(UsageError("--from reads the platform's log, not a FILE", command: "watch"))
            }
        }
        options.device = parsed.value("--device")
        if options.device != nil, options.platform == nil {
            throw .usage(UsageError("--device picks the device of --from", command: "watch"))
        }
        if let name = parsed.value("--input-format"), name != "auto" {
            guard let format = InputFormat(rawValue: name) else {
                throw .usage(
                    UsageError(
                        "--input-format takes auto, \(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(name)\"",
                        command: "watch"))
            }
            options.inputFormat = format
        }
        options.input = parsed.positionals.first ?? "-"
        return options
    }

    /// The stream watch reads: a platform's live log (`--from`), a file, or standard input;
    /// a pipe is widened to 1 MiB. The caller closes the descriptor and stops the child.
    static func openInput(_ options: Options) throws(CommandError) -> (
        descriptor: Int32, name: String, child: LiveChild?
    ) {
        if let platform = options.platform {
            let started = try LiveChild.start(platform, device: options.device)
            widenPipe(started.output)
            return (started.output, "<\(platform.rawValue)>", started)
        }
        guard options.input != "-" else {
            widenPipe(STDIN_FILENO)
            return (STDIN_FILENO, "<stdin>", nil)
        }
        let descriptor = SystemPath.withCString(options.input) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            throw .input(
                code == ENOENT ? .notFound(path: options.input) : .cannotOpen(path: options.input, errno: code))
        }
        // A compressed file would read as lines of binary noise, one bogus finding each.
        if let format = compression(of: descriptor) {
            close(descriptor)
            throw .input(.unsupportedCompression(path: options.input, format: format))
        }
        widenPipe(descriptor)
        return (descriptor, options.input, nil)
    }

    /// A 1 MiB pipe (the unprivileged maximum) instead of 64 KiB: a fast writer and watch take
    /// turns less often; a live log fills neither. Best effort, as `lint -` does.
    static func widenPipe(_ descriptor: Int32) {
        var kind = stat()
        if fstat(descriptor, &kind) == 0, kind.st_mode & S_IFMT == S_IFIFO {
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, hidden behind _GNU_SOURCE in the C headers
            _ = fcntl(descriptor, setPipeSize, Int32(1 << 20))
        }
    }

    /// The engine's settings: the pair timeout is `--pair-timeout`, else the plan's window, else
    /// a minute when the plan's is 0 (no window).
    static func settings(_ plan: Plan, _ options: Options) throws(CommandError) -> StreamSettings {
        let windowSeconds = plan.unclosedWindowMinutes * 60
        guard
            let timeout = options.pairTimeout ?? TimeWindow(seconds: Int64(saturating: windowSeconds))
                ?? TimeWindow(seconds: 60)
        else { throw .usage(UsageError("--pair-timeout is needed", command: "watch")) }
        var settings = StreamSettings(pairTimeout: timeout)
        settings.lint.inputFormat = options.inputFormat ?? options.platform?.inputFormat
        return settings
    }

    /// What went wrong after the session started, one `error:` line each: the `--save` copy not
    /// written, the stream not read, standard output not written (but not a reader gone away).
    static func errors(save: OutputWriter?, readError: String?, output: WatchOutput) -> String {
        var stderr = ""
        if let save, let code = save.finish() {
            stderr += "error: cannot write \(SystemPath.shown(save.path)): \(OutputWriter.describe(code))\n"
        }
        if let readError { stderr += "error: \(readError)\n" }
        if let failure = output.failure, failure != EPIPE {
            stderr += "error: cannot write standard output: \(OutputWriter.describe(failure))\n"
        }
        return stderr
    }

    static func run(_ parsed: ParsedArguments, environment: CommandEnvironment) throws(CommandError) -> CommandResult {
        let options = try options(parsed, environment: environment)
        let location = try PlanLocator.locate(parsed)
        let session = try PlanSession.open(location)
        let plan = try session.validPlan(schema: location.directory)
        let compiled = CompiledPlan(plan)
        let settings = try settings(plan, options)
        let input = try openInput(options)
        let descriptor = input.descriptor
        let name = input.name
        defer {
            if descriptor != STDIN_FILENO { close(descriptor) }
            input.child?.stop()
        }
        let save = options.save.map { OutputWriter(path: $0) }
        if let save, let code = save.failure {
            throw .cannotWrite(path: save.path, reason: OutputWriter.describe(code))
        }
        let output = WatchOutput(
            json: options.json, color: options.color, statusLine: !options.json && environment.stdoutIsTerminal)
        let engine = StreamEngine(plan: compiled, settings: settings, file: name)
        let stop = StopSignal()
        defer { stop.restore() }
        let source = WatchSource(
            descriptor: descriptor, wake: stop.readEnd, save: save,
            idle: {
                let now = WatchClock.now()
                output.findings(engine.advance(to: now))
                output.status(of: engine, at: now)
            })
        var framer = LineFramer(source: source, options: settings.lint.framing)
        var readError: String?
        do {
            try framer.forEachLine { line in
                let now = WatchClock.now()
                output.findings(engine.push(line, arrival: now))
                output.status(of: engine, at: now)
                // Nobody reads any more (`eventlint watch | head`): the session ends.
                if output.failure != nil { throw OutputClosed() }
            }
        } catch is OutputClosed {
            // The reader went away: the session ends as at the end of its input.
        } catch {
            readError = "cannot read \(SystemPath.shown(name)): \(error)"
        }
        let end = engine.finish()
        output.findings(end.findings)
        output.summary(end)
        let stderr = errors(save: save, readError: readError, output: output)
        let status = stderr.isEmpty ? exitStatus(for: end.counts, failOn: options.failOn) : CommandError.exitStatus
        return CommandResult(stderr: stderr, status: status)
    }
}

/// Ends the reading of the stream once standard output cannot be written.
struct OutputClosed: Error {}

/// Microseconds of the wall clock, for the timeouts of a live stream.
enum WatchClock {
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let nanoseconds = Int64(time.tv_nsec)
        return Int64(time.tv_sec).multipliedSaturating(by: 1_000_000).addingSaturating(nanoseconds / 1000)
    }
}

/// The bytes of a live stream, handed to the line framer as they arrive: a read returns what
/// one `read` gave (a line is checked the moment its LF arrives, not when a buffer fills). While
/// nothing comes, `idle` runs every 100 ms (pairs time out by the clock); a byte on `wake` (a
/// stop signal) ends the stream as its end would. Every byte read is also written to `save`.
struct WatchSource: ByteSource {
    let descriptor: Int32
    let wake: Int32
    let save: OutputWriter?
    let idle: () -> Void

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        var polled = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&polled, 2, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                throw WatchReadError(code: errno)
            }
            if polled[1].revents != 0 { return 0 }
            if ready == 0 {
                idle()
                continue
            }
            let count = systemRead(descriptor, base, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw WatchReadError(code: errno)
            }
            if count > 0, let save {
                save.write(bytes: UnsafeRawBufferPointer(start: base, count: count))
            }
            return count
        }
    }
}

/// `read(2)`, named apart from `ByteSource.read`.
func systemRead(_ descriptor: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, base, count)
}

/// A failed `poll` or `read` of the stream.
struct WatchReadError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { ChildProcess.message(code) }
}

/// The compression a regular file's first bytes show, or nil (a pipe or a terminal cannot be
/// read ahead without taking what it holds, and is read as it comes).
func compression(of descriptor: Int32) -> CompressionFormat? {
    var head = [UInt8](repeating: 0, count: 8)
    let got = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard got > 0 else { return nil }
    return head.withUnsafeBytes { CompressionFormat.detect(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
}

/// SIGINT and SIGTERM, while a watch runs, end its stream instead of the process: the handler
/// writes a byte to a pipe the reader polls (the one thing a handler may safely do), so the
/// summary is written and the exit status is the session's.
final class StopSignal {
    let readEnd: Int32
    private var previous: [Int32: sigaction] = [:]

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            readEnd = ends[0]
            stopSignalWriteEnd = ends[1]
        } else {
            readEnd = -1
        }
        for signal in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { _ in
                    var byte: UInt8 = 1
                    _ = write(stopSignalWriteEnd, &byte, 1)
                }
            #else
                action.__sigaction_u.__sa_handler = { _ in
                    var byte: UInt8 = 1
                    _ = write(stopSignalWriteEnd, &byte, 1)
                }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
    }

    /// Puts the signals' earlier actions back and closes the pipe.
    func restore() {
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
        if readEnd >= 0 { close(readEnd) }
        if stopSignalWriteEnd >= 0 { close(stopSignalWriteEnd) }
        stopSignalWriteEnd = -1
    }
}

/// The pipe end the stop signal handler writes to: a handler cannot reach any object.
nonisolated(unsafe) var stopSignalWriteEnd: Int32 = -1

/// The platform's log tool, running: its output is the stream.
struct LiveChild {
    let pid: pid_t
    let output: Int32

    /// Finds the tool on PATH, runs its preparation commands, and starts the stream.
    static func start(_ platform: WatchCommand.Platform, device: String?) throws(CommandError) -> LiveChild {
        guard let path = findOnPath(platform.tool) else {
            throw .cannotRun(tool: platform.tool, reason: "it is not on PATH; \(platform.install)")
        }
        for arguments in platform.preparation(device: device) {
            let command = ([platform.tool] + arguments).joined(separator: " ")
            let result: ChildProcess
            do throws(ChildProcessError) {
                result = try ChildProcess.run(path, arguments)
            } catch {
                throw .cannotRun(tool: command, reason: error.message)
            }
            guard result.termination == .exit(0) else {
                let said = result.errors.withUnsafeBytes {
                    String(validating: $0, as: UTF8.self) ?? LineIndex.escapedRendering($0)
                }
                throw .cannotRun(tool: command, reason: said.isEmpty ? "it failed" : said)
            }
        }
        do throws(ChildProcessError) {
            let (pid, output) = try ChildProcess.startStreaming(path, platform.arguments(device: device))
            return LiveChild(pid: pid, output: output)
        } catch {
            throw .cannotRun(tool: platform.tool, reason: error.message)
        }
    }

    /// The first executable file named `tool` in a directory of `$PATH`.
    static func findOnPath(_ tool: String) -> String? {
        guard let value = getenv("PATH") else { return nil }
        for directory in SystemPath.string(cString: value).split(separator: ":") where !directory.isEmpty {
            let path = directory + "/" + tool
            if SystemPath.withCString(path, { access($0, X_OK) }) == 0, SystemFiles.kind(path) == .regularFile {
                return path
            }
        }
        return nil
    }

    /// Ends the tool (it may run for ever) and reaps it.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// Writes findings and the summary to standard output the moment they are made: text as
/// `lint` writes a finding, or one JSON object a line. On a terminal, a status line at the
/// bottom says what the session saw so far; it is redrawn at most 10 times a second, and taken
/// away before anything else is written.
final class WatchOutput {
    let json: Bool
    let reporter: TextReporter
    let statusLine: Bool
    private var statusShown = false
    private var lastStatus: (text: String, at: Int64) = ("", .min)
    private(set) var failure: Int32?

    init(json: Bool, color: Bool, statusLine: Bool = false) {
        self.json = json
        reporter = TextReporter(color: color)
        self.statusLine = statusLine
    }

    /// Erases the status line: carriage return, then erase the whole line.
    static let eraseLine = "\r\u{1B}[2K"

    /// Redraws the status line, at most every 100 ms and only when its text changed.
    func status(of engine: StreamEngine, at now: Int64) {
        guard statusLine, lastStatus.at == .min || now - lastStatus.at >= 100_000 else { return }
        let text = Self.statusText(engine, now: now)
        lastStatus.at = now
        guard text != lastStatus.text || !statusShown else { return }
        lastStatus.text = text
        emit(Self.eraseLine + text)
        statusShown = true
    }

    /// `watching: 14 events · 1 pair open (12 s) · 3 errors, 1 warning`.
    static func statusText(_ engine: StreamEngine, now: Int64) -> String {
        let events = engine.eventsRead
        var text = "watching: \(events) \(events == 1 ? "event" : "events")"
        let open = engine.openPairs
        text += " · \(open.count) \(open.count == 1 ? "pair" : "pairs") open"
        if let earliest = open.earliestArrival, now > earliest {
            text += " (oldest \((now - earliest) / 1_000_000) s)"
        }
        return text + " · " + severityCounts(engine.counts).tally
    }

    func findings(_ findings: [Finding]) {
        guard !findings.isEmpty else { return }
        var text = ""
        if statusShown {
            text += Self.eraseLine
            statusShown = false
            lastStatus = ("", .min)
        }
        for finding in findings {
            text += json ? finding.json.rendered(pretty: false) + "\n" : reporter.render(finding: finding) + "\n\n"
        }
        emit(text)
    }

    func summary(_ end: StreamSessionResult) {
        if statusShown {
            emit(Self.eraseLine)
            statusShown = false
        }
        let summary = end.summary
        if json {
            let line = JSONOutput.object([
                ("summary", summary.json), ("counts", Self.severityCounts(end.counts).json),
            ])
            emit(line.rendered(pretty: false) + "\n")
        } else {
            let document = ReportDocument(
                tool: EventLintCLI.tool, command: .lint, findings: [], rules: [], summary: summary,
                unlisted: end.counts, groups: end.result.groups)
            emit(reporter.render(document))
        }
    }

    static func severityCounts(_ counts: FindingCounts) -> SeverityCounts {
        var severities = SeverityCounts([])
        severities.errors = counts.errors
        severities.warnings = counts.warnings
        severities.infos = counts.infos
        return severities
    }

    private func emit(_ text: String) {
        guard failure == nil else { return }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                write(STDOUT_FILENO, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            written += result
        }
        bytes.removeAll()
    }
}
