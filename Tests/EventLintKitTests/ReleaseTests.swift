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
