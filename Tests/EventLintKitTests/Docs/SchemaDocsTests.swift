import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// docs/schema.md stays true to the loader: its complete examples load without unknown keys or
/// invalid declarations, and what it quotes from `schema/` is really there.
@Suite struct SchemaDocsTests {
    static func document() throws -> String {
        try String(contentsOf: Repository.docs.appendingPathComponent("schema.md"), encoding: .utf8)
    }

    /// The bodies of the ```json5 blocks.
    static func json5Blocks(_ text: String) -> [String] {
        let parts = text.components(separatedBy: "```json5\n").dropFirst()
        return parts.compactMap { $0.components(separatedBy: "\n```").first }
    }

    @Test func completeExamplesLoadCleanly() throws {
        let blocks = Self.json5Blocks(try Self.document()).filter { $0.hasPrefix("{") }
        #expect(blocks.count >= 8)
        for block in blocks {
            let findings = try PlanText.check(block, path: "docs.json5").findings
            let shape = findings.filter { ["plan/unknown-key", "plan/invalid-declaration"].contains($0.ruleID) }
            #expect(shape.isEmpty, "\(block.prefix(60))…: \(shape.map(\.message))")
        }
    }

    @Test func quotedPairsAndRulesAreTheShippedOnes() throws {
        var shipped = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.schema.path) {
            let text = try String(contentsOf: Repository.schema.appendingPathComponent(name), encoding: .utf8)
            shipped.formUnion(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        let quoted = Self.json5Blocks(try Self.document()).filter { $0.hasPrefix("// ") }
        #expect(quoted.count == 2, "the pairs and the rules")
        for block in quoted {
            for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
            where !line.hasPrefix("//") && !line.isEmpty {
                #expect(shipped.contains(line), "not in schema/: \(line)")
            }
        }
    }
}
