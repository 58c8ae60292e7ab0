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

    public static let tooManyParams = Rule(
        id: "stream/too-many-params", stage: .stream, severity: .error,
        summary: "an event with more than 25 params (GA4's automatic params aside)",
        documentation:
            "GA4 keeps 25 params per event and drops the rest (`firebase_error` 5). No example: it needs 26 params on one event.",
        ga4ValidationCode: "EXCEEDED_MAX_ENTITIES")

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
}
