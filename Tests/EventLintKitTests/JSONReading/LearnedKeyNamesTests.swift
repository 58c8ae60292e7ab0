import EventLintTestSupport
import Testing

@testable import EventLintKit

/// The scanner tries each key of a row as the one that followed the same key last time
/// (`LearnedKeyNames`, `JSONCursor.predictedKey`), and checks learned names for duplicates by a bit.
/// A scanner that has read thousands of lines must say exactly what a fresh scanner reading
/// only by the generic cursor calls says, line by line.
@Suite struct LearnedKeyNamesTests {
    /// Everything a scan yields, or its error, as text to compare.
    static func outcome(_ scanner: EventScanner, _ line: [UInt8]) -> String {
        line.withUnsafeBytes { raw in
            do throws(JSONError) {
                try scanner.scanLine(raw)
            } catch {
                return CompactElementTests.errorText(error)
            }
            let scan = scanner.scan
            return scan.events.map { event in
                "\(event.name?.content ?? 0..<0) \(event.user.range) \(String(describing: event.timestamp)) "
                    + "\(event.params) \(event.userProperties) \(event.format) \(scan.shapeProblem(of: event).map { "\($0)" } ?? "-")"
            }.joined(separator: "\n")
        }
    }

    @Test func aScannerThatHasLearnedReadsAsTheGenericReading() {
        var generator = SeededGenerator(seed: 0x0DE7)
        let own = EventScanner.TopKey.allCases.filter { $0 != .other }.map(\.rawValue)
        // More names than ordinals, and names no prediction can hold.
        let others =
            [
                "event_date", "device", "geo", "stream_id", "x", "caf\u{E9}", String(repeating: "k", count: 70),
                "sp ace", "",
            ]
            + (0..<70).map { "col\($0)" }
        let base = ["event_date", "event_timestamp", "event_name", "event_params", "user_pseudo_id", "device", "geo"]
        func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
        func written(_ name: String) -> String {
            guard !name.isEmpty, generator.next() % 10 == 0 else { return name }
            let first = name.unicodeScalars.first!
            let hex = String(first.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                + name.unicodeScalars.dropFirst().map(String.init).joined()
        }
        // Flat objects the cursor skips: members mostly in one order, some shuffled, duplicated,
        // escaped, unlearnable or new, with more names in all than ordinals.
        let flatBase = ["category", "mobile_brand_name", "operating_system", "language", "time_zone_offset_seconds"]
        let flatOthers = ["city", "x", "caf\u{E9}", "", String(repeating: "m", count: 65)] + (0..<80).map { "f\($0)" }
        func flatObject() -> String {
            var names = flatBase
            if generator.next() % 10 == 0 { names.shuffle(using: &generator) }
            if generator.next() % 5 == 0 { names.insert(pick(flatOthers), at: Int(generator.next() % 6)) }
            if generator.next() % 25 == 0 { names.append(pick(names)) }
            if generator.next() % 30 == 0 { names = [] }
            let members = names.map { "\"\(written($0))\":" + pick([#""v""#, "12", "null", "false", "-1.5e3"]) }
            return "{" + members.joined(separator: pick([",", ",", ",", ", "])) + "}"
        }
        func value(_ name: String) -> String {
            switch name {
            case "event_params", "user_properties", "items":
                return #"[{"key":"k","value":{"string_value":"v"}}]"#
            case "event_timestamp": return #""\#(1_741_950_000_000_000 + generator.next() % 1000)""#
            case "events": return #"[{"name":"e","params":{"a":1}}]"#
            case "params", "app_info": return #"{"a":"b"}"#
            case "device", "geo": return flatObject()
            default: return pick([#""v""#, "1", "null", "true", #"{"n":1}"#, "[]"])
            }
        }
        // A new scanner every 400 lines, so that names are learned while duplicates come.
        var scanner = EventScanner()
        let generic = EventScanner()
        generic.readsCompactElements = false
        var predicted = 0
        var duplicates = 0
        for index in 0..<6000 {
            if index % 400 == 0 { scanner = EventScanner() }
            var keys = base
            let roll = generator.next() % 100
            if roll < 15 { keys.shuffle(using: &generator) }
            if roll < 30 { keys.insert(pick(others + own), at: Int(generator.next() % UInt64(keys.count + 1))) }
            if generator.next() % 20 == 0 {
                keys.insert(pick(keys), at: Int(generator.next() % UInt64(keys.count + 1)))
            }
            if generator.next() % 20 == 0 { keys = (0..<6).map { _ in pick(others + own) } }
            let colon = pick([":", ":", ":", ":", " :", ": "])
            let comma = pick([",", ",", ",", ",", " ,", ", "])
            var text = "{" + keys.map { "\"\(written($0))\"\(colon)\(value($0))" }.joined(separator: comma) + "}"
            if generator.next() % 50 == 0 { text = String(text.prefix(Int(generator.next() % UInt64(text.count)))) }
            let line = Array(text.utf8)
            let learned = Self.outcome(scanner, line)
            let expected = Self.outcome(generic, line)
            #expect(learned == expected, "line \(index): \(text)")
            if expected.hasPrefix("error duplicateKey") { duplicates += 1 }
            if roll >= 30 { predicted += 1 }
        }
        #expect(duplicates > 200, "the lines must hold duplicates often")
        #expect(scanner.rowKeys.count == LearnedKeyNames.capacity, "more names than ordinals were met")
        #expect(scanner.scratch.flatKeys.count == LearnedKeyNames.capacity, "more flat names than ordinals")
        #expect(predicted > 3000)
    }

    /// Turning the compact reading off on a scanner that has read lines gives the generic reading
    /// from then on: nothing learned before is predicted.
    @Test func turningTheCompactReadingOffForgetsTheOrder() {
        let scanner = EventScanner()
        let fresh = EventScanner()
        fresh.readsCompactElements = false
        let learnt = Array(#"{"X":1,"device":{"a":1,"b":2}}"#.utf8)
        for _ in 0..<3 { _ = Self.outcome(scanner, learnt) }
        scanner.readsCompactElements = false
        for text in [#"{"X":1,"X":2}"#, #"{"X":1,"device":{"a":1,"a":2}}"#, #"{"X":1,"device":{"a":1,"b":2,"a":3}}"#] {
            let line = Array(text.utf8)
            let outcome = Self.outcome(scanner, line)
            #expect(outcome.hasPrefix("error duplicateKey"), "\(text)")
            #expect(outcome == Self.outcome(fresh, line), "\(text)")
        }
    }

    /// The scanner's own names have the ordinals `KeyMatcher` gives them, so a key read by
    /// prediction and the same key read by the matcher set the same bit.
    @Test func ownNamesHaveTheMatchersOrdinals() throws {
        let scanner = EventScanner()
        for name in EventScanner.TopKey.allCases where name != .other {
            let (token, bytes) = try KeyMatcherTests.token(#"{"\#(name.rawValue)":1}"#)
            let match = try #require(bytes.withUnsafeBytes { scanner.topKeys.matchWithOrdinal(token, in: $0) })
            let names = scanner.rowKeys
            #expect(scanner.topKeyOfOrdinal[match.ordinal] == name)
            let length = names.patternLength(match.ordinal)
            let pattern = UnsafeRawPointer(names.pattern(match.ordinal))
            let bytesHeld = (0..<length).map { pattern.load(fromByteOffset: $0, as: UInt8.self) }
            #expect(bytesHeld == Array((name.rawValue + "\":").utf8))
        }
    }

    @Test func namesAreLearnedOnceUntilTheOrdinalsRunOut() {
        let names = LearnedKeyNames(names: ["event_name"], kinds: 1)
        func ordinal(_ name: String) -> Int? { Array(name.utf8).withUnsafeBytes { names.ordinal(learning: $0) } }
        for rejected in ["", "q\"uote", "back\\slash", "tab\t", "caf\u{E9}", String(repeating: "k", count: 65)] {
            #expect(ordinal(rejected) == nil, "\(rejected)")
        }
        #expect(ordinal(String(repeating: "k", count: 64)) == 1)
        var given: [String: Int] = [:]
        for index in 0..<100 {
            let name = "col\(index)"
            if let learned = ordinal(name) { given[name] = learned }
        }
        #expect(given.count == LearnedKeyNames.capacity - 2)
        #expect(Set(given.values) == Set(2..<LearnedKeyNames.capacity))
        for (name, learned) in given { #expect(ordinal(name) == learned) }
        #expect(ordinal("col99") == nil)
    }

    /// `predictedKey` accepts exactly the pattern after `,"` (or `"` at the object's start), and
    /// then reads what `nextKeyToken` and `consumeColon` read: one byte off anywhere, a line cut
    /// anywhere, and it steps aside.
    @Test func predictedKeysAreWhatTheCursorReads() {
        for name in ["a", "platform", "event_name", "event_bundle_sequence_id", String(repeating: "n", count: 64)] {
            var pattern = [UInt64](repeating: 0, count: LearnedKeyNames.wordsPerName)
            let patternBytes = Array((name + "\":").utf8)
            pattern.withUnsafeMutableBytes { $0.copyBytes(from: patternBytes) }
            var hits = 0
            for first in [true, false] {
                let text = Array(((first ? "{\"" : "{\"z\":0,\"") + name + "\":\"value\"}").utf8)
                let keyAt = first ? 1 : 6  // where the cursor is before the key
                for change in -1..<text.count {
                    var bytes = text
                    if change >= 0 { bytes[change] = bytes[change] == 0x61 ? 0x62 : 0x61 }
                    for end in keyAt..<(bytes.count + 1) {
                        if Self.expectPredictionAgrees(Array(bytes[..<end]), keyAt: keyAt, pattern, patternBytes.count)
                        {
                            hits += 1
                        }
                    }
                }
            }
            // Unchanged or changed in the value, and long enough for the pattern's last word.
            #expect(hits > 10, "\(name)")
        }
    }

    /// Whether the key was predicted.
    static func expectPredictionAgrees(_ bytes: [UInt8], keyAt: Int, _ pattern: [UInt64], _ length: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            func cursorAtKey() -> JSONCursor? {
                var cursor = JSONCursor(bytes: raw, scratch: JSONScratch())
                do throws(JSONError) {
                    try cursor.enterObject()
                    if keyAt > 1 {
                        _ = try cursor.nextKey()
                        try cursor.skipValue()
                    }
                } catch {
                    return nil
                }
                return cursor.offset == keyAt ? cursor : nil
            }
            guard var predicting = cursorAtKey(), var reading = cursorAtKey() else { return false }
            let predicted = pattern.withUnsafeBufferPointer { predicting.predictedKey($0.baseAddress!, length: length) }
            guard let predicted else {
                #expect(predicting.offset == reading.offset, "a miss leaves the cursor where it was")
                return false
            }
            var read: JSONStringToken?
            do throws(JSONError) {
                read = try reading.nextKeyToken()
                try reading.consumeColon()
            } catch {
                read = nil
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(read?.content == predicted.content && read?.hasEscapes == false, "\(text)")
            #expect(reading.offset == predicting.offset, "\(text)")
            #expect(
                read.map { Array(raw[$0.content]) } == Array(pattern.withUnsafeBytes { Array($0[0..<(length - 2)]) }))
            return true
        }
    }
}
