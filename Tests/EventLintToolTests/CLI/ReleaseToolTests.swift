import EventLintKit
import EventLintTestSupport
import Foundation
import Testing

/// The version the built binary prints, the release scripts and their smoke test, and the
/// release workflow, the Action's installer and the Homebrew formula agreeing on names.
@Suite struct ReleaseToolTests {
    @Test func theBinaryPrintsTheChangelogsVersion() throws {
        let newest = try #require(try ReleaseFiles.changelogVersions().first)
        let output = try #require(try EventLintBinary.run(["--version"]))
        #expect(output.status == 0)
        #expect(output.stdout == "eventlint \(newest)\n")
    }

    @Test func theFormulaIsWhatTheReleaseScriptWritesForTheChangelogsVersion() throws {
        let formula = try ReleaseFiles.text("Formula/eventlint.rb")
        let version = try #require(try ReleaseFiles.changelogVersions().first)
        let sha = try #require(
            formula.firstRange(of: #/sha256 "([0-9a-f]{64})"/#).map { String(formula[$0].dropFirst(8).dropLast()) })
        let rendered = try Self.bash([
            Repository.root.appendingPathComponent(".ci/release/formula.sh").path, version, sha,
        ])
        #expect(rendered.status == 0)
        #expect(rendered.stdout == formula, "Formula/eventlint.rb is not formula.sh's output for \(version)")
        #expect(formula.contains("/v\(version)/eventlint-\(version)-macos-universal.tar.gz\""))
        #expect(formula.contains("license \"Apache-2.0\""))
        let refused = try Self.bash([
            Repository.root.appendingPathComponent(".ci/release/formula.sh").path, version, "not-a-checksum",
        ])
        #expect(refused.status == 2)
    }

    @Test func theWorkflowBuildsEveryPlatformTheInstallerAsksFor() throws {
        let workflow = try ReleaseFiles.text(".github/workflows/release.yml")
        let script = try ReleaseFiles.text(".ci/eventlint-action.sh")
        for platform in ["macos-universal", "linux-x86_64", "linux-aarch64"] {
            #expect(workflow.contains(platform), "the release workflow does not build \(platform)")
            #expect(script.contains("echo \(platform)"), "the installer does not ask for \(platform)")
        }
        #expect(workflow.contains("--static-swift-stdlib"))
        #expect(workflow.contains("-Xswiftc -static-executable"), "the Linux binaries are static executables")
        #expect(script.contains("build_flags+=(-Xswiftc -static-executable)"), "so is the Action's own build on Linux")
        #expect(workflow.contains("--arch arm64 --arch x86_64"))
        #expect(workflow.contains("tags: [\"v*\"]"))
        #expect(workflow.contains("bash .ci/release/smoke.sh"), "each binary is tested")
    }

    @Test func theVersionScriptReadsTheChangelog() throws {
        let version = try #require(try ReleaseFiles.changelogVersions().first)
        let printed = try Self.bash([Repository.root.appendingPathComponent(".ci/release/version.sh").path])
        #expect(printed.status == 0 && printed.stdout == version + "\n")
    }

    /// The tests a release binary passes in the workflow, on the binary the tests built.
    @Test func theSmokeTestPassesOnTheBuiltBinary() throws {
        let binary = try #require(EventLintBinary.url)
        let run = try Self.bash([Repository.root.appendingPathComponent(".ci/release/smoke.sh").path, binary.path])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("smoke: "), "\(run.stdout)")
    }

    static func bash(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
