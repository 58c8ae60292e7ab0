import EventLintTestSupport
import Foundation
import Testing

/// The class guard for arithmetic on input: no conversion of a computed double to an integer
/// type without `saturating:`, no `String(Int64(…))`, and no wrapping `&-`/`&+` outside the
/// hash and byte-decoding code, anywhere in `Sources/`. New code that needs one of these goes
/// through `SafeArithmetic.swift` (which this test exempts) instead.
@Suite struct ArithmeticGuardTests {
    static let sources = Repository.root.appendingPathComponent("Sources")

    /// (pattern, why it is banned)
    static let banned: [(String, String)] = [
        (#"String\(Int64\("#, "String(Int64(x)) traps for a double out of range; use NumberText.format"),
        (
            #"\bInt(64|32)?\([^()]*[*/][^()]*\)"#,
            "Int(x * y) traps on overflow or a double out of range; use Int64(saturating:) or a checked multiply"
        ),
        (
            #"\bInt(64|32)?\(\([^)]*\)\.rounded"#,
            "Int(x.rounded()) traps for a double out of range; use Int(saturating:)"
        ),
        (#"&[-+]"#, "wrapping arithmetic hides overflow; use addingSaturating/subtractingSaturating"),
    ]

    /// Files whose wrapping arithmetic is on purpose: hashing and byte decoding.
    static let exempt = ["SafeArithmetic.swift", "ByteHash.swift", "JSONScratch.swift", "JSONCursor+Strings.swift"]

    @Test func noUncheckedArithmeticOnInputInSources() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)?.allObjects as? [String])
        var offenders: [String] = []
        for file in files where file.hasSuffix(".swift") && !Self.exempt.contains((file as NSString).lastPathComponent)
        {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                for (pattern, why) in Self.banned where code.range(of: pattern, options: .regularExpression) != nil {
                    // `byte &- 0x30 < 10` (`&- zero`) is the one-compare digit test: wrapping on purpose.
                    if code.contains("&- 0x30") || code.contains("&- zero") { continue }
                    offenders.append("\(file):\(number + 1): \(why): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}

/// The tool links no Foundation (start-up 6 ms instead of 9, 8 MiB less resident): no file of
/// `Sources/` imports it, or one of its parts, directly.
@Suite struct FoundationGuardTests {
    @Test func noSourceFileImportsFoundation() throws {
        let sources = ArithmeticGuardTests.sources
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String])
        var offenders: [String] = []
        // The SwiftPM plugins run inside SwiftPM, which gives them Foundation; they are not part
        // of the tool.
        let plugins = ["EventLintPlugin/", "EventLintCommand/"]
        for file in files where file.hasSuffix(".swift") && !plugins.contains(where: { file.hasPrefix($0) }) {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.range(
                of: #"^\s*(@_?\w+\s+)*import\s+(Foundation|FoundationEssentials|FoundationNetworking)\b"#,
                options: .regularExpression) != nil
            {
                offenders.append("\(file):\(number + 1): \(line)")
            }
        }
        #expect(files.count > 100)
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
