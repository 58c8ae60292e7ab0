/// GA4 and Firebase Analytics limits and reserved names, from the Firebase iOS SDK reference and
/// the GA4 help centre (see docs/rules.md for the sources of each).
public enum GA4Facts {
    public static let maxEventNameLength = 40
    public static let maxParamNameLength = 40
    public static let maxUserPropertyNameLength = 24
    public static let maxParamValueLength = 100
    public static let maxUserPropertyValueLength = 36
    public static let maxParamsPerEvent = 25
    public static let maxUserProperties = 25
    public static let maxEventNames = 500

    /// The event times eventlint takes as real, in microseconds since the Unix epoch: from
    /// 2000-01-01T00:00:00Z up to (not including) 2100-01-01T00:00:00Z. GA4 started in 2020 and
    /// Firebase Analytics in 2016, so an earlier time (0, a negative number, seconds or
    /// milliseconds instead of microseconds) is a broken clock or a wrong unit, and a later one
    /// nanoseconds or garbage. Inside this range every difference, window and tolerance fits in
    /// an `Int64` many times over.
    public static let plausibleTimestampMicros: Range<Int64> = 946_684_800_000_000..<4_102_444_800_000_000

    /// Custom-definition quotas per tier: event, user, item dimensions and metrics.
    public static func quota(for tier: GA4PropertyTier, scope: BudgetScope) -> Int {
        switch (tier, scope) {
        case (.standard, .event): 50
        case (.standard, .user): 25
        case (.standard, .item): 10
        case (.standard, .metric): 50
        case (.premium, .event): 125
        case (.premium, .user): 100
        case (.premium, .item): 25
        case (.premium, .metric): 125
        }
    }

    /// Prefixes reserved for every event, param and user property name.
    public static let reservedPrefixes = ["firebase_", "google_", "ga_"]
    /// Further prefixes GA4 reserves for parameters registered as custom definitions.
    public static let reservedRegisteredParamPrefixes = ["_", "gtag."]
    /// Further prefixes reserved for user property names.
    public static let reservedUserPropertyPrefixes = ["_"]

    /// Event names the Firebase iOS SDK reserves: events with these names are dropped.
    public static let reservedEventNames: Set<String> = [
        "ad_activeview", "ad_click", "ad_exposure", "ad_query", "ad_reward", "adunit_exposure",
        "app_clear_data", "app_exception", "app_remove", "app_store_refund", "app_store_subscription_cancel",
        "app_store_subscription_convert", "app_store_subscription_renew", "app_update", "app_upgrade",
        "dynamic_link_app_open", "dynamic_link_app_update", "dynamic_link_first_open", "error",
        "firebase_campaign", "first_open", "first_visit", "notification_dismiss", "notification_foreground",
        "notification_open", "notification_receive", "os_update", "session_start", "session_start_with_rollout",
        "user_engagement", "ad_impression", "app_install", "firebase_in_app_message_action",
        "firebase_in_app_message_dismiss", "firebase_in_app_message_impression", "notification_send",
    ]
    /// Reserved on older SDKs only (newer iOS SDKs accept it): a warning, not an error.
    public static let formerlyReservedEventNames: Set<String> = ["in_app_purchase"]

    /// User property names the SDK reserves.
    public static let reservedUserPropertyNames: Set<String> = [
        "first_open_time", "last_deep_link_referrer", "user_id", "first_open_after_install",
    ]

    /// Parameter names GA4 refuses as custom-dimension or metric parameter names.
    public static let reservedDimensionParamNames: Set<String> = [
        "cid", "currency", "customer_id", "customerid", "dclid", "gclid", "session_id", "sessionid", "sfmc_id",
        "sid", "srsltid", "uid", "user_id", "userid", "engagement_time_msec", "session_number",
    ]
    /// User property names GA4 refuses as user-scoped custom-dimension names.
    public static let reservedDimensionUserPropertyNames: Set<String> = [
        "cid", "customer_id", "customerid", "first_open_after_install", "first_open_time", "first_visit_time",
        "google_allow_ad_personalization_signals", "last_advertising_id_reset", "last_deep_link_referrer",
        "last_gclid", "lifetime_user_engagement", "non_personalized_ads", "session_id", "session_number",
        "sessionid", "sfmc_id", "sid", "uid", "user_id", "userid",
    ]

    /// The values of the export's `platform` column.
    public static let platforms = ["IOS", "ANDROID", "WEB"]

    /// The standard fields of an `items` element (GA4 e-commerce; the BigQuery export's `items`
    /// columns, `item_list_index` there being `index` in the SDKs and Measurement Protocol).
    public static let standardItemFields: Set<String> = [
        "item_id", "item_name", "price", "quantity", "item_brand", "item_category", "item_category2",
        "item_category3", "item_category4", "item_category5", "item_variant", "coupon", "discount", "index",
        "item_list_index", "item_list_id", "item_list_name", "affiliation", "location_id", "promotion_id",
        "promotion_name", "creative_name", "creative_slot", "price_in_usd", "item_revenue", "item_revenue_in_usd",
        "item_refund", "item_refund_in_usd", "currency",
    ]

    /// GA4 `measurementUnit` values for custom metrics.
    public static let metricUnits = [
        "STANDARD", "CURRENCY", "FEET", "METERS", "KILOMETERS", "MILES", "MILLISECONDS", "SECONDS", "MINUTES",
        "HOURS",
    ]

    /// Whether a name is valid for GA4: a letter, then letters, digits or underscores (ASCII).
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isASCIILetter(first) else { return false }
        return name.utf8.allSatisfy { isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

extension GA4Facts {
    /// What the Firebase SDK's `firebase_error` codes mean (firebase.google.com/docs/analytics/errors).
    public static func firebaseErrorMeaning(_ code: Int64) -> String {
        switch code {
        case 2: "invalid event name"
        case 3: "invalid parameter name"
        case 4: "parameter value too long"
        case 5: "more than 25 parameters"
        case 6: "invalid user property name"
        case 7: "user property value too long"
        case 8: "more than 500 distinct event names"
        case 9: "more than 25 user properties"
        case 10: "daily key-event limit exceeded"
        case 11: "event on the deny list"
        case 12: "user property on the deny list"
        case 13: "reserved event name"
        case 14: "reserved parameter name"
        case 15: "reserved user property name"
        default: "unknown error code"
        }
    }
}
