import EventLintKit
import Foundation
import Testing

/// What a team pins and takes: the licence, the changelog's versions and the version the binary
/// prints.
@Suite struct ReleaseTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The versions of the changelog's entries, newest first (`## [1.2.3] - 2026-12-04`).
    static func changelogVersions() throws -> [String] {
        try text("CHANGELOG.md").split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("## ["), let close = line.firstIndex(of: "]") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: 4)..<close])
            return name == "Unreleased" ? nil : name
        }
    }

    static func isSemanticVersion(_ text: String) -> Bool {
        let core = text.split(separator: "-", maxSplits: 1)[0].split(separator: ".", omittingEmptySubsequences: false)
        return core.count == 3 && core.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
    }

    @Test func theVersionIsTheChangelogsNewestEntry() throws {
        let versions = try Self.changelogVersions()
        let newest = try #require(versions.first, "CHANGELOG.md has no version entry")
        #expect(ToolVersion.current == newest)
        #expect(versions.allSatisfy(Self.isSemanticVersion), "\(versions)")
        let changelog = try Self.text("CHANGELOG.md")
        for version in versions {
            #expect(changelog.contains("\n[\(version)]: "), "CHANGELOG.md has no link for \(version)")
            #expect(
                changelog.range(of: #"## \[\#(version)\] - \d{4}-\d{2}-\d{2}\n"#, options: .regularExpression) != nil,
                "the entry of \(version) has no date")
        }
    }

    @Test func theBinaryPrintsTheChangelogsVersion() throws {
        let newest = try #require(try Self.changelogVersions().first)
        let output = try #require(try EventLintBinary.run(["--version"]))
        #expect(output.status == 0)
        #expect(output.stdout == "eventlint \(newest)\n")
    }

    @Test func semanticVersionsAreRecognised() {
        #expect(Self.isSemanticVersion("0.1.0") && Self.isSemanticVersion("1.20.3-beta.1"))
        #expect(!Self.isSemanticVersion("1.2") && !Self.isSemanticVersion("v1.2.3") && !Self.isSemanticVersion("1..3"))
    }

    @Test func theLicenceIsTheApacheLicence() throws {
        let licence = try Self.text("LICENSE")
        #expect(licence.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"))
        #expect(licence.split(separator: "\n", omittingEmptySubsequences: false).count == 203)
    }
}

/// The release workflow, the Action's installer and the Homebrew formula agree on names.
@Suite struct ReleaseArtifactTests {
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

    @Test func theFormulaIsWhatTheReleaseScriptWritesForTheChangelogsVersion() throws {
        let formula = try ReleaseTests.text("Formula/eventlint.rb")
        let version = try #require(try ReleaseTests.changelogVersions().first)
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
        let workflow = try ReleaseTests.text(".github/workflows/release.yml")
        let script = try ReleaseTests.text(".ci/eventlint-action.sh")
        for platform in ["macos-universal", "linux-x86_64", "linux-aarch64"] {
            #expect(workflow.contains(platform), "the release workflow does not build \(platform)")
            #expect(script.contains("echo \(platform)"), "the installer does not ask for \(platform)")
        }
        #expect(workflow.contains("--static-swift-stdlib"))
        #expect(workflow.contains("--arch arm64 --arch x86_64"))
        #expect(workflow.contains("tags: [\"v*\"]"))
        #expect(workflow.contains("bash .ci/release/smoke.sh"), "each binary is tested")
    }

    @Test func theVersionScriptReadsTheChangelog() throws {
        let version = try #require(try ReleaseTests.changelogVersions().first)
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
}
