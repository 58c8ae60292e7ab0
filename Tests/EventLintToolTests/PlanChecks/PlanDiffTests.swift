import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `check --base`: each kind of difference, and a base read from a git ref.
@Suite struct PlanDiffTests {
    static let base = """
        {
          params: {
            screen: { type: 'string', values: ['home', 'timer'], register: 'event' },
            minutes: { type: 'int', min: 0, max: 120, register: 'event' },
            label: { type: 'string', register: 'event' },
            outcome: { type: 'string' },
          },
          events: {
            timer_started: { params: { screen: 'required', minutes: 'optional', label: 'optional' } },
            timer_closed: { params: { screen: 'required', outcome: { required: true, values: ['done', 'quit'] } } },
            old_event: { params: { screen: 'required' } },
          },
          pairs: {
            timer: { open: 'timer_started', close: { events: ['timer_closed'], required: false } },
          },
          rules: {
            quit_only_on_timer: { on: 'timer_closed', when: { outcome: 'quit' }, require: { screen: 'timer' } },
          },
        }
        """

    /// Rule ids (with event/param) that comparing `base` with an edited copy reports.
    static func diff(_ edits: [(String, String)]) throws -> [Finding] {
        var text = base
        for (old, new) in edits {
            #expect(text.contains(old), "edit does not apply: \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        let before = try PlanText.check(base, path: "base/plan.json5").plan
        let after = try PlanText.check(text, path: "plan.json5").plan
        return PlanDiff.compare(base: before, current: after)
    }

    static func ids(_ findings: [Finding]) -> [String] { findings.map(\.ruleID) }

    /// An intended breaking change lands with a suppression that names it; once the change is in
    /// the base, the suppression matches nothing and is reported until it is removed.
    @Test func anIntendedBreakingChangeLandsWithASuppressionThatThenExpires() throws {
        let suppression = """
              suppress: [{ rule: 'diff/event-removed', event: 'old_event', reason: 'retired in 3.0, #123' }],
            """
        let withSuppression = Self.base.replacingOccurrences(of: "  pairs: {", with: suppression + "\n  pairs: {")
        let removed = withSuppression.replacingOccurrences(
            of: "old_event: { params: { screen: 'required' } },", with: "")
        func session(base: String, head: String) throws -> PlanSession {
            try PlanSession(
                sources: [PlanSource(path: "schema/plan.json5", bytes: Array(head.utf8))],
                baseSources: [PlanSource(path: "base/plan.json5", bytes: Array(base.utf8))])
        }
        // The pull request: the removal is let through, and the verdict says so.
        let pullRequest = try session(base: Self.base, head: removed)
        #expect(!Self.ids(pullRequest.diffFindings).contains("diff/event-removed"))
        #expect(pullRequest.suppressedBreaking == 1)
        let verdict = DiffVerdict(
            base: "origin/main", diff: pullRequest.diffFindings, suppressed: pullRequest.suppressedBreaking)
        #expect(
            verdict.sentence
                == "against origin/main: no breaking changes (1 breaking change let through by a suppression), 0 additive"
        )
        // Without the suppression it is an error.
        let unsuppressed = try session(
            base: Self.base,
            head: Self.base.replacingOccurrences(of: "old_event: { params: { screen: 'required' } },", with: ""))
        #expect(Self.ids(unsuppressed.diffFindings) == ["diff/event-removed"])
        // After the merge: the base has the change, and the suppression is stale.
        let later = try session(base: removed, head: removed)
        let landed = try #require(later.diffFindings.first)
        #expect(later.diffFindings.count == 1)
        #expect(landed.ruleID == "diff/suppression-landed" && landed.severity == .warning)
        #expect(
            landed.message
                == "suppression of \"diff/event-removed\" for event \"old_event\" matches no change against the base: the change has landed, remove it"
        )
        #expect(landed.location.line == 13, "at the suppression: \(landed.location)")
        #expect(
            DiffVerdict(base: "origin/main", diff: later.diffFindings).sentence == "against origin/main: no changes")
        // Suppressions of other rules are not judged.
        let other = removed.replacingOccurrences(
            of: "rule: 'diff/event-removed'", with: "rule: 'plan/missing-description'")
        #expect(try session(base: other, head: other).diffFindings.isEmpty)
    }

    @Test func identicalPlansReportNothing() throws {
        #expect(try Self.diff([]).isEmpty)
    }

    @Test(arguments: [
        // breaking
        ("old_event: { params: { screen: 'required' } },", "", "diff/event-removed"),
        ("minutes: 'optional', ", "", "diff/param-removed"),
        ("minutes: { type: 'int'", "minutes: { type: 'string'", "diff/type-changed"),
        ("values: ['home', 'timer']", "values: ['home', 'timer2']", "diff/value-removed"),
        ("label: { type: 'string', register", "label: { type: 'string', values: ['a'], register", "diff/value-removed"),
        ("minutes: 'optional'", "minutes: 'required'", "diff/now-required"),
        ("label: 'optional' }", "label: 'optional', outcome: 'required' }", "diff/now-required"),
        ("max: 120", "max: 60", "diff/range-narrowed"),
        ("label: { type: 'string', register: 'event' }", "label: { type: 'string' }", "diff/registration-removed"),
        ("required: false", "required: true", "diff/pair-changed"),
        ("require: { screen: 'timer' }", "require: { screen: 'home' }", "diff/rule-changed"),
        // additive
        ("old_event: {", "new_event: { params: { screen: 'optional' } },\n    old_event: {", "diff/event-added"),
        ("label: 'optional' }", "label: 'optional', outcome: 'optional' }", "diff/param-added"),
        ("minutes: { type: 'int'", "minutes: { type: 'double'", "diff/type-widened"),
        ("label: 'optional' }", "label: 'optional', outcome: { required: { since: '3.0.0' } } }", "diff/param-added"),
        ("values: ['done', 'quit']", "values: ['done', 'quit', 'later']", "diff/value-added"),
        ("minutes: 'optional'", "minutes: { required: { since: '3.0.0' } }", "diff/required-since"),
        ("screen: 'required', minutes", "screen: 'optional', minutes", "diff/now-optional"),
        ("max: 120", "max: 240", "diff/range-widened"),
        ("outcome: { type: 'string' }", "outcome: { type: 'string', register: 'event' }", "diff/registration-added"),
        (
            "required: false",
            "required: false }, same: ['label'], x: { open: 'timer_started', close: { events: ['timer_closed'], required: false }",
            "diff/pair-changed"
        ),
        (
            "rules: {",
            "rules: {\n    later_needs_timer: { on: 'timer_closed', when: { outcome: 'later' }, require: { screen: 'timer' } },",
            "diff/rule-added"
        ),
        (
            "pairs: {\n    timer: { open: 'timer_started', close: { events: ['timer_closed'], required: false } },\n  },",
            "", "diff/pair-removed"
        ),
        (
            "quit_only_on_timer: { on: 'timer_closed', when: { outcome: 'quit' }, require: { screen: 'timer' } },", "",
            "diff/rule-removed"
        ),
    ])
    func classification(old: String, new: String, expected: String) throws {
        let findings = try Self.diff([(old, new)])
        #expect(Self.ids(findings).contains(expected), "got \(findings.map { "\($0.ruleID): \($0.message)" })")
        let rule = try #require(RuleCatalog.rule(id: expected))
        for finding in findings where finding.ruleID == expected {
            #expect(finding.severity == rule.defaultSeverity)
        }
    }

    @Test func removedThingsPointAtTheCurrentPlanWithTheBaseAsANote() throws {
        let findings = try Self.diff([("old_event: {", "renamed_event: {")])
        let removed = try #require(findings.first { $0.ruleID == "diff/event-removed" })
        #expect(removed.location.file == "plan.json5" && removed.severity == .error)
        #expect(removed.notes.first?.message == "declared in the base plan here")
        #expect(removed.notes.first?.location?.file == "base/plan.json5")
        #expect(removed.notes.contains { $0.message.contains("renamed_event") })
        let added = try #require(findings.first { $0.ruleID == "diff/event-added" })
        #expect(added.location.file == "plan.json5" && added.severity == .info)
        #expect(removed.location == added.location, "a rename is shown on the new name")

        let lostParam = try #require(
            try Self.diff([("minutes: 'optional', ", "")]).first { $0.ruleID == "diff/param-removed" })
        #expect(lostParam.location.file == "plan.json5" && lostParam.location.line == 9, "on the event that lost it")
    }

    @Test func anEventRemovedFromAPairIsShownOnThePair() throws {
        let findings = try Self.diff([
            (
                "    timer_closed: { params: { screen: 'required', outcome: { required: true, values: ['done', 'quit'] } } },\n",
                ""
            ),
            ("close: { events: ['timer_closed']", "close: { events: ['old_event']"),
        ])
        let removed = try #require(findings.first { $0.ruleID == "diff/event-removed" && $0.event == "timer_closed" })
        let pair = try #require(findings.first { $0.ruleID == "diff/pair-changed" })
        #expect(removed.location == pair.location, "on the pair that lost the event")
    }

    @Test func aRenamedValueGetsTheRenameHint() throws {
        let findings = try Self.diff([("values: ['home', 'timer']", "values: ['home', 'timer_screen']")])
        let removed = try #require(findings.first { $0.ruleID == "diff/value-removed" })
        #expect(removed.notes.contains { $0.message.hasPrefix("renamed to \"timer_screen\"?") }, "\(removed.notes)")
        let two = try Self.diff([("values: ['home', 'timer']", "values: ['home_shield_button', 'timer_x', 'other']")])
        let home = try #require(two.first { $0.ruleID == "diff/value-removed" && $0.message.hasSuffix("\"home\"") })
        #expect(home.notes.contains { $0.message.hasPrefix("renamed to \"home_shield_button\"?") })
    }

    @Test func intToDoubleIsAWideningNotABreak() throws {
        let findings = try Self.diff([("minutes: { type: 'int'", "minutes: { type: 'double'")])
        #expect(findings.map(\.ruleID) == ["diff/type-widened"])
        #expect(findings.allSatisfy { $0.severity == .info })
    }

    @Test func aSameParamNewInThisChangeIsAdditive() throws {
        let findings = try Self.diff([
            (
                "timer_started: { params: { screen: 'required',",
                "timer_started: { params: { screen: 'required', entry: { required: { since: '3.0.0' } },"
            ),
            (
                "label: { type: 'string', register: 'event' },",
                "label: { type: 'string', register: 'event' },\n    entry: { type: 'string', values: ['a'] },"
            ),
            (
                "timer_closed: { params: { screen: 'required',",
                "timer_closed: { params: { screen: 'required', entry: 'optional',"
            ),
            ("required: false } },", "required: false }, same: ['entry'] },"),
        ])
        #expect(Self.ids(findings).contains("diff/pair-updated"))
        #expect(!Self.ids(findings).contains("diff/pair-changed"))
    }

    /// Additive but for one rule: the paywall rule's sources existed before, so data sent then may fail it.
    @Test func shippedPlanAgainstTheSampleBaseIsAdditiveButForTheSecondPaywallRule() throws {
        let base = try PlanSession.open(schema: Repository.samplePlans.appendingPathComponent("base").path).plan
        let current = try PlanSession.open(schema: Repository.schema.path).loaded.plan
        let findings = PlanDiff.compare(base: base, current: current)
        #expect(!findings.isEmpty)
        let breaking = findings.filter { $0.severity != .info }
        #expect(breaking.map(\.ruleID) == ["diff/rule-changed"], "\(breaking.map(\.message))")
        #expect(breaking.first?.message.contains("\"no_second_paywall_soon_after_block_cap\"") == true)
        #expect(Self.ids(findings).contains("diff/value-added"))
    }

    // MARK: - A git ref as the base

    static var gitAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
            || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/git")
    }

    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
            + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(.enabled(if: gitAvailable, "git is not installed"))
    func gitRefBaseInATemporaryRepository() throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-git-" + UUID().uuidString)
        let schema = repository.appendingPathComponent("plan/schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        let file = schema.appendingPathComponent("plan.json5")
        try Self.base.write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.git(["init", "-q"], in: repository) == 0)
        #expect(try Self.git(["add", "."], in: repository) == 0)
        #expect(try Self.git(["commit", "-q", "-m", "plan"], in: repository) == 0)
        try Self.base.replacingOccurrences(of: "values: ['done', 'quit']", with: "values: ['done']")
            .write(to: file, atomically: true, encoding: .utf8)

        let sources = try BaseLoader.readSources(base: "HEAD", schemaDirectory: schema.path)
        #expect(sources.map(\.path) == ["HEAD:plan/schema/plan.json5"])

        let output = try #require(
            try EventLintBinary.run(["check", "--schema", "plan/schema", "--base", "HEAD"], in: repository))
        #expect(output.status == 1, "\(output.stderr)")
        #expect(
            output.stdout.contains(
                "error[diff/value-removed]: param \"outcome\" of event \"timer_closed\" no longer allows \"quit\""))
        #expect(output.stdout.contains("HEAD:plan/schema/plan.json5"))

        let unknown = try #require(
            try EventLintBinary.run(["check", "--schema", "plan/schema", "--base", "no-such-ref"], in: repository))
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("the base plan cannot be loaded"))
    }

    /// The HTML page of `check --base` says what it compared, and shows each finding's notes
    /// (where a removed declaration was in the base plan), as the other formats do.
    @Test func htmlOfABaseComparisonHasTheHeadlineAndTheNotes() throws {
        let copy = try PlanCopy(of: Repository.schema)
        defer { copy.remove() }
        try FileManager.default.removeItem(at: copy.url.appendingPathComponent("paywall.json5"))
        let result = EventLintCLI.run(
            ["check", "--schema", copy.url.path, "--base", Repository.schema.path, "--format", "html"],
            environment: CommandEnvironment())
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("<p class=\"headline\">against \(Repository.schema.path): "), "headline")
        #expect(
            result.stdout.contains(
                "<small>note: declared in the base plan here (\(Repository.schema.path)/paywall.json5:"))
    }
}
