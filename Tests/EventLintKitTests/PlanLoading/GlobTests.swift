import Testing

@testable import EventLintKit

/// `*` globs (rule `on`, suppressions): the byte path for visible ASCII names gives what the
/// character path gives, and text beyond it still goes by characters.
@Suite struct GlobTests {
    @Test(arguments: [
        ("onboarding_*", "onboarding_block_offer_shown", true), ("*_shown", "paywall_shown", true),
        ("*_shown", "paywall_closed", false), ("a*a", "a", false), ("a*a", "aa", true), ("*", "", true),
        ("**", "x", true), ("a*bc*bc", "abc", false), ("*ab*b", "abb", true), ("stream/*", "stream/x", true),
        ("*aa*a", "aaa", true), ("x*", "y", false),
    ])
    func knownPatterns(pattern: String, text: String, expected: Bool) {
        #expect(Glob.matches(pattern: pattern, text) == expected)
        #expect(Glob.matchesByCharacter(pattern: pattern, text) == expected)
    }

    /// Random patterns over a small alphabet (so matches and near misses are common): both
    /// paths agree on every one.
    @Test func theBytePathAgreesWithTheCharacterPath() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab_*")
        for _ in 0..<20_000 {
            let pattern = String(
                (0..<Int.random(in: 1...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let text = String(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in "ab_".randomElement(using: &generator)! })
            // A pattern without `*` is compared whole by `matches` before either path.
            guard !Glob.isLiteral(pattern) else { continue }
            let byBytes = Glob.matchesVisibleASCII(pattern: pattern, text)
            #expect(byBytes == Glob.matchesByCharacter(pattern: pattern, text), "\(pattern) \(text)")
        }
    }

    /// A name with a space, a non-ASCII letter or a CR LF is matched by characters.
    @Test func otherTextGoesByCharacters() {
        #expect(Glob.matchesVisibleASCII(pattern: "a*", "a b") == nil)
        #expect(Glob.matchesVisibleASCII(pattern: "caf*", "café") == nil)
        #expect(Glob.matches(pattern: "caf*", "café"))
        // "e" + combining acute is one character, equal to "é".
        #expect(Glob.matches(pattern: "caf\u{E9}*", "cafe\u{301}_x"))
        #expect(!Glob.matches(pattern: "a\r*", "a\r\n"))
    }
}
