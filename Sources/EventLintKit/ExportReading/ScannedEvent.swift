/// The export shapes `lint` reads; detected per line unless forced with `--input-format`.
public enum InputFormat: String, Sendable, CaseIterable, Hashable {
    /// GA4 BigQuery export rows (`bq extract` NDJSON or BigQuery-console JSON).
    case bigQuery = "bq"
    /// Flat debug logs: `{"name", "params": {…}, "user_properties": {…}, …}`.
    case flat
    /// Measurement Protocol payloads: one request with `events: [...]` per line.
    case measurementProtocol = "mp"
    /// The Firebase iOS SDK's debug console (Xcode, `log stream`, `idevicesyslog`).
    case iosConsole = "ios-console"
    /// The Firebase Android SDK's logcat output (`adb logcat -s FA FA-SVC`, any `-v` format).
    case androidLogcat = "android-logcat"

    /// How messages name the format.
    public var title: String {
        switch self {
        case .bigQuery: "a GA4 BigQuery export row"
        case .flat: "a flat debug log line"
        case .measurementProtocol: "a Measurement Protocol request"
        case .iosConsole: "an iOS debug console entry"
        case .androidLogcat: "an Android logcat entry"
        }
    }

    /// A debug console capture rather than JSON.
    public var isCapture: Bool { self == .iosConsole || self == .androidLogcat }
}

/// Rows that are JSON and look like GA4 data but are not rows of the GA4 events export: each
/// kind is reported once per input (ExportRules), not once per row.
public enum OtherExportSchema: UInt8, Sendable, CaseIterable {
    /// A query result with `UNNEST(event_params)`: one row per param, not one per event.
    case unnestedParams
    /// The Firebase export before GA4 (`app_events_*` tables): `user_dim` and `event_dim`.
    case legacyFirebase
}

/// The JSON kind of a scanned value, before any plan type is applied.
public enum ScalarKind: UInt8, Sendable {
    case absent, null, string, number, bool, compound
}

/// Which BigQuery `value` member carried a param (`string_value`, `int_value`, …); `direct` for
/// flat and Measurement Protocol values, whose JSON kind is their type.
public enum ValueSlot: UInt8, Sendable {
    case direct, stringValue, intValue, floatValue, doubleValue
    /// A debug console value printed as bare text: typed by its text and the param's declared
    /// type, since the console prints `"4200"` and `4200` alike (docs/input.md, "Value types").
    case printed
}

/// A scalar as a byte range into the line: no `String` is made for a clean line.
public struct ValueToken: Sendable {
    public var kind: ScalarKind = .absent
    public var slot: ValueSlot = .direct
    /// String content (escapes still encoded) or number lexeme.
    public var range: Range<Int> = 0..<0
    public var hasEscapes = false
    public var boolValue = false
    /// Offset of the value's first byte, for the finding's column.
    public var offset = 0

    public init() {}
}

/// A param or user property of a scanned event: its key and value, as ranges into the line.
public struct ScannedField: Sendable {
    public var key: JSONStringToken
    public var value: ValueToken
    /// Key hash, computed once while scanning, for the plan lookups.
    public var keyHash: UInt64
}

/// One element of an event's `items`: where it starts, and its fields in `LineScan.itemFields`.
public struct ScannedItem: Sendable {
    public var offset: Int
    public var fields: Range<Int>
}

/// One event found on a line (an MP request line holds several).
public struct ScannedEvent: Sendable {
    public var format: InputFormat = .bigQuery
    public var name: JSONStringToken?
    public var nameOffset = 0
    public var user = ValueToken()
    public var timestamp: Int64?
    public var timestampOffset = 0
    public var timestampInvalid = false
    /// An integer timestamp outside `GA4Facts.plausibleTimestampMicros`: reported once by the
    /// per-event checks, which then clear `timestamp`.
    public var timestampImplausible = false
    public var bundleSequence: Int64?
    public var appVersion = ValueToken()
    /// Indices into `LineScan.params` / `LineScan.userProperties`.
    public var params: Range<Int> = 0..<0
    public var userProperties: Range<Int> = 0..<0
    /// Indices into `LineScan.items`: the elements of the event's `items`.
    public var items: Range<Int> = 0..<0
    /// The row's `platform` (`IOS`, `ANDROID`, `WEB`), or the request's.
    public var platform = ValueToken()
    /// The platform the input's shape tells when no `platform` is written: `WEB` for a
    /// Measurement Protocol request with a `client_id`, the console's for a capture.
    public var impliedPlatform: StaticString?
    /// Index of the event within its line (MP requests, console JSON arrays).
    public var indexInLine = 0
    /// Offset of the event's first byte.
    public var offset = 0
    /// A shape problem (e.g. `event_params` is not an array): the event is reported, not checked.
    /// An index into `LineScan.shapeProblems`, -1 for none, so that an event holds no reference
    /// and the line's events are copied and cleared as plain bytes.
    public var shapeProblemIndex: Int32 = -1
    public var shapeProblemOffset = 0
    public var hasShapeProblem: Bool { shapeProblemIndex >= 0 }
    /// With `--input-format`, the shape the line really has when it is another one.
    public var formatMismatch: InputFormat?
    /// A row of a table that is not the GA4 events export (with a shape problem, so unchecked).
    public var otherSchema: OtherExportSchema?

    public init() {}
}

/// What the scanner found on one line, in buffers reused from line to line so a clean line
/// allocates nothing.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public final class LineScan {
    // One scan belongs to one scanner on one thread; it owns its buffers and frees them.
    public let events = ScanBuffer<ScannedEvent>(capacity: 8)
    public let params = ScanBuffer<ScannedField>(capacity: 64)
    public let userProperties = ScanBuffer<ScannedField>(capacity: 32)
    /// Elements of `items`, and their fields (bq columns and `item_params`, or MP/flat members).
    public let items = ScanBuffer<ScannedItem>()
    public let itemFields = ScanBuffer<ScannedField>()
    /// The line's shape problems (`ScannedEvent.shapeProblemIndex`).
    @exclusivity(unchecked) public var shapeProblems: [ShapeProblem] = []

    /// An event's shape problem, if it has one.
    public func shapeProblem(of event: ScannedEvent) -> ShapeProblem? {
        event.hasShapeProblem ? shapeProblems[Int(event.shapeProblemIndex)] : nil
    }

    public init() {}

    deinit {
        events.deallocate()
        params.deallocate()
        userProperties.deallocate()
        items.deallocate()
        itemFields.deallocate()
    }

    /// Empties the buffers, keeping their room. The shape problems may hold strings: an empty
    /// array is left alone (emptying costs a uniqueness check and a call even then).
    func reset() {
        events.removeAll()
        params.removeAll()
        userProperties.removeAll()
        items.removeAll()
        itemFields.removeAll()
        if !shapeProblems.isEmpty { shapeProblems.removeAll(keepingCapacity: true) }
    }
}
