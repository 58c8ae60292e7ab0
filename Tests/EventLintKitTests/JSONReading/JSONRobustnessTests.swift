import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Damaged input must give a verdict, never a trap, and any error must point inside the input.
/// Run in debug builds, where every buffer access is bounds-checked, this catches off-by-ones
/// that a release build would turn into silent out-of-bounds reads.
@Suite struct JSONRobustnessTests {
    static let seeds: [String] = [
        ga4Row,
        #"{"a":[1,-0.5e+7,true,false,null,"\ud834\udd1e\u00e9\n"],"b":{"c":{}},"d":[]}"#,
        "{\n  // c\n  a: 'x\\'y', /* b */ b: [1, 2,],\n  \"c\": {d: null,},\n}\n",
    ]

    /// Checks one input in both modes through the parser and the skipping cursor: neither
    /// traps, every error points inside the input, and both give the same verdict — they accept
    /// the same texts, and reject the others with the same error kind at the same offset.
    static func check(_ bytes: [UInt8], scratch: JSONScratch) {
        for mode in [JSONMode.strict, .json5] {
            var parserError: JSONError?
            do {
                _ = try JSONParser.parse(bytes, mode: mode)
            } catch {
                parserError = error
                #expect(error.offset >= 0 && error.offset <= bytes.count, "\(error) in \(bytes)")
            }
            let cursorError: JSONError? = bytes.withUnsafeBytes { raw in
                var cursor = JSONCursor(bytes: raw, mode: mode, scratch: scratch)
                do throws(JSONError) {
                    try cursor.skipValue()
                    try cursor.expectEnd()
                    return nil
                } catch {
                    #expect(error.offset >= 0 && error.offset <= raw.count, "\(error)")
                    return error
                }
            }
            #expect(
                (parserError == nil) == (cursorError == nil),
                "\(mode): parser \(parserError.map { "\($0)" } ?? "accepts"), cursor \(cursorError.map { "\($0)" } ?? "accepts") for \(String(decoding: bytes, as: UTF8.self))"
            )
            if let parserError, let cursorError {
                #expect(
                    parserError.kind == cursorError.kind && parserError.offset == cursorError.offset,
                    "\(mode): parser \(parserError), cursor \(cursorError)")
            }
        }
    }

    /// `original` with a few random edits: a byte replaced, inserted or removed.
    static func mutated(
        _ original: [UInt8], edits: ClosedRange<Int>, from interesting: [UInt8],
        using generator: inout SeededGenerator
    ) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: edits, using: &generator) {
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            let byte = interesting.randomElement(using: &generator) ?? 0
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            default: if bytes.count > 1 { bytes.remove(at: position) }
            }
        }
        return bytes
    }

    /// Random mutations of the bundled sample's real lines.
    @Test func mutatedSampleLinesGetTheSameVerdict() throws {
        let data = try Data(
            contentsOf: Repository.root.appendingPathComponent("samples/exports/focusity-events.ndjson"))
        let lines = data.split(separator: 0x0A).prefix(40).map { Array($0) }
        var generator = SeededGenerator(seed: 0xD1FF)
        let scratch = JSONScratch()
        let interesting: [UInt8] = Array("\"\\{}[],:0-.eE+u \t".utf8) + [0x00, 0x80, 0xC0, 0xED, 0xFF]
        for original in lines where !original.isEmpty {
            for _ in 0..<60 {
                Self.check(Self.mutated(original, edits: 1...2, from: interesting, using: &generator), scratch: scratch)
            }
        }
    }

    @Test func everyPrefixIsHandled() {
        let scratch = JSONScratch()
        for seed in Self.seeds {
            let bytes = Array(seed.utf8)
            for length in 0..<bytes.count { Self.check(Array(bytes[..<length]), scratch: scratch) }
        }
    }

    @Test func randomMutationsAreHandled() {
        var generator = SeededGenerator(seed: 0x5EED)
        let scratch = JSONScratch()
        let interesting: [UInt8] =
            Array("\"\\'/*{}[],:0-.eE+u \n\t".utf8) + [0x00, 0x80, 0xBF, 0xC0, 0xE0, 0xED, 0xEF, 0xF4, 0xFF]
        for seed in Self.seeds {
            let original = Array(seed.utf8)
            for _ in 0..<1_500 {
                Self.check(Self.mutated(original, edits: 1...3, from: interesting, using: &generator), scratch: scratch)
            }
        }
    }
}
