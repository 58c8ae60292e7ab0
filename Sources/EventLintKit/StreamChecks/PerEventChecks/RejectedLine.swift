/// A line the lint could not read as an event (not JSON, too long): kept so `--rejects FILE`
/// can hand it back, Snowplow "bad rows" style — nothing is lost silently.
public struct RejectedLine: Sendable {
    public var finding: Finding
    /// Offset of the line's first byte in the (decompressed) input.
    public var lineOffset: Int64
    /// The line's first bytes, raw.
    public var prefix: [UInt8]
    /// The line's real size in bytes.
    public var size: Int64

    /// One NDJSON record: file, line, column, byte offset, rule id, message, the first bytes
    /// base64-encoded, and the real size.
    public var json: JSONOutput {
        .object([
            ("file", .string(finding.location.file)), ("line", .int(finding.location.line)),
            ("column", .int(finding.location.column)), ("byteOffset", .int(Int64(lineOffset))),
            ("rule", .string(finding.ruleID)), ("message", .string(finding.message)),
            ("bytesBase64", .string(Base64.encode(prefix))), ("size", .int(Int64(size))),
            ("truncated", .bool(Int64(prefix.count) < size)),
        ])
    }
}

/// Receives rejected lines as the line pass reads them, in file and line order (`--rejects
/// FILE`: the front end writes each as one NDJSON record). A sink remembers its own write
/// failure; the front end checks it after the run.
public protocol RejectSink: AnyObject, Sendable {
    func write(_ line: RejectedLine)
}

/// Standard base64 (RFC 4648, with padding), for raw bytes in JSON output.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(rest == 2 ? alphabet[Int(chunk >> 6 & 63)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(validating: output, as: UTF8.self) ?? ""
    }
}
