/// The per-event rules of `eventlint lint`: each export event against the plan.
///
/// Each rule is followed by the factories of its messages. They return the text alone: the
/// checks that report these rules make the finding where the line, its location and the value
/// are at hand, and the value checks hand every text to one `fail` closure. They take names,
/// counts and values, and run only when a finding is made.
public enum StreamRules {
    public static let all: [Rule] = [
        notAnEvent, unknownEvent, unknownParam, unexpectedParam, duplicateParam, missingRequiredParam, wrongType,
        valueNotAllowed, bucketLabelUnknown, valueOutOfRange, valueLength, valueTooLong, tooManyParams,
        unknownUserProperty, userPropertyValueNotAllowed, userPropertyValueTooLong, userPropertyWrongType,
        firebaseError, missingUserID, invalidTimestamp,
    ]

    public static let notAnEvent = Rule(
        id: "stream/not-an-event", stage: .stream, severity: .error,
        summary: "a valid JSON line that is not an event in any shape eventlint reads",
        documentation: """
            The line parsed as JSON, but it is not a GA4 BigQuery row (`event_name`, `event_params`), \
            a flat debug log line (`name`/`event_name`, `params`), or a Measurement Protocol request \
            (`events: [...]`), or one of its parts has the wrong shape (`event_params` not an array). \
            The line is counted and reported; the run goes on with the next line.
            """,
        examples: RuleExamples(
            failing: #"""
                {"page":"home","params":{"choice":"yes"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    /// A line's shape problem, in words.
    static func notAnEventMessage(_ problem: ShapeProblem) -> String {
        switch problem {
        case .lineNotAnObject: "the line is valid JSON but not an event object"
        case .arrayElementNotAnObject: "an element of the array is not an event object"
        case .noEventName: "no event_name (or name) and no events array: not an event"
        case .legacyFirebaseRow: "a row of the Firebase export before GA4 (user_dim, event_dim)"
        case .validationResponse:
            "the Measurement Protocol validation server's response (validationMessages), not a request: "
                + "lint the body sent to /debug/mp/collect"
        case .unnestedParamRow: "one param of an event (a query result with UNNEST(event_params))"
        case .nameNotAString(let key): "\"\(key)\" must be a string"
        case .notAnArray(let field): "\(field) must be an array"
        case .notAnObject(let field): "\(field) must be an object"
        case .userPropertiesNeitherArrayNorObject: "user_properties must be an array or an object"
        case .elementNotAnObject(let field): "an element of \(field) is not an object"
        case .elementWithoutKey(let field): "an element of \(field) has no string key"
        case .elementValueNotAnObject(let field, let found):
            "the value of an element of \(field) must be an object ({\"string_value\": …} or \"int_value\", "
                + "\"float_value\", \"double_value\"), not \(spelled(found))"
        case .requestWithoutEvents: "the request holds no events"
        case .requestEventNameNotAString: "the event name must be a string"
        case .requestEventWithoutName: "an event of the request has no name"
        }
    }

    /// How a message names a kind of JSON value.
    static func spelled(_ kind: JSONValueKind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a bool"
        case .null: "null"
        }
    }

    public static let unknownEvent = Rule(
        id: "stream/unknown-event", stage: .stream, severity: .error,
        summary: "an event the plan does not declare",
        documentation: """
            The event name is neither in the plan nor one of GA4's automatically collected events \
            (`first_open`, `session_start`, `screen_view`, `notification_*`, …; a plan may add names \
            under `automatic.events`). Add it to the plan, or fix the app.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_seen","params":{"choice":"yes"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    static func unknownEventMessage(event: String) -> String { "event \"\(event)\" is not in the plan" }

    public static let unknownParam = Rule(
        id: "stream/unknown-param", stage: .stream, severity: .error,
        summary: "a param the plan does not declare at all",
        documentation: """
            The param is neither declared under `params` nor one of the params GA4 adds by itself \
            (`ga_session_id`, `engagement_time_msec`, `firebase_screen_class`, …; a plan may add \
            names under `automatic.params`).
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"colour":"red"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    /// `item`: the index of the element of `items` that carries the param, nil on the event itself.
    static func unknownParamMessage(param: String, event: String, item: Int? = nil) -> String {
        "\(holder(event: event, item: item)) has param \"\(param)\", which the plan does not declare"
    }

    public static let unexpectedParam = Rule(
        id: "stream/unexpected-param", stage: .stream, severity: .error,
        summary: "a declared param on an event that does not carry it in the plan",
        documentation:
            "The param exists in the plan, but this event's declaration does not list it. Add it to the event or stop sending it.",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"mode":"dark"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    static func unexpectedParamMessage(param: String, event: String, item: Int? = nil) -> String {
        guard let item else { return "param \"\(param)\" is declared, but not for event \"\(event)\"" }
        return "param \"\(param)\" is declared, but not for the items of \"\(event)\" (item \(item))"
    }

    public static let duplicateParam = Rule(
        id: "stream/duplicate-param", stage: .stream, severity: .error,
        summary: "the same param twice on one event",
        documentation:
            "An event's `event_params` holds two entries with the same key: which one a report uses is undefined.",
        examples: RuleExamples(
            failing: #"""
                {"event_name":"page_viewed","event_params":[{"key":"choice","value":{"string_value":"yes"}},{"key":"choice","value":{"string_value":"no"}}]}
                """#,
            passing: #"""
                {"event_name":"page_viewed","event_params":[{"key":"choice","value":{"string_value":"yes"}}]}
                """#))

    static func duplicateParamMessage(param: String, event: String, item: Int? = nil) -> String {
        guard let item else { return "param \"\(param)\" appears twice on \"\(event)\"" }
        return "param \"\(param)\" appears twice in item \(item) of \"\(event)\""
    }

    public static let missingRequiredParam = Rule(
        id: "stream/missing-required-param", stage: .stream, severity: .error,
        summary: "a required param is missing",
        documentation: """
            The plan marks the param required on this event. A param required `since` an app version \
            is required only on rows of that version or later (`app_info.version`; flat logs: \
            `app_version`); where no version is known, the requirement holds.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"form_sent","params":{"source":"menu"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#,
            passing: #"""
                {"name":"form_sent","params":{"choice":"yes","source":"menu"},"user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#))

    /// `since`: the app version from which the plan requires the param, when it says so.
    static func missingRequiredParamMessage(
        param: String, event: String, item: Int? = nil, since: AppVersion? = nil
    ) -> String {
        let message = "\(holder(event: event, item: item)) is missing required param \"\(param)\""
        return since.map { message + " (required since \($0))" } ?? message
    }

    public static let wrongType = Rule(
        id: "stream/wrong-type", stage: .stream, severity: .error,
        summary: "a param value of the wrong type",
        documentation: """
            The value's type does not match the param's declared type. In BigQuery rows the member \
            of `value` decides: a param declared `int` that arrives as `string_value` is a type \
            error, while `int_value` written as a JSON string (`"42"`) is normal. A `bool` is \
            `int_value` 0/1 in BigQuery rows and `true`/`false` or 0/1 in flat and MP lines (a \
            string such as `"true"` is a type error). A `bucket` is a string label; a number where \
            a label is expected is a type error.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"count":"five"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"count":5}}
                """#))

    /// `arrival`: how the value came (`as string_value "26840"`, `with no value`).
    static func wrongTypeMessage(param: String, event: String, item: Int?, declared: ParamType, arrival: String)
        -> String
    {
        "\(subject(param: param, event: event, item: item)) is declared \(declared.rawValue), but arrives \(arrival)"
    }

    /// A bool param that arrives as an int other than 0 and 1.
    static func notABoolMessage(param: String, event: String, item: Int?, number: Int64) -> String {
        "\(subject(param: param, event: event, item: item)) is a bool (0 or 1), not \(number)"
    }

    /// A bucket param that arrives as a number, `lexeme` as written.
    static func numberForBucketMessage(param: String, event: String, item: Int?, lexeme: String) -> String {
        "\(subject(param: param, event: event, item: item)) is a bucket label, but arrives as a number \(lexeme)"
    }

    public static let valueNotAllowed = Rule(
        id: "stream/value-not-allowed", stage: .stream, severity: .error,
        summary: "a value outside the param's allowed values (for this event)",
        documentation:
            "The plan lists the values the param may take, possibly narrowed per event; this one is not among them.",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"choice":"maybe"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#), groupsByValue: true)

    /// A text outside the values the param (or this event's use of it) allows.
    static func valueNotAllowedMessage(param: String, event: String, item: Int?, value: String, allowed: [String])
        -> String
    {
        "\(subject(param: param, event: event, item: item)) has \"\(value)\", not one of \(LinePass.list(allowed))"
    }

    /// A number outside the allowed values, `lexeme` as written.
    static func numberNotAllowedMessage(param: String, event: String, item: Int?, lexeme: String) -> String {
        "\(subject(param: param, event: event, item: item)) has \(lexeme), not an allowed value"
    }

    static func boolNotAllowedMessage(param: String, event: String, item: Int?, value: Bool) -> String {
        "\(subject(param: param, event: event, item: item)) is \(value), not an allowed value"
    }

    public static let bucketLabelUnknown = Rule(
        id: "stream/bucket-label-unknown", stage: .stream, severity: .error,
        summary: "a bucket param whose value is not one of the labels derived from its edges",
        documentation:
            "Edges `[0, 1, 5, 10]` give the labels `0`, `1-4`, `5-9`, `10+`; any other string (`5-10`, `five`) is reported.",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"size":"5-10"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"size":"5-9"}}
                """#), groupsByValue: true)

    static func bucketLabelUnknownMessage(param: String, event: String, item: Int?, value: String, labels: [String])
        -> String
    {
        "\(subject(param: param, event: event, item: item)) has \"\(value)\", not a bucket label (\(LinePass.list(labels)))"
    }

    public static let valueOutOfRange = Rule(
        id: "stream/value-out-of-range", stage: .stream, severity: .error,
        summary: "a number below the param's min or above its max",
        documentation: "The plan declares `min`/`max` for the param (e.g. `duration_ms` ≥ 0).",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"count":11}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"count":10}}
                """#))

    /// `lexeme`: the number as written.
    static func belowMinimumMessage(param: String, event: String, item: Int?, lexeme: String, minimum: Double)
        -> String
    {
        "\(subject(param: param, event: event, item: item)) is \(lexeme), below the minimum \(NumberText.format(minimum))"
    }

    static func aboveMaximumMessage(param: String, event: String, item: Int?, lexeme: String, maximum: Double)
        -> String
    {
        "\(subject(param: param, event: event, item: item)) is \(lexeme), above the maximum \(NumberText.format(maximum))"
    }

    public static let valueLength = Rule(
        id: "stream/value-length", stage: .stream, severity: .error,
        summary: "a string shorter than the param's minLength or longer than its maxLength",
        documentation: "Lengths count characters (Unicode scalars), as GA4 does for its own limits.",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"label":"much too long"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"label":"short"}}
                """#), groupsByValue: true)

    static func shorterThanMessage(param: String, event: String, item: Int?, value: String, minimum: Int) -> String {
        "\(subject(param: param, event: event, item: item)) has \"\(value)\", shorter than \(minimum) characters"
    }

    static func longerThanMessage(param: String, event: String, item: Int?, value: String, maximum: Int) -> String {
        "\(subject(param: param, event: event, item: item)) has \"\(value)\", longer than \(maximum) characters"
    }

    public static let valueTooLong = Rule(
        id: "stream/value-too-long", stage: .stream, severity: .error,
        summary: "a string param value over GA4's 100 characters",
        documentation: "GA4 drops (does not truncate) a param value over 100 characters and logs `firebase_error` 4.",
        ga4ValidationCode: "VALUE_OUT_OF_BOUNDS",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"note":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"note":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}
                """#))

    static func valueTooLongMessage(param: String, event: String, item: Int?, characters: Int) -> String {
        "\(subject(param: param, event: event, item: item)) is \(characters) characters long; "
            + "GA4 drops values over \(GA4Facts.maxParamValueLength)"
    }

    public static let tooManyParams = Rule(
        id: "stream/too-many-params", stage: .stream, severity: .error,
        summary: "an event with more than 25 params (GA4's automatic params aside)",
        documentation:
            "GA4 keeps 25 params per event and drops the rest (`firebase_error` 5). No example: it needs 26 params on one event.",
        ga4ValidationCode: "EXCEEDED_MAX_ENTITIES")

    static func tooManyParamsMessage(event: String, count: Int) -> String {
        "event \"\(event)\" has \(count) params, over GA4's limit of \(GA4Facts.maxParamsPerEvent)"
    }

    public static let unknownUserProperty = Rule(
        id: "stream/unknown-user-property", stage: .stream, severity: .error,
        summary: "a user property the plan does not declare",
        documentation: "Neither in `userProperties` nor one GA4 sets itself (`first_open_time`, `ga_session_id`, …).",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","user_properties":{"colour":"red"}}
                """#,
            passing: #"""
                {"name":"page_viewed","user_properties":{"arm":"a"}}
                """#))

    static func unknownUserPropertyMessage(property: String) -> String {
        "user property \"\(property)\" is not in the plan"
    }

    public static let userPropertyValueNotAllowed = Rule(
        id: "stream/user-property-value-not-allowed", stage: .stream, severity: .error,
        summary: "a user property value outside its allowed values",
        documentation: "The plan lists the values the user property may take (an A/B arm: `offer`, `control`).",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","user_properties":{"arm":"c"}}
                """#,
            passing: #"""
                {"name":"page_viewed","user_properties":{"arm":"a"}}
                """#), groupsByValue: true)

    static func userPropertyValueNotAllowedMessage(property: String, value: String, allowed: [String]) -> String {
        "user property \"\(property)\" is \"\(value)\", not one of \(LinePass.list(allowed))"
    }

    public static let userPropertyValueTooLong = Rule(
        id: "stream/user-property-value-too-long", stage: .stream, severity: .error,
        summary: "a user property value over GA4's 36 characters",
        documentation: "GA4 ignores a user property value over 36 characters (SDK error code 7).",
        ga4ValidationCode: "VALUE_OUT_OF_BOUNDS",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","user_properties":{"nickname":"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"}}
                """#,
            passing: #"""
                {"name":"page_viewed","user_properties":{"nickname":"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"}}
                """#))

    static func userPropertyValueTooLongMessage(property: String, characters: Int) -> String {
        "user property \"\(property)\" is \(characters) characters long; "
            + "GA4 ignores values over \(GA4Facts.maxUserPropertyValueLength)"
    }

    public static let userPropertyWrongType = Rule(
        id: "stream/user-property-wrong-type", stage: .stream, severity: .error,
        summary: "a user property value of the wrong type",
        documentation: "The value's type does not match the user property's declared type.",
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","user_properties":{"level":"high"}}
                """#,
            passing: #"""
                {"name":"page_viewed","user_properties":{"level":3}}
                """#))

    /// `arrival`: how the value came (`as string_value "26840"`).
    static func userPropertyWrongTypeMessage(property: String, declared: ParamType, arrival: String) -> String {
        "user property \"\(property)\" is declared \(declared.rawValue), but arrives \(arrival)"
    }

    public static let firebaseError = Rule(
        id: "stream/firebase-error", stage: .stream, severity: .error,
        summary: "GA4 rejected something the app sent (an `error` event with `firebase_error`)",
        documentation: """
            When the SDK drops an event, a param or a user property, it logs an `error` event whose \
            `firebase_error` param holds the code (2 invalid event name, 3 invalid param name, 4 value \
            too long, 5 too many params, 13 reserved event name, …) and `firebase_error_value` the \
            offending name. The finding reports both: the data the app meant to send is not in GA4.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"error","params":{"firebase_error":4,"firebase_error_value":"note"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    /// `value`: the offending name or value GA4 names in `firebase_error_value`, when it does.
    static func firebaseErrorMessage(code: Int64, value: String?) -> String {
        let message =
            "GA4 rejected something the app sent: firebase_error \(code) (\(GA4Facts.firebaseErrorMeaning(code)))"
        return value.map { message + " for \"\($0)\"" } ?? message
    }

    public static let missingUserID = Rule(
        id: "stream/missing-user-id", stage: .stream, severity: .warning,
        summary: "an event that pairs or rules need has no user id",
        documentation:
            "Pairs and rules are checked per user (`user_pseudo_id`; flat: `user_pseudo_id`, `app_instance_id` or `user_id`; MP: `app_instance_id` or `client_id`). An event without one is left out of them.",
        examples: RuleExamples(
            failing: #"""
                {"name":"reminder_sent","timestamp_micros":1767225600000000}
                """#,
            passing: #"""
                {"name":"reminder_sent","user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#))

    static func missingUserIDMessage(event: String) -> String {
        "event \"\(event)\" has no user id, so pairs and rules cannot follow it"
    }

    public static let invalidTimestamp = Rule(
        id: "stream/invalid-timestamp", stage: .stream, severity: .warning,
        summary: "an event's timestamp cannot be a real GA4 time, or an event that pairs or rules need has none",
        documentation: """
            Events are ordered per user by `event_timestamp` (flat and MP: `timestamp_micros`), an \
            integer of microseconds since 1970. A timestamp that cannot be a real GA4 time — before \
            2000-01-01 or from 2100-01-01 on (0, negative, near the 64-bit limits, or in seconds, \
            milliseconds or nanoseconds) — is reported on any event, and the event then has no time: \
            it sorts by its position in the input, takes part in no duration check and does not move \
            the user's last time (the `unclosedWindowMinutes` window). An event that pairs or rules \
            need and that has no timestamp, or one that is not an integer, is reported the same way.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"reminder_sent","user_pseudo_id":"u1","timestamp_micros":1767225600}
                """#,
            passing: #"""
                {"name":"reminder_sent","user_pseudo_id":"u1","timestamp_micros":1767225600000000}
                """#))

    /// A timestamp outside 2000–2100, on any event.
    static func implausibleTimestampMessage(event: String, timestamp: Int64) -> String {
        "event \"\(event)\" has timestamp \(timestamp), not a time between 2000 and 2100 in microseconds; "
            + "it takes part in no time-based check"
    }

    /// An event that pairs or rules need without a timestamp, or (`malformed`) with one that is not
    /// an integer.
    static func untimedEventMessage(event: String, malformed: Bool) -> String {
        let what = malformed ? "a timestamp that is not an integer" : "no timestamp"
        return "event \"\(event)\" has \(what); it sorts before the user's timed events"
    }

    /// A capture line whose year-less time, the year raised at each New Year, passed 9999.
    static func yearlessTimeOutOfRangeMessage() -> String {
        "the year-less time of this line is past the year 9999 (the year was raised at every New Year before it); "
            + "the entry is read without a time"
    }

    // MARK: - The words messages share

    /// How a message names a param value: on the event, or on element `item` of its `items`.
    static func subject(param: String, event: String, item: Int?) -> String {
        item.map { "param \"\(param)\" of item \($0) of \"\(event)\"" } ?? "param \"\(param)\" of \"\(event)\""
    }

    /// How a message names what holds a param: the event, or element `item` of its `items`.
    static func holder(event: String, item: Int?) -> String {
        item.map { "item \($0) of \"\(event)\"" } ?? "event \"\(event)\""
    }
}
