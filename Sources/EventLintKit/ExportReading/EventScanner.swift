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
                    shape(&event, "an element of the array is not an event object", at: cursor.offset)
                    try cursor.skipValue()
                    event.indexInLine = events.count
                    events.append(event)
                }
            }
        default:
            var event = ScannedEvent()
            event.offset = cursor.offset
            shape(&event, "the line is valid JSON but not an event object", at: cursor.offset)
            try cursor.skipValue()
            events.append(event)
        }
        try cursor.expectEnd()
    }

    // MARK: - Rows, flat lines and requests

    /// The top-level keys eventlint reads, each name written once; every other key is skipped.
    enum TopKey: String, CaseIterable, Sendable {
        case eventName = "event_name"
        case name
        case eventParams = "event_params"
        case params
        case userProperties = "user_properties"
        case userPseudoID = "user_pseudo_id"
        case appInstanceID = "app_instance_id"
        case clientID = "client_id"
        case userID = "user_id"
        case eventTimestamp = "event_timestamp"
        case timestampMicros = "timestamp_micros"
        case bundleSequence = "event_bundle_sequence_id"
        case appInfo = "app_info"
        case appVersion = "app_version"
        case events, items, platform
        /// Any other key.
        case other = ""
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

    /// The next member's key of a row, request or request event, and which `TopKey` it is
    /// (nil after the closing brace), leaving the cursor at the value. A key with an ordinal in
    /// `rowKeys` (every name the scanner knows, and names it has learned) is checked for a
    /// duplicate by one bit of `seen` (0 at the object's start), any other by the cursor's
    /// registry of the object's keys; `firstAt` is the object's own 64 entries of
    /// `topKeyFirstAt`. `order` is the kind's entries of `rowKeys.order`, `previous` the last
    /// key's ordinal (`LearnedKeyNames.objectStart` at the object's start): the key that followed it
    /// last time is tried first, by its bytes.
    @inline(__always)
    func nextTopKey(
        _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, seen: inout UInt64,
        firstAt: UnsafeMutablePointer<Int>, order: UnsafeMutablePointer<Int8>, previous: inout Int
    ) throws(JSONError) -> (key: JSONStringToken, topKey: TopKey)? {
        let predicted = Int(order[previous])
        if predicted >= 0,
            let key = cursor.predictedKey(rowKeys.pattern(predicted), length: rowKeys.patternLength(predicted))
        {
            try cursor.registerKnownKey(key, ordinal: predicted, seen: &seen, firstAt: firstAt)
            previous = predicted
            return (key, topKeyOfOrdinal[predicted])
        }
        if cursor.endsObject() { return nil }
        return try nextTopKeyInGeneral(&cursor, bytes, seen: &seen, firstAt: firstAt, order: order, previous: &previous)
    }

    /// `nextTopKey` when the key is not the predicted one: read, matched and registered, and
    /// noted as the one that follows `previous`.
    @inline(never)
    func nextTopKeyInGeneral(
        _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, seen: inout UInt64,
        firstAt: UnsafeMutablePointer<Int>, order: UnsafeMutablePointer<Int8>, previous: inout Int
    ) throws(JSONError) -> (key: JSONStringToken, topKey: TopKey)? {
        guard let key = try cursor.nextKeyToken() else { return nil }
        let topKey: TopKey
        let ordinal: Int
        if let match = topKeys.matchWithOrdinal(key, in: bytes) {
            ordinal = match.ordinal
            topKey = match.key
        } else {
            ordinal = readsCompactElements ? learnedOrdinal(key, bytes) ?? -1 : -1
            topKey = .other
        }
        if ordinal >= 0 {
            try cursor.registerKnownKey(key, ordinal: ordinal, seen: &seen, firstAt: firstAt)
        } else {
            try cursor.registerKey(key)
        }
        try cursor.consumeColon()
        if readsCompactElements {
            order[previous] = Int8(truncatingIfNeeded: ordinal)
            previous = ordinal >= 0 ? ordinal : LearnedKeyNames.unnamed
        }
        return (key, topKey)
    }

    /// A key's ordinal among the names `rowKeys` has learned (learning it if it can), by its
    /// unescaped bytes.
    @inline(never)
    func learnedOrdinal(_ key: JSONStringToken, _ bytes: UnsafeRawBufferPointer) -> Int? {
        guard !key.hasEscapes else {
            return key.decodedBytes(in: bytes).withUnsafeBytes { rowKeys.ordinal(learning: $0) }
        }
        return rowKeys.ordinal(learning: UnsafeRawBufferPointer(rebasing: bytes[key.content]))
    }

    /// Whether a key is exactly `literal`.
    @inline(__always)
    static func same(_ key: JSONStringToken, _ literal: StaticString, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !key.hasEscapes else { return key.equals(literal, in: bytes) }
        guard key.content.count == literal.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base + key.content.lowerBound, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// What a row, flat line or request says at its top level, beyond the event itself.
    struct TopLevel {
        var pseudoID = ValueToken()
        var instanceID = ValueToken()
        var clientID = ValueToken()
        var userID = ValueToken()
        var paramsKind: InputFormat?
        var requestEvents: Range<Int>?
        // What the line's own keys say it is, whatever `--input-format` forces.
        var sawEvents = false
        var sawNameKey = false
        var sawEventTimestamp = false

        /// The first user id that is present, in GA4's order of precedence.
        var user: ValueToken? {
            // Spelled out: an array literal here would be built and freed for every row.
            if Self.isID(pseudoID) { return pseudoID }
            if Self.isID(instanceID) { return instanceID }
            if Self.isID(clientID) { return clientID }
            if Self.isID(userID) { return userID }
            return nil
        }

        @inline(__always) static func isID(_ token: ValueToken) -> Bool {
            token.kind == .string || token.kind == .number
        }
    }

    func scanTopObject(_ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer) throws(JSONError) {
        var event = ScannedEvent()
        event.offset = cursor.offset
        var top = TopLevel()
        try cursor.enterObject()
        var seen: UInt64 = 0
        var previous = LearnedKeyNames.objectStart
        while let (key, topKey) = try nextTopKey(
            &cursor, bytes, seen: &seen, firstAt: topKeyFirstAt, order: rowKeys.order, previous: &previous)
        {
            try readTopValue(topKey, key: key, &cursor, bytes, event: &event, top: &top)
        }
        if let user = top.user { event.user = user }
        if let requestEvents = top.requestEvents, forcedFormat != .bigQuery, forcedFormat != .flat {
            applyRequestLevel(event, top: top, to: requestEvents)
            if requestEvents.isEmpty {
                shape(&event, "the request holds no events", at: event.offset)
                event.indexInLine = events.count
                events.append(event)
            }
            return
        }
        let natural: InputFormat =
            top.sawEvents
            ? .measurementProtocol
            : top.paramsKind ?? (top.sawNameKey || (event.name != nil && !top.sawEventTimestamp) ? .flat : .bigQuery)
        event.format = forcedFormat ?? top.paramsKind ?? (event.name != nil ? .flat : .bigQuery)
        if let forcedFormat, !forcedFormat.isCapture, forcedFormat != natural {
            // `--input-format` forces the shape: a line of another one is reported, not read as that.
            event.formatMismatch = natural
        }
        if event.name == nil, !event.hasShapeProblem {
            if forcedFormat == nil || forcedFormat == .bigQuery,
                Self.topLevelKeys(bytes, from: event.offset).contains(where: { $0 == "event_dim" || $0 == "user_dim" })
            {
                event.otherSchema = .legacyFirebase
                shape(&event, "a row of the Firebase export before GA4 (user_dim, event_dim)", at: event.offset)
            } else {
                shape(&event, "no event_name (or name) and no events array: not an event", at: event.offset)
            }
        } else if event.name != nil, top.paramsKind == nil, !top.sawNameKey, !event.hasShapeProblem,
            forcedFormat == nil || forcedFormat == .bigQuery,
            Self.topLevelKeys(bytes, from: event.offset).contains(where: Self.isUnnestedColumn)
        {
            // Rows of the export always carry `event_params` (`[]` at least): a row with an event
            // name and a param's key or value as columns is one param of an event.
            event.otherSchema = .unnestedParams
            shape(&event, "one param of an event (a query result with UNNEST(event_params))", at: event.offset)
        }
        event.indexInLine = events.count
        events.append(event)
    }

    /// The keys of the object at `offset`, read again on the cold path of a row that is not an
    /// event as it stands (nil-free: a key that cannot be read ends the list).
    static func topLevelKeys(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> [String] {
        guard offset < bytes.count else { return [] }
        var cursor = JSONCursor(bytes: UnsafeRawBufferPointer(rebasing: bytes[offset...]), scratch: JSONScratch())
        var keys: [String] = []
        do throws(JSONError) {
            try cursor.enterObject()
            while let key = try cursor.nextKey() {
                keys.append(key.decodedString(in: UnsafeRawBufferPointer(rebasing: bytes[offset...])))
                try cursor.skipValue()
            }
        } catch {}
        return keys
    }

    /// A column an UNNEST of `event_params` (or `user_properties`) gives: `key`, `value`,
    /// `string_value`…, or one named after the param (`event_param_key`, `param_value`).
    static func isUnnestedColumn(_ key: String) -> Bool {
        key == "key" || key == "value" || key.hasSuffix("_value") || key.hasSuffix("_key") || key.contains("param")
    }

    /// Reads the value of one top-level key into the event (or the line's top level).
    @inline(__always)
    func readTopValue(
        _ topKey: TopKey, key: JSONStringToken, _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer,
        event: inout ScannedEvent, top: inout TopLevel
    ) throws(JSONError) {
        switch topKey {
        case .eventName, .name:
            if topKey == .name { top.sawNameKey = true }
            if try cursor.peekKind() == .string {
                event.nameOffset = cursor.offset
                event.name = try cursor.readString()
            } else {
                shape(&event, "\"\(key.decodedString(in: bytes))\" must be a string", at: cursor.offset)
                try cursor.skipValue()
            }
        case .eventParams:
            let start = params.count
            top.paramsKind = .bigQuery
            try scanKeyValueArray(&cursor, bytes, into: params, memo: paramsMemo, event: &event, what: "event_params")
            event.params = start..<params.count
        case .params:
            let start = params.count
            top.paramsKind = top.paramsKind ?? .flat
            try scanFlatObject(&cursor, bytes, into: params, event: &event, what: "params", itemsInside: true)
            event.params = start..<params.count
        case .userProperties: try scanUserProperties(&cursor, bytes, event: &event)
        case .userPseudoID: top.pseudoID = try readScalar(&cursor)
        case .appInstanceID: top.instanceID = try readScalar(&cursor)
        case .clientID: top.clientID = try readScalar(&cursor)
        case .userID: top.userID = try readScalar(&cursor)
        case .eventTimestamp, .timestampMicros:
            if topKey == .eventTimestamp { top.sawEventTimestamp = true }
            try readTimestamp(&cursor, bytes, event: &event)
        case .bundleSequence: event.bundleSequence = Self.integer(try readScalar(&cursor), bytes)
        case .appVersion: event.appVersion = try readScalar(&cursor)
        case .items: try scanItems(&cursor, bytes, event: &event)
        case .platform: event.platform = try readScalar(&cursor)
        case .appInfo: try scanAppInfo(&cursor, bytes, event: &event)
        case .events:
            // A forced row or flat format reads the line as one event: a nested events array
            // is then just another column.
            if forcedFormat == .bigQuery || forcedFormat == .flat {
                top.sawEvents = try cursor.peekKind() == .array
                try cursor.skipValue()
            } else if try cursor.peekKind() != .array {
                shape(&event, "events must be an array", at: cursor.offset)
                try cursor.skipValue()
            } else {
                let first = events.count
                try cursor.enterArray()
                while try cursor.nextElement() { try scanRequestEvent(&cursor, bytes) }
                top.requestEvents = first..<events.count
            }
        case .other:
            try cursor.skipValue()
        }
    }

    func scanUserProperties(
        _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, event: inout ScannedEvent
    ) throws(JSONError) {
        let start = userProperties.count
        switch try cursor.peekKind() {
        case .array:
            try scanKeyValueArray(
                &cursor, bytes, into: userProperties, memo: userPropertiesMemo, event: &event, what: "user_properties")
        case .object:
            try scanFlatObject(&cursor, bytes, into: userProperties, event: &event, what: "user_properties")
        case .null:
            try cursor.readNull()
        default:
            shape(&event, "user_properties must be an array or an object", at: cursor.offset)
            try cursor.skipValue()
        }
        event.userProperties = start..<userProperties.count
    }

    /// `event_timestamp` / `timestamp_micros`: a null stays absent, anything but an integer is
    /// an invalid timestamp.
    @inline(__always)
    func readTimestamp(
        _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, event: inout ScannedEvent
    ) throws(JSONError) {
        let token = try readScalar(&cursor)
        event.timestampOffset = token.offset
        if token.kind != .null {
            event.timestamp = Self.integer(token, bytes)
            event.timestampInvalid = event.timestamp == nil
        }
    }

    /// `app_info`: only its `version` is read.
    func scanAppInfo(
        _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, event: inout ScannedEvent
    ) throws(JSONError) {
        guard try cursor.peekKind() == .object else { return try cursor.skipValue() }
        try cursor.enterObject()
        while let inner = try cursor.nextKey() {
            if Self.same(inner, "version", bytes) {
                event.appVersion = try readScalar(&cursor)
            } else {
                try cursor.skipValue()
            }
        }
    }

    /// A Measurement Protocol request: request-level user, time, user properties and app version
    /// apply to each of its events.
    func applyRequestLevel(_ request: ScannedEvent, top: TopLevel, to requestEvents: Range<Int>) {
        let isWeb = top.clientID.kind == .string || top.clientID.kind == .number
        for index in requestEvents {
            events[index].user = request.user
            if events[index].timestamp == nil, !events[index].timestampInvalid {
                events[index].timestamp = request.timestamp
                events[index].timestampInvalid = request.timestampInvalid
                events[index].timestampOffset = request.timestampOffset
            }
            events[index].userProperties = request.userProperties
            events[index].appVersion = request.appVersion
            if events[index].platform.kind == .absent { events[index].platform = request.platform }
            if isWeb { events[index].impliedPlatform = "WEB" }
            if !events[index].hasShapeProblem, request.hasShapeProblem {
                events[index].shapeProblemIndex = request.shapeProblemIndex
                events[index].shapeProblemOffset = request.shapeProblemOffset
            }
        }
    }

    /// One event of a Measurement Protocol request: `{name, params, timestamp_micros}`.
    func scanRequestEvent(_ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer) throws(JSONError) {
        var event = ScannedEvent()
        event.format = .measurementProtocol
        event.offset = cursor.offset
        event.indexInLine = events.count
        guard try cursor.peekKind() == .object else {
            shape(&event, "an element of events is not an object", at: cursor.offset)
            try cursor.skipValue()
            events.append(event)
            return
        }
        try cursor.enterObject()
        var seen: UInt64 = 0
        var previous = LearnedKeyNames.objectStart
        while let (_, topKey) = try nextTopKey(
            &cursor, bytes, seen: &seen, firstAt: topKeyFirstAt + 64,
            order: rowKeys.order + LearnedKeyNames.orderEntries,
            previous: &previous)
        {
            switch topKey {
            case .name, .eventName:
                if try cursor.peekKind() == .string {
                    event.nameOffset = cursor.offset
                    event.name = try cursor.readString()
                } else {
                    shape(&event, "the event name must be a string", at: cursor.offset)
                    try cursor.skipValue()
                }
            case .params:
                let start = params.count
                try scanFlatObject(&cursor, bytes, into: params, event: &event, what: "params", itemsInside: true)
                event.params = start..<params.count
            case .timestampMicros, .eventTimestamp:
                try readTimestamp(&cursor, bytes, event: &event)
            default:
                try cursor.skipValue()
            }
        }
        if event.name == nil, !event.hasShapeProblem {
            shape(&event, "an event of the request has no name", at: event.offset)
        }
        events.append(event)
    }

    // MARK: - Params and user properties

    /// BigQuery's `[{key, value: {string_value | int_value | float_value | double_value}}]`.
    /// `scanKeyValueArray`, replaying the array `memo` kept when the bytes repeat it, and keeping
    /// the array read otherwise (a plain one, read without a shape problem).
    @inline(__always)
    func scanKeyValueArray(
        _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, into fields: ScanBuffer<ScannedField>,
        memo: KeyValueMemo, event: inout ScannedEvent, what: StaticString
    ) throws(JSONError) {
        guard readsCompactElements, cursor.mode == .strict else {
            return try scanKeyValueArray(&cursor, bytes, into: fields, event: &event, what: what)
        }
        if memo.replay(&cursor, bytes, into: fields) { return }
        let start = cursor.offset
        let depth = cursor.depth
        let first = fields.count
        let hadShapeProblem = event.hasShapeProblem
        try scanKeyValueArray(&cursor, bytes, into: fields, event: &event, what: what)
        if !hadShapeProblem, !event.hasShapeProblem, start < bytes.count, bytes[start] == ASCII.openBracket {
            memo.keep(from: start, depth: depth, cursor, bytes, fields: fields, first: first)
        }
    }

    func scanKeyValueArray(
        _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, into fields: ScanBuffer<ScannedField>,
        event: inout ScannedEvent, what: StaticString
    ) throws(JSONError) {
        switch try cursor.peekKind() {
        case .array: break
        case .null:
            try cursor.readNull()
            return
        default:
            shape(&event, "\(what) must be an array", at: cursor.offset)
            try cursor.skipValue()
            return
        }
        try cursor.enterArray()
        while try cursor.nextElement() {
            guard try cursor.peekKind() == .object else {
                shape(&event, "an element of \(what) is not an object", at: cursor.offset)
                try cursor.skipValue()
                continue
            }
            if readsCompactElements, let field = readCompactElement(&cursor, bytes) {
                fields.append(field)
                continue
            }
            let elementOffset = cursor.offset
            var key: JSONStringToken?
            var value = ValueToken()
            try cursor.enterObject()
            while let member = try cursor.nextKey() {
                if Self.same(member, "key", bytes), try cursor.peekKind() == .string {
                    key = try cursor.readString()
                } else if Self.same(member, "value", bytes), try cursor.peekKind() == .object {
                    value.offset = cursor.offset
                    try cursor.enterObject()
                    while let slotKey = try cursor.nextKey() {
                        let slot: ValueSlot?
                        switch slotKey.content.count {
                        case 12:
                            slot =
                                Self.same(slotKey, "string_value", bytes)
                                ? .stringValue
                                : Self.same(slotKey, "double_value", bytes) ? .doubleValue : nil
                        case 9: slot = Self.same(slotKey, "int_value", bytes) ? .intValue : nil
                        case 11: slot = Self.same(slotKey, "float_value", bytes) ? .floatValue : nil
                        default: slot = nil
                        }
                        guard let slot else {
                            try cursor.skipValue()
                            continue
                        }
                        let token = try readScalar(&cursor)
                        if token.kind != .null, value.kind == .absent || value.kind == .null {
                            value = token
                            value.slot = slot
                        }
                    }
                    if value.kind == .absent { value.kind = .null }
                } else if Self.same(member, "value", bytes), let kind = try Self.notAnObject(cursor.peekKind()) {
                    // `"value": "x"`: not the export's shape, whatever the param's type; at its byte.
                    shape(
                        &event,
                        "the value of an element of \(what) must be an object ({\"string_value\": …} or \"int_value\", "
                            + "\"float_value\", \"double_value\"), not \(kind)", at: cursor.offset)
                    try cursor.skipValue()
                } else {
                    try cursor.skipValue()
                }
            }
            guard let key else {
                shape(&event, "an element of \(what) has no string key", at: elementOffset)
                continue
            }
            fields.append(ScannedField(key: key, value: value, keyHash: hash(key, bytes)))
        }
    }

    /// How a message names a JSON kind that is not an object (null is no value, so nil).
    static func notAnObject(_ kind: JSONValueKind) -> String? {
        switch kind {
        case .object, .null: nil
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a bool"
        }
    }

    /// Flat logs and MP: `{"name": value}`; for user properties also `{"name": {"value": v}}`.
    func scanFlatObject(
        _ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, into fields: ScanBuffer<ScannedField>,
        event: inout ScannedEvent, what: StaticString, itemsInside: Bool = false
    ) throws(JSONError) {
        switch try cursor.peekKind() {
        case .object: break
        case .null:
            try cursor.readNull()
            return
        default:
            shape(&event, "\(what) must be an object", at: cursor.offset)
            try cursor.skipValue()
            return
        }
        try cursor.enterObject()
        while let key = try cursor.nextKey() {
            // Measurement Protocol (and flat logs) carry `items` among the params.
            if itemsInside, key.content.count == 5, Self.same(key, "items", bytes), try cursor.peekKind() == .array {
                try scanItems(&cursor, bytes, event: &event)
                continue
            }
            var value: ValueToken
            if try cursor.peekKind() == .object {
                // `{"value": v, "set_timestamp_micros": …}` (MP user properties).
                value = ValueToken()
                value.offset = cursor.offset
                value.kind = .compound
                try cursor.enterObject()
                while let member = try cursor.nextKey() {
                    if Self.same(member, "value", bytes) {
                        value = try readScalar(&cursor)
                    } else {
                        try cursor.skipValue()
                    }
                }
            } else {
                value = try readScalar(&cursor)
            }
            fields.append(ScannedField(key: key, value: value, keyHash: hash(key, bytes)))
        }
    }

    /// `items`: bq rows give each element its columns plus `item_params` (key/value pairs);
    /// Measurement Protocol and flat logs give flat objects.
    func scanItems(_ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer, event: inout ScannedEvent)
        throws(JSONError)
    {
        switch try cursor.peekKind() {
        case .array: break
        case .null:
            try cursor.readNull()
            return
        default:
            shape(&event, "items must be an array", at: cursor.offset)
            try cursor.skipValue()
            return
        }
        let first = items.count
        try cursor.enterArray()
        while try cursor.nextElement() {
            guard try cursor.peekKind() == .object else {
                shape(&event, "an element of items is not an object", at: cursor.offset)
                try cursor.skipValue()
                continue
            }
            let offset = cursor.offset
            let start = itemFields.count
            try cursor.enterObject()
            while let key = try cursor.nextKey() {
                if key.content.count == 11, Self.same(key, "item_params", bytes) {
                    try scanKeyValueArray(&cursor, bytes, into: itemFields, event: &event, what: "item_params")
                    continue
                }
                let value = try readScalar(&cursor)
                // A null column (BigQuery-console JSON) is an absent field.
                if value.kind == .null { continue }
                itemFields.append(ScannedField(key: key, value: value, keyHash: hash(key, bytes)))
            }
            items.append(ScannedItem(offset: offset, fields: start..<itemFields.count))
        }
        event.items = first..<items.count
    }

    // MARK: - Scalars

    @inline(__always)
    func readScalar(_ cursor: inout JSONCursor) throws(JSONError) -> ValueToken {
        var token = ValueToken()
        // The kind first: it skips the whitespace after the colon (`"key": value`), so the
        // offset is the value's first byte.
        let kind = try cursor.peekKind()
        token.offset = cursor.offset
        // `peekKind` has put the cursor on the value's first byte and told its kind, so the
        // string and number scanners start there directly.
        switch kind {
        case .string:
            let string = try cursor.scanString()
            token.kind = .string
            token.range = string.content
            token.hasEscapes = string.hasEscapes
        case .number:
            token.kind = .number
            token.range = try cursor.scanNumber()
        case .bool:
            token.kind = .bool
            token.boolValue = try cursor.readBool()
        case .null:
            try cursor.readNull()
            token.kind = .null
        case .object, .array:
            try cursor.skipValue()
            token.kind = .compound
        }
        return token
    }

    func shape(_ event: inout ScannedEvent, _ message: String, at offset: Int) {
        if !event.hasShapeProblem {
            event.shapeProblemIndex = Int32(truncatingIfNeeded: scan.shapeProblems.count)
            scan.shapeProblems.append(message)
            event.shapeProblemOffset = offset
        }
    }

    /// The hash of a key's unescaped bytes.
    @inline(__always)
    func hash(_ key: JSONStringToken, _ bytes: UnsafeRawBufferPointer) -> UInt64 {
        if !key.hasEscapes {
            return ByteHash.hash(UnsafeRawBufferPointer(rebasing: bytes[key.content]), seed: hashSeed)
        }
        return key.decodedBytes(in: bytes).withUnsafeBytes { ByteHash.hash($0, seed: hashSeed) }
    }

    /// An integer from a JSON number or a digit string (`"1611798022695757"`), without rounding.
    static func integer(_ token: ValueToken, _ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard (token.kind == .string && !token.hasEscapes) || token.kind == .number else { return nil }
        return parseInt64(UnsafeRawBufferPointer(rebasing: bytes[token.range]))
    }

    /// The value of eight ASCII digits loaded little-endian (the first digit in the low byte),
    /// or nil when a byte is not a digit. Every byte's high nibble must be 3, and adding 6 must
    /// leave it 3 (a low nibble of 10 to 15 carries into it); then three multiply-and-shift
    /// steps join digits into pairs, quads and the eight, with no carry between lanes (at most
    /// 99, 9,999 and 99,999,999).
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64? {
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        guard word & nibbles == threes, (word + 0x0606_0606_0606_0606) & nibbles == threes else { return nil }
        var value = word - threes
        value = (value &* 10 + value >> 8) & 0x00FF_00FF_00FF_00FF
        value = (value &* 100 + value >> 16) & 0x0000_FFFF_0000_FFFF
        return (value &* 10_000 + value >> 32) & 0xFFFF_FFFF
    }

    /// Parses `-?[0-9]+` into an Int64, nil on anything else or overflow.
    static func parseInt64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var index = 0
        var negative = false
        if bytes.count > 0, bytes[0] == 0x2D {
            negative = true
            index = 1
        }
        guard index < bytes.count else { return nil }
        if bytes.count - index <= 18 {
            // Eighteen digits cannot overflow: eight digits a step while there are eight (a GA4
            // timestamp has 16), then one at a time.
            var value: Int64 = 0
            while bytes.count - index >= 8 {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                guard let eight = eightDigits(word) else { return nil }
                value = value * 100_000_000 + Int64(eight)
                index += 8
            }
            while index < bytes.count {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
                index += 1
            }
            return negative ? -value : value
        }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative
                ? times.subtractingReportingOverflow(Int64(digit))
                : times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return value
    }
}
