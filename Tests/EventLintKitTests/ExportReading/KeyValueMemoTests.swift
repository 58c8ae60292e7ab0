import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// A scanner replays an `event_params` or `user_properties` array it read just before when the
/// bytes repeat it (`KeyValueMemo`). Line after line, what it yields (every field's positions,
/// kinds and hashes, the shape problems, the errors and their offsets) must be what the generic
/// reading of each line alone yields.
@Suite struct KeyValueMemoTests {
    @Test(arguments: [512, 5])
    func repeatedArraysReadAsTheGenericReading(maxDepth: Int) {
        var generator = SeededGenerator(seed: 0x3E30 &+ UInt64(maxDepth))
        func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
        // A few arrays, so that rows repeat them often; some with elements the compact reading
        // does not take, positions left unset, shape problems, errors and deep values.
        let params = [
            #"[{"key":"firebase_screen_class","value":{"string_value":"Home"}}]"#,
            #"[{"key":"a","value":{"int_value":"7"}},{"key":"b","value":{"double_value":1.5}}]"#,
            #"[{"key":"caf\u00e9","value":{"string_value":"x\"y"}}]"#,
            #"[{"key":"k","value":{"string_value":null,"int_value":null}}]"#,
            #"[{"key":"k","value":{}}]"#,
            #"[{"key":"k"}]"#,
            #"[{"value":{"string_value":"no key"}}]"#,
            #"[{"key":"k","value":{"string_value":"v"}}, {"key" : "m", "value" : {"int_value" : "1"}}]"#,
            #"["not an object",{"key":"k","value":{"string_value":"v"}}]"#,
            #"[{"key":"k","key":"k2","value":{"string_value":"v"}}]"#,
            #"[{"key":"k","value":{"string_value":"v","extra":[[[[1]]]]}}]"#,
            // Deep enough to pass in a row (maxDepth 5) and fail in a row inside an array.
            #"[{"key":"k","value":{"string_value":"v","extra":[1]}}]"#,
            #"[]"#,
            "null",
            #"{"not":"an array"}"#,
        ]
        let lead = ["", #""event_date":"20250314","#, #""event_date":"2025031","#, #""x":[1,2],"#]
        func row(_ params: String, _ properties: String) -> String {
            "{" + pick(lead) + #""event_timestamp":"1741950000000000","event_name":"e","event_params":"#
                + params + #","user_pseudo_id":"u","user_properties":"# + properties + "}"
        }
        let scanner = EventScanner(maxDepth: maxDepth)
        let generic = EventScanner(maxDepth: maxDepth)
        generic.readsCompactElements = false
        var replayed = 0
        var current = params[0]
        for index in 0..<4000 {
            // Mostly the array of the row before, as rows of one screen or user write it.
            // Mostly arrays that can be kept (plain ones, every position set, no problem).
            if generator.next() % 5 == 0 {
                current =
                    generator.next() % 4 == 0
                    ? pick(params) : pick([params[0], params[1], params[2], params[7], params[11]])
            }
            var first = current
            let second = generator.next() % 3 == 0 ? pick(params) : params[0]
            var text = row(first, second)
            switch generator.next() % 30 {
            case 0:
                // One byte of the array changed: usually a miss, sometimes an error.
                var bytes = Array(first.utf8)
                let at = Int(generator.next() % UInt64(bytes.count))
                let choices = Array(#"{}[]",:\ax0"#.utf8)
                bytes[at] = choices[Int(generator.next() % UInt64(choices.count))]
                first = String(decoding: bytes, as: UTF8.self)
                text = row(first, second)
            case 1: text = String(text.prefix(Int(generator.next() % UInt64(text.count))))
            case 2: text = "[" + text + "," + row(first, second) + "]"
            case 3: text = text.replacingOccurrences(of: "\"event_params\":", with: "\"event_params\": ")
            case 4: text = text.replacingOccurrences(of: "\"v\"", with: "\"\u{FF}\"")
            default: break
            }
            let line = Array(text.utf8)
            let memoBefore = scanner.paramsMemo.hits
            let expected = CompactElementTests.outcome(generic, line)
            #expect(CompactElementTests.outcome(scanner, line) == expected, "line \(index): \(text)")
            if scanner.paramsMemo.hits > memoBefore { replayed += 1 }
        }
        #expect(replayed > 1000, "rows must repeat a kept array often (\(replayed))")
    }

    /// A column that never repeats is kept less and less often.
    @Test func aColumnThatNeverRepeatsIsKeptLessOften() {
        let scanner = EventScanner()
        for index in 0..<1000 {
            let line = Array(
                (#"{"event_name":"e","event_params":[{"key":"k","value":{"int_value":"\#(index)"}}]}"#).utf8)
            _ = CompactElementTests.outcome(scanner, line)
        }
        #expect(scanner.paramsMemo.hits == 0)
        #expect(scanner.paramsMemo.keeps < 100, "\(scanner.paramsMemo.keeps) arrays kept")
    }
}
