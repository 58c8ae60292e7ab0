import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI

/// No run writes one file twice or over a file it reads, whichever flags name them and however
/// the paths are spelt: the check comes before anything is read or written, so nothing is lost.
@Suite(.enabled(if: SystemFiles.kind("/bin/bash") == .regularFile, "bash is not there"))
struct OutputGuardTests {
    /// Runs `script` in a fresh directory holding `plan/` (the shipped plan), `e.ndjson` (an
    /// export with findings) and `dims.json` (registered definitions), `$0` the executable; then
    /// prints the md5 of those inputs, so a test sees whether one was touched.
    static func run(_ script: String) throws -> EventLintBinary.Output {
        let root = Repository.root.path
        return try EventLintBinary.shell(
            """
            d=$(mktemp -d) && cd "$d" && cp -r "$1/schema" plan && cp "$1/samples/exports/focusity-events.ndjson" e.ndjson \
            && cp "$1/samples/ga4/custom-dimensions.json" dims.json && before=$(cat plan/* e.ndjson dims.json | md5sum) \
            && ( \(script) ) 2>&1; s=$?; after=$(cat plan/* e.ndjson dims.json | md5sum); cd /; rm -rf "$d"
            [ "$before" = "$after" ] || echo "AN INPUT CHANGED"; exit $s
            """, [root])
    }

    @Test(arguments: [
        // The rejects file and a report.
        #""$0" lint --schema plan e.ndjson --rejects r.ndjson --output markdown=r.ndjson"#,
        // Two reports, one spelt with ./ or through a directory and .., the file not there yet.
        #""$0" lint --schema plan e.ndjson --output json=a --output sarif=./a"#,
        #"mkdir sub && "$0" check --schema plan --output json=a.json --output sarif=sub/../a.json"#,
        // Through a link to a file that is there.
        #"touch a && ln -s a b && "$0" budget --schema plan --registered dims.json --output json=a --output sarif=b"#,
        // The timings file and a report, or the rejects file.
        #""$0" lint --schema plan e.ndjson --output json=t.json --timings ./t.json"#,
        #""$0" lint --schema plan e.ndjson --rejects r.ndjson --timings r.ndjson"#,
    ])
    func twoOutputsOfOneFileAreRefused(script: String) throws {
        let output = try Self.run(script)
        #expect(output.status == 2, "\(output.stdout)")
        #expect(output.stdout.contains("write the same file"), "\(output.stdout)")
        #expect(!output.stdout.contains("AN INPUT CHANGED"))
    }

    @Test(arguments: [
        #""$0" lint --schema plan e.ndjson --output json=./e.ndjson"#,
        #""$0" lint --schema plan e.ndjson --output json=plan/params.json5"#,
        #""$0" lint --schema plan e.ndjson --timings e.ndjson"#,
        #""$0" check --schema plan --output sarif=plan/../plan/onboarding.json5"#,
        #""$0" check --schema plan --base plan --output json=plan/property.json5"#,
        #""$0" budget --schema plan --registered dims.json --output json=dims.json"#,
        #""$0" budget --schema plan --registered . --output json=./dims.json"#,
        #""$0" codegen swift --schema plan --output plan/paywall.json5"#,
    ])
    func anOutputThatIsAnInputIsRefused(script: String) throws {
        let output = try Self.run(script)
        #expect(output.status == 2, "\(output.stdout)")
        #expect(output.stdout.contains("is an input"), "\(output.stdout)")
        #expect(!output.stdout.contains("AN INPUT CHANGED"), "\(output.stdout)")
    }

    @Test func distinctOutputsAreWritten() throws {
        let output = try Self.run(
            #""$0" lint --schema plan e.ndjson --rejects r.ndjson --output json=a.json --output sarif=b.sarif --timings t.json; s=$?; [ -s a.json ] && [ -s b.sarif ] && [ -f r.ndjson ] && [ -s t.json ] && exit $s; exit 9"#
        )
        #expect(output.status == 1, "\(output.stdout)")
        #expect(!output.stdout.contains("AN INPUT CHANGED"))
    }
}
