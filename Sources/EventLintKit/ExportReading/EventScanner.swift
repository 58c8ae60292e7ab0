#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks one export line once with the strict `JSONCursor`, validating all of it, and keeps only
/// what the checks read — event name, user id, timestamps, app version, params and user
/// properties — as byte ranges. Everything else (device, geo, traffic source, items, …) is
/// skipped by the cursor without building anything.
/// A class, not a struct: its scan result and scratch are buffers reused line after line, so a
/// copy would share them with the original; one scanner belongs to one line pass.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public final class EventScanner {
    public let scan: LineScan
    // The scan's buffers (handles: `scan` owns them for as long as the scanner lives).
    let events: ScanBuffer<ScannedEvent>
    let params: ScanBuffer<ScannedField>
    let userProperties: ScanBuffer<ScannedField>
    let items: ScanBuffer<ScannedItem>
    let itemFields: ScanBuffer<ScannedField>
    let scratch = JSONScratch()
    public let forcedFormat: InputFormat?
    public let maxDepth: Int
    /// `ByteHash.seed`, read once: the global's every read is a call to its lazy initializer.
    let hashSeed = ByteHash.seed
    /// Whether `event_params` and `user_properties` elements are read by `readCompactElement`
    /// first, and flat skipped objects by the cursor's compact routine. Always on in eventlint;
    /// the tests and the JSON fuzz target turn it off to compare the readings.
    @exclusivity(unchecked) public var readsCompactElements = true {
        didSet {
            paramsMemo.forget()
            userPropertiesMemo.forget()
            scratch.skipsCompactObjects = readsCompactElements
            // Off, keys are read the generic way only: no prediction from what was read before.
            rowKeys.forgetOrder()
            scratch.lastFlatKey = LearnedKeyNames.objectStart
        }
    }

    /// The last `event_params` and `user_properties` arrays read, for rows that repeat them
    /// (`KeyValueMemo`; with `readsCompactElements` only).
    let paramsMemo = KeyValueMemo()
    let userPropertiesMemo = KeyValueMemo()

    /// Where the key of each ordinal of `rowKeys` was first seen in the object being read
    /// (`nextTopKey`): 64 entries for a row or request, 64 more for an event of a request's
    /// `events`, which is read while its request is open.
    let topKeyFirstAt = UnsafeMutablePointer<Int>.allocate(capacity: 128)

    deinit {
        topKeyFirstAt.deallocate()
        topKeyOfOrdinal.deallocate()
    }

    public init(forcedFormat: InputFormat? = nil, maxDepth: Int = 512) {
        self.forcedFormat = forcedFormat
        self.maxDepth = maxDepth
        let scan = LineScan()
        self.scan = scan
        events = scan.events
        params = scan.params
        userProperties = scan.userProperties
        items = scan.items
        itemFields = scan.itemFields
    }

    /// Scans a line. Throws the JSON error that makes the line invalid; otherwise `scan` holds the
    /// line's events (possibly with shape problems).
    public func scanLine(_ bytes: UnsafeRawBufferPointer) throws(JSONError) {
        scan.reset()
        var cursor = JSONCursor(bytes: bytes, mode: .strict, maxDepth: maxDepth, scratch: scratch)
        switch try cursor.peekKind() {
        case .object:
            try scanTopObject(&cursor, bytes)
        case .array:
            // BigQuery-console JSON: an array of rows.
            try cursor.enterArray()
            while try cursor.nextElement() {
                if try cursor.peekKind() == .object {
                    try scanTopObject(&cursor, bytes)
                } else {
                    var event = ScannedEvent()
                    event.offset = cursor.offset
                    shape(&event, .arrayElementNotAnObject, at: cursor.offset)
                    try cursor.skipValue()
                    event.indexInLine = events.count
                    events.append(event)
                }
            }
        default:
            var event = ScannedEvent()
            event.offset = cursor.offset
            shape(&event, .lineNotAnObject, at: cursor.offset)
            try cursor.skipValue()
            events.append(event)
        }
        try cursor.expectEnd()
    }

    let topKeys = KeyMatcher<TopKey>()
    /// The names of every key met at the top level of a row, a request and a request's event,
    /// with the order they came in, kept apart for rows and requests (kind 0) and request events
    /// (kind 1).
    let rowKeys = LearnedKeyNames(names: TopKey.allCases.filter { $0 != .other }.map(\.rawValue), kinds: 2)
    /// The `TopKey` of each ordinal of `rowKeys`: `.other` for the names it learns.
    let topKeyOfOrdinal: UnsafeMutablePointer<TopKey> = {
        let keys = UnsafeMutablePointer<TopKey>.allocate(capacity: LearnedKeyNames.capacity)
        keys.initialize(repeating: .other, count: LearnedKeyNames.capacity)
        for (ordinal, key) in TopKey.allCases.filter({ $0 != .other }).enumerated() { keys[ordinal] = key }
        return keys
    }()
}
