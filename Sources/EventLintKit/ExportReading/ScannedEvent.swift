/// The export shapes `lint` reads; detected per line unless forced with `--input-format`.
public enum InputFormat: String, Sendable, CaseIterable, Hashable {
    /// GA4 BigQuery export rows (`bq extract` NDJSON or BigQuery-console JSON).
    case bigQuery = "bq"
    /// Flat debug logs: `{"name", "params": {…}, "user_properties": {…}, …}`.
    case flat
    /// Measurement Protocol payloads: one request with `events: [...]` per line.
    case measurementProtocol = "mp"
}

/// The JSON kind of a scanned value, before any plan type is applied.
public enum ScalarKind: UInt8, Sendable {
    case absent, null, string, number, bool, compound
}

/// Which BigQuery `value` member carried a param (`string_value`, `int_value`, …); `direct` for
/// flat and Measurement Protocol values, whose JSON kind is their type.
public enum ValueSlot: UInt8, Sendable {
    case direct, stringValue, intValue, floatValue, doubleValue
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
    /// `platform` (BigQuery rows: `ANDROID`, `IOS`; flat lines alike), for findings only.
    public var platform = ValueToken()
    /// Indices into `LineScan.params` / `LineScan.userProperties`.
    public var params: Range<Int> = 0..<0
    public var userProperties: Range<Int> = 0..<0
    /// Index of the event within its line (MP requests, console JSON arrays).
    public var indexInLine = 0
    /// Offset of the event's first byte.
    public var offset = 0
    /// A shape problem (e.g. `event_params` is not an array): the event is reported, not checked.
    public var shapeProblem: String?
    public var shapeProblemOffset = 0

    public init() {}
}

/// What the scanner found on one line, in buffers reused from line to line so a clean line
/// allocates nothing.
public final class LineScan {
    // One scan belongs to one scanner on one thread, so dynamic exclusivity checks buy nothing.
    @exclusivity(unchecked) public var events: [ScannedEvent] = []
    @exclusivity(unchecked) public var params: [ScannedField] = []
    @exclusivity(unchecked) public var userProperties: [ScannedField] = []

    public init() {
        events.reserveCapacity(8)
        params.reserveCapacity(64)
        userProperties.reserveCapacity(32)
    }

    func reset() {
        events.removeAll(keepingCapacity: true)
        params.removeAll(keepingCapacity: true)
        userProperties.removeAll(keepingCapacity: true)
    }
}
