import Foundation

/// Lines of debug console captures as the SDKs print them: the prefixes of an iOS console line
/// and of a logcat line at a given second, and the user properties a capture sets first.
public enum CaptureText {
    public static let ios = "2026-10-18 10:15:32.123456+0900 Focusity[1234:56789] 11.3.0 - "

    public static func iosTime(_ second: Int) -> String {
        "2026-10-18 10:15:\(String(format: "%02d", second)).123456+0900 Focusity[1234:56789] 11.3.0 - "
    }

    public static func logcat(_ second: Int) -> String {
        "10-18 10:15:\(String(format: "%02d", second)).123  4321  4390 V FA      : "
    }

    /// The user properties the plan's rules ask for, set as iOS prints them.
    public static let iosArms = [
        iosTime(0) + "[FirebaseAnalytics][I-ACS023087] User property set. Name, value: offer_arm, offer",
        iosTime(0) + "[FirebaseAnalytics][I-ACS023087] User property set. Name, value: limit_arm, capped",
    ]

    public static let androidArms = [
        logcat(0) + "Setting user property (FE): offer_arm, offer",
        logcat(0) + "Setting user property (FE): limit_arm, capped",
    ]
}
