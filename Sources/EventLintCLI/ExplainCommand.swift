import EventLintKit

/// `eventlint explain [RULE]`: one rule's documentation, or the list of every rule id;
/// `--example-plan`: the plan the rules' export-line examples are checked against.
enum ExplainCommand {
    static func run(_ parsed: ParsedArguments) throws(CommandError) -> CommandResult {
        if parsed.has("--example-plan") {
            guard parsed.positionals.isEmpty else {
                throw .usage(UsageError("--example-plan takes no rule id", command: "explain"))
            }
            return CommandResult(stdout: RuleExamples.examplePlan + "\n", status: 0)
        }
        guard let id = parsed.positionals.first else {
            return CommandResult(stdout: listing(), status: 0)
        }
        guard let rule = RuleCatalog.rule(id: id) else {
            let close = RuleCatalog.all.map(\.id).filter { $0.hasSuffix("/" + id) || $0.contains(id) }
            var message = "unknown rule id \"\(id)\""
            if !close.isEmpty { message += " (did you mean \(close.prefix(5).joined(separator: ", "))?)" }
            throw .usage(UsageError(message + "; `eventlint explain` lists every rule id", command: "explain"))
        }
        return CommandResult(stdout: rule.explanation, status: 0)
    }

    /// Every rule id with its default severity and summary, grouped by stage.
    static func listing() -> String {
        var text = ""
        for stage in RuleStage.allCases {
            let rules = RuleCatalog.all.filter { $0.stage == stage }
            guard !rules.isEmpty else { continue }
            text += "\(stage.rawValue):\n"
            let width = rules.map(\.id.count).max() ?? 0
            for rule in rules {
                let padded = rule.id + String(repeating: " ", count: width - rule.id.count)
                text += "  \(padded)  \(rule.defaultSeverity.rawValue.padding(7))  \(rule.summary)\n"
            }
            text += "\n"
        }
        return text
            + "`eventlint explain RULE` prints a rule's documentation; `eventlint explain --example-plan` the plan its examples are checked against.\n"
    }
}
