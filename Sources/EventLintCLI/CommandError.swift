import EventLintKit

/// Why a command stops before it has a report: the one error type commands throw, and the
/// executable's own failed writes. Its `message` and `exitStatus` are the one mapping from an
/// error to text and an exit status (always 2), the way swift-argument-parser maps errors in
/// one place: `EventLintCLI.run` and `main.swift` both go through them.
public enum CommandError: Error, Sendable {
    /// A flag, argument or command that is not accepted: the message, the command's one-line
    /// usage and where its help is.
    case usage(UsageError)
    /// A file the command depends on cannot be used: `what` names it ("the plan",
    /// "the base plan", "the registered definitions"); `file` is the path a report shows when
    /// the error has no position of its own.
    case cannotLoad(LoadError, what: String, file: String)
    /// The plan loads but `check` finds errors in it (every error, in report order).
    case invalidPlan(errors: [Finding], schema: String)
    /// An export input cannot be read at all.
    case input(ExportInputError)
    /// An output file cannot be written.
    case cannotWrite(path: String, reason: String)
    /// The executable cannot write a command's output (`> /dev/full`); a closed pipe is not this.
    case cannotWriteStandardOutput(reason: String)
    /// `lint`'s records outgrew `--memory-limit` and their temporary files failed (a full disk):
    /// pairs and rules would be incomplete, so the report holds only this failure.
    case spill(SpillError)
    /// A program the command runs (`watch --from`: adb, xcrun, idevicesyslog) is missing or
    /// failed to start: `reason` says why and what to install.
    case cannotRun(tool: String, reason: String)

    static func from(_ failure: PlanSession.Failure, schema: String) -> CommandError {
        switch failure {
        case .cannotLoad(let error, let part): .cannotLoad(error, what: part.rawValue, file: schema)
        case .hasErrors(let errors): .invalidPlan(errors: errors, schema: schema)
        }
    }

    /// The exit status of every command error.
    public static let exitStatus: Int32 = 2

    /// A write of the executable's that failed with `code` (an `errno`): a file a command
    /// produced (`OutputFile`), or standard output when `path` is `nil`.
    public static func failedWrite(to path: String?, code: Int32) -> CommandError {
        let reason = OutputWriter.describe(code)
        guard let path else { return .cannotWriteStandardOutput(reason: reason) }
        return .cannotWrite(path: path, reason: reason)
    }

    /// What the front end prints on standard error. Everything in it that came from outside
    /// (an argument, a path, a plan's name, a message quoting them) goes through `VisibleText`:
    /// a newline in a file name cannot start a line of its own (`::error …`, which GitHub reads
    /// from standard error too), nor an escape sequence reach the terminal.
    public var message: String {
        let shown = VisibleText.of
        switch self {
        case .usage(let error):
            return "error: \(shown(error.message))\n" + Commands.usageHint(for: error.command)
        case .cannotLoad(let error, let what, _):
            var text = "error"
            if let rule = error.ruleID { text += "[\(rule)]" }
            text += ": \(shown(error.message))\n"
            if let location = error.location { text += "  --> \(shown(location.description))\n" }
            if let hint = error.hint { text += "  = help: \(shown(hint))\n" }
            return text + "\(what) cannot be loaded\n"
        case .invalidPlan(let errors, let schema):
            let count = errors.count
            let first = errors[0]
            let again = schema == "schema" ? "eventlint check" : "eventlint check --schema \(shown(schema))"
            let location = shown(first.location.description)
            return
                "error: the plan has \(count) \(count == 1 ? "error" : "errors"); run `\(again)` first\n  first: \(location): [\(first.ruleID)] \(shown(first.message))\n"
        case .input(let error):
            return "error: \(shown(error.description))\n"
        case .cannotWrite(let path, let reason):
            return "error: cannot write \(SystemPath.shown(path)): \(reason)\n"
        case .cannotWriteStandardOutput(let reason):
            return "error: cannot write standard output: \(reason)\n"
        case .spill(let error):
            return "error: \(shown(error.description))\n"
        case .cannotRun(let tool, let reason):
            return "error: cannot run \(shown(tool)): \(shown(reason))\n"
        }
    }

    /// The failure as findings, for a report in the format the user asked for (SARIF, `::error`
    /// annotations, the step summary): a file that cannot be loaded under its JSON rule or
    /// `plan/cannot-load`, an invalid plan as its own errors, an unreadable export under
    /// `export/cannot-read`, temporary files that fail under `export/cannot-spill`, a rejects file
    /// that cannot be written under `export/cannot-write`. Usage errors have no report, and a
    /// standard output that cannot be written has nowhere to show one: `nil`.
    var findings: [Finding]? {
        switch self {
        case .usage, .cannotRun, .cannotWriteStandardOutput:
            return nil
        case .cannotWrite(let path, let reason):
            return [ExportRules.cannotWrite(path: path, reason: reason)]
        case .spill(let error):
            return [ExportRules.cannotSpill(error)]
        case .cannotLoad(let error, let what, let file):
            let rule = error.ruleID.flatMap(RuleCatalog.rule(id:)) ?? PlanLoadingRules.cannotLoad
            let notes = error.hint.map { [FindingNote("help: " + $0)] } ?? []
            return [
                Finding(
                    rule: rule, message: "\(what) cannot be loaded: \(error.message)",
                    at: error.location ?? SourceLocation(file: file, line: 1, column: 1), notes: notes)
            ]
        case .invalidPlan(let errors, _):
            return errors
        case .input(let error):
            return [ExportRules.cannotRead(error)]
        }
    }
}

extension UsageError {
    /// Lifts a usage error into the one command error type.
    var asCommandError: CommandError { .usage(self) }
}
