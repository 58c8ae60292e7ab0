import EventLintTestSupport
import Foundation
import Testing

/// The GitHub Action's definition (`action.yml`) and its script (`.ci/eventlint-action.sh`) agree
/// on the inputs; `ActionScriptToolTests` runs the script.
@Suite struct ActionScriptTests {
    static let script = Repository.root.appendingPathComponent(".ci/eventlint-action.sh").path

    @Test func everyInputOfTheActionReachesTheScript() throws {
        let action = try String(contentsOf: Repository.root.appendingPathComponent("action.yml"), encoding: .utf8)
        let script = try String(contentsOfFile: Self.script, encoding: .utf8)
        let inputs = action.components(separatedBy: "\noutputs:")[0].split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
            .map { String($0.dropFirst(2).dropLast()) }
        #expect(inputs.count >= 8, "\(inputs)")
        for input in inputs where input != "working-directory" {
            let variable = "INPUT_" + input.uppercased().replacingOccurrences(of: "-", with: "_")
            #expect(action.contains("\(variable): ${{ inputs.\(input) }}"), "action.yml does not pass \(input)")
            #expect(script.contains(variable), "the script does not read \(variable)")
        }
        #expect(action.contains("working-directory: ${{ inputs.working-directory }}"))
        #expect(action.contains("\"$GITHUB_ACTION_PATH/.ci/eventlint-action.sh\" run"))
        #expect(action.contains("\"$GITHUB_ACTION_PATH/.ci/eventlint-action.sh\" build"))
    }
}
