import EventLintKit

/// Export lines for lint tests, built the way the real formats write them: GA4 BigQuery rows as
/// `bq extract` does (INT64 as JSON strings, `{key, value: {string_value | int_value | …}}`),
/// flat debug-log lines and Measurement Protocol requests.
public enum Export {
    /// A param or user property value with its wire type.
    public enum Value: Sendable {
        case string(String)
        case int(Int64)
        case double(Double)
        case bool(Bool)
        /// Raw JSON written as is (a wrong shape, a number where a label belongs, …).
        case raw(String)
    }

    /// The user properties of a user in the offer arm and the capped arm: the rules of the engine
    /// plan hold.
    public static let offerCapped: [(String, Value)] = [
        ("offer_arm", .string("offer")), ("limit_arm", .string("capped")),
    ]

    /// The same for the shipped plan, for the tests that are about it.
    public static let shippedOfferCap4: [(String, Value)] = [
        ("onboarding_block_arm", .string("offer")), ("block_cap_arm", .string("cap4")),
    ]

    /// One microsecond timestamp per second of a test's timeline, from a fixed day.
    public static func time(_ seconds: Double) -> Int64 { 1_741_950_000_000_000 + Int64(seconds * 1_000_000) }

    public static func quoted(_ text: String) -> String {
        "\"" + JSONOutput.escaped(text) + "\""
    }

    public static func bqValue(_ value: Value) -> String {
        switch value {
        case .string(let text): "{\"string_value\":\(quoted(text))}"
        case .int(let number): "{\"int_value\":\"\(number)\"}"
        case .double(let number): "{\"double_value\":\(number)}"
        case .bool(let flag): "{\"int_value\":\"\(flag ? 1 : 0)\"}"
        case .raw(let json): json
        }
    }

    public static func flatValue(_ value: Value) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .raw(let json): json
        }
    }

    /// A GA4 BigQuery export row as `bq extract` writes it, with a few of the real columns.
    public static func bq(
        _ name: String, at seconds: Double, user: String? = "A1B2C3D4E5F60718293A4B5C6D7E8F90",
        params: [(String, Value)] = [], userProperties: [(String, Value)] = offerCapped,
        version: String? = "3.0.0", bundle: Int? = nil, timestamp: String? = nil
    ) -> String {
        var members: [String] = []
        members.append("\"event_date\":\"20250314\"")
        members.append("\"event_timestamp\":" + (timestamp ?? "\"\(time(seconds))\""))
        members.append("\"event_name\":\(quoted(name))")
        let params = (params + [("ga_session_id", .int(1_741_949_000)), ("firebase_event_origin", .string("app"))])
            .map { "{\"key\":\(quoted($0.0)),\"value\":\(bqValue($0.1))}" }
        members.append("\"event_params\":[\(params.joined(separator: ","))]")
        if let bundle { members.append("\"event_bundle_sequence_id\":\"\(bundle)\"") }
        if let user { members.append("\"user_pseudo_id\":\(quoted(user))") }
        let properties = userProperties.map {
            "{\"key\":\(quoted($0.0)),\"value\":\(String(bqValue($0.1).dropLast())),\"set_timestamp_micros\":\"1741940000000000\"}}"
        }
        members.append("\"user_properties\":[\(properties.joined(separator: ","))]")
        members.append(
            "\"device\":{\"category\":\"mobile\",\"mobile_marketing_name\":\"\\u003cOther\\u003e\",\"time_zone_offset_seconds\":\"32400\"}"
        )
        if let version {
            members.append(
                "\"app_info\":{\"id\":\"com.focusity.ios\",\"version\":\(quoted(version)),\"install_source\":\"iTunes\"}"
            )
        }
        members.append("\"platform\":\"IOS\",\"ecommerce\":{},\"items\":[]")
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A flat debug-log line.
    public static func flat(
        _ name: String, at seconds: Double, user: String? = "A1B2C3D4E5F60718293A4B5C6D7E8F90",
        params: [(String, Value)] = [], userProperties: [(String, Value)] = offerCapped,
        version: String? = "3.0.0"
    ) -> String {
        var members = ["\"name\":\(quoted(name))"]
        members.append(
            "\"params\":{" + params.map { "\(quoted($0.0)):\(flatValue($0.1))" }.joined(separator: ",") + "}")
        members.append(
            "\"user_properties\":{" + userProperties.map { "\(quoted($0.0)):\(flatValue($0.1))" }.joined(separator: ",")
                + "}")
        if let user { members.append("\"user_pseudo_id\":\(quoted(user))") }
        members.append("\"timestamp_micros\":\(time(seconds))")
        if let version { members.append("\"app_version\":\(quoted(version))") }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A Measurement Protocol request; each event may carry its own time.
    public static func mp(
        at seconds: Double, user: String = "A1B2C3D4E5F60718293A4B5C6D7E8F90",
        userProperties: [(String, Value)] = offerCapped,
        events: [(name: String, params: [(String, Value)], at: Double?)]
    ) -> String {
        let properties = userProperties.map { "\(quoted($0.0)):{\"value\":\(flatValue($0.1))}" }.joined(separator: ",")
        let list = events.map { event in
            var text =
                "{\"name\":\(quoted(event.name)),\"params\":{"
                + event.params.map { "\(quoted($0.0)):\(flatValue($0.1))" }.joined(separator: ",") + "}"
            if let at = event.at { text += ",\"timestamp_micros\":\(time(at))" }
            return text + "}"
        }
        return
            "{\"app_instance_id\":\(quoted(user)),\"timestamp_micros\":\(time(seconds)),\"user_properties\":{\(properties)},\"events\":[\(list.joined(separator: ","))]}"
    }
}

/// Events of the shipped plan, valid on their own (GA4 BigQuery rows unless a case says otherwise).
public enum Events {
    public typealias Params = [(String, Export.Value)]

    public static func step(
        _ phase: String = "intro", at seconds: Double = 0, user: [(String, Export.Value)] = Export.offerCapped
    ) -> String {
        Export.bq("tour_step_complete", at: seconds, params: [("phase", .string(phase))], userProperties: user)
    }

    public static let offerArm: Params = [("limit_arm", .string("capped"))]

    public static func offerClosed(duration: Export.Value, arm: String = "capped") -> Params {
        [("outcome", .string("setup")), ("duration_ms", duration), ("limit_arm", .string(arm))]
    }

    public static func store(
        source: String = "home", variant: String = "annual_focus_v3", trigger: String = "home_premium_button"
    ) -> Params {
        [
            ("source", .string(source)), ("variant", .string(variant)), ("trigger", .string(trigger)),
            ("level_bucket", .string("3-4")), ("visit_bucket", .string("2-4")),
        ]
    }

    public static func picker(
        entry: String = "onboarding", apps: Export.Value = .string("3"),
        category: Export.Value = .bool(false)
    ) -> Params {
        [("entry", .string(entry)), ("item_bucket", apps), ("link_bucket", .string("0")), ("has_group", category)]
    }

    public static func sheet(reason: String = "over_limit", selected: String = "5-9", outcome: String? = nil) -> Params
    {
        var params: Params = [
            ("reason", .string(reason)), ("chosen_bucket", .string(selected)), ("entry", .string("onboarding")),
        ]
        if let outcome { params.append(("outcome", .string(outcome))) }
        return params
    }

    public static func wizard(_ step: String, entry: String = "onboarding", outcome: String? = nil) -> Params {
        var params: Params = [("step", .string(step)), ("entry", .string(entry))]
        if let outcome { params.append(("outcome", .string(outcome))) }
        return params
    }
}
