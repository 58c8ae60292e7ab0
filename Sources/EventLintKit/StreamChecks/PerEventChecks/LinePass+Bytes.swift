/// Byte helpers: a token's bytes unescaped, shown or counted, for the checks and their messages.
extension LinePass {
    /// Runs `body` on a token's unescaped bytes: the input itself when there is no escape (the
    /// common case, no allocation), a decoded copy otherwise.
    @inline(__always)
    static func withBytes<T>(
        _ token: JSONStringToken, _ bytes: UnsafeRawBufferPointer,
        _ body: (UnsafeRawBufferPointer) -> T
    ) -> T {
        if !token.hasEscapes { return body(UnsafeRawBufferPointer(rebasing: bytes[token.content])) }
        return token.decodedBytes(in: bytes).withUnsafeBytes(body)
    }

    @inline(__always)
    static func withValueBytes<T>(
        _ value: ValueToken, _ bytes: UnsafeRawBufferPointer,
        _ body: (UnsafeRawBufferPointer) -> T
    ) -> T {
        if !value.hasEscapes || value.kind != .string {
            return body(UnsafeRawBufferPointer(rebasing: bytes[value.range]))
        }
        return decodedValue(value, bytes).withUnsafeBytes(body)
    }

    static func decoded(_ token: JSONStringToken, _ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        token.decodedBytes(in: bytes)
    }

    static func decodedValue(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        guard value.kind == .string else { return Array(bytes[value.range]) }
        return JSONStringToken(content: value.range, hasEscapes: value.hasEscapes, isQuoted: true).decodedBytes(
            in: bytes)
    }

    /// A value as a finding keeps it: its text, cut to `FindingContext.maxValueBytes`.
    static func shownValue(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> String? {
        switch value.kind {
        case .string, .number:
            // Without escapes only a prefix is decoded (a long value costs no more than a short one).
            var cut = value
            if !value.hasEscapes {
                cut.range =
                    value.range
                    .lowerBound..<min(value.range.upperBound, value.range.lowerBound + 4 * FindingContext.maxValueBytes)
            }
            return FindingContext.bounded(text(cut, bytes))
        case .bool: return value.boolValue ? "true" : "false"
        case .null, .absent, .compound: return nil
        }
    }

    static func text(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> String {
        decodedValue(value, bytes).withUnsafeBytes { string($0) }
    }

    static func string(_ raw: UnsafeRawBufferPointer) -> String {
        String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self) ?? LineIndex.escapedRendering(raw)
    }

    static func string(_ raw: [UInt8]) -> String { raw.withUnsafeBytes { string($0) } }

    static func integer(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> Int64? {
        EventScanner.integer(value, bytes)
    }

    static func version(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> AppVersion? {
        guard value.kind == .string else { return nil }
        return AppVersion(text(value, bytes))
    }

    /// Characters as GA4 counts them: Unicode scalars (UTF-8 lead bytes).
    static func characterCount(_ raw: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in raw where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    static func list(_ values: [String]) -> String {
        let shown = values.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
        return values.count > 12 ? shown + ", …" : shown
    }

    static func format(_ number: Double) -> String { NumberText.format(number) }

    /// `as string_value "26840"`, or `with no value`.
    static func arrival(_ value: ValueToken, _ wire: Wire, _ bytes: UnsafeRawBufferPointer) -> String {
        value.kind == .null || value.kind == .absent ? "with no value" : "as " + describe(value, wire, bytes)
    }

    static func describe(_ value: ValueToken, _ wire: Wire, _ bytes: UnsafeRawBufferPointer) -> String {
        let slot: String
        switch value.slot {
        case .stringValue: slot = "string_value "
        case .intValue: slot = "int_value "
        case .floatValue: slot = "float_value "
        case .doubleValue: slot = "double_value "
        case .printed: slot = "the printed value "
        case .direct: slot = ""
        }
        switch value.kind {
        case .string: return "\(slot.isEmpty ? "a string " : slot)\"\(text(value, bytes))\""
        case .number: return "\(slot.isEmpty ? "a number " : slot)\(text(value, bytes))"
        case .bool: return value.boolValue ? "true" : "false"
        case .null, .absent: return "no value"
        case .compound: return "an object or array"
        }
    }
}
