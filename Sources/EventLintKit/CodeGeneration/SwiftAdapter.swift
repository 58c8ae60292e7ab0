/// A `TrackingLogger` for an analytics SDK, generated at the end of the file on request
/// (`codegen swift --adapter firebase`) so an app need not copy one from the docs. Each is
/// inside `#if canImport(…)`: without the SDK the file still compiles, and only the adapter is
/// missing.
public enum SwiftAdapter: String, Sendable, CaseIterable {
    /// Firebase Analytics (`Analytics.logEvent(_:parameters:)`, `Analytics.setUserProperty(_:forName:)`).
    case firebase

    /// Parses an `--adapter` value; nil for a name that is not an adapter.
    public init?(parsing name: String) { self.init(rawValue: name) }

    var source: String {
        switch self {
        case .firebase: Self.firebaseSource
        }
    }

    /// GA4 has no boolean type: a `Bool` param is sent as 1 or 0, which `lint` reads back as the
    /// plan's `bool`; a user property is text, so its value is sent as its description.
    static let firebaseSource = #"""
        // MARK: - Firebase Analytics (codegen swift --adapter firebase)

        #if canImport(FirebaseAnalytics)
        import FirebaseAnalytics

        /// Sends the tracker's calls to Firebase Analytics:
        /// `Tracker(logger: FirebaseTrackingLogger(), onDrop: { drop in … })`.
        public struct FirebaseTrackingLogger: TrackingLogger {
            public init() {}

            public func logEvent(_ name: String, parameters: [TrackingParameter]) {
                var values: [String: Any] = [:]
                for parameter in parameters {
                    switch parameter.value {
                    case .string(let text): values[parameter.name] = text
                    case .int(let number): values[parameter.name] = number
                    case .double(let number): values[parameter.name] = number
                    case .bool(let flag): values[parameter.name] = flag ? 1 : 0
                    }
                }
                Analytics.logEvent(name, parameters: values)
            }

            public func setUserProperty(_ name: String, value: TrackingValue?) {
                let text: String?
                switch value {
                case .string(let string)?: text = string
                case .int(let number)?: text = String(number)
                case .double(let number)?: text = String(number)
                case .bool(let flag)?: text = flag ? "true" : "false"
                case nil: text = nil
                }
                Analytics.setUserProperty(text, forName: name)
            }
        }
        #endif

        """#
}
