#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Params and user properties: the key and value of each, and items, recorded as tokens in place.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
extension EventScanner {

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
            shape(&event, .notAnArray(what), at: cursor.offset)
            try cursor.skipValue()
            return
        }
        try cursor.enterArray()
        while try cursor.nextElement() {
            guard try cursor.peekKind() == .object else {
                shape(&event, .elementNotAnObject(what), at: cursor.offset)
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
                    value = try readValueObject(&cursor, bytes)
                } else if Self.same(member, "value", bytes), let kind = try Self.notAnObject(cursor.peekKind()) {
                    // `"value": "x"`: not the export's shape, whatever the param's type; at its byte.
                    shape(&event, .elementValueNotAnObject(what, found: kind), at: cursor.offset)
                    try cursor.skipValue()
                } else {
                    try cursor.skipValue()
                }
            }
            guard let key else {
                shape(&event, .elementWithoutKey(what), at: elementOffset)
                continue
            }
            fields.append(ScannedField(key: key, value: value, keyHash: hash(key, bytes)))
        }
    }

    /// An element's `value` object (`{"string_value": …, "int_value": null, …}`): the first
    /// slot that holds a value, or null when none does. The cursor is on the object.
    @inline(__always)
    func readValueObject(_ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer) throws(JSONError) -> ValueToken {
        var value = ValueToken()
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
        return value
    }

    /// The kind of a param's `value` that is not an object, or nil (null is no value).
    static func notAnObject(_ kind: JSONValueKind) -> JSONValueKind? {
        kind == .object || kind == .null ? nil : kind
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
            shape(&event, .notAnObject(what), at: cursor.offset)
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
            shape(&event, .notAnArray("items"), at: cursor.offset)
            try cursor.skipValue()
            return
        }
        let first = items.count
        try cursor.enterArray()
        while try cursor.nextElement() {
            guard try cursor.peekKind() == .object else {
                shape(&event, .elementNotAnObject("items"), at: cursor.offset)
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
}
