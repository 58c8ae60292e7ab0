/// The part of every generated file that does not depend on the plan: the value, logger,
/// clock, recorder and check types the plan-specific code is built on. Kept as Swift text
/// here (and compiled by the codegen tests) so the generated file needs nothing but the
/// standard and C libraries.
extension SwiftCodeGenerator {
    static let runtime = #"""
        #if canImport(Darwin)
        import Darwin
        #elseif canImport(Glibc)
        import Glibc
        #elseif canImport(Musl)
        import Musl
        #elseif canImport(Android)
        import Android
        #endif

        // MARK: - Runtime (the same in every generated file)

        /// A parameter or user property value as the logger receives it.
        public enum TrackingValue: Sendable, Hashable, CustomStringConvertible {
            case string(String)
            case int(Int)
            case double(Double)
            case bool(Bool)

            public var description: String {
                switch self {
                case .string(let text): return "\"\(text)\""
                case .int(let number): return String(number)
                case .double(let number): return String(number)
                case .bool(let flag): return flag ? "true" : "false"
                }
            }
        }

        /// One parameter of an event; an event's parameters come in the order the plan lists them.
        public struct TrackingParameter: Sendable, Hashable {
            public var name: String
            public var value: TrackingValue

            public init(_ name: String, _ value: TrackingValue) {
                self.name = name
                self.value = value
            }
        }

        /// Where tracking calls go: an adapter to the analytics SDK in the app (Firebase's
        /// `Analytics.logEvent`), a `TrackingRecorder` in tests.
        public protocol TrackingLogger: Sendable {
            /// One event, with its parameters in plan order.
            func logEvent(_ name: String, parameters: [TrackingParameter])
            /// A user property set to a value, or cleared with nil.
            func setUserProperty(_ name: String, value: TrackingValue?)
        }

        /// A call the tracker did not send, and why: a value outside the plan's range or length, a
        /// count below a bucket's first edge, or a pair used after it was closed. The app is never
        /// stopped for a tracking mistake; the tracker's `onDrop` handler hears of it instead.
        public struct TrackingDrop: Error, Sendable, Hashable, CustomStringConvertible {
            /// The event (or user property) the call was for.
            public var subject: String
            /// The parameter at fault, when one is.
            public var param: String?
            public var reason: String

            public init(subject: String, param: String?, reason: String) {
                self.subject = subject
                self.param = param
                self.reason = reason
            }

            public var description: String {
                "dropped \(subject)" + (param.map { " (\($0))" } ?? "") + ": " + reason
            }

            /// The reason of the drop a pair's handle reports in a debug build when it is released
            /// while the pair is open (a sheet swiped away): its close was never sent.
            public static let dismissedWithoutClose = "dismissedWithoutClose: the pair's handle was released while the pair was open"
        }

        /// A monotonic clock, in nanoseconds, for the durations of pairs.
        public protocol TrackingClock: Sendable {
            func nanoseconds() -> UInt64
        }

        /// The system's monotonic clock (`CLOCK_MONOTONIC`): never set back by a time change.
        public struct TrackingSystemClock: TrackingClock {
            public init() {}

            public func nanoseconds() -> UInt64 {
                var time = timespec()
                _ = clock_gettime(CLOCK_MONOTONIC, &time)
                // Monotonic seconds since boot: far from UInt64's limit of 584 years of nanoseconds.
                return UInt64(clamping: time.tv_sec) * 1_000_000_000 + UInt64(clamping: time.tv_nsec)
            }
        }

        /// A logger for tests: keeps every call, and every drop when passed as the tracker's `onDrop`.
        public final class TrackingRecorder: TrackingLogger, @unchecked Sendable {
            public enum Call: Sendable, Hashable {
                case event(name: String, parameters: [TrackingParameter])
                case userProperty(name: String, value: TrackingValue?)
                case drop(TrackingDrop)
            }

            private let lock = TrackingLock()
            private var recorded: [Call] = []

            public init() {}

            /// Every call so far, in order.
            public var calls: [Call] { lock.withLock { recorded } }

            public func logEvent(_ name: String, parameters: [TrackingParameter]) {
                lock.withLock { recorded.append(.event(name: name, parameters: parameters)) }
            }

            public func setUserProperty(_ name: String, value: TrackingValue?) {
                lock.withLock { recorded.append(.userProperty(name: name, value: value)) }
            }

            public func recordDrop(_ drop: TrackingDrop) {
                lock.withLock { recorded.append(.drop(drop)) }
            }
        }

        /// A mutex from the C library, so the file needs no Foundation. The runtime's helpers are
        /// private to this file, so they add no names to the app's module.
        fileprivate final class TrackingLock: @unchecked Sendable {
            private let mutex: UnsafeMutablePointer<pthread_mutex_t>

            init() {
                mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
                mutex.initialize(to: pthread_mutex_t())
                _ = pthread_mutex_init(mutex, nil)
            }

            deinit {
                _ = pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
                mutex.deallocate()
            }

            func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
                _ = pthread_mutex_lock(mutex)
                defer { _ = pthread_mutex_unlock(mutex) }
                return try body()
            }
        }

        /// The user properties last set through the tracker's setters, for the pair params the plan
        /// ties to one (`equalsUserProperty`): the app sets an arm once, the pair sends it.
        fileprivate final class TrackingUserProperties: @unchecked Sendable {
            private let lock = TrackingLock()
            private var values: [String: TrackingValue] = [:]

            func set(_ name: String, _ value: TrackingValue?) { lock.withLock { values[name] = value } }
            func value(_ name: String) -> TrackingValue? { lock.withLock { values[name] } }
        }

        /// Whether a pair is still open, and when it was opened.
        fileprivate final class TrackingPairState: @unchecked Sendable {
            let openedAt: UInt64
            let carried: [String: TrackingValue]
            private let lock = TrackingLock()
            private var closed: Bool

            /// `open` false for a pair whose open event was dropped: nothing of it may be sent.
            init(openedAt: UInt64, carried: [String: TrackingValue], open: Bool) {
                self.openedAt = openedAt
                self.carried = carried
                closed = !open
            }

            var isOpen: Bool { lock.withLock { !closed } }

            /// Marks the pair closed; false when it was closed already.
            func close() -> Bool {
                lock.withLock {
                    if closed { return false }
                    closed = true
                    return true
                }
            }
        }

        /// The checks behind the plan's ranges, lengths, buckets and pair conditions.
        fileprivate enum TrackingCheck {
            static func range(_ value: Double, minimum: Double?, maximum: Double?, subject: String, param: String?) -> TrackingDrop? {
                if !value.isFinite {
                    return TrackingDrop(subject: subject, param: param, reason: "\(value) is not a finite number")
                }
                if let minimum, value < minimum {
                    return TrackingDrop(subject: subject, param: param, reason: "\(value) is below the plan's minimum \(minimum)")
                }
                if let maximum, value > maximum {
                    return TrackingDrop(subject: subject, param: param, reason: "\(value) is above the plan's maximum \(maximum)")
                }
                return nil
            }

            /// Lengths count Unicode scalars, as GA4's limits do.
            static func length(_ text: String, minimum: Int?, maximum: Int?, limit: Int, subject: String, param: String?) -> TrackingDrop? {
                let count = text.unicodeScalars.count
                if count > limit {
                    return TrackingDrop(subject: subject, param: param, reason: "\(count) characters, over GA4's limit of \(limit)")
                }
                if let minimum, count < minimum {
                    return TrackingDrop(subject: subject, param: param, reason: "\(count) characters, shorter than the plan's \(minimum)")
                }
                if let maximum, count > maximum {
                    return TrackingDrop(subject: subject, param: param, reason: "\(count) characters, longer than the plan's \(maximum)")
                }
                return nil
            }

            /// The label of the bucket a count falls in (edges ascending, the last bucket open).
            static func bucket(_ count: Int, edges: [Int], labels: [String], subject: String, param: String?) -> Result<String, TrackingDrop> {
                var label: String?
                for (index, edge) in edges.enumerated() where count >= edge { label = labels[index] }
                guard let label else {
                    return .failure(TrackingDrop(subject: subject, param: param, reason: "count \(count) is below the first bucket edge \(edges.first ?? 0)"))
                }
                return .success(label)
            }

            static func allowed<Value: Equatable>(_ value: Value, _ allowed: [Value], subject: String, param: String?) -> TrackingDrop? {
                allowed.contains(value) ? nil : TrackingDrop(subject: subject, param: param, reason: "\(value) is not allowed here")
            }
        }

        /// A condition of a pair's matcher that the argument types cannot express, checked on the
        /// values about to be sent (bucket edges, numeric bounds, sets of free values).
        fileprivate struct TrackingCondition: Sendable {
            var param: String
            var oneOf: [TrackingValue]? = nil
            var noneOf: [TrackingValue]? = nil
            var atLeast: Double? = nil
            var atMost: Double? = nil
            /// For a bucket param: its edges and labels, as bounds compare edges.
            var edges: [Int]? = nil
            var labels: [String]? = nil

            func holds(in parameters: [TrackingParameter]) -> Bool {
                guard let value = parameters.first(where: { $0.name == param })?.value else { return false }
                if let oneOf, !oneOf.contains(where: { Self.same(value, $0) }) { return false }
                if let noneOf, noneOf.contains(where: { Self.same(value, $0) }) { return false }
                if atLeast == nil && atMost == nil { return true }
                if let edges, let labels, case .string(let label) = value, let index = labels.firstIndex(of: label) {
                    let low = Double(edges[index])
                    let high = index + 1 < edges.count ? Double(edges[index + 1] - 1) : nil
                    if let atLeast, low < atLeast { return false }
                    if let atMost { guard let high, high <= atMost else { return false } }
                    return true
                }
                guard let number = Self.number(value) else { return false }
                if let atLeast, number < atLeast { return false }
                if let atMost, number > atMost { return false }
                return true
            }

            static func number(_ value: TrackingValue) -> Double? {
                switch value {
                case .int(let number): return Double(number)
                case .double(let number): return number
                case .string, .bool: return nil
                }
            }

            static func same(_ value: TrackingValue, _ other: TrackingValue) -> Bool {
                if let left = number(value), let right = number(other) { return left == right }
                return value == other
            }
        }

        /// Values a pair carries from its open to its other events, read back in the type each event
        /// declares.
        fileprivate enum TrackingCarried {
            static func string(_ value: TrackingValue?) -> String? {
                if case .string(let text)? = value { return text }
                return nil
            }

            static func int(_ value: TrackingValue?) -> Int? {
                if case .int(let number)? = value { return number }
                return nil
            }

            static func double(_ value: TrackingValue?) -> Double? {
                switch value {
                case .double(let number)?: return number
                case .int(let number)?: return Double(number)
                default: return nil
                }
            }

            static func bool(_ value: TrackingValue?) -> Bool? {
                if case .bool(let flag)? = value { return flag }
                return nil
            }
        }

        /// The tracking plan as an API: one type per event, one handle per pair, one setter per user
        /// property. Sends through `logger`; a call that breaks the plan at run time (a value out of
        /// range) is not sent and goes to `onDrop` instead.
        public struct Tracker: Sendable {
            public let logger: any TrackingLogger
            public let clock: any TrackingClock
            public let onDrop: @Sendable (TrackingDrop) -> Void
            /// Shared by copies of the tracker, as the SDK's user properties are.
            fileprivate let userProperties = TrackingUserProperties()

            public init(logger: any TrackingLogger, clock: any TrackingClock = TrackingSystemClock(),
                        onDrop: @escaping @Sendable (TrackingDrop) -> Void) {
                self.logger = logger
                self.clock = clock
                self.onDrop = onDrop
            }

            /// An event's parameters when they may be sent; nil, and the reason to `onDrop`, when not.
            fileprivate func prepared(_ event: String, _ parameters: Result<[TrackingParameter], TrackingDrop>,
                          conditions: [TrackingCondition] = []) -> [TrackingParameter]? {
                switch parameters {
                case .success(let parameters):
                    for condition in conditions where !condition.holds(in: parameters) {
                        onDrop(TrackingDrop(subject: event, param: condition.param, reason: "the value does not meet the pair's condition"))
                        return nil
                    }
                    return parameters
                case .failure(let drop):
                    onDrop(drop)
                    return nil
                }
            }

            /// Nanoseconds since a pair opened, on the tracker's clock (0 if the clock went back).
            fileprivate func elapsedNanoseconds(since openedAt: UInt64) -> UInt64 {
                let now = clock.nanoseconds()
                return now >= openedAt ? now - openedAt : 0
            }

            fileprivate static func milliseconds(_ nanoseconds: UInt64) -> Int {
                let whole = nanoseconds / 1_000_000
                return Int(clamping: whole)
            }
            fileprivate static func milliseconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1_000_000 }
        }

        """#
}
