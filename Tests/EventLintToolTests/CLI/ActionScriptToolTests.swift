import EventLintTestSupport
import Foundation
import Testing

/// The GitHub Action's steps (`.ci/eventlint-action.sh run`, what `action.yml` runs) over a
/// temporary app repository: an upstream with `main`, a clone with a pull-request branch, the
/// `GITHUB_*` variables an Actions runner sets, and the eventlint the tests built.
@Suite(.enabled(if: GitRepository.gitAvailable, "git is not installed"))
struct ActionScriptToolTests {
    static let script = Repository.root.appendingPathComponent(".ci/eventlint-action.sh").path

    @Test func aBreakingChangeIsAnnotatedOnAFileOfTheHeadTree() throws {
        let (upstream, app) = try Self.app(main: Self.plan)
        defer {
            upstream.remove()
            app.remove()
        }
        try app.write(
            "schema/events.json5",
            SmallPlan.events
                .replacingOccurrences(of: "    timer_closed: { params: { screen: 'required' } },\n", with: ""))
        try app.commit("remove an event")

        let run = try Self.runAction(in: app)
        #expect(run.status == 1, "\(run.output)")
        let errors = run.annotations.filter { $0.hasPrefix("::error") }
        #expect(errors.count == 1, "\(run.output)")
        let headTree = try app.git("ls-tree", "-r", "--name-only", "HEAD").split(separator: "\n").map(String.init)
        for error in errors {
            let file = try #require(Self.file(of: error))
            #expect(headTree.contains(file), "\(file) is not in the head tree \(headTree)")
        }
        #expect(run.summary.contains("## eventlint check"), "the step summary is written")
        #expect(run.summary.contains("against origin/main: 1 breaking change, 0 additive"), "\(run.summary)")
        #expect(FileManager.default.fileExists(atPath: run.sarif.appendingPathComponent("check.sarif").path))
    }

    @Test func aSyntaxErrorGivesValidSARIFWithThatError() throws {
        let (upstream, app) = try Self.app(main: Self.plan)
        defer {
            upstream.remove()
            app.remove()
        }
        try app.write("schema/events.json5", "{ events: { a: { params: {} } }\n  b: 1 }\n")
        try app.commit("typo")

        let run = try Self.runAction(in: app)
        #expect(run.status == 2)
        #expect(
            run.annotations.contains {
                $0.hasPrefix("::error file=schema/events.json5,line=2,") && $0.contains("title=json/")
            },
            "\(run.output)")
        let sarif = try String(contentsOf: run.sarif.appendingPathComponent("check.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"ruleId\"") && sarif.contains("json/"))
        if SARIFSchema.validatorAvailable {
            let validation = try SARIFSchema.validate(sarif: sarif)
            #expect(validation.status == 0, "\(validation.output)")
        }
        #expect(run.summary.contains("the plan cannot be loaded"), "\(run.summary)")
    }

    @Test func thePullRequestThatAddsThePlanPassesAsAdditive() throws {
        let (upstream, app) = try Self.app(main: [:])
        defer {
            upstream.remove()
            app.remove()
        }
        for (path, text) in Self.plan { try app.write(path, text) }
        try app.commit("first plan")

        let run = try Self.runAction(in: app)
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.annotations.contains { $0.hasPrefix("::error") })
        #expect(run.summary.contains("no breaking changes, 4 additive"), "\(run.summary)")
    }

    @Test func aBranchBehindMainReportsNoPhantomRemovals() throws {
        let (upstream, app) = try Self.app(main: Self.plan)
        defer {
            upstream.remove()
            app.remove()
        }
        try app.write(
            "schema/params.json5", SmallPlan.params.replacingOccurrences(of: "'timer']", with: "'timer', 'settings']"))
        try app.commit("a new value")
        try upstream.write(
            "schema/events.json5",
            SmallPlan.events.replacingOccurrences(
                of: "  events: {\n", with: "  events: {\n    paywall_shown: { params: { screen: 'optional' } },\n"))
        try upstream.commit("main moves on")
        try app.git("fetch", "-q", "origin")

        let run = try Self.runAction(in: app)
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("diff/event-removed"), "\(run.output)")

        // The merge commit a pull_request workflow checks out gives the same answer.
        try app.git("checkout", "-q", "--detach", "origin/main")
        try app.git("merge", "-q", "--no-ff", "-m", "merge pr", "pr")
        let merged = try Self.runAction(in: app)
        #expect(merged.status == 0 && !merged.output.contains("diff/event-removed"), "\(merged.output)")
    }

    @Test func annotationsAreCappedWithASummaryLine() throws {
        let (upstream, app) = try Self.app(main: Self.plan)
        defer {
            upstream.remove()
            app.remove()
        }
        try app.write("exports/day1.ndjson", String(repeating: "{\n", count: 40))
        try app.commit("an export")

        let run = try Self.runAction(in: app, inputs: ["INPUT_EXPORTS": "exports/*.ndjson"])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.annotations.filter { $0.hasPrefix("::error") }.count == 10)
        #expect(
            run.annotations.contains { $0.hasPrefix("::notice title=eventlint::30 more findings were not annotated") },
            "\(run.output)")
        #expect(run.summary.contains("## eventlint lint"))

        let five = try Self.runAction(
            in: app, inputs: ["INPUT_EXPORTS": "exports/*.ndjson", "INPUT_MAX_ANNOTATIONS": "5"])
        #expect(five.annotations.filter { $0.hasPrefix("::error") }.count == 4)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum"), "no sha256sum"))
    func theBuildKeyIsAHashOfTheToolchainAndTheSources() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        let key = try repository.run(["bash", Self.script, "key"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit), "\(key)")
        #expect(
            try repository.run(["bash", Self.script, "key"]).trimmingCharacters(in: .whitespacesAndNewlines) == key)
    }

    /// An app below the repository root (`working-directory: mobile`): the inputs are relative
    /// to it, and annotations and SARIF name files from the root, where GitHub places them.
    @Test func aWorkingDirectoryBelowTheRootNamesFilesFromTheRoot() throws {
        let (upstream, app) = try Self.app(main: [
            "mobile/schema/params.json5": SmallPlan.params, "mobile/schema/events.json5": SmallPlan.events,
        ])
        defer {
            upstream.remove()
            app.remove()
        }
        try app.write(
            "mobile/schema/events.json5",
            SmallPlan.events
                .replacingOccurrences(of: "    timer_closed: { params: { screen: 'required' } },\n", with: ""))
        try app.write(
            "mobile/ex/a.ndjson",
            #"{"event_name":"unplanned_a","event_timestamp":"1741950000000000","user_pseudo_id":"u"}"# + "\n")
        try app.commit("remove an event")
        let run = try Self.runAction(in: app, directory: "mobile", inputs: ["INPUT_EXPORTS": "ex/*.ndjson"])
        #expect(run.status == 1, "\(run.output)")
        let files = run.annotations.compactMap(Self.file(of:))
        #expect(files.contains("mobile/schema/events.json5"), "\(run.output)")
        #expect(files.contains("mobile/ex/a.ndjson"), "\(run.output)")
        #expect(files.allSatisfy { $0.hasPrefix("mobile/") }, "\(files)")
        let sarif = try String(contentsOf: run.sarif.appendingPathComponent("check.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"mobile/schema/events.json5\""), "\(sarif)")
    }

    /// List inputs take one entry a line (a YAML `|` block) as well as spaces.
    @Test func listInputsTakeOneEntryALine() throws {
        let (upstream, app) = try Self.app(main: Self.plan)
        defer {
            upstream.remove()
            app.remove()
        }
        for name in ["a", "b"] {
            try app.write(
                "ex/\(name).ndjson",
                #"{"event_name":"unplanned_\#(name)","event_timestamp":"1741950000000000","user_pseudo_id":"u"}"# + "\n"
            )
        }
        try app.commit("exports")
        let run = try Self.runAction(in: app, inputs: ["INPUT_EXPORTS": "ex/a.ndjson\nex/b.ndjson\n"])
        let files = Set(run.annotations.compactMap(Self.file(of:)))
        #expect(files.isSuperset(of: ["ex/a.ndjson", "ex/b.ndjson"]), "\(run.output)")
    }

    /// A command that does not run at all (a bad input: a usage error) is an annotation and a
    /// line of the step summary, not only a line of the log.
    @Test func aCommandThatDoesNotRunSaysSoInTheAnnotationsAndTheSummary() throws {
        let (upstream, app) = try Self.app(main: Self.plan)
        defer {
            upstream.remove()
            app.remove()
        }
        let run = try Self.runAction(in: app, inputs: ["INPUT_FAIL_ON": "bogus"])
        #expect(run.status == 2, "\(run.output)")
        #expect(
            run.annotations.contains { $0.hasPrefix("::error title=eventlint check::eventlint check did not run") },
            "\(run.output)")
        #expect(run.summary.contains("eventlint check did not run (exit status 2)"), "\(run.summary)")
    }

    @Test func budgetRunsWhenRegisteredDefinitionsAreGiven() throws {
        let (upstream, app) = try Self.app(main: Self.plan)
        defer {
            upstream.remove()
            app.remove()
        }
        try app.write("ga4/custom-dimensions.json", #"{"error":{"code":401,"status":"UNAUTHENTICATED"}}"#)
        try app.commit("definitions")
        let run = try Self.runAction(in: app, inputs: ["INPUT_REGISTERED": "ga4"])
        #expect(run.status == 2, "an expired token fails the job: \(run.output)")
        #expect(run.output.contains("eventlint budget: exit status 2"))
        #expect(run.summary.contains("## eventlint budget"))
    }

    @Test(.enabled(if: machineHasARelease, "no release platform for this machine"))
    func installTakesTheReleaseBinaryOfItsVersionWhenItsChecksumMatches() throws {
        let release = try Release()
        defer { release.remove() }
        let checksum = try String(contentsOf: try release.asset(".sha256"), encoding: .utf8)
        #expect(checksum.range(of: #"^[0-9a-f]{64}  eventlint-.*\.tar\.gz\n$"#, options: .regularExpression) != nil)
        let run = try release.install()
        #expect(run.status == 0, "\(run.output)")
        #expect(run.said == "installed=true\n")
        #expect(run.output.contains("installed the release binary eventlint-\(release.version)-"), "\(run.output)")
        let (status, version) = try Release.bash(["-c", #""$0" --version"#, release.installed.path])
        #expect(status == 0 && version == "eventlint \(release.version)\n")
        // At the release's tag or a commit, the same; at a branch, a build from source.
        #expect(
            try release.install(environment: ["GITHUB_ACTION_REF": "v" + release.version]).said == "installed=true\n")
        let branch = try release.install(environment: ["GITHUB_ACTION_REF": "main"])
        #expect(branch.status == 0 && branch.said == "installed=false\n", "\(branch.output)")
        #expect(branch.output.contains("building from source"))
    }

    @Test(.enabled(if: machineHasARelease, "no release platform for this machine"))
    func installRefusesABinaryWhoseChecksumIsWrongOrMissing() throws {
        let release = try Release()
        defer { release.remove() }
        let sum = try release.asset(".sha256")
        let text = try String(contentsOf: sum, encoding: .utf8)
        let wrong = (text.first == "0" ? "1" : "0") + text.dropFirst()
        try wrong.write(to: sum, atomically: true, encoding: .utf8)
        let run = try release.install()
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains("::error title=eventlint::the SHA-256 of eventlint-"), "\(run.output)")
        #expect(run.output.contains("refusing it"))
        #expect(run.said.isEmpty, "no installed= output: the step fails")
        #expect(!FileManager.default.fileExists(atPath: release.installed.path))

        // A binary changed after its checksum was written is the same case.
        try text.write(to: sum, atomically: true, encoding: .utf8)
        let archive = try release.asset()
        let handle = try FileHandle(forWritingTo: archive)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        #expect(try release.install().status == 2)

        try FileManager.default.removeItem(at: sum)
        let missing = try release.install()
        #expect(missing.status == 2)
        #expect(missing.output.contains("refusing an unverified binary"), "\(missing.output)")
        #expect(!FileManager.default.fileExists(atPath: release.installed.path))
    }

    @Test func installBuildsFromSourceWhenTheVersionHasNoRelease() throws {
        let release = try Release()
        defer { release.remove() }
        try FileManager.default.removeItem(at: release.releases)
        let run = try release.install()
        #expect(run.status == 0, "\(run.output)")
        #expect(run.said == "installed=false\n")
        #expect(run.output.contains("building from source"), "\(run.output)")
    }

    @Test func theBuildStepsRunOnlyWhenNoReleaseBinaryWasInstalled() throws {
        let action = try String(contentsOf: Repository.root.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("\"$GITHUB_ACTION_PATH/.ci/eventlint-action.sh\" install"))
        let steps = action.components(separatedBy: "    - name: ")
        for name in ["Build key", "Cache the eventlint build", "Build eventlint"] {
            let step = try #require(steps.first { $0.hasPrefix(name) }, "no step \(name)")
            #expect(step.contains("if: steps.install.outputs.installed != 'true'"), "\(name) runs always")
        }
    }

    struct Run {
        var status: Int32
        var output: String
        var summary: String
        var sarif: URL

        var annotations: [Substring] {
            output.split(separator: "\n").filter {
                $0.hasPrefix("::error") || $0.hasPrefix("::warning") || $0.hasPrefix("::notice")
            }
        }
    }

    /// An upstream whose `main` holds `files`, and a clone on branch `pr` with origin/main.
    static func app(main files: [String: String]) throws -> (upstream: GitRepository, app: GitRepository) {
        let upstream = try GitRepository()
        try upstream.write("README.md", "an app\n")
        for (path, text) in files { try upstream.write(path, text) }
        try upstream.commit("main")
        let app = try GitRepository(cloning: upstream)
        try app.git("checkout", "-q", "-b", "pr")
        return (upstream, app)
    }

    static let plan = ["schema/params.json5": SmallPlan.params, "schema/events.json5": SmallPlan.events]

    /// Runs the action's `run` step in `app` as a pull request against main.
    static func runAction(in app: GitRepository, directory: String? = nil, inputs: [String: String] = [:]) throws
        -> Run
    {
        let binary = try #require(EventLintBinary.url)
        let scratch = app.url.deletingLastPathComponent().appendingPathComponent(
            "eventlint-runner-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let summary = scratch.appendingPathComponent("step-summary.md")
        _ = FileManager.default.createFile(atPath: summary.path, contents: nil)
        let sarif = app.url.appendingPathComponent("eventlint-sarif")
        var environment = [
            "EVENTLINT": binary.path, "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_BASE_REF": "main", "GITHUB_HEAD_REF": "pr", "GITHUB_WORKSPACE": app.url.path,
            "GITHUB_STEP_SUMMARY": summary.path, "INPUT_SARIF": sarif.path, "NO_COLOR": "1",
        ]
        for (key, value) in inputs { environment[key] = value }
        // With `directory`, the step runs there, as action.yml's working-directory makes it.
        let command =
            directory.map { ["bash", "-c", #"cd "$1" && exec bash "$0" run"#, script, $0] } ?? ["bash", script, "run"]
        let (status, output) = try app.runWithStatus(command, environment: environment)
        return Run(
            status: status, output: output, summary: try String(contentsOf: summary, encoding: .utf8), sarif: sarif)
    }

    /// The `file=` of an annotation, unescaped.
    static func file(of annotation: Substring) -> String? {
        guard let start = annotation.range(of: "file=") else { return nil }
        let rest = annotation[start.upperBound...]
        let end = rest.firstIndex { $0 == "," || $0 == ":" } ?? rest.endIndex
        return String(rest[..<end]).removingPercentEncoding
    }

    /// A local release directory as the release workflow publishes it (v<version>/ with each
    /// platform's archive and .sha256, packed by .ci/release/package.sh from the binary the
    /// tests built), and what `install` leaves behind.
    struct Release {
        let root: URL
        var releases: URL { root.appendingPathComponent("releases") }
        var installDirectory: URL { root.appendingPathComponent("installed") }
        var outputFile: URL { root.appendingPathComponent("github-output") }
        let version: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "eventlint-release-" + UUID().uuidString)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            version = try #require(try ReleaseFiles.changelogVersions().first)
            let binary = try #require(EventLintBinary.url)
            let directory = releases.appendingPathComponent("v" + version)
            for platform in ["linux-x86_64", "linux-aarch64", "macos-universal"] {
                let (status, output) = try Self.bash([
                    Repository.root.appendingPathComponent(".ci/release/package.sh").path, binary.path, version,
                    platform, directory.path,
                ])
                #expect(status == 0, "\(output)")
            }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        func asset(_ suffix: String = "") throws -> URL {
            let names = try FileManager.default.contentsOfDirectory(
                atPath: releases.appendingPathComponent("v" + version).path)
            #expect(names.count == 6, "\(names)")
            return releases.appendingPathComponent("v\(version)/eventlint-\(version)-linux-x86_64.tar.gz\(suffix)")
        }

        /// Runs `eventlint-action.sh install` against this release directory.
        func install(environment extra: [String: String] = [:]) throws -> (status: Int32, output: String, said: String)
        {
            _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
            var environment = [
                "EVENTLINT_RELEASES": releases.path, "EVENTLINT_INSTALL_DIR": installDirectory.path,
                "GITHUB_OUTPUT": outputFile.path,
            ]
            for (key, value) in extra { environment[key] = value }
            let (status, output) = try Self.bash([ActionScriptToolTests.script, "install"], environment: environment)
            return (status, output, try String(contentsOf: outputFile, encoding: .utf8))
        }

        var installed: URL { installDirectory.appendingPathComponent("eventlint") }

        static func bash(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["GITHUB_ACTION_REF"] = nil
            for (key, value) in extra { environment[key] = value }
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }

    static var machineHasARelease: Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            return FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")
        #elseif os(macOS)
            return true
        #else
            return false
        #endif
    }
}
