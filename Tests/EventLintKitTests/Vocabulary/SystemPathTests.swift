import EventLintKit
import EventLintTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// File names are bytes: one that is not UTF-8 opens under its own bytes (issue: a Latin-1 name
/// on the command line was reopened under a repaired name, "no such file").
@Suite struct SystemPathTests {
    @Test func everyByteStringSurvivesTheRoundTrip() {
        var generator = SeededGenerator(seed: 0x5EED_F11E)
        // Bytes biased to the hard cases: ASCII, lead and continuation bytes, and the UTF-8 of
        // the carried scalars themselves (F4 8F B2 80 … F4 8F B3 BF).
        let alphabet: [UInt8] = [
            0x61, 0x2F, 0x2E, 0xC3, 0xA9, 0x80, 0xBF, 0xE9, 0xF4, 0x8F, 0xB2, 0xB3, 0xFF, 0xC0, 0xED,
        ]
        for _ in 0..<5000 {
            let count = Int(generator.next() % 12)
            let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let path = SystemPath.string(bytes)
            #expect(SystemPath.bytes(path) == bytes, "\(bytes)")
        }
    }

    @Test func utf8NamesAreUnchangedAndOthersShowTheirBytes() {
        #expect(SystemPath.string(Array("événements.json5".utf8)) == "événements.json5")
        #expect(SystemPath.display(SystemPath.string([0x63, 0x61, 0x66, 0xE9])) == "caf\\xE9")
        // A name that really holds a carried scalar keeps it, as its bytes.
        let carried = Array("\u{10FCE9}".utf8)
        #expect(SystemPath.bytes(SystemPath.string(carried)) == carried)
        #expect(SystemPath.display(SystemPath.string(carried)) == "\\xF4\\x8F\\xB3\\xA9")
    }

}
