import EventLintTestSupport
import Testing

@testable import EventLintKit

/// `EventScanner.parseInt64` reads timestamps, bundle sequence numbers and integer params eight
/// digits a step. Whatever the bytes, it gives what `Int64(_:)` gives for `-?[0-9]+` and nil for
/// everything else: a non-digit at any place of an eight-digit step, every length around the
/// steps (8, 9, 16, 17 and 18 digits; 0 to 21 at random), leading zeros, a sign alone and the
/// limits of Int64.
@Suite struct IntegerParseTests {
    /// What the parser must give: `-?[0-9]+` in range, else nil (`Int64(_:)` also takes a `+`).
    static func expected(_ bytes: [UInt8]) -> Int64? {
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(String(decoding: bytes, as: UTF8.self))
    }

    static func parsed(_ bytes: [UInt8]) -> Int64? {
        bytes.withUnsafeBytes { EventScanner.parseInt64($0) }
    }

    @Test func everyNonDigitAtEveryPlaceOfTheSteps() {
        // Bytes next to the digits in ASCII and the ones a nibble trick could mistake for them.
        let strangers: [UInt8] = [
            0x00, 0x20, 0x2B, 0x2D, 0x2E, 0x2F, 0x3A, 0x3F, 0x40, 0x66, 0x70, 0x79, 0xB0, 0xB9, 0xFF,
        ]
        for length in [8, 9, 16, 17, 18] {
            let digits = (0..<length).map { UInt8(ascii: "0") + UInt8(($0 * 7 + 3) % 10) }
            #expect(Self.parsed(digits) == Self.expected(digits))
            for place in 0..<length {
                for stranger in strangers {
                    var bytes = digits
                    bytes[place] = stranger
                    #expect(Self.parsed(bytes) == Self.expected(bytes), "\(bytes) at \(place)")
                }
            }
        }
    }

    @Test func randomDigitStringsOfEveryLengthAgreeWithInt64() {
        var generator = SeededGenerator(seed: 17)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 22)
            var bytes = (0..<length).map { _ in UInt8(ascii: "0") + UInt8(generator.next() % 10) }
            if generator.next() % 4 == 0 { bytes.insert(UInt8(ascii: "-"), at: 0) }
            if generator.next() % 8 == 0, !bytes.isEmpty {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            #expect(Self.parsed(bytes) == Self.expected(bytes), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test(arguments: [
        "0", "7", "00000000", "000000000000000001", "12345678", "123456789", "99999999", "999999999999999999",
        "1741950000000000", "-1741950000000000", "-0", "-", "", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "00000000000000000000009223372036854775807",
    ])
    func edges(_ text: String) {
        #expect(Self.parsed(Array(text.utf8)) == Self.expected(Array(text.utf8)))
    }
}
