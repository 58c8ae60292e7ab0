import EventLintKit

/// Every command's option table and help text: the one source for the parser and for `--help`.
enum Commands {
    static let schema = OptionDefinition.valued(
        "--schema", "DIR",
        "plan directory (default: the first schema/ with plan files, or the plan a\n.eventlint.json5 names, from the working directory up to the repository root)"
    )
    static let verbose = OptionDefinition.flag(
        "--verbose", "say on standard error which plan is used and how it was found")
    static let format = OptionDefinition.valued(
        "--format", "FORMAT", "text (default), json, github, sarif, junit, markdown, html or xcode")
    static let xcodeFormat = OptionDefinition.valued(
        "--format", "FORMAT", "how problems are written: text (default), or xcode (path:line:column: error:)")
    static let failOn = OptionDefinition.valued(
        "--fail-on", "SEVERITY", "exit 1 on findings at or above: error (default), warning, info")

    static let check = CommandDefinition(
        name: "check",
        summary: "lint the tracking plan in schema/ (GA4 limits, reserved names, consistency)",
        description: """
            Lints the tracking plan: GA4 naming and size limits, reserved names, and consistency.
            With --base, also classifies every difference from the base plan: breaking changes
            (removed, retyped, narrowed, newly required) are errors, additive ones are info.
            """,
        options: [
            schema, verbose, format, ReportOutputs.outputOption, ReportOutputs.maxAnnotationsOption, failOn,
            .valued(
                "--base", "REF|DIR",
                "the plan before the change: a directory, or a git ref (origin/main) of\nthe plan's repository, read at the merge-base of REF and HEAD (what\n`git diff REF...HEAD` compares); a ref without the plan is an empty plan"
            ),
        ])

    static let lint = CommandDefinition(
        name: "lint",
        summary: "lint NDJSON event exports against the plan",
        positionalSynopsis: "FILE...", positionals: 1...Int.max,
        description: """
            Lints NDJSON exports (GA4 BigQuery rows, flat debug logs, Measurement Protocol payloads)
            against the plan: per-event checks, shown/closed pairs and cross-event rules per user, and a
            report of what the stream holds. FILE may be a glob, `-` for standard input, or a .gz file.
            """,
        options: [
            schema, verbose, format, ReportOutputs.outputOption, ReportOutputs.maxAnnotationsOption,
            .valued(
                "--input-format", "FORMAT",
                "auto (default: detected per line), bq, flat, mp, ios-console or\nandroid-logcat"),
            .valued("--jobs", "N", "worker threads (default: the number of cores)"),
            failOn,
            .valued(
                "--max-examples", "N",
                "text: findings grouped by rule, event and param, with N more example lines\nper group (default 3, 0 = every finding in full)"
            ),
            .valued(
                "--max-findings", "N",
                "keep and list at most N findings; the rest are counted (default 10000,\n0 = all)"),
            .valued("--max-line-bytes", "N", "longer lines are skipped and reported (default 16777216)"),
            .valued("--max-depth", "N", "deepest JSON nesting accepted (default 512)"),
            .valued(
                "--memory-limit", "SIZE",
                "memory for the records of pairs and rules; past it they are sorted into\ntemporary files in $TMPDIR (default 128M; K, M or G)"
            ),
            .valued(
                "--unclosed-window", "MINUTES",
                "unclosed pairs this close to a user's last event are warnings (default 30)"),
            .valued(
                "--rejects", "FILE",
                "write every rejected line (not JSON, too long) to FILE as NDJSON, as it\nis read (each file is then read by one worker)"
            ),
            .flag("--strict", "blank lines are errors"),
            .valued(
                "--timings", "PATH",
                "write where the run's time went, stage by stage, to PATH as JSON\n(bench/README.md describes the file)",
                inSynopsis: false),
        ])

    static let budget = CommandDefinition(
        name: "budget",
        summary: "count GA4 custom dimensions and metrics against the property's quota",
        positionals: 0...Int.max,
        description: """
            Counts the GA4 custom dimensions and metrics the plan needs, one per scope and parameter
            name however many events send it, against what the property has registered and its quota;
            lists archive candidates and the collection limits.
            """,
        options: [
            schema, verbose,
            .valued(
                "--registered", "FILE",
                "GA4 Admin API customDimensions / customMetrics list responses, every\npage; a directory stands for its *.json files (repeatable)",
                repeatable: true, required: true),
            .valued("--tier", "TIER", "standard or 360 (default: the plan's property.tier)"),
            .valued("--quota", "SCOPE=N,...", "quotas for event, user, item, metric (over the plan's and the tier's)"),
            .valued("--min-headroom", "N", "exit 1 when fewer than N slots of a scope would remain"),
            .valued(
                "--base", "REF|DIR",
                "show what the change adds against this plan: a directory, or a git\nref read at the merge-base of REF and HEAD"
            ),
            format, ReportOutputs.outputOption, ReportOutputs.maxAnnotationsOption, ReportOutputs.annotateInfoOption,
            failOn,
            .valued("--max-examples", "N", "text: at most N findings shown per rule (default 3, 0 = all)"),
        ],
        footer: """
            Exit status: 1 when a scope would be over quota or under --min-headroom (or findings at or
            above --fail-on), 0 otherwise, 2 on a usage error or unreadable input.
            """)

    static let sql = CommandDefinition(
        name: "sql",
        summary: "print BigQuery SQL that runs the same checks where the data is",
        description: """
            Prints one BigQuery Standard SQL script, generated from the plan, that runs lint's checks over
            GA4 export tables: per-rule violation counts, or the violating rows. Run it with
            `bq query --use_legacy_sql=false < check.sql` (see docs/sql.md).
            """,
        options: [
            schema, verbose, xcodeFormat,
            .valued("--table", "TABLE", "the export tables, PROJECT.DATASET.events_* (required)", required: true),
            .valued("--from", "YYYYMMDD", "first day (_TABLE_SUFFIX) to read"),
            .valued("--to", "YYYYMMDD", "last day to read"),
            .valued(
                "--mode", "MODE",
                "counts (default: per rule id, event, param, plan rule), rows (one per finding), rules (per plan rule), readout (metrics per arm)"
            ),
            .valued("--limit", "N", "with --mode rows: at most N rows, the first in the rows' order"),
        ])

    static let explain = CommandDefinition(
        name: "explain",
        summary: "print the documentation of a rule (no argument: list every rule id)",
        positionalSynopsis: "[RULE]", positionals: 0...1,
        description: """
            Prints the documentation of a rule id, with a failing and a passing example where one
            fits; with no argument, lists every rule id. The examples of export lines are checked
            against a small example plan, which --example-plan prints.
            """,
        options: [.flag("--example-plan", "print the plan the examples of export lines are checked against")])

    static let codegen = CommandDefinition(
        name: "codegen",
        summary: "generate typed tracking code from the plan (codegen swift)",
        positionalSynopsis: "swift", positionals: 1...1,
        description: """
            Generates one Swift file from the plan: an enum per set of allowed values, a type per event,
            a handle per pair (its close and inside events are methods of the open pair), typed setters
            for user properties (see docs/codegen.md). Printed, or written to --output FILE.
            """,
        options: [
            schema, verbose, xcodeFormat,
            .valued("--output", "FILE", "write the code to FILE instead of standard output"),
            .valued("--check", "FILE", "exit 1 when FILE is not what the plan generates now (for CI)"),
            .valued(
                "--adapter", "SDK",
                "also write a TrackingLogger for an analytics SDK: firebase\n(FirebaseTrackingLogger, when FirebaseAnalytics can be imported)"
            ),
        ])

    static let initPlan = CommandDefinition(
        name: "init",
        summary: "write a small starter plan into a directory",
        positionalSynopsis: "[DIR]", positionals: 0...1,
        description: """
            Writes a small commented starter plan (one event, one pair, the property section) to
            DIR/plan.json5 (default DIR: schema) that `eventlint check` passes. Refuses to write into a
            directory that already holds a plan file.
            """,
        options: [])

    static let watch = CommandDefinition(
        name: "watch",
        summary: "check a live stream against the plan as it is written (a debug build's log)",
        positionalSynopsis: "[FILE|-]", positionals: 0...1,
        description: """
            Checks events as they arrive (standard input by default, a FILE, or the platform's log with
            --from) and prints each finding as soon as it is certain: a bad value when its line is read,
            a wrong close when the close comes, a pair still open after --pair-timeout. On the end of
            the input or Ctrl-C, prints the session's summary and the plan's events never seen.
            """,
        options: [
            schema, verbose,
            .valued("--format", "FORMAT", "text (default) or json (one finding a line, the summary last)"),
            failOn,
            .valued(
                "--from", "PLATFORM",
                "read the platform's log: android (adb logcat), ios-simulator (xcrun\nsimctl … log stream) or ios-device (idevicesyslog)"
            ),
            .valued("--device", "ID", "the device or simulator of --from (default: the only one, or booted)"),
            .valued(
                "--pair-timeout", "DURATION",
                "a pair still open this long is reported (60s, 5m; default: the plan's\nunclosedWindowMinutes)"),
            .valued("--save", "PATH", "write every line read to PATH, for `eventlint lint PATH` later"),
            .valued(
                "--input-format", "FORMAT",
                "auto (default: detected per line), bq, flat, mp, ios-console or\nandroid-logcat"),
        ])

    static let all: [CommandDefinition] = [check, lint, watch, budget, sql, codegen, initPlan, explain]

    static func definition(_ name: String) -> CommandDefinition? { all.first { $0.name == name } }

    /// The command line of `eventlint` itself, for a usage error that is not about one command.
    static let mainSynopsis = "eventlint COMMAND [OPTIONS]"

    /// `eventlint --help`.
    static var mainUsage: String {
        var text = """
            eventlint \(ToolVersion.current) — keeps an app's GA4 analytics honest against its tracking plan

            USAGE: \(mainSynopsis)

            COMMANDS:

            """
        for command in all { text += "  " + command.name.padding(9) + "  " + command.summary + "\n" }
        text += "  " + "help".padding(9) + "  print the usage of a command\n"
        text += """

            OPTIONS:
              -h, --help     show this help
              -V, --version  show the version

            Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage error, unreadable input
            or invalid plan.


            """
        return text
    }

    /// The usage of a command (or of `eventlint` itself for `help`).
    static func usage(for name: String?) -> String {
        guard let name, let command = definition(name) else { return mainUsage }
        return command.usage
    }

    /// What a usage error prints after its message, as swift-argument-parser does: the command's
    /// line and where its help is, not the whole help (the message would scroll out of sight).
    static func usageHint(for name: String?) -> String {
        guard let name, let command = definition(name) else {
            return "usage: \(mainSynopsis)\n  See 'eventlint help' for more information.\n"
        }
        return "usage: \(command.synopsis)\n  See 'eventlint help \(name)' for more information.\n"
    }
}
