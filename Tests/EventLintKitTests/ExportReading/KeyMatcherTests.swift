import EventLintTestSupport
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
            #expect(bytes.withUnsafeBytes { scanner.topKeys.match(token, in: $0) } == key, "\(written)")
        }
        var wrongLast = Array(name.utf8)
        wrongLast[wrongLast.count - 1] ^= 0x01
        for near in [
            String(decoding: wrongLast, as: UTF8.self), name + "x", String(name.dropLast()), "X" + name.dropFirst(),
        ] {
            let (token, bytes) = try Self.token("{\"\(near)\":1}")
            #expect(bytes.withUnsafeBytes { scanner.topKeys.match(token, in: $0) } == nil, "\(near)")
        }
    }

    /// Each name has its own ordinal below 64, the bit `JSONCursor.registerKnownKey` keeps for it,
    /// written plain or with escapes.
    @Test func ordinalsAreDistinctBits() throws {
        let scanner = EventScanner()
        var ordinals: Set<Int> = []
        for key in EventScanner.TopKey.allCases where key != .other {
            let escaped = "\\u00" + String(key.rawValue.utf8.first!, radix: 16) + key.rawValue.dropFirst()
            var seen: Set<Int> = []
            for written in [key.rawValue, escaped] {
                let (token, bytes) = try Self.token("{\"\(written)\":1}")
                let match = try #require(bytes.withUnsafeBytes { scanner.topKeys.matchWithOrdinal(token, in: $0) })
                #expect(match.key == key && (0..<64).contains(match.ordinal), "\(written)")
                seen.insert(match.ordinal)
            }
            #expect(seen.count == 1, "\(key)")
            ordinals.formUnion(seen)
        }
        #expect(ordinals.count == EventScanner.TopKey.allCases.count - 1)
    }

    /// The scanner checks the names it knows for duplicates by their ordinal's bit and the others
    /// in the cursor's registry: on rows, requests and the events of requests, with names written
    /// plain and escaped, mixed with other keys, before and after nested objects, a line is
    /// rejected exactly when the generic reading (every key in the registry) rejects it, at the
    /// same key and with the same first key.
    @Test func duplicateKeysAreFoundAsByTheGenericReading() {
        var generator = SeededGenerator(seed: 0xD0B1E)
        let names = EventScanner.TopKey.allCases.filter { $0 != .other }.map(\.rawValue) + ["x", "event", "eventname"]
        func written(_ name: String) -> String {
            guard generator.next() % 4 == 0 else { return name }
            let first = name.utf8.first!
            return "\\u00" + String(first, radix: 16) + name.dropFirst()
        }
        func member(depth: Int) -> String {
            let name = names[Int(generator.next() % UInt64(names.count))]
            let value: String
            switch generator.next() % 6 {
            case 0 where depth < 2:
                let count = Int(generator.next() % 4)
                value = "[" + (0..<count).map { _ in object(depth: depth + 1) }.joined(separator: ",") + "]"
            case 1 where depth < 2: value = object(depth: depth + 1)
            case 2: value = "\"1741950000000000\""
            case 3: value = "null"
            default: value = "\"v\""
            }
            return "\"\(written(name))\":\(value)"
        }
        func object(depth: Int) -> String {
            let count = Int(generator.next() % 6)
            return "{" + (0..<count).map { _ in member(depth: depth) }.joined(separator: ",") + "}"
        }
        var duplicates = 0
        for _ in 0..<4000 {
            let line = Array(object(depth: 0).utf8)
            let generic: JSONError? = line.withUnsafeBytes { raw in
                var cursor = JSONCursor(bytes: raw, scratch: JSONScratch())
                do throws(JSONError) {
                    try cursor.skipValue()
                    try cursor.expectEnd()
                    return nil
                } catch {
                    return error
                }
            }
            let scanned: JSONError? = line.withUnsafeBytes { raw in
                do throws(JSONError) {
                    try EventScanner().scanLine(raw)
                    return nil
                } catch {
                    return error
                }
            }
            let text = String(decoding: line, as: UTF8.self)
            #expect(generic?.kind == scanned?.kind && generic?.offset == scanned?.offset, "\(text)")
            #expect(generic?.related?.offset == scanned?.related?.offset, "\(text)")
            if generic?.kind == .duplicateKey { duplicates += 1 }
        }
        #expect(duplicates > 500, "the lines must hold duplicates often")
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
