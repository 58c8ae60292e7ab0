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
    USAGE: eventlint check [--schema DIR] [--format FORMAT] [--fail-on SEVERITY] [--base REF|DIR]

    Lints the tracking plan: GA4 naming and size limits, reserved names, and consistency.
    With --base, also classifies every difference from the base plan: breaking changes
    (removed, retyped, narrowed, newly required) are errors, additive ones are info.

    OPTIONS:
      --schema DIR        plan directory (default: schema)
      --format FORMAT     text (default), json, github, sarif, junit or markdown
      --fail-on SEVERITY  exit 1 on findings at or above: error (default), warning, info
      --base REF|DIR      the plan before the change: a directory, or a git ref (origin/main)
                          of the repository the plan directory is in

    """

    static let explain = """
    USAGE: eventlint explain [RULE]

    Prints the documentation of a rule id; with no argument, lists every rule id.

    """

    static let lint = """
    USAGE: eventlint lint [--schema DIR] [--format FORMAT] [--input-format auto|bq|flat|mp] [--jobs N]
                          [--fail-on SEVERITY] [--max-examples N] [--max-line-bytes N] [--max-depth N]
                          [--unclosed-window MINUTES] [--rejects FILE] [--strict] FILE...

    Lints NDJSON exports (GA4 BigQuery rows, flat debug logs, Measurement Protocol payloads)
    against the plan: per-event checks, shown/closed pairs and cross-event rules per user, and a
    report of what the stream holds. FILE may be a glob, `-` for standard input, or a .gz file.

    OPTIONS:
      --schema DIR             plan directory (default: schema)
      --format FORMAT          text (default), json, github, sarif, junit or markdown
      --input-format FORMAT    auto (default: detected per line), bq, flat, mp, ios-console, android-logcat
      --jobs N                 worker threads (default: the number of cores)
      --fail-on SEVERITY       exit 1 on findings at or above: error (default), warning, info
      --max-examples N         text: at most N findings shown per rule (default 10, 0 = all)
      --max-line-bytes N       longer lines are skipped and reported (default 16777216)
      --max-depth N            deepest JSON nesting accepted (default 512)
      --unclosed-window MIN    unclosed pairs this close to a user's last event are warnings (default 30)
      --rejects FILE           write every rejected line (not JSON, too long) to FILE as NDJSON
      --strict                 blank lines are errors

    """

    // budget: begin
    static let budget = """
    USAGE: eventlint budget [--schema DIR] --registered FILE... [--tier standard|360]
                            [--quota event=N,user=N,item=N,metric=N] [--min-headroom N]
                            [--base REF|DIR] [--format FORMAT] [--max-examples N]

    Counts the GA4 custom dimensions and metrics the plan needs, one per scope and parameter
    name however many events send it, against what the property has registered and its quota;
    lists archive candidates and the collection limits.

    OPTIONS:
      --schema DIR          plan directory (default: schema)
      --registered FILE...  GA4 Admin API customDimensions / customMetrics list responses, every
                            page; a directory stands for its *.json files (repeatable)
      --tier TIER           standard or 360 (default: the plan's property.tier)
      --quota SCOPE=N,...   quotas for event, user, item, metric (over the plan's and the tier's)
      --min-headroom N      exit 1 when fewer than N slots of a scope would remain
      --base REF|DIR        show what the change adds against this plan (git ref or directory)
      --format FORMAT       text (default), json, github, sarif, junit or markdown
      --max-examples N      text: at most N findings shown per rule (default 3, 0 = all)

    Exit status: 1 when a scope would be over quota or under --min-headroom, 0 otherwise,
    2 on a usage error or unreadable input.

    """
    // budget: end
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
        case "budget": budget
        case "lint": lint
        case "explain": explain
        case "sql": sql
        case "help": main
        default: nil
        }
    }
}
