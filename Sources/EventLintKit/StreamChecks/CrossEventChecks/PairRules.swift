/// The rules pairs report: shown/closed per user, in event-time order.
///
/// Each rule is followed by the factories of its messages (and its notes' texts). They return
/// the text alone, which `CrossEventRun.report` makes the finding of, and take the pair's and
/// events' names, the user as messages name it (`CrossEventRun.userText`), values as messages
/// show them, and numbers.
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

    /// `opener`: the first event that opens the pair, named when the pair has one.
    static func orphanCloseMessage(pair: String, event: String, opener: String?, user: String) -> String {
        let open = opener.map { "open \"\($0)\"" } ?? "open"
        return "pair \"\(pair)\": \"\(event)\" closes nothing: no \(open) before it for user \(user)"
    }

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

    static func reopenedMessage(pair: String, event: String, user: String) -> String {
        "pair \"\(pair)\": \"\(event)\" is opened again before it was closed, for user \(user)"
    }

    /// The note at the event that opened the pair again.
    static let reopeningNote = "opened again here"

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

    static func unclosedMessage(pair: String, event: String, user: String) -> String {
        "pair \"\(pair)\": \"\(event)\" is never closed for user \(user)"
    }

    /// `watch`: a pair still open when `timeout` has passed.
    static func stillOpenMessage(pair: String, event: String, timeout: TimeWindow, user: String) -> String {
        "pair \"\(pair)\": \"\(event)\" is still not closed after \(timeout) for user \(user)"
    }

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

    /// `windowMinutes`: how close to the user's last event the opening was (`unclosedWindowMinutes`).
    static func unclosedNearEndMessage(pair: String, event: String, user: String, windowMinutes: Double) -> String {
        "pair \"\(pair)\": \"\(event)\" is not closed for user \(user), but it opened within "
            + "\(NumberText.format(windowMinutes)) minutes of the user's last event: "
            + "the export window may have cut it off"
    }

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

    /// `matched`: the inside event as the plan spells its matcher; `openers`: the opening
    /// matchers, spelled the same way (none: the pair's name stands for them).
    static func insideOutsideMessage(pair: String, matched: String, openers: [String], user: String) -> String {
        let joined = openers.joined(separator: " or ")
        let open = joined.isEmpty ? "\"\(pair)\"" : joined
        return "pair \"\(pair)\": \(matched) comes while no \(open) is open, for user \(user)"
    }

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

    /// `opened`, `closed`: the values as messages show them (`"dark"`, `5`, `absent`).
    static func paramMismatchMessage(pair: String, param: String, opened: String, closed: String) -> String {
        "pair \"\(pair)\": param \"\(param)\" is \(opened) on the open but \(closed) on the close"
    }

    /// The note at the opening event of a finding on the close.
    static let openingNote = "opened here"

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

    /// `duration`: the param's milliseconds; `apart`: the timestamps' (both shown rounded, as is
    /// `tolerance`).
    static func durationMismatchMessage(
        pair: String, param: String, duration: Double, apart: Double, tolerance: Double
    ) -> String {
        "pair \"\(pair)\": \(param) says \(NumberText.format(duration)) ms, but the timestamps are "
            + "\(NumberText.format(apart.rounded())) ms apart (tolerance \(NumberText.format(tolerance.rounded())) ms)"
    }

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

    static func negativeDurationMessage(pair: String, param: String, duration: Double) -> String {
        "pair \"\(pair)\": \(param) is \(NumberText.format(duration)), a negative duration"
    }
}
