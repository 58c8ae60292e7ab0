import Foundation
import Testing

@testable import EventLintKit

/// Without `--schema`, every command finds the plan from the working directory up to the
/// repository root: a package or target directory of an app works as the root does.
@Suite struct PlanLocatorTests {
    /// A scratch tree: `outer/` (a plan outside the repository, never to be found) holding
    /// `repo/` (with `.git`), its plan in `repo/schema/` and an app in `repo/App/Sources/`.
    struct Tree {
        let outer: URL
        var repo: URL { outer.appendingPathComponent("repo") }

        init() throws {
            outer = FileManager.default.temporaryDirectory.appendingPathComponent(
                "eventlint-locate-" + UUID().uuidString)
            for directory in ["repo/.git", "repo/schema", "repo/App/Sources", "schema"] {
                try FileManager.default.createDirectory(
                    at: outer.appendingPathComponent(directory), withIntermediateDirectories: true)
            }
            try write("repo/schema/params.json5", SmallPlan.params)
            try write("repo/schema/events.json5", SmallPlan.events)
            try write("schema/events.json5", "{ events: { outside_event: { params: {} } } }\n")
        }

        func write(_ path: String, _ text: String) throws {
            let url = outer.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: outer) }

        func run(_ arguments: [String], in directory: String) throws -> EventLintBinary.Output {
            try #require(try EventLintBinary.run(arguments, in: outer.appendingPathComponent(directory)))
        }
    }

    @Test func checkFindsThePlanAboveTheWorkingDirectoryAndSaysSo() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let output = try tree.run(["check", "--verbose"], in: "repo/App/Sources")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("plan: 2 files, 2 events, 2 params"), "\(output.stdout)")
        #expect(
            output.stderr.hasPrefix("eventlint: plan ../../schema (the first schema/ with plan files"),
            "\(output.stderr)")
        let quiet = try tree.run(["check"], in: "repo/App/Sources")
        #expect(quiet.stderr.isEmpty, "no --verbose, nothing said: \(quiet.stderr)")
    }

    @Test func findingsNameThePlanFileFromTheWorkingDirectory() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.write(
            "repo/schema/more.json5",
            "{ events: { an_event_name_that_is_far_too_long_for_ga4_to_keep: { params: {} } } }\n")
        let output = try tree.run(["check", "--format", "xcode"], in: "repo/App")
        #expect(output.status == 1)
        let line = try #require(output.stdout.split(separator: "\n").first { $0.contains("ga4/event-name-too-long") })
        #expect(line.hasPrefix("/") && line.contains("/repo/schema/more.json5:1:13: error: "), "\(line)")
    }

    @Test func codegenFromASubdirectoryWritesWhatItWritesAtTheRoot() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let below = try tree.run(["codegen", "swift"], in: "repo/App/Sources")
        let root = try tree.run(["codegen", "swift"], in: "repo")
        #expect(below.status == 0 && root.status == 0, "\(below.stderr)\(root.stderr)")
        #expect(below.stdout == root.stdout)
        #expect(below.stdout.contains("timerStarted") || below.stdout.contains("TimerStarted"))
    }

    @Test func aSchemaDirectoryWithoutPlanFilesIsPassedOver() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try FileManager.default.createDirectory(
            at: tree.repo.appendingPathComponent("App/schema"), withIntermediateDirectories: true)
        try tree.write("repo/App/schema/README.md", "not a plan\n")
        let output = try tree.run(["check", "--verbose"], in: "repo/App")
        #expect(output.status == 0)
        #expect(output.stderr.hasPrefix("eventlint: plan ../schema "), "\(output.stderr)")
    }

    @Test func aSettingsFileNamesThePlan() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try FileManager.default.moveItem(
            at: tree.repo.appendingPathComponent("schema"), to: tree.repo.appendingPathComponent("analytics-plan"))
        try tree.write("repo/.eventlint.json5", "// where the plan is\n{ schema: 'analytics-plan' }\n")
        let output = try tree.run(["check", "--verbose"], in: "repo/App/Sources")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stderr.hasPrefix("eventlint: plan ../../analytics-plan (named by ../../.eventlint.json5)"),
            "\(output.stderr)")

        try tree.write("repo/.eventlint.json5", "{ shema: 'analytics-plan' }\n")
        let misspelt = try tree.run(["check"], in: "repo/App")
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("unknown setting \"shema\""), "\(misspelt.stderr)")
        #expect(misspelt.stderr.contains("--> ../.eventlint.json5:1:3"), "\(misspelt.stderr)")
    }

    @Test func theSearchStopsAtTheRepositoryRootAndSaysWhereItLooked() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try FileManager.default.removeItem(at: tree.repo.appendingPathComponent("schema"))
        let output = try tree.run(["check"], in: "repo/App/Sources")
        #expect(output.status == 2)
        #expect(!output.stdout.contains("outside_event") && !output.stderr.contains("outside_event"))
        #expect(
            output.stderr.contains(
                "no plan found: no .eventlint.json5 or schema/ with plan files from the working directory up to ../.."),
            "\(output.stderr)")
        // --schema is taken as given: no search.
        let given = try tree.run(["check", "--schema", "../../../schema", "--verbose"], in: "repo/App/Sources")
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stderr.hasPrefix("eventlint: plan ../../../schema (--schema)"))
    }

    @Test func aPlanThatFailsToLoadIsNamedWithHowItWasFound() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.write("repo/schema/events.json5", "{ events: { a: { params: {} } }\n  b: 1 }\n")
        let output = try tree.run(["lint", "-"], in: "repo/App")
        #expect(output.status == 2)
        #expect(output.stderr.contains("--> ../schema/events.json5:2:3"), "\(output.stderr)")
        #expect(output.stderr.contains("the plan ../schema (the first schema/ with plan files"), "\(output.stderr)")
    }
}

/// `.eventlint.json5` is read with the plan's JSON5 reader and refuses what it does not know.
@Suite struct ProjectSettingsTests {
    @Test(arguments: [
        ("{ schema: 'plan' } // the plan", "plan"),
        ("{ \"schema\": \"app/analytics\", }", "app/analytics"),
    ])
    func theSchemaIsRead(text: String, schema: String) throws {
        #expect(try ProjectSettings.read(path: ".eventlint.json5", bytes: Array(text.utf8)).schema == schema)
    }

    @Test(arguments: [
        ("{ schema: 3 }", "\"schema\" must be a non-empty string", 1, 11),
        ("{ schema: '' }", "\"schema\" must be a non-empty string", 1, 11),
        ("{}", "no \"schema\"", 1, 1),
        ("['plan']", "expected an object", 1, 1),
        ("{ schema: 'a', output: 'b' }", "unknown setting \"output\"", 1, 16),
        ("{ schema: 'a' ", "expected", 1, 15),
    ])
    func aProblemIsAnErrorAtItsPlace(text: String, message: String, line: Int, column: Int) {
        do {
            _ = try ProjectSettings.read(path: ".eventlint.json5", bytes: Array(text.utf8))
            Issue.record("\(text) was read")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(
                error.location?.line == line && error.location?.column == column,
                "\(String(describing: error.location))")
        }
    }
}
