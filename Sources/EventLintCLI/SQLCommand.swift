import EventLintKit

/// `eventlint sql [--schema DIR] --table PROJECT.DATASET.events_* [--from YYYYMMDD --to YYYYMMDD]
/// [--mode counts|rows|rules|readout] [--limit N]`: prints BigQuery Standard SQL that runs `lint`'s checks where the data is.
enum SQLCommand {
    static func run(_ parsed: ParsedArguments) throws(CommandError) -> CommandResult {
        let request: SQLRequest
        do throws(UsageError) {
            request = try self.request(from: parsed)
        } catch {
            throw .usage(error)
        }
        let location = try PlanLocator.locate(parsed)
        let plan = try PlanSession.open(location).validPlan(schema: location.directory)
        return CommandResult(stdout: SQLGenerator(plan: plan, request: request).generate(), status: 0)
    }

    /// The table, the day range and the mode, checked: any mistake is a usage error.
    static func request(from parsed: ParsedArguments) throws(UsageError) -> SQLRequest {
        guard let tableText = parsed.value("--table") else {
            throw UsageError("--table is required (PROJECT.DATASET.events_*)", command: "sql")
        }
        guard let table = SQLTableReference(parsing: tableText) else {
            throw UsageError(
                "--table takes PROJECT.DATASET.TABLE (e.g. my-project.analytics_123.events_*), not \"\(tableText)\"",
                command: "sql")
        }
        let from = try date(parsed, "--from")
        let to = try date(parsed, "--to")
        if let from, let to, to < from {
            throw UsageError("--from \(from) is after --to \(to)", command: "sql")
        }
        var mode = SQLMode.counts
        if let text = parsed.value("--mode") {
            guard let parsedMode = SQLMode(rawValue: text) else {
                throw UsageError("--mode takes counts, rows, rules or readout, not \"\(text)\"", command: "sql")
            }
            mode = parsedMode
        }
        let limit = try parsed.integer("--limit", range: 1...1_000_000_000)
        if limit != nil, mode != .rows {
            throw UsageError("--limit needs --mode rows", command: "sql")
        }
        let request = SQLRequest(table: table, from: from, to: to, mode: mode, limit: limit)
        do throws(SQLRequestError) {
            _ = try request.tableSuffixRange()
        } catch {
            throw UsageError(error.message, command: "sql")
        }
        return request
    }

    static func date(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> SQLDate? {
        guard let text = parsed.value(name) else { return nil }
        guard let date = SQLDate(parsing: text) else {
            throw UsageError("\(name) takes a day as YYYYMMDD, not \"\(text)\"", command: "sql")
        }
        return date
    }
}
