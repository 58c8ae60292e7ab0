/// The rules pairs report: shown/closed per user, in event-time order.
public enum PairRules {
    public static let all: [Rule] = [
        orphanClose, reopened, unclosed, unclosedNearEnd, insideOutside, paramMismatch, durationMismatch,
        negativeDuration,
    ]

    static let order = """
        Pairs are followed per user (`user_pseudo_id`; optionally per session too), in time order: \
        `event_timestamp`, then `event_bundle_sequence_id`, then position in the input. The input \
        need not be sorted.
        """

    /// A dialog opened and closed 10 s later: the passing example of several pair rules.
    static let openedAndClosed = #"""
        {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
        {"name":"dialog_closed","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
        """#

    /// The same with the duration the timestamps give.
    static let closedWithItsDuration = #"""
        {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
        {"name":"dialog_closed","params":{"mode":"dark","duration_ms":10000},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
        """#

    public static let orphanClose = Rule(
        id: "pair/orphan-close", stage: .pair, severity: .error,
        summary: "a closing event with no open of its pair before it",
        documentation: order
            + "\n\nThe close has no matching open earlier in the user's stream: the shown event was not logged, logged for another user, or logged with a later timestamp.",
        examples: RuleExamples(
            failing: #"""
                {"name":"dialog_closed","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
                """#,
            passing: openedAndClosed))

    public static let reopened = Rule(
        id: "pair/reopened", stage: .pair, severity: .error,
        summary: "an open that is opened again before it is closed (required close)",
        documentation: order
            + "\n\nWhere the close is required, a second open before the close means the first one was never closed; the finding stands at the first open with a note at the second. (Where the close is optional, a new open silently replaces the earlier one.) A close always matches the latest open.",
        examples: RuleExamples(
            failing: #"""
                /*>*/{"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
                {"name":"dialog_closed","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225620000000}
                """#,
            passing: #"""
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"dialog_closed","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225620000000}
                {"name":"dialog_closed","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225630000000}
                """#))

    public static let unclosed = Rule(
        id: "pair/unclosed", stage: .pair, severity: .error,
        summary: "an open never closed, where the close is required",
        documentation: order
            + "\n\nThe user's stream has no close after the open. Opens within the last `unclosedWindowMinutes` (default 30) before the user's last event are reported apart, as `pair/unclosed-near-end`. `eventlint watch` reports an open still not closed after `--pair-timeout` under this id while the stream goes on (\"is still not closed after 60s\"); it stays open, so a later close still closes it.",
        examples: RuleExamples(
            failing: #"""
                /*>*/{"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"page_viewed","params":{"choice":"yes"},"user_pseudo_id":"u1","timestamp_micros":1767229200000000}
                """#,
            passing: #"""
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"dialog_closed","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
                {"name":"page_viewed","params":{"choice":"yes"},"user_pseudo_id":"u1","timestamp_micros":1767229200000000}
                """#))

    public static let unclosedNearEnd = Rule(
        id: "pair/unclosed-near-end", stage: .pair, severity: .warning,
        summary: "an open left unclosed close to the end of the user's stream (possibly cut off by the export window)",
        documentation: order
            + "\n\nThe open is within `unclosedWindowMinutes` (default 30, edge included; `--unclosed-window` or `lint.unclosedWindowMinutes`) before the user's last event of any kind in the input, so the close may simply be in the next day's export.",
        examples: RuleExamples(
            failing: #"""
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#,
            passing: openedAndClosed))

    public static let insideOutside = Rule(
        id: "pair/inside-outside", stage: .pair, severity: .error,
        summary: "an inside-only event outside an open pair",
        documentation: order
            + "\n\nSome events may only happen while a pair is open (saving a selection only inside the picker that makes it); this one came when none was open.",
        examples: RuleExamples(
            failing: #"""
                {"name":"dialog_clicked","user_pseudo_id":"u1","timestamp_micros":1767225605000000}
                """#,
            passing: #"""
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                {"name":"dialog_clicked","user_pseudo_id":"u1","timestamp_micros":1767225605000000}
                {"name":"dialog_closed","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
                """#))

    public static let paramMismatch = Rule(
        id: "pair/param-mismatch", stage: .pair, severity: .error,
        summary: "a param that differs between the open and the close of a pair",
        documentation: order
            + "\n\nThe pair's `same` params must be equal on open and close (a param absent on both sides counts as equal). Numbers compare by value across formats (`\"5\"` in a BigQuery row equals `5`).",
        examples: RuleExamples(
            failing: #"""
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"dialog_closed","params":{"mode":"light"},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
                """#,
            passing: openedAndClosed))

    public static let durationMismatch = Rule(
        id: "pair/duration-mismatch", stage: .pair, severity: .error,
        summary: "a duration param that disagrees with the timestamps of open and close",
        documentation: order
            + "\n\nThe close's duration param (milliseconds) must match Δ = close − open timestamps within max(1000 ms, 10 % of Δ) (configurable per pair: `toleranceMs`, `tolerancePercent`).",
        examples: RuleExamples(
            failing: #"""
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"dialog_closed","params":{"mode":"dark","duration_ms":60000},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
                """#,
            passing: closedWithItsDuration))

    public static let negativeDuration = Rule(
        id: "pair/negative-duration", stage: .pair, severity: .error,
        summary: "a negative duration param on a close",
        documentation: order
            + "\n\nA duration cannot be negative: the device clock jumped, or the value was computed the wrong way round.",
        examples: RuleExamples(
            failing: #"""
                {"name":"dialog_opened","params":{"mode":"dark"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                /*>*/{"name":"dialog_closed","params":{"mode":"dark","duration_ms":-10000},"user_pseudo_id":"u1","timestamp_micros":1767225610000000}
                """#,
            passing: closedWithItsDuration))
}
