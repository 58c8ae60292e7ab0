import EventLintKit

/// What the executable knows about its surroundings; the library never reads them itself.
public struct CommandEnvironment: Sendable {
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// `NO_COLOR` is set (https://no-color.org).
    public var noColor: Bool
    public var coreCount: Int
    /// `$TMPDIR`, else `/tmp`: where `lint` spills records past `--memory-limit`.
    public var temporaryDirectory: String
    /// When the process started: where `lint --timings` starts the clock.
    public var start: ContinuousClock.Instant

    public init(
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, noColor: Bool = false,
        coreCount: Int = 1, temporaryDirectory: String = "/tmp", start: ContinuousClock.Instant = .now
    ) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.noColor = noColor
        self.coreCount = coreCount
        self.temporaryDirectory = temporaryDirectory
        self.start = start
    }
}

/// What a command produced: the executable writes `stdout` and `stderr` and exits with `status`.
public struct CommandResult: Sendable, Equatable {
    public var stdout: String
    public var stderr: String
    /// 0 clean, 1 findings at or above `--fail-on`, 2 usage error, unreadable input or invalid plan.
    public var status: Int32
    /// Files the command asked for (`--rejects FILE`): the executable writes them.
    public var files: [OutputFile] = []
    /// `lint --timings PATH`: written after `files` and `stdout`, whose writing is its last stage.
    public var timings: TimingsFile?

    public init(stdout: String = "", stderr: String = "", status: Int32, files: [OutputFile] = []) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.files = files
    }
}

/// `lint --timings PATH`: where the run's wall time went, stage by stage, as far as the reports
/// rendered. The executable writes the reports, then `written()` laps the writing and gives the
/// file, which it writes like any other.
public struct TimingsFile: Sendable, Equatable {
    public var path: String
    public var timings: LintTimings

    /// The file, once the reports are written (now): the time since the rendering is `writing`.
    public func written(at now: ContinuousClock.Instant = .now) -> OutputFile {
        var timings = timings
        timings.lap(.writing, at: now)
        return OutputFile(path: path, contents: timings.json.rendered() + "\n")
    }
}

/// A file a command produces besides its report.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// The command-line front end as a library function: arguments in, output and status out. The
/// executable is a thin shell around `EventLintCLI.run`. This is the one place where errors
/// become text and an exit status.
public enum EventLintCLI {
    public static let version = ToolVersion.current
    public static let tool = ReportTool(
        name: "eventlint", version: version,
        informationURI: "https://github.com/eventlint/eventlint")

    /// Runs one invocation. `progress` receives progress lines for stderr on long runs.
    public static func run(
        _ arguments: [String], environment: CommandEnvironment = CommandEnvironment(),
        progress: (@Sendable (String) -> Void)? = nil
    ) -> CommandResult {
        do throws(CommandError) {
            return try dispatch(arguments, environment: environment, progress: progress)
        } catch {
            return CommandResult(stderr: error.message, status: CommandError.exitStatus)
        }
    }

    static func dispatch(
        _ arguments: [String], environment: CommandEnvironment,
        progress: (@Sendable (String) -> Void)?
    ) throws(CommandError) -> CommandResult {
        guard let command = arguments.first else {
            return CommandResult(
                stderr: "error: no command given\n\n" + Commands.mainUsage, status: CommandError.exitStatus)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h": return CommandResult(stdout: Commands.mainUsage, status: 0)
        case "--version", "-V": return CommandResult(stdout: "eventlint \(version)\n", status: 0)
        case "help":
            guard let topic = rest.first, topic != "--help", topic != "-h" else {
                return CommandResult(stdout: Commands.mainUsage, status: 0)
            }
            if let option = ArgumentParser.optionName(topic) { throw .usage(UsageError("unknown option \(option)")) }
            guard rest.count == 1, topic == "help" || Commands.definition(topic) != nil else {
                throw .usage(UsageError("no help for \"\(rest.joined(separator: " "))\""))
            }
            return CommandResult(stdout: Commands.usage(for: topic), status: 0)
        default: break
        }
        guard let definition = Commands.definition(command) else {
            // `eventlint -x`, `eventlint --jobs 4 lint`: eventlint itself takes only --help and
            // --version; a command's options come after the command.
            if let option = ArgumentParser.optionName(command) { throw .usage(UsageError("unknown option \(option)")) }
            throw .usage(UsageError("unknown command \"\(command)\""))
        }
        // `--help` where an option may stand, before `--`, prints the command's usage.
        if ArgumentParser.asksForHelp(rest, for: definition) {
            return CommandResult(stdout: definition.usage, status: 0)
        }
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try ArgumentParser.parse(rest, for: definition)
        } catch {
            throw .usage(error)
        }
        // --verbose: which plan the command uses and how it was found, first on standard error,
        // whatever happens next.
        var said = ""
        if parsed.has("--verbose") {
            do throws(CommandError) {
                said = "eventlint: plan \(VisibleText.of(try PlanLocator.locate(parsed).description))\n"
            } catch {}
        }
        var result: CommandResult
        do throws(CommandError) {
            result = try execute(command, parsed, environment: environment, progress: progress)
        } catch {
            result = CommandResult(stderr: error.message, status: CommandError.exitStatus)
        }
        result.stderr = said + result.stderr
        return result
    }

    /// Runs a parsed command.
    static func execute(
        _ command: String, _ parsed: ParsedArguments, environment: CommandEnvironment,
        progress: (@Sendable (String) -> Void)?
    ) throws(CommandError) -> CommandResult {
        let reportCommand: ReportCommand
        switch command {
        case "explain": return try ExplainCommand.run(parsed)
        case "sql", "codegen":
            // Text, or one `path:line:column: error: …` line per problem for Xcode's Run Script phase.
            let format = try self.format(parsed, allowed: [.text, .xcode])
            do throws(CommandError) {
                return try command == "sql" ? SQLCommand.run(parsed) : CodegenCommand.run(parsed, format: format)
            } catch {
                guard format == .xcode, let findings = error.findings else { throw error }
                let document = ReportDocument(
                    tool: tool, command: .check, findings: findings.sortedForReport(), rules: [])
                var options = ReportOptions(format: .xcode)
                options.workingDirectory = SystemFiles.realPath(".")
                return CommandResult(stderr: document.rendered(options), status: CommandError.exitStatus)
            }
        case "init": return try InitCommand.run(parsed)
        case "watch": return try WatchCommand.run(parsed, environment: environment)
        case "check": reportCommand = .check
        case "lint": reportCommand = .lint
        case "budget": reportCommand = .budget
        default: throw .usage(UsageError("unknown command \"\(command)\""))
        }
        let outputs = try ReportOutputs.parse(parsed, annotateInfo: reportCommand != .budget)
        do throws(UsageError) {
            try OutputGuard.check(parsed, command: reportCommand, outputs: outputs)
        } catch {
            throw .usage(error)
        }
        do throws(CommandError) {
            let report: CommandReport
            switch reportCommand {
            case .check: report = try CheckCommand.run(parsed)
            case .lint:
                report = try LintCommand.run(parsed, environment: environment, outputs: outputs, progress: progress)
            case .budget: report = try BudgetCommand.run(parsed)
            }
            return outputs.deliver(report, environment: environment)
        } catch {
            return failureReport(error, command: reportCommand, outputs: outputs, environment: environment)
        }
    }

    /// A report command that stops (a plan that does not load, an unreadable export) still
    /// writes its report in every format asked for, with the failure as its findings, so
    /// SARIF stays valid, the annotation appears and the step summary says why; its text goes
    /// to standard error as for any command error. Exit status 2.
    static func failureReport(
        _ error: CommandError, command: ReportCommand, outputs: ReportOutputs,
        environment: CommandEnvironment
    ) -> CommandResult {
        guard let findings = error.findings else {
            return CommandResult(stderr: error.message, status: CommandError.exitStatus)
        }
        let sorted = findings.sortedForReport()
        let document = ReportDocument(
            tool: tool, command: command, findings: sorted,
            rules: ReportDocument.rulesReferenced(by: sorted))
        return outputs.deliver(
            CommandReport(document: document, status: CommandError.exitStatus),
            environment: environment, stderr: error.message, failed: true)
    }

    /// Parses `--format`, restricted to the formats a command supports.
    static func format(_ parsed: ParsedArguments, allowed: [ReportFormat] = ReportFormat.allCases) throws(CommandError)
        -> ReportFormat
    {
        guard let value = parsed.value("--format") else { return .text }
        let format: ReportFormat
        do throws(ReportFormatError) {
            format = try ReportFormat(parsing: value)
        } catch {
            throw .usage(UsageError(error.description, command: parsed.command))
        }
        guard allowed.contains(format) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw .usage(
                UsageError(
                    "\(parsed.command) does not write \(format.rawValue); use one of: \(names)",
                    command: parsed.command))
        }
        return format
    }

    /// Parses `--fail-on`.
    static func failOn(_ parsed: ParsedArguments) throws(CommandError) -> Severity {
        guard let value = parsed.value("--fail-on") else { return .error }
        guard let severity = Severity(rawValue: value) else {
            throw .usage(
                UsageError("--fail-on takes error, warning or info, not \"\(value)\"", command: parsed.command))
        }
        return severity
    }

    /// Colour only for a terminal, and never when NO_COLOR is set.
    static func useColor(_ environment: CommandEnvironment, format: ReportFormat) -> Bool {
        format == .text && environment.stdoutIsTerminal && !environment.noColor
    }
}
