import EventLintKit
import EventLintTestSupport
import Foundation
import Testing

/// What a team pins and takes: the licence and the changelog's versions (`ReleaseToolTests`
/// checks the version the binary prints).
@Suite struct ReleaseTests {
    static func isSemanticVersion(_ text: String) -> Bool {
        let core = text.split(separator: "-", maxSplits: 1)[0].split(separator: ".", omittingEmptySubsequences: false)
        return core.count == 3 && core.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
    }

    @Test func theVersionIsTheChangelogsNewestEntry() throws {
        let versions = try ReleaseFiles.changelogVersions()
        let newest = try #require(versions.first, "CHANGELOG.md has no version entry")
        #expect(ToolVersion.current == newest)
        #expect(versions.allSatisfy(Self.isSemanticVersion), "\(versions)")
        let changelog = try ReleaseFiles.text("CHANGELOG.md")
        for version in versions {
            #expect(changelog.contains("\n[\(version)]: "), "CHANGELOG.md has no link for \(version)")
            #expect(
                changelog.range(of: #"## \[\#(version)\] - \d{4}-\d{2}-\d{2}\n"#, options: .regularExpression) != nil,
                "the entry of \(version) has no date")
        }
    }

    @Test func semanticVersionsAreRecognised() {
        #expect(Self.isSemanticVersion("0.1.0") && Self.isSemanticVersion("1.20.3-beta.1"))
        #expect(!Self.isSemanticVersion("1.2") && !Self.isSemanticVersion("v1.2.3") && !Self.isSemanticVersion("1..3"))
    }

    @Test func theLicenceIsTheApacheLicence() throws {
        let licence = try ReleaseFiles.text("LICENSE")
        #expect(licence.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"))
        #expect(licence.split(separator: "\n", omittingEmptySubsequences: false).count == 203)
    }
}
