/// The rules of the export reading stage, listed in `RuleCatalog`, with the message factories
/// that build their findings, so wording lives next to the rule. Each factory returns the whole
/// `Finding`, from a `FramedLine` or the location its caller worked out, and the names, sizes and
/// counts the message shows.
public enum ExportRules {
    public static let all: [Rule] = [
        lineTooLong, leadingBOM, blankLine, missingFinalNewline, documentTooLarge,
        duplicateInput, cannotRead, cannotSpill, cannotWrite, captureEntryTruncated, captureEntryUnreadable,
        captureWithoutEvents, formatMismatch, unnestedQueryResult, legacyFirebaseExport,
    ]

    public static let unnestedQueryResult = Rule(
        id: "export/unnested-query-result", stage: .export, severity: .error,
        summary: "the input is a query result with UNNEST(event_params): one row per param, not one per event",
        documentation: """
            The rows carry an event name and one param each as columns, its name (`key`, \
            `event_param_key`) beside its value (`value`, `string_value`, `event_param_string`…), or \
            its whole record as one column (`"p": {"key": …, "value": …}`), instead of the event's \
            `event_params` array: what \
            `SELECT event_name, p.key, p.value.string_value FROM events_*, UNNEST(event_params) AS p` \
            gives. Read as events, every row would be an event that lacks all but one param. The \
            rows are counted as "not events" and reported once, at the first, with their number.

            **How to fix:** export the rows themselves: ``SELECT * FROM `PROJECT.analytics_ID.events_*` ``, \
            then `bq extract --destination_format NEWLINE_DELIMITED_JSON` or the console's "Save \
            results → JSON"; or run `eventlint sql` in BigQuery instead.
            """,
        examples: RuleExamples(
            failing: #"""
                /*>*/{"event_name":"page_viewed","event_timestamp":"1700000000000000","key":"choice","string_value":"yes"}
                {"event_name":"page_viewed","event_timestamp":"1700000000000000","key":"screen","string_value":"home"}
                """#,
            passing: #"""
                {"event_name":"page_viewed","event_timestamp":"1700000000000000","event_params":[{"key":"choice","value":{"string_value":"yes"}}]}
                """#))

    public static let legacyFirebaseExport = Rule(
        id: "export/legacy-firebase-export", stage: .export, severity: .error,
        summary: "the input holds rows of the Firebase export before GA4 (user_dim, event_dim)",
        documentation: """
            Before GA4, Firebase Analytics exported to `app_events_YYYYMMDD` tables: one row per \
            upload with `user_dim` and an `event_dim` array of events (`name`, `params`, \
            `timestamp_micros`). That schema stopped in 2018; eventlint reads the GA4 `events_*` \
            schema. The rows are counted as "not events" and reported once, at the first, with \
            their number.

            **How to fix:** export the GA4 `events_*` (or `events_intraday_*`) tables of the \
            property's `analytics_ID` dataset; old `app_events_*` tables can be migrated with \
            Google's migration script to that schema first.
            """,
        examples: RuleExamples(
            failing: #"""
                /*>*/{"user_dim":{"app_info":{"app_id":"com.example"}},"event_dim":[{"name":"page_viewed","timestamp_micros":"1515767310084000"}]}
                """#,
            passing: #"""
                {"event_name":"page_viewed","event_timestamp":"1515767310084000","event_params":[]}
                """#))

    /// The one finding for the rows of another table in an input.
    public static func otherSchema(_ schema: OtherExportSchema, first: SourceLocation, rows: Int) -> Finding {
        let count = rows == 1 ? "1 row" : "\(rows) rows"
        switch schema {
        case .unnestedParams:
            return Finding(
                rule: unnestedQueryResult,
                message:
                    "this is a query result with UNNEST(event_params), one row per param (\(count)), not GA4 export rows; "
                    + "export the rows themselves (SELECT * FROM events_*) or run `eventlint sql` in BigQuery",
                at: first)
        case .legacyFirebase:
            return Finding(
                rule: legacyFirebaseExport,
                message:
                    "this is the Firebase export before GA4 (user_dim, event_dim; \(count)), not GA4 export rows; "
                    + "export the GA4 events_* tables instead",
                at: first)
        }
    }

    /// Reported by the front end for an `ExportInputError`, so the failure reaches every report
    /// format.
    public static let cannotRead = Rule(
        id: "export/cannot-read", stage: .export, severity: .error,
        summary: "an export cannot be read at all",
        documentation: """
            The file does not exist, is a directory, cannot be opened or read, is compressed in a \
            format eventlint does not decode, or is a corrupt gzip stream. Every line read before the problem, and every \
            other input, is still checked and reported; the exit status is 2. Check the path (a quoted glob that matches nothing is kept as a file name) \
            and decompress what the message names.

            No example: it needs a file that cannot be read (missing, a directory, corrupt gzip bytes).
            """)

    /// The finding for an export that cannot be read (or not to its end), on the file; the
    /// error words it, as it does on standard error.
    public static func cannotRead(_ error: ExportInputError) -> Finding {
        Finding(rule: cannotRead, message: error.description, at: SourceLocation(file: error.path, line: 1, column: 1))
    }

    /// Reported by the front end for a `SpillError`, so the failure reaches every report format.
    public static let cannotSpill = Rule(
        id: "export/cannot-spill", stage: .export, severity: .error,
        summary: "the records past --memory-limit cannot be written to temporary files or read back",
        documentation: """
            A run whose pair and rule records outgrow `--memory-limit` sorts them into temporary files \
            in `$TMPDIR` (else `/tmp`), and creating, writing or reading one failed: the directory is \
            missing or not writable, the disk is full, or a file size limit was reached. Pairs and \
            rules would be checked on part of the records only, so the run stops with exit status 2 \
            and this finding is its report, in every format asked for. Set `TMPDIR` to a directory \
            with room, or raise `--memory-limit`.

            No example: it needs a temporary directory that cannot be written.
            """)

    /// The finding for temporary files that fail, on their directory; the error words it.
    public static func cannotSpill(_ error: SpillError) -> Finding {
        Finding(
            rule: cannotSpill, message: error.description, at: SourceLocation(file: error.directory, line: 1, column: 1)
        )
    }

    /// Reported by the front end when a file the run writes as it reads (`--rejects FILE`)
    /// cannot be opened or written.
    public static let cannotWrite = Rule(
        id: "export/cannot-write", stage: .export, severity: .error,
        summary: "a file the run writes as it reads (--rejects) cannot be written",
        documentation: """
            `lint --rejects FILE` writes each rejected line to FILE while the exports are read, and \
            the file could not be created or a write to it failed (a missing directory, no \
            permission, a full disk). The rejects would be incomplete, so the run stops with exit \
            status 2 and this finding is its report, in every format asked for. Choose a path that \
            can be written.

            No example: it needs a file that cannot be written.
            """)

    /// The finding for a file that cannot be written, `reason` the system's words.
    public static func cannotWrite(path: String, reason: String) -> Finding {
        Finding(
            rule: cannotWrite, message: "cannot write \(SystemPath.display(path)): \(reason)",
            at: SourceLocation(file: path, line: 1, column: 1))
    }

    public static let formatMismatch = Rule(
        id: "export/format-mismatch", stage: .export, severity: .error,
        summary: "with --input-format, a line of another format",
        documentation: """
            `--input-format bq|flat|mp` forces how every line is read, and this line has the shape of \
            another format: a flat debug log line (`name`, `params`) or a Measurement Protocol \
            request (`events: [...]`) where BigQuery rows were promised, a row (`event_params`) where \
            flat lines were, or a line without `events` where requests were. It is reported and \
            not checked (counted among "not events"), instead of being read as what it is not.

            **How to fix:** pass the file's real format, or leave `--input-format` at `auto`, which \
            detects the format of each line.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#,
            passing: #"""
                {"event_name":"page_viewed","event_params":[{"key":"choice","value":{"string_value":"yes"}}]}
                """#, options: ["--input-format", "bq"]))

    /// The finding for a line of another format than `--input-format` promised.
    public static func formatMismatch(_ natural: InputFormat, forced: InputFormat, at location: SourceLocation)
        -> Finding
    {
        Finding(
            rule: formatMismatch,
            message: "the line is \(natural.title), not \(forced.title) (--input-format \(forced.rawValue))",
            at: location)
    }

    public static let captureEntryTruncated = Rule(
        id: "export/capture-entry-truncated", stage: .export, severity: .warning,
        summary: "a debug console entry ends before its params block or bundle does",
        documentation: """
            An event of an iOS console capture whose `{ … }` params block is not closed before the \
            next log line (or the end of the file), or an Android `Bundle[{…}]` that the line ends \
            inside and no continuation line completes. logcat cuts messages longer than about 4 KB, \
            and a copy from a terminal can lose the end of a block.

            **Why:** the params that are missing cannot be told from params that were never sent, \
            so the event is counted but not checked (no false `missing-required-param`).

            **How to fix:** capture again with a larger buffer (`adb logcat -G 16M`), or from the \
            start of the event's entry to its end.
            """,
        examples: RuleExamples(
            failing: """
                /*>*/2026-10-18 10:15:32.123456+0900 MyApp[1234:56789] 11.3.0 - [FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, page_viewed, {
                    choice = yes;
                """,
            passing: """
                2026-10-18 10:15:32.123456+0900 MyApp[1234:56789] 11.3.0 - [FirebaseAnalytics][I-ACS023051] Logging event: origin, name, params: app, page_viewed, {
                    choice = yes;
                }
                """))

    /// The finding for the entry of event `event` that ends before its params; `location` is its name.
    public static func captureEntryTruncated(event: String, at location: SourceLocation) -> Finding {
        Finding(
            rule: captureEntryTruncated,
            message: "the entry of event \"\(event)\" ends before its params do (cut, or the capture ended); "
                + "it is not checked",
            at: location, event: event)
    }

    public static let captureEntryUnreadable = Rule(
        id: "export/capture-entry-unreadable", stage: .export, severity: .warning,
        summary: "a debug console line names an event or user property that cannot be read",
        documentation: """
            A line of the analytics SDK that logs an event (`Logging event: origin, name, params:` on \
            iOS, `Logging event (FE):` on Android), a report of one, or a user property change, whose \
            name is empty, whose short name `(_x)` is not closed, whose params are neither a `{ … }` \
            block nor a `Bundle[{…}]`, or whose block closes its brackets without reading as \
            `key = value;` pairs.

            **Why:** such a line is an event the app sent; read as "not analytics" it would vanish \
            from the report without a word.

            **How to fix:** look at the line in the capture: it was usually cut or edited by hand \
            (a paste that lost its start, a redacted name). Capture it again.
            """,
        examples: RuleExamples(
            failing: """
                2026-10-18 10:15:32.123  4321  4390 V FA      : Logging event (FE): page_viewed(_pv, Bundle[{choice=yes}]
                """,
            passing: """
                2026-10-18 10:15:32.123  4321  4390 V FA      : Logging event (FE): page_viewed, Bundle[{choice=yes}]
                """))

    /// The finding for an SDK line that logs an entry of `kind` that cannot be read; `name` is
    /// its name as printed (empty when there is none), `location` where the name stands.
    public static func captureEntryUnreadable(_ kind: CaptureEntry.Kind, name: String, at location: SourceLocation)
        -> Finding
    {
        let what = kind == .userProperty ? "user property" : "event"
        let named = name.isEmpty ? "" : " \"\(name)\""
        return Finding(
            rule: captureEntryUnreadable,
            message: "this line logs an \(what)\(named) that cannot be read (its name or its params are not in "
                + "the SDK's form); it is not checked",
            at: location, event: kind == .userProperty || name.isEmpty ? nil : name)
    }

    public static let captureWithoutEvents = Rule(
        id: "export/capture-without-events", stage: .export, severity: .warning,
        summary: "a debug console capture holds no analytics event",
        documentation: """
            The input is a debug console capture (its lines are the analytics SDK's, or log lines, or \
            `--input-format ios-console|android-logcat` says so), and not one of them logs an event: \
            only start-up lines, configuration, uploads or the app's own output. The finding stands \
            on the capture's first line of the SDK (or its first log line) and is reported once.

            **Why:** a capture is usually taken to see events arrive; one without any is not a clean \
            result but a sign that debug logging is off or that the capture missed the events.

            **How to fix:** turn on the SDK's debug logging (Android: `adb shell setprop \
            log.tag.FA VERBOSE` and `adb shell setprop log.tag.FA-SVC VERBOSE`; iOS: the \
            `-FIRDebugEnabled` launch argument), then use the app while capturing.
            """,
        examples: RuleExamples(
            failing: """
                /*>*/2026-10-18 10:15:32.123  4321  4390 I FA      : App measurement initialized, version: 46000
                2026-10-18 10:15:32.124  4321  4390 D FA      : Debug-level message logging enabled
                """,
            passing: """
                2026-10-18 10:15:32.123  4321  4390 I FA      : App measurement initialized, version: 46000
                2026-10-18 10:15:33.000  4321  4390 V FA      : Logging event (FE): page_viewed, Bundle[{choice=yes}]
                """))

    /// The finding for a capture without any event, on its first line of the SDK (or log line).
    public static func captureWithoutEvents(at location: SourceLocation) -> Finding {
        Finding(
            rule: captureWithoutEvents,
            message: "the capture holds no analytics event: the SDK's debug logging may be off, or the capture "
                + "missed the events",
            at: location)
    }

    public static let lineTooLong = Rule(
        id: "export/line-too-long", stage: .export, severity: .error,
        summary: "a line is longer than the maximum line size",
        documentation: """
            A line of the export holds more bytes than `--max-line-bytes` (16 MiB by default), \
            not counting the CR of a CR LF ending or a leading BOM. The line is skipped without being buffered, so memory stays bounded however large \
            it is; its real size and first bytes are reported (and written to the rejects file).

            **Why:** a GA4 event is a few kilobytes. A line this long is almost always a broken \
            export: records joined without LF, a file using CR-only line endings, a preallocated \
            file full of NUL bytes, or a different format altogether.

            **How to fix:** check how the export was produced and that lines end in LF. If such \
            large events are real, raise the limit with `--max-line-bytes`.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"note":"a line of more than sixty-four bytes"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#, options: ["--max-line-bytes", "64"]))

    /// The finding for an oversize line. `location` points at the line start.
    public static func lineTooLong(_ line: FramedLine, file: String, limit: Int) -> Finding {
        Finding(
            rule: lineTooLong,
            message: "line is \(line.length) bytes long, more than the limit of \(limit) bytes",
            at: SourceLocation(file: file, line: line.number, column: 1, byteOffset: line.byteOffset))
    }

    public static let leadingBOM = Rule(
        id: "export/leading-bom", stage: .export, severity: .warning,
        summary: "the export starts with a UTF-8 byte order mark",
        documentation: """
            The first three bytes of the file are `EF BB BF`, a UTF-8 byte order mark. eventlint \
            skips it and reads on; columns on line 1 still count its bytes.

            **Why:** NDJSON and JSON Lines forbid a BOM, and loaders such as BigQuery or a \
            strict JSON parser may reject the first record or read the BOM into the first key. \
            A BOM further down the file (for example after `cat a.jsonl b.jsonl`) is not skipped: \
            that line is reported as invalid JSON.

            **How to fix:** write the export as UTF-8 without BOM, or strip it, e.g. \
            `sed '1s/^\\xEF\\xBB\\xBF//'`.

            No example: a byte order mark is invisible in printed text.
            """)

    /// The finding for a BOM skipped at the start of the file.
    public static func leadingBOM(_ line: FramedLine, file: String) -> Finding {
        Finding(
            rule: leadingBOM, message: "the file starts with a UTF-8 byte order mark, skipped",
            at: SourceLocation(file: file, line: line.number, column: 1, byteOffset: line.byteOffset))
    }

    public static let blankLine = Rule(
        id: "export/blank-line", stage: .export, severity: .error,
        summary: "a line is empty or holds only whitespace (reported only with --strict)",
        documentation: """
            A line holds nothing, or only spaces, tabs and CRs. It is not a record: by default \
            it is skipped and counted as blank in the summary (never as valid or invalid), \
            with no finding. With `--strict`, each blank line is reported as an error.

            **Why:** the NDJSON spec lets parsers ignore empty lines but JSON Lines says a blank \
            line is not valid, so some loaders fail on them. They often mean a producer wrote \
            an empty record or joined files carelessly.

            **How to fix:** remove empty lines, e.g. `grep -v '^[[:space:]]*$'`, and check the \
            producer for events that serialised to nothing.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                /*>*/
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#, options: ["--strict"]))

    /// The finding for a blank line; `severity` lets `--strict` raise it to an error.
    public static func blankLine(_ line: FramedLine, file: String, severity: Severity? = nil) -> Finding {
        Finding(
            rule: blankLine, severity: severity, message: "line is blank",
            at: SourceLocation(file: file, line: line.number, column: 1, byteOffset: line.byteOffset))
    }

    public static let missingFinalNewline = Rule(
        id: "export/missing-final-newline", stage: .export, severity: .info,
        summary: "the last line does not end with a newline",
        documentation: """
            The export ends without an LF after its last line. The line is still read.

            **Why:** JSON Lines makes the final LF optional, but a missing one is also what a \
            truncated copy or an export still being written looks like. If that last line is \
            also invalid JSON, the file was most likely cut short.

            **How to fix:** make sure the export finished writing; end the file with a newline.

            No example: a failing and a passing example would differ only in an invisible final LF.
            """)

    /// The finding for a last line without LF, pointing just past its last byte.
    public static func missingFinalNewline(_ line: FramedLine, file: String) -> Finding {
        let column = Int(min(line.length, Int64(Int.max - 8))) + 1 + (line.flags.contains(.leadingBOM) ? 3 : 0)
        return Finding(
            rule: missingFinalNewline, message: "last line has no trailing newline",
            at: SourceLocation(
                file: file, line: line.number, column: column,
                byteOffset: line.contentByteOffset + line.length))
    }

    public static let documentTooLarge = Rule(
        id: "export/document-too-large", stage: .export, severity: .error,
        summary:
            "one multi-line JSON document (a pretty-printed row, or one element of an array of rows) is larger than the maximum line size",
        documentation: """
            The input is not NDJSON but multi-line JSON — one pretty-printed row, a `jq .` stream \
            of them, or the BigQuery console's "Save results → JSON" array — and one of its \
            documents (a row, or one element of the top-level array) is larger than \
            `--max-line-bytes`, the most eventlint holds in memory for one record. That document \
            is not checked; its lines are counted as invalid and the next document is read as usual.

            **How to fix:** convert the file to NDJSON (`jq -c '.[]' rows.json > rows.ndjson`, or \
            `jq -c . stream.json`), or raise `--max-line-bytes` above the document's size.
            """,
        examples: RuleExamples(
            failing: #"""
                [
                /*>*/  {"name":"page_viewed",
                   "params":{"choice":"yes","reason":"a long enough value"}},
                  {"name":"page_viewed","params":{"choice":"no"}}
                ]
                """#,
            passing: #"""
                [
                  {"name":"page_viewed","params":{"choice":"yes"}},
                  {"name":"page_viewed","params":{"choice":"no"}}
                ]
                """#, options: ["--max-line-bytes", "64"]))

    /// The finding for a JSON document (or element of a top-level array) too large to hold.
    public static func documentTooLarge(_ location: SourceLocation, limit: Int) -> Finding {
        Finding(
            rule: documentTooLarge,
            message: "this JSON document is more than \(limit) bytes (--max-line-bytes); it is not checked: "
                + "convert the file to NDJSON with `jq -c` or raise --max-line-bytes above its size",
            at: location)
    }

    public static let duplicateInput = Rule(
        id: "export/duplicate-input", stage: .export, severity: .info,
        summary: "the same file was given twice (by two names or a name and a glob); it is linted once",
        documentation: """
            Two inputs name the same file (the same device and inode, or the same path). It is \
            read once, under its first name, so its events are not counted twice and its pairs \
            do not see every event twice.

            **How to fix:** nothing is needed; drop the second name or narrow the glob.

            No example: it needs two inputs that name the same file.
            """)

    /// The finding for an input given twice.
    public static func duplicateInput(file: String, first: String) -> Finding {
        Finding(
            rule: duplicateInput,
            message: "\"\(file)\" is the same file as \"\(first)\", given before; it is linted once",
            at: SourceLocation(file: file, line: 1, column: 1, byteOffset: 0))
    }
}
