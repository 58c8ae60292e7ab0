/// A JSON value built for output. It is separate from the reader's `JSONValue` because output
/// needs typed numbers (`Int64`, `Double`) rather than source lexemes, and object members in the
/// order the writer chose, so every document eventlint prints is byte-for-byte stable.
public enum JSONOutput: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// Non-finite values have no JSON spelling and are written as `null`.
    case double(Double)
    case string(String)
    case array([JSONOutput])
    /// Members in the order they are written; the writer never sorts or deduplicates them.
    case object([(String, JSONOutput)])

    /// Builds an object, dropping members whose value is `nil`, so optional fields
    /// (`byteOffset`, `event`, …) are simply absent instead of `null`.
    public static func object(omittingNil members: [(String, JSONOutput?)]) -> JSONOutput {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    /// Convenience for counts and positions, which are `Int` everywhere else.
    public static func int(_ value: Int) -> JSONOutput { .int(Int64(value)) }

    /// The JSON text: one line when `pretty` is false, otherwise indented by two spaces with
    /// `"key": value` members. No trailing newline.
    /// With `jobs` over one, a long array (a report's findings) is written in one slice per job,
    /// each on its own thread, and the slices joined in order: the same bytes as with one job.
    public func rendered(pretty: Bool = true, jobs: Int = 1) -> String {
        var writer = JSONOutputWriter(pretty: pretty, jobs: jobs)
        writer.write(self, depth: 0)
        return writer.output
    }

    /// Escapes `text` as the body of a JSON string literal (without the surrounding quotes):
    /// `"` and `\` are escaped, control characters become `\n`, `\r`, `\t` or `\u00XX`, and
    /// everything else, non-ASCII included, stays as UTF-8 so output remains readable — except
    /// what a consumer printing the value raw would pass to a terminal or a parser unseen: the
    /// characters of `EscapedScalars` (DEL and C1 controls, bidi controls, zero-width and other
    /// format characters, U+2028/U+2029, line breaks to JavaScript), which become `\uXXXX` (the
    /// same characters, in a spelling every JSON reader decodes).
    public static func escaped(_ text: String) -> String {
        // Most text needs no escape at all: return it as is rather than rebuilding it.
        if !text.utf8.contains(where: needsEscape) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        var text = text
        text.withUTF8 { appendEscaped($0, to: &bytes) }
        // Valid UTF-8: whole sequences of the string and ASCII escapes.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A byte that may start something `escaped` rewrites.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x7F }

    /// `escaped` on a string's UTF-8 (which Swift keeps valid), appended to `bytes`: the runs
    /// that need nothing are copied whole, so a message with one quote in it costs a few
    /// copies, not a string built scalar by scalar.
    ///
    /// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        let count = utf8.count
        var index = 0
        var run = 0
        while index < count {
            let byte = utf8[index]
            if !needsEscape(byte) {
                index += 1
                continue
            }
            var length = 1
            var scalar = UInt32(byte)
            if byte >= 0x80 {
                // The sequence's length from its lead byte, then the scalar it encodes.
                length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= count else { break }
                scalar = UInt32(byte) & (0x7F >> length)
                for next in 1..<length { scalar = scalar << 6 | UInt32(utf8[index + next] & 0x3F) }
            }
            let escape: StaticString?
            switch scalar {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            default:
                guard let decoded = Unicode.Scalar(scalar), EscapedScalars.contains(decoded) else {
                    index += length
                    continue
                }
                escape = nil
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
            if let escape {
                escape.withUTF8Buffer { bytes.append(contentsOf: $0) }
            } else {
                // Past U+FFFF (the tag characters), JSON spells a scalar as its UTF-16 surrogates.
                let units =
                    scalar > 0xFFFF
                    ? [0xD800 + ((scalar - 0x10000) >> 10), 0xDC00 + ((scalar - 0x10000) & 0x3FF)] : [scalar]
                for unit in units {
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
                    for shift in stride(from: 12, through: 0, by: -4) {
                        bytes.append(hexDigits[Int(unit >> UInt32(shift) & 0xF)])
                    }
                }
            }
            index += length
            run = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<count]))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

}

extension JSONOutput: Equatable {
    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}

/// Accumulates JSON text as UTF-8 bytes; a value type so rendering has no shared state. Bytes,
/// not `String` concatenation: a report of a few hundred findings is tens of thousands of small
/// pieces, and joining them as strings cost more than reading a 20 MB export's params.
private struct JSONOutputWriter {
    let pretty: Bool
    /// Threads a long array may be written on (`Slices`).
    var jobs = 1
    var bytes: [UInt8] = []

    var output: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ value: JSONOutput, depth: Int) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): writeInteger(number)
        case .double(let number): append(Self.spell(number))
        case .string(let text): writeString(text)
        case .array(let elements):
            if elements.isEmpty {
                append("[]")
                return
            }
            bytes.append(UInt8(ascii: "["))
            if jobs > 1, Slices.ranges(count: elements.count, jobs: jobs).count > 1 {
                let pretty = pretty
                for slice in Slices.map(
                    count: elements.count, jobs: jobs,
                    { range in
                        var writer = JSONOutputWriter(pretty: pretty)
                        writer.writeElements(elements[range], first: range.lowerBound == 0, depth: depth)
                        return writer.bytes
                    })
                {
                    bytes.append(contentsOf: slice)
                }
            } else {
                writeElements(elements[...], first: true, depth: depth)
            }
            newline(depth: depth)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                append("{}")
                return
            }
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1)
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                write(member, depth: depth + 1)
            }
            newline(depth: depth)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// An array's elements at `depth + 1`, each after its comma (unless it is the array's
    /// `first`) and line break.
    private mutating func writeElements(_ elements: ArraySlice<JSONOutput>, first: Bool, depth: Int) {
        for index in elements.indices {
            if index > elements.startIndex || !first { bytes.append(UInt8(ascii: ",")) }
            newline(depth: depth + 1)
            write(elements[index], depth: depth + 1)
        }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A string literal: the text as it is when nothing in it needs an escape (nearly always),
    /// else `JSONOutput.escaped`'s spelling.
    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            if utf8.contains(where: JSONOutput.needsEscape) {
                JSONOutput.appendEscaped(utf8, to: &bytes)
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        // The indentation in runs of up to 64 spaces, not a byte at a time.
        var left = depth * 2
        while left > 0 {
            let run = min(left, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<run])) }
            left -= run
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// An integer's decimal digits, written straight into the output (no `String` for each).
    private mutating func writeInteger(_ number: Int64) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned, so Int64.min has one too.
        var magnitude = number.magnitude
        // 24 bytes of room: an Int64 has at most 19 digits.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var end = buffer.count
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[end...]))
        }
    }

    /// Swift's shortest round-trip spelling (`0.1`, `1e-05`, `2.0`) is valid JSON for every
    /// finite value; infinities and NaN are not representable and become `null`.
    private static func spell(_ number: Double) -> String {
        number.isFinite ? String(describing: number) : "null"
    }
}
