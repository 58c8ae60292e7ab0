import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// A multi-line export read from standard input, through the built executable.
@Suite struct ExportShapeToolTests {
    /// Two rows of the engine plan, pretty-printed: a clean one, and one missing its required
    /// `phase`.
    static let rows = """
        {
          "event_name" : "tour_step_complete",
          "event_params" : [{"key" : "phase", "value" : {"string_value" : "intro"}}],
          "event_timestamp" : "1705312800123456",
          "user_pseudo_id" : "p1"
        }
        {
          "event_name" : "tour_step_complete",
          "event_params" : [{"key" : "phase_typo", "value" : {"string_value" : "intro"}}],
          "event_timestamp" : "1705312800223456",
          "user_pseudo_id" : "p2"
        }

        """

    /// As saved, and as saved from an issue or a chat with its Markdown fence.
    @Test(arguments: ["", "```json"])
    func standardInputGivesTheSameReportAsTheFile(fence: String) throws {
        let directory = TemporaryDirectory()
        let text = fence.isEmpty ? Self.rows : fence + "\n" + Self.rows + "```\n"
        let path = directory.write("rows.json", Array(text.utf8))
        let plan = Repository.enginePlan.path
        let fromFile = try EventLintBinary.shell(#""$0" lint --schema "$1" --format json "$2""#, [plan, path])
        let fromStdin = try EventLintBinary.shell(#""$0" lint --schema "$1" --format json - < "$2""#, [plan, path])
        #expect(fromFile.status == 1 && fromStdin.status == 1)
        #expect(fromStdin.stdout.replacingOccurrences(of: "<stdin>", with: path) == fromFile.stdout)
    }
}
