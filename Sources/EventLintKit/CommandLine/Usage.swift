/// Usage texts, shown by `--help`, `help COMMAND` and after a usage error.
enum Usage {
    static let main = """
    eventlint \(EventLintCLI.version) — keeps an app's GA4 analytics honest against its tracking plan

    USAGE: eventlint COMMAND [OPTIONS]

    COMMANDS:
      check      lint the tracking plan in schema/ (GA4 limits, reserved names, consistency)
      lint       lint NDJSON event exports against the plan
      budget     count GA4 custom dimensions and metrics against the property's quota
      sql        print BigQuery SQL that runs the same checks where the data is
      explain    print the documentation of a rule (no argument: list every rule id)
      help       print the usage of a command

    OPTIONS:
      -h, --help     show this help
      -V, --version  show the version

    Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage error, unreadable input
    or invalid plan.

    """

    static let check = """
    USAGE: eventlint check [--schema DIR] [--format FORMAT] [--fail-on SEVERITY]

    Lints the tracking plan: GA4 naming and size limits, reserved names, and consistency.

    OPTIONS:
      --schema DIR        plan directory (default: schema)
      --format FORMAT     text (default), json, github, sarif, junit or markdown
      --fail-on SEVERITY  exit 1 on findings at or above: error (default), warning, info

    """

    static let explain = """
    USAGE: eventlint explain [RULE]

    Prints the documentation of a rule id; with no argument, lists every rule id.

    """

    static let lint = """
    USAGE: eventlint lint [--schema DIR] [--format FORMAT] [--input-format auto|bq|flat|mp] [--jobs N]
                          [--fail-on SEVERITY] [--max-examples N] [--max-line-bytes N] [--max-depth N]
                          [--unclosed-window MINUTES] [--strict] FILE...

    Lints NDJSON exports (GA4 BigQuery rows, flat debug logs, Measurement Protocol payloads)
    against the plan: per-event checks, shown/closed pairs and cross-event rules per user, and a
    report of what the stream holds. FILE may be a glob, `-` for standard input, or a .gz file.

    OPTIONS:
      --schema DIR             plan directory (default: schema)
      --format FORMAT          text (default), json, github, sarif, junit or markdown
      --input-format FORMAT    auto (default: detected per line), bq, flat or mp
      --jobs N                 worker threads (default: the number of cores)
      --fail-on SEVERITY       exit 1 on findings at or above: error (default), warning, info
      --max-examples N         text: at most N findings shown per rule (default 10, 0 = all)
      --max-line-bytes N       longer lines are skipped and reported (default 16777216)
      --max-depth N            deepest JSON nesting accepted (default 512)
      --unclosed-window MIN    unclosed pairs this close to a user's last event are warnings (default 30)
      --strict                 blank lines are errors

    """

    // sql: usage of `eventlint sql` (SQLCommand.swift)
    static let sql = """
    USAGE: eventlint sql [--schema DIR] --table PROJECT.DATASET.events_* [--from YYYYMMDD] [--to YYYYMMDD]
                         [--mode counts|rows]

    Prints one BigQuery Standard SQL script, generated from the plan, that runs lint's checks over
    GA4 export tables: per-rule violation counts, or the violating rows. Run it with
    `bq query --use_legacy_sql=false < check.sql` (see docs/sql.md).

    OPTIONS:
      --schema DIR      plan directory (default: schema)
      --table TABLE     the export tables, PROJECT.DATASET.events_* (required)
      --from YYYYMMDD   first day (_TABLE_SUFFIX) to read
      --to YYYYMMDD     last day to read
      --mode MODE       counts (default: rule_id, violations) or rows (one row per finding)

    """

    static func text(for command: String) -> String? {
        switch command {
        case "check": check
        case "lint": lint
        case "explain": explain
        case "sql": sql
        case "help": main
        default: nil
        }
    }
}
