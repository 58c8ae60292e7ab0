/// What the executable knows about its surroundings; the library never reads them itself.
public struct CommandEnvironment: Sendable {
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// `NO_COLOR` is set (https://no-color.org).
    public var noColor: Bool
    public var coreCount: Int

    public init(stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, noColor: Bool = false,
                coreCount: Int = 1) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.noColor = noColor
        self.coreCount = coreCount
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

    public init(stdout: String = "", stderr: String = "", status: Int32, files: [OutputFile] = []) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.files = files
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
/// executable is a thin shell around `EventLintCLI.run`.
public enum EventLintCLI {
    public static let version = "0.1.0"
    public static let tool = ReportTool(name: "eventlint", version: version,
                                        informationURI: "https://github.com/eventlint/eventlint")

    /// Runs one invocation. `progress` receives progress lines for stderr on long runs.
    public static func run(_ arguments: [String], environment: CommandEnvironment = CommandEnvironment(),
                           progress: (@Sendable (String) -> Void)? = nil) -> CommandResult {
        guard let command = arguments.first else {
            return CommandResult(stderr: "error: no command given\n\n" + Usage.main, status: 2)
        }
        let rest = Array(arguments.dropFirst())
        do throws(UsageError) {
            switch command {
            case "--help", "-h": return CommandResult(stdout: Usage.main, status: 0)
            case "--version", "-V": return CommandResult(stdout: "eventlint \(version)\n", status: 0)
            case "help":
                guard let topic = rest.first else { return CommandResult(stdout: Usage.main, status: 0) }
                guard rest.count == 1, let text = Usage.text(for: topic) else {
                    throw UsageError("no help for \"\(rest.joined(separator: " "))\"")
                }
                return CommandResult(stdout: text, status: 0)
            case "explain": return try ExplainCommand.run(rest)
            case "check": return try CheckCommand.run(rest, environment: environment)
            case "lint": return try LintCommand.run(rest, environment: environment, progress: progress)
            case "budget": return try BudgetCommand.run(rest, environment: environment)
            // sql: BigQuery SQL generated from the plan (SQLGeneration/)
            case "sql": return try SQLCommand.run(rest)
            case "codegen": return try CodegenCommand.run(rest)
            case "init": return try InitCommand.run(rest)
            default:
                throw UsageError("unknown command \"\(command)\"")
            }
        } catch {
            return usageFailure(error)
        }
    }

    /// The message plus the usage of the command concerned, exit status 2.
    static func usageFailure(_ error: UsageError) -> CommandResult {
        let usage = error.command.flatMap(Usage.text(for:)) ?? Usage.main
        return CommandResult(stderr: "error: \(error.message)\n\n\(usage)", status: 2)
    }

    /// `--help` inside a command prints that command's usage.
    static func helpRequested(_ arguments: [String], command: String) -> CommandResult? {
        guard arguments.contains("--help") || arguments.contains("-h") else { return nil }
        return CommandResult(stdout: Usage.text(for: command) ?? Usage.main, status: 0)
    }

    /// Parses `--format`, restricted to the formats a command supports.
    static func format(_ value: String?, allowed: [ReportFormat], command: String) throws(UsageError) -> ReportFormat {
        guard let value else { return .text }
        let format: ReportFormat
        do throws(ReportFormatError) {
            format = try ReportFormat(parsing: value)
        } catch {
            throw UsageError(error.description, command: command)
        }
        guard allowed.contains(format) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw UsageError("\(command) does not write \(format.rawValue); use one of: \(names)", command: command)
        }
        return format
    }

    /// Parses `--fail-on`.
    static func failOn(_ value: String?, command: String) throws(UsageError) -> Severity {
        guard let value else { return .error }
        guard let severity = Severity(rawValue: value) else {
            throw UsageError("--fail-on takes error, warning or info, not \"\(value)\"", command: command)
        }
        return severity
    }

    /// Colour only for a terminal, and never when NO_COLOR is set.
    static func useColor(_ environment: CommandEnvironment, format: ReportFormat) -> Bool {
        format == .text && environment.stdoutIsTerminal && !environment.noColor
    }
}
