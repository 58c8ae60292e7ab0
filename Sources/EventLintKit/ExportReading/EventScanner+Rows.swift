#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rows, flat lines and requests: each export shape's top-level members read into a `ScannedEvent`.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
extension EventScanner {

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
                shape(&event, .requestWithoutEvents, at: event.offset)
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
            let keys = Self.topLevelKeys(bytes, from: event.offset)
            if forcedFormat == nil || forcedFormat == .bigQuery,
                keys.contains(where: { $0 == "event_dim" || $0 == "user_dim" })
            {
                event.otherSchema = .legacyFirebase
                shape(&event, .legacyFirebaseRow, at: event.offset)
            } else if keys.contains("validationMessages") {
                shape(&event, .validationResponse, at: event.offset)
            } else {
                shape(&event, .noEventName, at: event.offset)
            }
        } else if event.name != nil, top.paramsKind == nil, !top.sawNameKey, !event.hasShapeProblem,
            forcedFormat == nil || forcedFormat == .bigQuery,
            Self.isUnnestedRow(bytes, from: event.offset)
        {
            // Rows of the export always carry `event_params` (`[]` at least): a row with an event
            // name and a param's key or value as columns is one param of an event.
            event.otherSchema = .unnestedParams
            shape(&event, .unnestedParamRow, at: event.offset)
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

    /// Whether the object at `offset` (a row with an event name and no params array) has the
    /// columns an UNNEST of `event_params` (or `user_properties`) gives: the param's name as a
    /// column (`key`, `event_param_key`, `param_name`) beside its value as one (`value`,
    /// `string_value`, `event_param_string`…), or the param's whole record as one column
    /// (`"p": {"key": …, "value": …}`). A param's name is what tells such a row from a flat event:
    /// a flat event's own `value` (GA4's param of purchases and leads), `order_value` or `key`
    /// alone are params.
    static func isUnnestedRow(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        let row = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        var cursor = JSONCursor(bytes: row, scratch: JSONScratch())
        var nameColumn = false
        var valueColumn = false
        do throws(JSONError) {
            try cursor.enterObject()
            while let token = try cursor.nextKey() {
                // By bytes: this runs on every flat event (an escaped key is decoded first).
                let column =
                    token.hasEscapes
                    ? Self.unnestedColumn(Array(token.decodedString(in: row).utf8)[...])
                    : Self.unnestedColumn(row[token.content])
                if column == .name { nameColumn = true }
                if column == .value { valueColumn = true }
                guard try cursor.peekKind() == .object else {
                    try cursor.skipValue()
                    continue
                }
                // A record column: the param's own `key` in it.
                try cursor.enterObject()
                while let member = try cursor.nextKey() {
                    if !member.hasEscapes, Self.equals(row[member.content], "key") { return true }
                    try cursor.skipValue()
                }
            }
        } catch {}
        return nameColumn && valueColumn
    }

    enum UnnestedColumn { case name, value, other }

    /// What a column of a row tells of an UNNEST: the param's name (`key`, `event_param_key`,
    /// `param_name`), its value (`value`, `string_value`, `event_param_string`), or neither.
    static func unnestedColumn<Key: Collection<UInt8>>(_ key: Key) -> UnnestedColumn where Key.Index == Int {
        let param = contains(key, "param")
        if equals(key, "key") || (param && (endsWith(key, "key") || endsWith(key, "name"))) { return .name }
        if param || equals(key, "value") || endsWith(key, "_value") { return .value }
        return .other
    }

    static func equals<Key: Collection<UInt8>>(_ key: Key, _ text: StaticString) -> Bool where Key.Index == Int {
        key.count == text.utf8CodeUnitCount && endsWith(key, text)
    }

    static func endsWith<Key: Collection<UInt8>>(_ key: Key, _ text: StaticString) -> Bool where Key.Index == Int {
        let count = text.utf8CodeUnitCount
        guard key.count >= count else { return false }
        let start = key.endIndex - count
        return (0..<count).allSatisfy { key[start + $0] == text.utf8Start[$0] }
    }

    static func contains<Key: Collection<UInt8>>(_ key: Key, _ text: StaticString) -> Bool where Key.Index == Int {
        let count = text.utf8CodeUnitCount
        guard key.count >= count else { return false }
        return (key.startIndex...(key.endIndex - count)).contains { start in
            (0..<count).allSatisfy { key[start + $0] == text.utf8Start[$0] }
        }
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
                shape(&event, .nameNotAString(key: key.decodedString(in: bytes)), at: cursor.offset)
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
                shape(&event, .notAnArray("events"), at: cursor.offset)
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
            shape(&event, .userPropertiesNeitherArrayNorObject, at: cursor.offset)
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
            shape(&event, .elementNotAnObject("events"), at: cursor.offset)
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
                    shape(&event, .requestEventNameNotAString, at: cursor.offset)
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
            shape(&event, .requestEventWithoutName, at: event.offset)
        }
        events.append(event)
    }
}
