/// File names as the system has them: bytes, not necessarily UTF-8.
///
/// A path travels through eventlint as a `String`. A name that is not UTF-8 (`caf\xE9.ndjson`
/// from a Latin-1 system, a name made by a tool) would be repaired on the way in (`caf�.ndjson`)
/// and then opened under the repaired name: "no such file". Instead, each byte that is not part
/// of valid UTF-8 is carried as one private-use scalar (U+10FC80 … U+10FCFF for bytes 0x80 …
/// 0xFF), and turned back into that byte where the path is handed to the system. The mapping is
/// reversible for every byte string: a name that really contains one of those scalars carries
/// the UTF-8 bytes of that scalar the same way. Messages show such bytes as `\xE9`.
public enum SystemPath {
    private static let base: UInt32 = 0x10FC00
    private static let carried: ClosedRange<UInt32> = 0x10FC80...0x10FCFF

    /// The path for bytes from the system (argv, `glob`, a directory listing).
    public static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        if let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: { carried.contains($0.value) })
        {
            return text
        }
        var scalars = String.UnicodeScalarView()
        let bytes = Array(bytes)
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0,
                let text = String(validating: bytes[index..<index + length], as: UTF8.self),
                let scalar = text.unicodeScalars.first, !carried.contains(scalar.value)
            {
                scalars.append(scalar)
            } else {
                for byte in bytes[index..<index + max(length, 1)] {
                    scalars.append(Unicode.Scalar(base + UInt32(byte))!)
                }
            }
            index += max(length, 1)
        }
        return String(scalars)
    }

    /// The path for a C string from the system.
    public static func string(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            string(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The bytes the system knows the path by.
    public static func bytes(_ path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: { carried.contains($0.value) }) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        for scalar in path.unicodeScalars {
            if carried.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - base))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with the path as the NUL-terminated bytes the system knows it by.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows
        -> Result
    {
        guard path.unicodeScalars.contains(where: { carried.contains($0.value) }) else {
            return try path.withCString(body)
        }
        let terminated = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try terminated.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The path for a message on standard error or a terminal: `display`, then `VisibleText`
    /// (a newline, an escape or a bidi control in a file name is shown escaped).
    public static func shown(_ path: String) -> String { VisibleText.of(display(path)) }

    /// The path for messages and reports: carried bytes as `\xE9`.
    public static func display(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { carried.contains($0.value) }) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            if carried.contains(scalar.value) {
                let byte = UInt8(scalar.value - base)
                text += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        return String(validating: bytes[index..<index + length], as: UTF8.self) == nil ? 0 : length
    }
}
