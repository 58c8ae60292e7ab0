/// The names the Firebase debug console prints, mapped to the names the BigQuery export writes,
/// so that a capture and an export of the same events give the same findings.
///
/// The console prints an automatic name in its SDK-internal long form with the short form in
/// parentheses (`ga_event_origin (_o)` on iOS, `ga_event_origin(_o)` on Android; older Android
/// SDKs print `firebase_event_origin(_o)`), or the short form alone. Sources: the long/short pairs
/// are those the SDKs print side by side in their own debug logs (for example the 9.6.0 capture in
/// firebase/firebase-ios-sdk issue 10331 and the Android captures quoted in docs/input.md); the
/// export names are those of the GA4 BigQuery export schema (support.google.com/analytics/answer/7029846,
/// and the real rows in samples/real). A `ga_*` or `_x` name that is in neither
/// table is automatic all the same: it is dropped as known, never reported as unknown.
public enum CaptureNames {
    /// Short param names → export names.
    static let shortParams: [String: String] = [
        "_o": "firebase_event_origin", "_sc": "firebase_screen_class", "_si": "firebase_screen_id",
        "_pc": "firebase_previous_class", "_pi": "firebase_previous_id", "_sn": "firebase_screen",
        "_pn": "firebase_previous_screen", "_sid": "ga_session_id", "_sno": "ga_session_number",
        "_et": "engagement_time_msec", "_err": "firebase_error", "_ev": "firebase_error_value",
        "_c": "firebase_conversion",
    ]
    /// Long (SDK-internal) param names → export names.
    static let longParams: [String: String] = [
        "ga_event_origin": "firebase_event_origin", "ga_screen_class": "firebase_screen_class",
        "ga_screen_id": "firebase_screen_id", "ga_previous_class": "firebase_previous_class",
        "ga_previous_id": "firebase_previous_id", "ga_screen": "firebase_screen",
        "ga_previous_screen": "firebase_previous_screen", "session_id": "ga_session_id",
        "session_number": "ga_session_number", "ga_session_id": "ga_session_id",
        "ga_session_number": "ga_session_number", "ga_error": "firebase_error",
        "ga_error_value": "firebase_error_value", "ga_conversion": "firebase_conversion",
    ]
    /// Short event names → export names.
    static let shortEvents: [String: String] = [
        "_vs": "screen_view", "_s": "session_start", "_e": "user_engagement", "_f": "first_open",
        "_au": "app_update", "_ou": "os_update", "_cd": "app_clear_data", "_ae": "app_exception",
        "_err": "error", "_iap": "in_app_purchase", "_cmp": "firebase_campaign", "_nr": "notification_receive",
        "_no": "notification_open", "_nd": "notification_dismiss", "_nf": "notification_foreground",
        "_ui": "app_remove",
    ]
    /// Short user property names → export names. `_id` is the user id the app set.
    static let shortUserProperties: [String: String] = [
        "_sid": "ga_session_id", "_sno": "ga_session_number", "_fot": "first_open_time",
        "_fi": "first_open_after_install", "_id": "user_id", "_lte": "lifetime_user_engagement",
        "_ldl": "last_deep_link_referrer", "_npa": "non_personalized_ads",
    ]

    /// What a printed name stands for in the export.
    public enum Mapped: Equatable, Sendable {
        /// The export's name.
        case name(String)
        /// An automatic name without an export counterpart (`ga_debug (_dbg)`, `_mst`): known, dropped.
        case automatic
    }

    public enum Kind: Sendable { case event, param, userProperty }

    /// The export name of a printed `long` name with its optional `short` form.
    public static func exportName(long: String, short: String?, kind: Kind) -> Mapped {
        let shortTable: [String: String]
        switch kind {
        case .event: shortTable = shortEvents
        case .param: shortTable = shortParams
        case .userProperty: shortTable = shortUserProperties
        }
        if let short, let mapped = shortTable[short] { return .name(mapped) }
        if long.hasPrefix("_"), let mapped = shortTable[long] { return .name(mapped) }
        switch kind {
        case .param:
            if let mapped = longParams[long] { return .name(mapped) }
            if GA4Facts.automaticParams.contains(long) { return .name(long) }
        case .userProperty:
            if GA4Facts.automaticUserProperties.contains(long) || long == "user_id" { return .name(long) }
        case .event:
            if GA4Facts.isAutomaticEvent(long) { return .name(long) }
        }
        if short != nil && (long.hasPrefix("ga_") || long.hasPrefix("firebase_")) { return .automatic }
        if long.hasPrefix("ga_") || long.hasPrefix("_") { return .automatic }
        return .name(long)
    }
}
