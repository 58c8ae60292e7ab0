import Testing

@testable import EventLintKit

/// The top-level key names are written once (`EventScanner.TopKey`'s raw values): each is found
/// as written and with escapes, and near misses (one byte off, a prefix, longer) are not.
@Suite struct KeyMatcherTests {
    static func token(_ json: String) throws -> (JSONStringToken, [UInt8]) {
        let bytes = Array(json.utf8)
        let token = try bytes.withUnsafeBytes { raw throws(JSONError) in
            var cursor = JSONCursor(bytes: raw, scratch: JSONScratch())
            try cursor.enterObject()
            return try cursor.nextKey()
        }
        return (try #require(token), bytes)
    }

    @Test(arguments: EventScanner.TopKey.allCases.filter { $0 != .other })
    func everyNameIsFoundPlainAndEscaped(key: EventScanner.TopKey) throws {
        let scanner = EventScanner()
        let name = key.rawValue
        let escaped = "\\u00" + String(name.utf8.first!, radix: 16) + name.dropFirst()
        for written in [name, escaped] {
            let (token, bytes) = try Self.token("{\"\(written)\":1}")
            #expect(bytes.withUnsafeBytes { scanner.topKey(token, $0) } == key, "\(written)")
        }
        var wrongLast = Array(name.utf8)
        wrongLast[wrongLast.count - 1] ^= 0x01
        for near in [
            String(decoding: wrongLast, as: UTF8.self), name + "x", String(name.dropLast()), "X" + name.dropFirst(),
        ] {
            let (token, bytes) = try Self.token("{\"\(near)\":1}")
            #expect(bytes.withUnsafeBytes { scanner.topKey(token, $0) } == .other, "\(near)")
        }
    }

    /// Keys of up to eight bytes and the same length have equal heads exactly when their bytes are
    /// equal (duplicate keys of small objects are found by heads alone); longer keys share a
    /// head only with keys of the same first eight bytes.
    @Test func keyHeadsTellShortKeysApart() {
        var generator = SeededGenerator(seed: 0x4EAD)
        for length in 0...12 {
            var seen: [UInt64: [UInt8]] = [:]
            for _ in 0..<3000 {
                // A small alphabet, so equal keys and near misses are frequent.
                let key = (0..<length).map { _ in [0x61, 0x62, 0x00, 0xFF][Int(generator.next() % 4)] as UInt8 }
                let head = key.withUnsafeBytes {
                    KeyHead.of($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: length)
                }
                if let earlier = seen[head] {
                    let prefix = min(length, 8)
                    #expect(
                        Array(earlier[..<prefix]) == Array(key[..<prefix]), "length \(length): \(earlier) and \(key)")
                } else {
                    seen[head] = key
                }
            }
        }
    }
}

/// What the scanner keeps per line holds no references, so a line's events, params and user
/// properties are copied and cleared as plain bytes (no retain, release or deinit per line).
@Suite struct ScanLayoutTests {
    @Test func scannedValuesArePlainData() {
        #expect(_isPOD(ScannedEvent.self))
        #expect(_isPOD(ScannedField.self))
        #expect(_isPOD(ValueToken.self))
    }
}
