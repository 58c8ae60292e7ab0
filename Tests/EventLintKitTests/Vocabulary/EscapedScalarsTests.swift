import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Every one of Unicode's format characters (General_Category Cf), the controls and the line and
/// paragraph separators, put where data goes, through every report format and the SQL and Swift
/// generators: none comes out raw, and where the output is read back (JSON, SARIF) it reads back
/// as the same text.
@Suite struct EscapedScalarsTests {
    /// Every Cf scalar, found by walking all of Unicode, not listed.
    static let formatCharacters: [Unicode.Scalar] = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
        $0.properties.generalCategory == .format
    }

    /// The format characters, the controls but tab, LF and CR (which each format spells its own
    /// way) and the separators.
    static let hostile: [Unicode.Scalar] =
        formatCharacters + (0..<0x20).compactMap(Unicode.Scalar.init).filter { !["\t", "\n", "\r"].contains($0) }
        + (0x7F...0x9F).compactMap(Unicode.Scalar.init) + ["\u{2028}", "\u{2029}"]

    @Test func theWalkFindsTheKnownFormatCharacters() {
        // Bidi controls and isolates, zero-width characters, the BOM, a tag character.
        for value: UInt32 in [
            0x061C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202E, 0x2060, 0x2066, 0x2069, 0xFEFF, 0xE0041,
            0x00AD,
        ] {
            #expect(Self.formatCharacters.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        #expect(Self.formatCharacters.count > 150)
        #expect(Self.hostile.allSatisfy(EscapedScalars.contains))
        #expect(!"a é 日 🎉 \u{A0}".unicodeScalars.contains(where: EscapedScalars.contains))
    }

    /// Each scalar alone between two letters, so a raw one is easy to name.
    static func text(_ scalar: Unicode.Scalar) -> String { "a" + String(scalar) + "b" }

    static func raw(_ output: String, allowing allowed: Set<Unicode.Scalar> = []) -> [String] {
        output.unicodeScalars.filter { EscapedScalars.contains($0) && !allowed.contains($0) }
            .map { "U+" + String($0.value, radix: 16) }
    }

    @Test func everyReportFormatEscapesEveryOne() throws {
        let findings = Self.hostile.enumerated().map { index, scalar in
            Finding(
                rule: ReportFixture.enumValue, message: "value " + Self.text(scalar),
                at: SourceLocation(file: "export" + Self.text(scalar) + ".ndjson", line: index + 1),
                event: Self.text(scalar), param: "p" + Self.text(scalar), value: Self.text(scalar),
                notes: [FindingNote("note " + Self.text(scalar))])
        }
        let document = ReportDocument(
            tool: ReportFixture.tool, command: .lint, findings: findings.sortedForReport(),
            rules: [ReportFixture.enumValue])
        for format in ReportFormat.allCases {
            var options = ReportOptions(format: format)
            options.maxExamples = Self.hostile.count
            let output = document.rendered(options)
            // Line breaks and tabs are each format's own (a report has lines); nothing else.
            let raw = Self.raw(output, allowing: ["\n", "\t"])
            #expect(raw.isEmpty, "\(format): \(Set(raw).sorted().prefix(20))")
            if format == .json || format == .sarif {
                // Read back, the text is the same: the escapes are JSON's own.
                let decoded = try JSONSerialization.jsonObject(with: Data(output.utf8))
                let strings = Self.strings(in: decoded)
                for scalar in Self.hostile {
                    #expect(
                        strings.contains { $0.contains("value " + Self.text(scalar)) },
                        "\(format): U+\(String(scalar.value, radix: 16))")
                }
            }
        }
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.values.flatMap(strings)
        default: []
        }
    }

    @Test func theEscapersOfEachOutputEscapeEveryOne() {
        for scalar in Self.hostile {
            let text = Self.text(scalar)
            let name = "U+" + String(scalar.value, radix: 16)
            let outputs: [(String, String)] = [
                ("text", VisibleText.of(text)), ("html", HTMLReporter.escape(text)),
                ("markdown", MarkdownReporter.inline(text)), ("junit", JUnitReporter.escape(text)),
                ("github data", GitHubReporter.escapeData(GitHubReporter.shown(text))),
                ("github property", GitHubReporter.escapeProperty(GitHubReporter.shown(text))),
                ("github log line", GitHubReporter.plain(text)), ("json", JSONOutput.escaped(text)),
                ("sql", SQLText.string(text)), ("swift literal", SwiftSource.stringLiteral(text)),
                ("swift comment", SwiftSource.commentText(text)),
            ]
            for (output, escaped) in outputs {
                #expect(Self.raw(escaped).isEmpty, "\(output): \(name) comes out raw")
                #expect(escaped.contains("a") && escaped.contains("b"), "\(output): \(name)")
            }
            // The generators spell the scalar so their readers get it back.
            let hex = String(scalar.value, radix: 16)
            #expect(SwiftSource.stringLiteral(text).contains("\\u{\(hex)}"), "swift: \(name)")
            #expect(SQLText.string(text).lowercased().contains(hex), "sql: \(name)")
        }
    }

    /// The generated Swift and SQL of a plan whose descriptions and values hold every one.
    @Test func theGeneratedSwiftAndSQLHoldNoneRaw() throws {
        let all = String(String.UnicodeScalarView(Self.hostile))
        let escapedForPlan = JSONOutput.escaped(all)
        let checked = try PlanText.check(
            """
            {
              params: { kind: { type: 'string', values: ["x\(escapedForPlan)"], description: "d\(escapedForPlan)" } },
              events: { page_viewed: { description: "e\(escapedForPlan)", params: { kind: 'required' } } },
            }
            """)
        #expect(checked.plan.params.first?.description == "d" + all)
        let swift = SwiftCodeGenerator(
            plan: checked.plan, fingerprint: PlanFingerprint(sources: [])
        ).generate()
        #expect(
            Self.raw(swift, allowing: ["\n"]).isEmpty,
            "swift: \(Set(Self.raw(swift, allowing: ["\n"])).sorted().prefix(20))")
        let sql = SQLGenerator(
            plan: checked.plan, request: SQLRequest(table: SQLTableReference(parsing: "p.d.events_*")!)
        ).generate()
        #expect(
            Self.raw(sql, allowing: ["\n"]).isEmpty, "sql: \(Set(Self.raw(sql, allowing: ["\n"])).sorted().prefix(20))")
    }
}
