/// The events, params and user properties GA4 and the Firebase SDKs add by themselves, from the
/// SDKs' own lists and Google's pages. Each group names where it comes from; a name without a
/// source does not belong here. `AutomaticNames` joins these with the plan's own `automatic`
/// lists; `lint`, `check`, `sql` and `codegen` all read them through it.
///
/// Sources, cited below by their letter:
/// - [A] The Android measurement SDK's own name tables (com.google.android.gms:play-services-measurement-base
///   21.3.0: events `zzhc.zza`, params `zzhd.zza`, user properties `zzhe.zza`), as decompiled in
///   github.com/Mohsenabn78/macro-reverse-engineering, com/google/android/gms/measurement/internal/zzhc.java,
///   zzhd.java, zzhe.java.
/// - [B] Firebase iOS reference, `logEvent` reserved event names:
///   firebase.google.com/docs/reference/ios/firebaseanalytics/api/reference/Classes/FIRAnalytics; GA4 help
///   "[GA4] Event naming rules" (support.google.com/analytics/answer/13316687), reserved names for apps and web.
/// - [C] GA4 help "[GA4] Automatically collected events" (support.google.com/analytics/answer/9234069):
///   parameters of every web event (language, page_location, page_referrer, page_title, screen_resolution).
/// - [D] GA4 help "[GA4] Enhanced measurement events" (support.google.com/analytics/answer/9216061).
/// - [E] firebase/firebase-android-sdk, firebase-messaging/src/main/java/com/google/firebase/messaging/Constants.java
///   (`ScionAnalytics`: the params and the user property FCM logs), with [A]'s map of short names to long
///   ones (`_nmn` message_name, `_nmt` message_time, `_ndt` message_device_time, `_nmid` message_id,
///   `_nmc` message_type, `_nt` topic, `_ln` firebase_last_notification); firebase/firebase-js-sdk,
///   packages/messaging (logToScion: message_id, message_name, message_time, message_device_time).
/// - [F] firebase/firebase-cpp-sdk, analytics/ios_headers/FIRParameterNames.h and FIREventNames.h (copied
///   from the Firebase Analytics iOS SDK): the ad_impression params and the campaign params.
/// - [G] GA4 BigQuery export schema (support.google.com/analytics/answer/7029846): `collected_traffic_source`
///   (gclid, dclid, srsltid); GA4 help "[GA4] Set up custom campaigns" (support.google.com/analytics/answer/11259997:
///   campaign_id and the campaign fields gtag.js sends).
/// - [H] Observed in real export rows (samples/real and the rows the samples there cite: the public dataset
///   bigquery-public-data.ga4_obfuscated_sample_ecommerce `page_view` row carries source, medium and
///   campaign in event_params; a web `session_start` from Velir/dbt-ga4 carries session_engaged,
///   entrances, ignore_referrer, debug_mode; an Android row carries firebase_event_origin).
/// - [I] Firebase A/B Testing sets one user property per experiment, `firebase_exp_<experiment number>`
///   (firebase.google.com/docs/ab-testing; seen as firebase_exp_1 … firebase_exp_7 in the public Flood-It
///   dataset firebase-public-project.analytics_153293282).
/// - [J] GA4 Measurement Protocol reference (developers.google.com/analytics/devguides/collection/protocol/ga4):
///   session_id and engagement_time_msec on sent events.
extension GA4Facts {
    /// Events GA4 collects automatically: known, and not checked unless the plan declares them.
    public static let automaticEvents: Set<String> = [
        // [A] and [B] (apps).
        "ad_activeview", "ad_click", "ad_exposure", "ad_query", "ad_reward", "adunit_exposure", "app_clear_data",
        "app_exception", "app_remove", "app_store_refund", "app_store_subscription_cancel",
        "app_store_subscription_convert", "app_store_subscription_renew", "app_upgrade", "app_update", "error",
        "first_open", "first_visit", "in_app_purchase", "notification_dismiss", "notification_foreground",
        "notification_open", "notification_receive", "os_update", "session_start", "session_start_with_rollout",
        "user_engagement", "ad_impression", "screen_view", "app_background", "firebase_campaign",
        "dynamic_link_app_open", "dynamic_link_app_update", "dynamic_link_first_open",
        "firebase_in_app_message_action", "firebase_in_app_message_dismiss", "firebase_in_app_message_impression",
        // [B] and [D] (web streams: what gtag.js collects by itself, and Enhanced Measurement).
        "page_view", "scroll", "click", "form_start", "form_submit", "file_download", "video_start",
        "video_progress", "video_complete", "view_search_results", "view_complete",
    ]

    /// Families of automatic events (`notification_receive`, `notification_open`, … of FCM: [A], [E]).
    public static let automaticEventFamilies: [NamePattern] = [.prefix("notification_")]

    /// Params GA4 may add to any event.
    public static let automaticParams: Set<String> = [
        // [A]: the SDK's internal params (long names; the `ga_` ones are older spellings of the `firebase_` ones).
        "ga_conversion", "engagement_time_msec", "exposure_time", "ad_event_id", "ad_unit_id", "ga_error",
        "ga_error_value", "ga_error_length", "ga_event_origin", "ga_screen", "ga_screen_class", "ga_screen_id",
        "ga_previous_screen", "ga_previous_class", "ga_previous_id", "manual_tracking", "previous_app_version",
        "previous_os_version", "update_with_analytics", "previous_first_open_count", "system_app",
        "system_app_update", "previous_install_count", "ga_event_id", "ga_extra_params_ct", "ga_group_name",
        "ga_list_length", "ga_index", "ga_event_name", "campaign_info_source", "cached_campaign",
        "deferred_analytics_collection", "ga_session_number", "ga_session_id", "campaign_extra_referrer",
        "app_in_background", "firebase_feature_rollouts", "firebase_conversion", "firebase_error",
        "firebase_error_value", "firebase_error_length", "firebase_event_origin", "firebase_screen",
        "firebase_screen_class", "firebase_screen_id", "firebase_previous_screen", "firebase_previous_class",
        "firebase_previous_id", "session_number", "session_id",
        // [C]: on every web event.
        "language", "page_location", "page_referrer", "page_title", "screen_resolution",
        // [H]: seen on web events of real exports.
        "engaged_session_event", "session_engaged", "entrances", "ignore_referrer", "debug_mode",
        "batch_page_id", "batch_ordering_id",
    ]

    /// Params GA4 adds to some automatic events only: automatic on these events, unknown on others.
    public static let automaticEventParams: [String: Set<String>] = {
        // [G], [H], [F]: the traffic source of a web page view or session, and of an app campaign.
        let trafficSource: Set<String> = [
            "source", "medium", "campaign", "term", "content", "campaign_id", "gclid", "dclid", "srsltid", "aclid",
            "cp1",
        ]
        // [E]: what FCM logs with its notification events.
        let messaging: Set<String> = [
            "message_id", "message_name", "message_time", "message_device_time", "message_type",
            "message_tracking_id", "message_channel", "topic", "label",
        ]
        // [D]: Enhanced Measurement.
        let link: Set<String> = ["link_classes", "link_domain", "link_id", "link_text", "link_url", "outbound"]
        let form: Set<String> = ["form_id", "form_name", "form_destination"]
        let video: Set<String> = [
            "video_current_time", "video_duration", "video_percent", "video_provider", "video_title", "video_url",
            "visible",
        ]
        var byEvent: [String: Set<String>] = [:]
        for event in ["page_view", "session_start", "first_visit", "user_engagement"] { byEvent[event] = trafficSource }
        for event in [
            "firebase_campaign", "dynamic_link_app_open", "dynamic_link_app_update", "dynamic_link_first_open",
        ] {
            byEvent[event] = trafficSource.union(messaging)
        }
        for event in ["notification_receive", "notification_open", "notification_foreground", "notification_dismiss"] {
            byEvent[event] = messaging
        }
        // [F]: the params of ad_impression (AdMob logs it; apps using other ad platforms log it too).
        byEvent["ad_impression"] = ["ad_platform", "ad_source", "ad_format", "ad_unit_name", "value", "currency"]
        byEvent["scroll"] = ["percent_scrolled"]
        byEvent["click"] = link
        byEvent["file_download"] = link.union(["file_extension", "file_name"])
        byEvent["form_start"] = form
        byEvent["form_submit"] = form.union(["form_submit_text"])
        byEvent["view_search_results"] = ["search_term", "unique_search_term"]
        for event in ["video_start", "video_progress", "video_complete"] { byEvent[event] = video }
        return byEvent
    }()

    /// User properties GA4 sets by itself.
    public static let automaticUserProperties: Set<String> = [
        // [A] (firebase_last_notification is FCM's, [E]).
        "firebase_last_notification", "first_open_time", "first_visit_time", "last_deep_link_referrer", "user_id",
        "last_advertising_id_reset", "first_open_after_install", "lifetime_user_engagement",
        "session_user_engagement", "non_personalized_ads", "ga_session_number", "ga_session_id", "last_gclid",
        "session_number", "session_id",
    ]

    /// Families of automatic user properties: Firebase A/B Testing's `firebase_exp_<n>` ([I]).
    public static let automaticUserPropertyFamilies: [NamePattern] = [.digits(after: "firebase_exp_")]

    /// The type an automatic param or user property has when the plan names it without declaring it:
    /// integers where the SDK sends integers ([A]'s ids, counts, times; [H]), `double` for a value,
    /// `string` otherwise. A plan that wants another type declares the name under `params` or
    /// `userProperties`.
    public static func automaticType(of name: String) -> ParamType {
        switch name {
        case "ga_session_id", "ga_session_number", "session_id", "session_number", "engagement_time_msec",
            "firebase_screen_id", "firebase_previous_id", "ga_screen_id", "ga_previous_id", "engaged_session_event",
            "entrances", "first_open_time", "first_visit_time", "previous_first_open_count", "message_time",
            "message_device_time", "percent_scrolled", "video_current_time", "video_duration", "video_percent",
            "batch_page_id", "batch_ordering_id", "firebase_error", "lifetime_user_engagement",
            "session_user_engagement", "exposure_time":
            .int
        case "value": .double
        default: .string
        }
    }
}

/// A family of names: a prefix followed by anything (`notification_*`), a prefix followed by
/// digits only (`firebase_exp_<n>`), or a plan's `*` glob (`legacy_*`, `*_legacy`).
public enum NamePattern: Sendable, Hashable, CustomStringConvertible {
    case prefix(String)
    case digits(after: String)
    case glob(String)

    public func matches(_ name: String) -> Bool {
        switch self {
        case .prefix(let prefix): return name.hasPrefix(prefix)
        case .digits(let prefix):
            guard name.hasPrefix(prefix) else { return false }
            let rest = name.utf8.dropFirst(prefix.utf8.count)
            return !rest.isEmpty && rest.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        case .glob(let pattern): return Glob.matches(pattern: pattern, name)
        }
    }

    /// The same test as SQL on a text column.
    public func sql(_ column: String) -> String {
        switch self {
        case .prefix(let prefix): return "STARTS_WITH(\(column), \(SQLText.string(prefix)))"
        case .digits(let prefix):
            return
                "COALESCE(REGEXP_CONTAINS(\(column), \(SQLText.string("^" + Self.regexEscaped(prefix) + "[0-9]+$"))), FALSE)"
        case .glob(let pattern):
            let body = pattern.split(separator: "*", omittingEmptySubsequences: false).map {
                Self.regexEscaped(String($0))
            }.joined(separator: ".*")
            return "COALESCE(REGEXP_CONTAINS(\(column), \(SQLText.string("^" + body + "$"))), FALSE)"
        }
    }

    static func regexEscaped(_ text: String) -> String {
        text.map { "\\^$.|?+()[]{}*".contains($0) ? "\\\($0)" : String($0) }.joined()
    }

    public var description: String {
        switch self {
        case .prefix(let prefix): prefix + "*"
        case .digits(let prefix): prefix + "<n>"
        case .glob(let pattern): pattern
        }
    }
}

extension GA4Facts {
    /// Whether GA4 collects an event of this name by itself (its list and its families).
    public static func isAutomaticEvent(_ name: String) -> Bool {
        automaticEvents.contains(name) || automaticEventFamilies.contains { $0.matches(name) }
    }
}
