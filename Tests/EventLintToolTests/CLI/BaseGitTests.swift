import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `--base REF` against real temporary repositories: where diff findings are anchored, the
/// merge-base, a base without a plan, missing refs and file names git would quote.
@Suite(.enabled(if: GitRepository.gitAvailable, "git is not installed"))
struct BaseGitTests {
    /// A repository whose `main` has the small plan, and a branch `pr` checked out from it.
    static func repositoryWithPlan() throws -> GitRepository {
        let repository = try GitRepository()
        try repository.write("schema/params.json5", SmallPlan.params)
        try repository.write("schema/events.json5", SmallPlan.events)
        try repository.commit("plan")
        try repository.git("checkout", "-q", "-b", "pr")
        return repository
    }

    @Test func removalsAreAnnotatedOnFilesOfTheHeadPlanWithTheBaseAsANote() throws {
        let repository = try Self.repositoryWithPlan()
        defer { repository.remove() }
        try repository.write(
            "schema/events.json5",
            SmallPlan.events
                .replacingOccurrences(of: "    timer_closed: { params: { screen: 'required' } },\n", with: "")
                .replacingOccurrences(of: ", minutes: 'optional'", with: ""))
        try repository.commit("remove")

        let github = try #require(
            try EventLintBinary.run(["check", "--base", "main", "--format", "github"], in: repository.url))
        #expect(github.status == 1)
        let errors = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(errors.count == 2, "\(github.stdout)")
        #expect(errors.allSatisfy { $0.contains("file=schema/events.json5,") }, "\(errors)")
        #expect(!github.stdout.contains("file=main"), "no annotation on the base side")
        // The event that lost the param carries the finding; the removed event is on its old file.
        #expect(errors.contains { $0.contains("title=diff/param-removed") && $0.contains("line=3,") })
        #expect(errors.contains { $0.contains("title=diff/event-removed") && $0.contains("line=1,") })
        #expect(github.stdout.contains("note: declared in the base plan here (main:schema/events.json5:4:5)"))

        let sarif = try #require(
            try EventLintBinary.run(["check", "--base", "main", "--format", "sarif"], in: repository.url))
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let removal = try #require(results.first { $0["ruleId"] as? String == "diff/event-removed" })
        let uri =
            ((((removal["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"]
                as? [String: Any])?["uri"] as? String)
        #expect(uri == "schema/events.json5")
        let related = try #require(removal["relatedLocations"] as? [[String: Any]])
        #expect(
            related.contains {
                (($0["message"] as? [String: Any])?["text"] as? String) == "declared in the base plan here"
            })
        if SARIFSchema.validatorAvailable {
            let validation = try SARIFSchema.validate(sarif: sarif.stdout)
            #expect(validation.status == 0, "\(validation.output)")
        }
    }

    @Test func theChangeThatAddsThePlanIsAllAdditive() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("README.md", "app\n")
        try repository.commit("app")
        try repository.git("checkout", "-q", "-b", "pr")
        try repository.write("schema/params.json5", SmallPlan.params)
        try repository.write("schema/events.json5", SmallPlan.events)
        try repository.commit("first plan")

        let output = try #require(try EventLintBinary.run(["check", "--base", "main"], in: repository.url))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("diff/event-added"))
        #expect(!output.stdout.contains("error"), "\(output.stdout)")
    }

    @Test func aBranchBehindMainIsComparedWithTheMergeBase() throws {
        let repository = try Self.repositoryWithPlan()
        defer { repository.remove() }
        try repository.write(
            "schema/params.json5", SmallPlan.params.replacingOccurrences(of: "'timer']", with: "'timer', 'settings']"))
        try repository.commit("pr: a new value")
        // main moves on after the branch point: a new event the branch does not have.
        try repository.git("checkout", "-q", "main")
        try repository.write(
            "schema/events.json5",
            SmallPlan.events.replacingOccurrences(
                of: "  events: {\n", with: "  events: {\n    paywall_shown: { params: { screen: 'optional' } },\n"))
        try repository.commit("main: new event")
        try repository.git("checkout", "-q", "pr")

        let output = try #require(
            try EventLintBinary.run(["check", "--base", "main", "--format", "json"], in: repository.url))
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(!output.stdout.contains("diff/event-removed"), "no phantom removal of what main added")
        #expect(output.stdout.contains("diff/value-added"))

        let help = try #require(try EventLintBinary.run(["check", "--help"]))
        #expect(help.stdout.contains("merge-base"))
    }

    @Test func aMissingRefSaysHowToFetchIt() throws {
        let repository = try Self.repositoryWithPlan()
        defer { repository.remove() }
        let output = try #require(try EventLintBinary.run(["check", "--base", "origin/main"], in: repository.url))
        #expect(output.status == 2)
        #expect(
            output.stderr.contains("the base ref \"origin/main\" is not a commit of this repository"),
            "\(output.stderr)")
        #expect(output.stderr.contains("fetch-depth: 0"))
    }

    @Test func removingAFileWithANonASCIINameIsReported() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.git("config", "core.quotePath", "true")
        try repository.write("schema/params.json5", SmallPlan.params)
        try repository.write("schema/événements.json5", SmallPlan.events)
        try repository.write("schema/more.json5", "{ events: { app_opened: { params: { screen: 'optional' } } } }\n")
        try repository.commit("plan")
        let sources = try BaseLoader.readSources(
            base: "HEAD", schemaDirectory: repository.url.appendingPathComponent("schema").path)
        #expect(sources.map(\.path).contains("HEAD:schema/événements.json5"), "\(sources.map(\.path))")
        try repository.delete("schema/événements.json5")
        try repository.commit("remove the events file")

        let output = try #require(
            try EventLintBinary.run(["check", "--base", "HEAD~1", "--format", "github"], in: repository.url))
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stdout.contains("title=diff/event-removed::event \"timer_started\" was removed"), "\(output.stdout)")
        #expect(output.stdout.contains("(HEAD~1:schema/événements.json5:"))
    }

    @Test func aPlanDirectoryWithANonASCIINameIsReadFromGit() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("plän/params.json5", SmallPlan.params)
        try repository.write("plän/events.json5", SmallPlan.events)
        try repository.commit("plan")
        let output = try #require(
            try EventLintBinary.run(["check", "--schema", "plän", "--base", "HEAD"], in: repository.url))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("against HEAD: no changes\n"), "\(output.stdout)")
    }

    /// A repository whose plan directory's name is not UTF-8 (`caf\xE9/plan`), the events file
    /// deleted in the last commit: the base must read the plan as it was, and find the removal.
    static func repositoryWithLatin1PlanDirectory() throws -> GitRepository {
        let repository = try GitRepository()
        try repository.write("plan/params.json5", SmallPlan.params)
        try repository.write("plan/events.json5", SmallPlan.events)
        try repository.run(["bash", "-c", "mkdir \"$(printf 'caf\\351')\" && mv plan \"$(printf 'caf\\351')/\""])
        try repository.commit("plan")
        try repository.run(["bash", "-c", "rm \"$(printf 'caf\\351')/plan/events.json5\""])
        try repository.commit("remove the events")
        return repository
    }

    /// The paths git prints (`--show-prefix`, `--show-toplevel`) and the paths given to it
    /// travel as the system's bytes: a directory named in Latin-1 is found at the base, from
    /// inside it and from the top, and the removal is a breaking change (an escaped spelling
    /// would match nothing, and the base would read as an empty plan: all additive).
    @Test func aPlanDirectoryWhoseNameIsNotUTF8IsComparedWithItsBase() throws {
        let repository = try Self.repositoryWithLatin1PlanDirectory()
        defer { repository.remove() }
        let inside = try EventLintBinary.shell(
            "cd \"$1/$(printf 'caf\\351')/plan\" && \"$0\" check --schema . --base HEAD~1", [repository.url.path])
        #expect(inside.status == 1, "\(inside.stdout)\(inside.stderr)")
        #expect(inside.stdout.contains("event \"timer_started\" was removed"), "\(inside.stdout)")
        let top = try EventLintBinary.shell(
            "cd \"$1\" && \"$0\" check --schema \"$(printf 'caf\\351')/plan\" --base HEAD~1", [repository.url.path])
        #expect(top.status == 1, "\(top.stdout)\(top.stderr)")
        #expect(top.stdout.contains("event \"timer_started\" was removed"), "\(top.stdout)")
    }

    /// The caller's environment does not change which repository and which paths are read: a
    /// relative `GIT_DIR` (as a hook may have), and the global pathspec settings that `ls-tree`
    /// refuses.
    @Test func theCallersGitSettingsDoNotChangeTheBase() throws {
        let repository = try Self.repositoryWithPlan()
        defer { repository.remove() }
        try repository.delete("schema/events.json5")
        try repository.commit("remove the events")
        for setting in [
            "GIT_DIR=.git", "GIT_ICASE_PATHSPECS=1", "GIT_GLOB_PATHSPECS=1", "GIT_LITERAL_PATHSPECS=0",
            "GIT_COMMON_DIR=/nonexistent", "GIT_OBJECT_DIRECTORY=/nonexistent", "GIT_INDEX_FILE=/nonexistent/index",
        ] {
            let output = try EventLintBinary.shell(
                "cd \"$1\" && export \"$2\" && \"$0\" check --base main", [repository.url.path, setting])
            #expect(output.status == 1, "\(setting): \(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains("event \"timer_started\" was removed"), "\(setting): \(output.stdout)")
        }
    }

    /// A plan directory whose name git could read as pathspec magic (`:plan` is `plan` from the
    /// top) is read as that directory: the removal is found, not an empty base.
    @Test(arguments: [":plan", ":(glob)plan", "pl*an"])
    func aPlanDirectoryNamedLikeAPathspecIsThatDirectory(name: String) throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("\(name)/params.json5", SmallPlan.params)
        try repository.write("\(name)/events.json5", SmallPlan.events)
        try repository.write("plan/events.json5", "{}\n")
        try repository.commit("plan")
        try repository.delete("\(name)/events.json5")
        try repository.commit("remove the events")
        let output = try #require(
            try EventLintBinary.run(["check", "--schema", name, "--base", "HEAD~1"], in: repository.url))
        #expect(output.status == 1, "\(name): \(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("event \"timer_started\" was removed"), "\(name): \(output.stdout)")
    }

    /// A plan file that is a link inside the plan directory is read where it leads at the base,
    /// as in the working tree; one that leads out of the directory is refused in both.
    @Test func aLinkedPlanFileIsFollowedAtTheBaseAsInTheWorkingTree() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("plan/params.json5", SmallPlan.params)
        try repository.write("plan/real/events.json5", SmallPlan.events)
        try repository.run(["ln", "-s", "real/events.json5", "plan/events.json5"])
        try repository.commit("plan")
        try repository.write(
            "plan/real/events.json5",
            SmallPlan.events.replacingOccurrences(
                of: "    timer_closed: { params: { screen: 'required' } },\n", with: ""))
        try repository.commit("remove an event")
        let output = try #require(
            try EventLintBinary.run(["check", "--schema", "plan", "--base", "HEAD~1"], in: repository.url))
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("event \"timer_closed\" was removed"), "\(output.stdout)")

        try repository.write("elsewhere.json5", SmallPlan.events)
        try repository.run(["ln", "-sf", "../elsewhere.json5", "plan/events.json5"])
        try repository.commit("link out")
        do {
            _ = try BaseLoader.readSources(
                base: "HEAD", schemaDirectory: repository.url.appendingPathComponent("plan").path)
            Issue.record("a base plan file linked out of the plan directory was read")
        } catch {
            #expect(error.message.contains("HEAD:plan/events.json5"), "\(error.message)")
            #expect(error.message.contains("outside the plan directory"), "\(error.message)")
        }
    }

    /// The files of the base keep their bytes into SARIF: a name that is not UTF-8 is `%FF`, a
    /// backslash `%5C`.
    @Test func baseFileNamesReachSARIFAsTheirBytes() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("plan/params.json5", SmallPlan.params)
        try repository.commit("params")
        try repository.run([
            "bash", "-c",
            "printf '%s' \"$0\" > \"plan/ev$(printf '\\377')\\\\ents.json5\" && git add -A && git commit -qm events",
            SmallPlan.events,
        ])
        try repository.run(["bash", "-c", "rm plan/ev*ents.json5 && git add -A && git commit -qm gone"])
        let output = try #require(
            try EventLintBinary.run(
                ["check", "--schema", "plan", "--base", "HEAD~1", "--format", "sarif"], in: repository.url))
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("plan/ev%FF%5Cents.json5"), "\(output.stdout)")
    }

    /// A parent that ignores SIGCHLD passes that on across exec; git is still waited for.    /// A parent that ignores SIGCHLD passes that on across exec; git is still waited for.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/perl"), "perl is not installed"))
    func theBaseIsReadWhenTheParentIgnoresChildSignals() throws {
        let repository = try Self.repositoryWithPlan()
        defer { repository.remove() }
        let output = try EventLintBinary.shell(
            "cd \"$1\" && /usr/bin/perl -e '$SIG{CHLD} = \"IGNORE\"; exec @ARGV' \"$0\" check --base main",
            [repository.url.path])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasPrefix("against main: no changes\n"), "\(output.stdout)")
    }

    /// A plan file at the base larger than any plan file may be is an error, and git is not
    /// read to its end.
    @Test func aBasePlanFileOverTheLimitIsAnError() throws {
        let repository = try Self.repositoryWithPlan()
        defer { repository.remove() }
        try repository.run(["bash", "-c", "head -c $((17 << 20)) /dev/zero | tr '\\0' ' ' > schema/big.json5"])
        try repository.commit("a big file")
        do {
            _ = try BaseLoader.readSources(
                base: "HEAD", schemaDirectory: repository.url.appendingPathComponent("schema").path)
            Issue.record("a 17 MiB plan file was read")
        } catch {
            #expect(error.message.contains("big.json5"), "\(error.message)")
            #expect(error.message.contains("over 16 MiB"), "\(error.message)")
        }
    }

    @Test func hintsRepeatHowThePlanWasNamed() throws {
        let missing = try #require(try EventLintBinary.run(["check", "--schema", "no/such/plan"]))
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("plan directory \"no/such/plan\" does not exist"))
        #expect(missing.stderr.contains("point at the plan with --schema DIR"))

        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("plan/bad.json5", "{ events: { 'Bad Name': {} } }\n")
        try repository.write("export.ndjson", "{}\n")
        let lint = try #require(
            try EventLintBinary.run(["lint", "--schema", "plan", "export.ndjson"], in: repository.url))
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("run `eventlint check --schema plan` first"), "\(lint.stderr)")
    }
}

/// The text report of `check --base`: the verdict first, breaking changes in full, additive
/// ones a line each.
@Suite(.enabled(if: GitRepository.gitAvailable, "git is not installed"))
struct CheckBaseOutputTests {
    @Test func verdictFirstThenBreakingThenOneLinePerAdditiveChange() throws {
        let repository = try BaseGitTests.repositoryWithPlan()
        defer { repository.remove() }
        try repository.write(
            "schema/params.json5",
            SmallPlan.params
                .replacingOccurrences(
                    of: "values: ['home', 'timer']", with: "values: ['home', 'timer_screen', 'settings']"
                )
                .replacingOccurrences(of: "type: 'int'", with: "type: 'double'"))
        try repository.write(
            "schema/events.json5",
            SmallPlan.events.replacingOccurrences(
                of: "  events: {\n", with: "  events: {\n    paywall_shown: { params: { screen: 'optional' } },\n"))
        try repository.commit("change")

        let output = try #require(try EventLintBinary.run(["check", "--base", "main"], in: repository.url))
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "against main: 1 breaking change, 4 additive", "\(output.stdout)")
        let firstInfo = try #require(lines.firstIndex { $0.hasPrefix("info[") })
        let lastError = try #require(lines.lastIndex { $0.hasPrefix("error[") })
        #expect(lastError < firstInfo, "breaking first")
        let infos = lines.filter { $0.hasPrefix("info[") }
        #expect(infos.count == 4)
        #expect(
            infos.contains("info[diff/event-added]: event \"paywall_shown\" is new (schema/events.json5:3:5)"),
            "\(infos)")
        #expect(
            infos.contains {
                $0.hasPrefix("info[diff/type-widened]: param \"minutes\" changed type from int to double")
            })
        #expect(output.stdout.contains("= note: renamed to \"timer_screen\"?"), "the value rename hint")
        // The additive lines follow each other without excerpts.
        let infoBlock = lines[firstInfo...].prefix { !$0.isEmpty }
        #expect(infoBlock.count == 4)

        let markdown = try #require(
            try EventLintBinary.run(["check", "--base", "main", "--format", "markdown"], in: repository.url))
        #expect(markdown.stdout.contains("**against main: 1 breaking change, 4 additive**"))
    }
}
