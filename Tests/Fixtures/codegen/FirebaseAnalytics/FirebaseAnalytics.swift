// A stand-in for Firebase's FirebaseAnalytics module, built as a module of that name so the
// generated adapter (`codegen swift --adapter firebase`) compiles against it as against the SDK.
// The signatures are the SDK's `Analytics` as Swift imports it (FIRAnalytics.h, Firebase 11:
// `@objc(FIRAnalytics) open class Analytics: NSObject`); each call is printed instead of sent.
import Foundation

open class Analytics: NSObject {
    open class func logEvent(_ name: String, parameters: [String: Any]? = nil) {
        let values = (parameters ?? [:]).sorted { $0.key < $1.key }.map {
            "\($0.key)=\($0.value) (\(type(of: $0.value)))"
        }
        print("Analytics.logEvent \(name) " + values.joined(separator: ", "))
    }

    open class func setUserProperty(_ value: String?, forName name: String) {
        print("Analytics.setUserProperty \(name) \(value ?? "nil")")
    }

    open class func setUserID(_ userID: String?) {}

    open class func setAnalyticsCollectionEnabled(_ analyticsCollectionEnabled: Bool) {}
}
