import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The built executable's reports when a load fails, `--output` to several files, and its misuses.
@Suite struct ReportOutputToolTests {
    @Test func aSyntaxErrorIsValidSARIF() throws {
        let output = try #require(try EventLintBinary.run(Self.syntaxError + ["--format", "sarif"]))
        #expect(output.status == 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == 1)
        #expect((results.first?["ruleId"] as? String)?.hasPrefix("json/") == true, "\(results)")
        #expect(output.stdout.contains("samples/plans/syntax-error/events.json5"))
        #expect(output.stderr.contains("the plan cannot be loaded"), "the text still goes to standard error")
        if SARIFSchema.validatorAvailable {
            let validation = try SARIFSchema.validate(sarif: output.stdout)
            #expect(validation.status == 0, "\(validation.output)")
        }
    }

    @Test func aSyntaxErrorIsAnAnnotationAndASummary() throws {
        let github = try #require(try EventLintBinary.run(Self.syntaxError + ["--format", "github"]))
        #expect(github.status == 2)
        #expect(
            github.stdout.hasPrefix("::error file=samples/plans/syntax-error/events.json5,line=7,col=7,title=json/"),
            "\(github.stdout)")
        let markdown = try #require(try EventLintBinary.run(Self.syntaxError + ["--format", "markdown"]))
        #expect(markdown.status == 2)
        #expect(markdown.stdout.contains("the plan cannot be loaded"), "\(markdown.stdout)")
        let text = try #require(try EventLintBinary.run(Self.syntaxError))
        #expect(text.status == 2 && text.stdout.isEmpty)
        #expect(text.stderr.contains("--> samples/plans/syntax-error/events.json5:7:7"))
    }

    @Test func otherLoadFailuresAreFindingsToo() throws {
        let missing = try #require(
            try EventLintBinary.run(["check", "--schema", "no-plan-here", "--format", "github"]))
        #expect(missing.status == 2)
        #expect(
            missing.stdout.hasPrefix(
                "::error file=no-plan-here,line=1,col=1,title=plan/cannot-load::the plan cannot be loaded"))
        #expect(missing.stdout.contains("help: point at the plan with --schema DIR"))

        let export = try #require(try EventLintBinary.run(["lint", "--format", "github", "no-such-export.ndjson"]))
        #expect(export.status == 2)
        #expect(
            export.stdout.contains("file=no-such-export.ndjson,line=1,col=1,title=export/cannot-read::cannot open"),
            "\(export.stdout)")

        // lint on a plan with errors: the plan's own errors, where they are.
        let invalid = try #require(
            try EventLintBinary.run(
                [
                    "lint", "--schema", "samples/plans/ga4-names", "--format", "json",
                    "samples/exports/focusity-events.ndjson",
                ]))
        #expect(invalid.status == 2)
        #expect(
            invalid.stdout.contains("\"ruleId\" : \"ga4/") || invalid.stdout.contains("\"ruleId\": \"ga4/")
                || invalid.stdout.contains("ga4/"), "\(invalid.stdout)")
        #expect(invalid.stderr.contains("run `eventlint check --schema samples/plans/ga4-names` first"))

        let registered = try #require(
            try EventLintBinary.run(["budget", "--registered", "no-such.json", "--format", "github"]))
        #expect(registered.status == 2)
        #expect(
            registered.stdout.contains(
                "file=no-such.json,line=1,col=1,title=plan/cannot-load::the registered definitions cannot be loaded"))
    }

    @Test func oneRunWritesSeveralReports() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-out-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sarif = directory.appendingPathComponent("report.sarif").path
        let markdown = directory.appendingPathComponent("summary.md").path
        let output = try #require(
            try EventLintBinary.run(
                [
                    "check", "--schema", "samples/plans/ga4-names", "--format", "github", "--output", "sarif=\(sarif)",
                    "--output", "markdown=\(markdown)",
                ]))
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("::error "))
        let sarifText = try String(contentsOfFile: sarif, encoding: .utf8)
        #expect(
            sarifText.contains("\"version\" : \"2.1.0\"") || sarifText.contains("\"version\": \"2.1.0\"")
                || sarifText.contains("2.1.0"))
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("ga4/"))

        let json = try #require(try EventLintBinary.run(["check", "--output", "json=-"]))
        #expect(json.stdout.hasPrefix("{"), "- is standard output")

        // A plan that does not load still writes every report.
        let failed = try #require(
            try EventLintBinary.run(Self.syntaxError + ["--format", "github", "--output", "sarif=\(sarif)"]))
        #expect(failed.status == 2)
        let failedSARIF = try String(contentsOfFile: sarif, encoding: .utf8)
        #expect(failedSARIF.contains("json/"))
        if SARIFSchema.validatorAvailable {
            #expect(try SARIFSchema.validate(sarif: failedSARIF).status == 0)
        }
    }

    @Test(arguments: [
        (["--output", "sarif"], "--output takes FORMAT=PATH"),
        (["--output", "xml=a.xml"], "unknown format \"xml\""),
        (["--output", "json=-", "--output", "sarif=-"], "standard output (-) twice"),
        (["--format", "github", "--output", "sarif=-"], "both write standard output"),
        (["--output", "sarif=a", "--output", "json=a"], "writes a twice"),
        (["--max-annotations", "0"], "--max-annotations takes a whole number from 1"),
    ])
    func badOutputOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let output = try #require(try EventLintBinary.run(["check"] + arguments))
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func lintRefusesToOverwriteAnInputWithAReport() throws {
        let output = try #require(
            try EventLintBinary.run(
                [
                    "lint", "--output", "sarif=samples/exports/focusity-events.ndjson",
                    "samples/exports/focusity-events.ndjson",
                ]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("is an input"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full"))
    func aFullDiskIsExit2() throws {
        let stdout = try Self.shell("check > /dev/full")
        #expect(stdout.status == 2)
        #expect(stdout.stderr.contains("cannot write standard output: no space left on device"), "\(stdout.stderr)")
        let file = try Self.shell("check --output sarif=/dev/full")
        #expect(file.status == 2)
        #expect(file.stderr.contains("cannot write /dev/full: no space left on device"))
        let rejects = try Self.shell("lint --rejects /dev/full samples/exports/focusity-events.ndjson")
        #expect(rejects.status == 2)
        #expect(rejects.stderr.contains("cannot write /dev/full"))
    }

    @Test func aReportPathThatIsADirectoryIsExit2() throws {
        let result = try Self.shell("check --output sarif=samples")
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write samples: is a directory"), "\(result.stderr)")
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let result = try Self.shell(
            "lint --format json samples/exports/focusity-events.ndjson | head -c 1 >/dev/null; exit \"${PIPESTATUS[0]}\""
        )
        #expect(result.status == 1, "lint's own status (findings), not a write error")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func budgetKeepsArchiveCandidatesOutOfAnnotationsUnlessAsked() throws {
        let plain = try #require(
            try EventLintBinary.run(["budget", "--registered", "samples/ga4", "--format", "github"]))
        #expect(!plain.stdout.contains("::notice file="), "no info finding annotated")
        #expect(plain.stdout.contains("info findings are not annotated (--annotate-info shows them)"))
        let asked = try #require(
            try EventLintBinary.run(["budget", "--registered", "samples/ga4", "--format", "github", "--annotate-info"]))
        #expect(asked.stdout.contains("::notice file="))
    }

    static let syntaxError = ["check", "--schema", "samples/plans/syntax-error"]

    /// Runs `eventlint ARGUMENTS` through the shell, for its redirections.
    static func shell(_ arguments: String) throws -> (status: Int32, stderr: String) {
        let output = try EventLintBinary.shell("\"$0\" " + arguments)
        return (output.status, output.stderr)
    }
}
