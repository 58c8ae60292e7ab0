import EventLintTestSupport
import Foundation
import Testing

/// The README's examples are real output: each ```console block that starts with
/// `$ eventlint …` is run with the built binary, and its lines must appear in the output in the
/// same order (a `…` line stands for lines left out). Its quick start must name the test command.
@Suite struct ReadmeTests {
    struct Example: CustomStringConvertible {
        var arguments: [String]
        var expected: [String]
        var description: String { "eventlint " + arguments.joined(separator: " ") }
    }

    static let readme: String =
        (try? String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    static let examples: [Example] = {
        var examples: [Example] = []
        var block: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "```console" {
                block = []
            } else if line == "```", let lines = block {
                block = nil
                guard let command = lines.first, command.hasPrefix("$ eventlint ") else { continue }
                let arguments = command.dropFirst("$ eventlint ".count).split(separator: " ").map(String.init)
                examples.append(Example(arguments: arguments, expected: Array(lines.dropFirst())))
            } else if block != nil {
                block?.append(line)
            }
        }
        return examples
    }()

    @Test func readmeHasExamplesOfEveryCommand() {
        let commands = Set(Self.examples.compactMap(\.arguments.first))
        #expect(commands.isSuperset(of: ["check", "lint", "budget", "explain"]), "\(commands)")
        #expect(Self.readme.contains("swift test"))
        #expect(Self.readme.contains("swift run eventlint lint samples/exports/"))
    }

    @Test(arguments: examples)
    func exampleOutputIsReal(example: Example) throws {
        let output = try #require(try EventLintBinary.run(example.arguments))
        let actual = (output.stdout + output.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        var position = 0
        var skipping = false
        for expected in example.expected {
            if expected == "…" {
                skipping = true
                continue
            }
            if skipping {
                guard let found = actual[position...].firstIndex(of: expected) else {
                    Issue.record("README line not in the output of \(example): \(expected)")
                    return
                }
                position = found + 1
                skipping = false
            } else {
                guard position < actual.count, actual[position] == expected else {
                    Issue.record(
                        "README line \(position + 1) of \(example) differs:\n  README: \(expected)\n  actual: \(position < actual.count ? actual[position] : "(end)")"
                    )
                    return
                }
                position += 1
            }
        }
    }
}
