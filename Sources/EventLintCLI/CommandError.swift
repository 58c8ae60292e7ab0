import EventLintKit

/// Why a command stops before it has a report: the one error type commands throw. Only
/// `EventLintCLI.run` turns it into text and an exit status (always 2), the way
/// swift-argument-parser maps errors in one place.
public enum CommandError: Error, Sendable {
    /// A flag, argument or command that is not accepted: the message and the command's usage.
    case usage(UsageError)
    /// A file the command depends on cannot be used: `what` names it ("the plan",
    /// "the base plan", "the registered definitions").
    case cannotLoad(LoadError, what: String)
    /// The plan loads but `check` finds errors in it.
    case invalidPlan(count: Int, first: Finding, schema: String)
    /// Export inputs that could not be read, or not to their end; `report` holds what was read
    /// of them and of every other input, printed before the errors.
    case unreadInput([ExportInputError], report: String)
    /// An output file cannot be written.
    case cannotWrite(path: String, reason: String)

    static func from(_ failure: PlanSession.Failure, schema: String) -> CommandError {
        switch failure {
        case .cannotLoad(let error, let part): .cannotLoad(error, what: part.rawValue)
        case .hasErrors(let count, let first): .invalidPlan(count: count, first: first, schema: schema)
        }
    }

    /// The exit status of every command error.
    static let exitStatus: Int32 = 2

    /// What the front end prints on standard output before the error: the report of what was read.
    var report: String {
        if case .unreadInput(_, let report) = self { return report }
        return ""
    }

    /// What the front end prints on standard error.
    var message: String {
        switch self {
        case .usage(let error):
            return "error: \(error.message)\n\n\(Commands.usage(for: error.command))"
        case .cannotLoad(let error, let what):
            var text = "error"
            if let rule = error.ruleID { text += "[\(rule)]" }
            text += ": \(error.message)\n"
            if let location = error.location { text += "  --> \(location.file):\(location.line):\(location.column)\n" }
            if let hint = error.hint { text += "  = help: \(hint)\n" }
            return text + "\(what) cannot be loaded\n"
        case .invalidPlan(let count, let first, let schema):
            let again = schema == "schema" ? "eventlint check" : "eventlint check --schema \(schema)"
            let location = "\(first.location.file):\(first.location.line):\(first.location.column)"
            return "error: the plan has \(count) \(count == 1 ? "error" : "errors"); run `\(again)` first\n  first: \(location): [\(first.ruleID)] \(first.message)\n"
        case .unreadInput(let errors, _):
            return errors.map { "error: \($0.description)\n" }.joined()
        case .cannotWrite(let path, let reason):
            return "error: cannot write \(path): \(reason)\n"
        }
    }
}

extension UsageError {
    /// Lifts a usage error into the one command error type.
    var asCommandError: CommandError { .usage(self) }
}
