/// Loading the plan for a command that runs on it (`lint`, `sql`): a plan that cannot be read,
/// or that `check` would reject with errors, stops the command with exit status 2 and the first
/// error, so no export is judged against a broken plan.
enum CheckedPlan {
    enum Outcome {
        case loaded(Plan)
        case failed(CommandResult)
    }

    static func load(directory: String) -> Outcome {
        do {
            return load(sources: try PlanLoader.readSources(directory: directory))
        } catch {
            return .failed(CheckCommand.planFailure(error))
        }
    }

    /// The same for plan files already read (`codegen` hashes the very bytes it generates from).
    static func load(sources: [PlanSource]) -> Outcome {
        let loaded: LoadedPlan
        do {
            loaded = try PlanLoader.load(sources: sources)
        } catch {
            return .failed(CheckCommand.planFailure(error))
        }
        let errors = loaded.plan.adjust(loaded.findings + PlanChecker.check(loaded.plan)).filter { $0.severity == .error }
        guard let first = errors.sortedForReport().first else { return .loaded(loaded.plan) }
        let location = "\(first.location.file):\(first.location.line):\(first.location.column)"
        return .failed(CommandResult(
            stderr: "error: the plan has \(errors.count) error(s); run `eventlint check` first\n  first: \(location): [\(first.ruleID)] \(first.message)\n",
            status: 2))
    }
}
