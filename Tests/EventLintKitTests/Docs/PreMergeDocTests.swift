import EventLintTestSupport
import Foundation
import Testing

/// docs/pre-merge.md is the workflow a team copies: the workflow uses only inputs `action.yml`
/// has, and the pre-commit config names a hook `.pre-commit-hooks.yaml` defines
/// (`PreMergeDocToolTests` runs its shell blocks; `.ci/steps/actionlint.sh` lints the workflow;
/// `.ci/steps/pre-commit.sh` runs the hook with `pre-commit try-repo`).
@Suite struct PreMergeDocTests {
    static let doc = Repository.root.appendingPathComponent("docs/pre-merge.md")

    /// The fenced blocks of the doc with the given info string, in order.
    static func blocks(_ language: String) throws -> [String] {
        MarkdownText.fencedBlocks(try String(contentsOf: doc, encoding: .utf8), language: language)
    }

    @Test func theWorkflowUsesOnlyInputsTheActionHas() throws {
        let workflows = try Self.blocks("yaml").filter { $0.hasPrefix("name: ") }
        #expect(workflows.count == 1)
        let workflow = try #require(workflows.first)
        #expect(workflow.contains("fetch-depth: 0"))
        let lines = workflow.split(separator: "\n")
        let uses = try #require(lines.firstIndex { $0.contains("uses: eventlint/eventlint@") })
        let with = try #require(lines[uses...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "with:" })
        let keys = lines[(with + 1)...].prefix { $0.hasPrefix("          ") }.compactMap {
            $0.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(!keys.isEmpty)
        let action = try String(contentsOf: Repository.root.appendingPathComponent("action.yml"), encoding: .utf8)
        let inputs = action.components(separatedBy: "\noutputs:")[0]
        for key in keys {
            #expect(inputs.contains("\n  \(key):\n"), "action.yml has no input \"\(key)\"")
        }
    }

    @Test func thePreCommitConfigNamesTheHook() throws {
        let config = try #require(try Self.blocks("yaml").first { $0.hasPrefix("repos:") })
        let hooks = try String(
            contentsOf: Repository.root.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        #expect(config.contains("- id: eventlint-check") && hooks.contains("- id: eventlint-check"))
        #expect(hooks.contains("language: swift") && hooks.contains("entry: eventlint check"))
    }
}
