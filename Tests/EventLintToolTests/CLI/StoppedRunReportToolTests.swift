import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The built executable, through bash, with an output onto the file standard output goes to.
@Suite struct StoppedRunReportToolTests {
    /// Every spelling of standard output's file is refused for every output, whatever carries
    /// it: a redirected file, or a pipe.
    @Test(arguments: [
        #"--output json=out.txt > out.txt"#,
        #"--output sarif=/dev/stdout > out.txt"#,
        #"--output github=/proc/self/fd/1 > out.txt"#,
        #"--rejects out.txt > out.txt"#,
        #"--timings out.txt > out.txt"#,
        #"--rejects /dev/stdout --output json=other.json > out.txt"#,
        #"--output json=/dev/stdout | cat > out.txt"#,
        #"--output markdown=link.txt > out.txt"#,
    ])
    func anOutputOntoStandardOutputsFileIsRefused(_ redirection: String) throws {
        let directory = TemporaryDirectory()
        let export = directory.write("a.ndjson", Array("{}\n".utf8))
        let result = try EventLintBinary.shell(
            #"set -o pipefail; cd "$2" && touch out.txt && ln -s out.txt link.txt && "$0" lint --schema "$1" "$3" "#
                + redirection + #"; s=$?; printf '%s' "$(cat out.txt)" | head -c 200; exit $s"#,
            [Repository.enginePlan.path, directory.path, export])
        #expect(result.status == 2, "\(redirection): \(result.stderr)")
        #expect(result.stderr.contains("is the file standard output goes to"), "\(redirection): \(result.stderr)")
        #expect(result.stdout.isEmpty, "\(redirection): nothing is written: \(result.stdout)")
    }

    /// A terminal or /dev/null takes the two reports without harm: not refused.
    @Test func devNullTwiceIsNotRefused() throws {
        let directory = TemporaryDirectory()
        let export = directory.write("a.ndjson", Array("{}\n".utf8))
        let result = try EventLintBinary.shell(
            #""$0" lint --schema "$1" "$2" --output json=/dev/null > /dev/null"#,
            [Repository.enginePlan.path, export])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
