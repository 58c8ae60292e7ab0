import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The plan loader: merging files, keeping positions, the shapes each key accepts, and the
/// errors that stop a load.
@Suite struct PlanLoaderTests {
    static let paramsFile = """
        // params.json5
        {
          params: {
            focus_minutes: { type: 'int', min: 1, max: 180, register: { metric: 'minutes' }, description: 'Planned length.' },
            building: { type: 'string', values: ['eiffel_tower', 'big_ben'], register: 'event', description: 'The building.' },
          },
          userProperties: {
            focus_arm: { type: 'string', values: ['a', 'b'], register: 'user', description: 'Arm.' },
          },
        }
        """
    static let eventsFile = """
        // events.json5
        {
          events: {
            focus_session_started: {
              description: 'A focus session began.',
              params: { focus_minutes: 'required', building: 'optional' },
            },
            "building_completed": {
              description: 'A building was finished.',
              params: { building: { required: { since: '3.0.0' }, values: ['big_ben'] } },
            },
          },
        }
        """

    @Test func filesMergeIntoOnePlanInTheGivenOrder() throws {
        let (plan, findings) = try PlanText.check([
            ("schema/params.json5", Self.paramsFile),
            ("schema/events.json5", Self.eventsFile),
        ])
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings.map(\.message))")
        #expect(plan.files == ["schema/params.json5", "schema/events.json5"])
        #expect(plan.params.map(\.name) == ["focus_minutes", "building"])
        #expect(plan.userProperties.map(\.name) == ["focus_arm"])
        #expect(plan.events.map(\.name) == ["focus_session_started", "building_completed"])
        // Events refer to params declared in another file.
        let started = try #require(plan.event(named: "focus_session_started"))
        #expect(started.params.map(\.name) == ["focus_minutes", "building"])
        #expect(started.use(of: "focus_minutes")?.requirement == .required)
        #expect(started.use(of: "building")?.requirement == .optional)
    }

    @Test func declarationsKeepTheirLineAndColumn() throws {
        let plan = try PlanText.check([
            ("schema/params.json5", Self.paramsFile),
            ("schema/events.json5", Self.eventsFile),
        ]).plan
        let minutes = try #require(plan.param(named: "focus_minutes"))
        #expect(minutes.location == SourceLocation(file: "schema/params.json5", line: 4, column: 5))
        // `type: 'int'` — the value's first byte.
        #expect(minutes.typeLocation == SourceLocation(file: "schema/params.json5", line: 4, column: 28))
        #expect(minutes.minimum?.location == SourceLocation(file: "schema/params.json5", line: 4, column: 40))
        #expect(
            plan.userProperty(named: "focus_arm")?.location
                == SourceLocation(file: "schema/params.json5", line: 8, column: 5))
        let started = try #require(plan.event(named: "focus_session_started"))
        #expect(started.location == SourceLocation(file: "schema/events.json5", line: 4, column: 5))
        #expect(
            started.use(of: "building")?.location == SourceLocation(file: "schema/events.json5", line: 6, column: 44))
        // A quoted key stands at its opening quote.
        let completed = try #require(plan.event(named: "building_completed"))
        #expect(completed.location == SourceLocation(file: "schema/events.json5", line: 8, column: 5))
        let narrowed = try #require(completed.use(of: "building")?.values)
        #expect(narrowed.map(\.value) == [.string("big_ben")])
        #expect(narrowed.first?.location == SourceLocation(file: "schema/events.json5", line: 10, column: 68))
    }

    @Test func requiredSinceBecomesAVersionedRequirement() throws {
        let plan = try PlanText.check(Self.eventsFile).plan
        let use = try #require(plan.event(named: "building_completed")?.use(of: "building"))
        #expect(use.requirement == .requiredSince(AppVersion(components: [3, 0, 0])))
        guard case .requiredSince(let version) = use.requirement else { return }
        #expect(version.description == "3.0.0")
    }

    @Test(arguments: [
        ("{ required: true }", Requirement.required),
        ("{ required: false }", Requirement.optional),
        ("'required'", Requirement.required),
        ("'optional'", Requirement.optional),
        ("{ values: ['a'] }", Requirement.optional),
        ("{ required: { since: '2.10' } }", Requirement.requiredSince(AppVersion(components: [2, 10]))),
    ])
    func paramUseForms(written: String, expected: Requirement) throws {
        let text =
            "{ params: { p: { type: 'string', description: 'x' } }, events: { e: { description: 'x', params: { p: \(written) } } } }"
        let (plan, findings) = try PlanText.check(text)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        #expect(plan.event(named: "e")?.use(of: "p")?.requirement == expected)
    }

    @Test func malformedSinceIsAnInvalidDeclaration() throws {
        let text =
            "{ params: { p: { type: 'string', description: 'x' } }, events: { e: { description: 'x', params: { p: { required: { since: 'next' } } } } } }"
        let findings = try PlanText.check(text).findings
        #expect(findings.map(\.ruleID) == ["plan/invalid-declaration"])
        #expect(findings.first?.location.column == 123)
    }

    @Test(arguments: [
        ([0, 1, 2, 3, 4, 5, 10, 20] as [Int64], ["0", "1", "2", "3", "4", "5-9", "10-19", "20+"]),
        ([0, 1, 2, 3, 5, 10], ["0", "1", "2", "3-4", "5-9", "10+"]),
        ([0, 1, 2, 5, 10, 25, 50], ["0", "1", "2-4", "5-9", "10-24", "25-49", "50+"]),
    ])
    func bucketLabelsComeFromEdges(edges: [Int64], labels: [String]) throws {
        #expect(BucketSpec(edges: edges).labels == labels)
        // The same through the plan language, where the labels become the allowed values.
        let list = edges.map(String.init).joined(separator: ", ")
        let text = "{ params: { selected_bucket: { type: 'bucket', edges: [\(list)], description: 'x' } } }"
        let param = try #require(PlanText.check(text).plan.param(named: "selected_bucket"))
        #expect(param.bucket?.edges == edges)
        #expect(param.allowedTexts == labels)
    }

    @Test func bucketLabelsKnowTheirEdges() {
        let bucket = BucketSpec(edges: [0, 1, 2, 3, 4, 5, 10, 20])
        #expect(bucket.lowerEdge(of: "5-9") == 5)
        #expect(bucket.upperEdge(of: "5-9") == .some(9))
        #expect(bucket.upperEdge(of: "20+") == .some(nil))
        #expect(bucket.lowerEdge(of: "6") == nil)
    }

    @Test func ruleGlobResolvesToEveryMatchingEvent() throws {
        let text = """
            {
              userProperties: { onboarding_block_arm: { values: ['offer', 'control'], description: 'x' } },
              events: {
                onboarding_block_offer_shown: { description: 'x' },
                onboarding_block_offer_closed: { description: 'x' },
                onboarding_step_complete: { description: 'x' },
              },
              rules: {
                offer_arm_only: { on: 'onboarding_block_offer_*', requireUser: { onboarding_block_arm: 'offer' } },
              },
            }
            """
        let plan = try PlanText.check(text).plan
        let rule = try #require(plan.rules.first)
        #expect(rule.on.map(\.value) == ["onboarding_block_offer_*"])
        #expect(rule.events == ["onboarding_block_offer_shown", "onboarding_block_offer_closed"])
        #expect(rule.requireUser.first?.predicates == [.oneOf([.string("offer")])])
    }

    @Test func conditionsReadEveryForm() throws {
        let text = """
            {
              rules: {
                r: {
                  on: ['a', 'b'],
                  when: { reason: 'over_limit', step: ['privacy', 'screen_time'] },
                  require: { selected_bucket: { min: 5, max: 19 }, entry: { notIn: ['home'], present: true },
                             block_cap_arm: { equalsUserProperty: 'block_cap_arm' } },
                  after: { event: 'block_cap_sheet_closed', where: { outcome: { in: ['view_premium'] } } },
                  severity: 'warning',
                },
              },
            }
            """
        let rule = try #require(PlanText.check(text).plan.rules.first)
        #expect(rule.when.map(\.name) == ["reason", "step"])
        #expect(rule.when[1].predicates == [.oneOf([.string("privacy"), .string("screen_time")])])
        #expect(rule.require[0].predicates == [.atLeast(5), .atMost(19)])
        #expect(rule.require[1].predicates == [.noneOf([.string("home")]), .present(true)])
        #expect(rule.require[2].predicates == [.equalsUserProperty("block_cap_arm")])
        #expect(rule.after?.matcher.event == "block_cap_sheet_closed")
        #expect(rule.after?.matcher.conditions.first?.predicates == [.oneOf([.string("view_premium")])])
        #expect(rule.severity == .warning)
    }

    @Test func pairsReadEveryKey() throws {
        let text = """
            {
              pairs: {
                focus: {
                  open: { event: 'focus_shown', where: { step: 'intro' } },
                  close: { events: ['focus_closed', 'focus_abandoned'], required: false },
                  inside: ['focus_paused'],
                  same: ['entry'],
                  duration: { param: 'duration_ms', toleranceMs: 500, tolerancePercent: 5 },
                  key: ['user', 'session'],
                },
              },
            }
            """
        let pair = try #require(PlanText.check(text).plan.pairs.first)
        #expect(pair.opens.map(\.event) == ["focus_shown"])
        #expect(pair.closes.map(\.event) == ["focus_closed", "focus_abandoned"])
        #expect(pair.closeRequired == false)
        #expect(pair.inside.map(\.event) == ["focus_paused"])
        #expect(pair.same.map(\.value) == ["entry"])
        #expect(pair.duration?.param == "duration_ms")
        #expect(pair.duration?.toleranceMilliseconds == 500)
        #expect(pair.duration?.tolerancePercent == 5)
        #expect(pair.keyedBySession)
    }

    @Test func settingsAreRead() throws {
        let text = """
            {
              version: 1,
              property: { tier: '360', quota: { event: 120, metric: 100 } },
              lint: { unclosedWindowMinutes: 45 },
              severity: { 'plan/unused-param': 'info' },
              suppress: [{ rule: 'plan/missing-description', event: 'legacy_*' }],
              automatic: { events: ['legacy_open'], params: ['legacy_id'], userProperties: ['legacy_user'] },
            }
            """
        let (plan, findings) = try PlanText.check(text)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        #expect(plan.property.tier == .premium)
        #expect(plan.property.quotaOverrides == [.event: 120, .metric: 100])
        #expect(plan.unclosedWindowMinutes == 45)
        #expect(plan.severityOverrides["plan/unused-param"]?.value == .info)
        #expect(plan.suppressions.map(\.rule) == ["plan/missing-description"])
        #expect(plan.suppressions.first?.event == "legacy_*")
        #expect(plan.automatic.events.map(\.value) == ["legacy_open"])
        #expect(plan.automatic.params.map(\.value) == ["legacy_id"])
        #expect(plan.automatic.userProperties.map(\.value) == ["legacy_user"])
    }

    @Test(arguments: [
        ("'event'", Registration.eventDimension), ("'user'", .userDimension), ("'item'", .itemDimension),
        ("'none'", Registration.none), ("'metric'", .metric(unit: "STANDARD")),
        ("{ metric: 'milliseconds' }", .metric(unit: "MILLISECONDS")),
        ("{ metric: 'SECONDS' }", .metric(unit: "SECONDS")),
    ])
    func registrations(written: String, expected: Registration) throws {
        let text = "{ params: { p: { type: 'int', register: \(written), description: 'x' } } }"
        #expect(try PlanText.check(text).plan.param(named: "p")?.registration == expected)
    }

    @Test func unknownMetricUnitIsAnInvalidDeclaration() throws {
        let text = "{ params: { p: { type: 'int', register: { metric: 'parsecs' }, description: 'x' } } }"
        let findings = try PlanText.check(text).findings.filter { $0.ruleID == "plan/invalid-declaration" }
        #expect(findings.map(\.location.column) == [51])
    }

    // MARK: - Errors that stop the load

    @Test(arguments: [
        // A missing comma between two members: the second key is unexpected.
        ("{\n  events: {\n    focus_started: { description: 'x' }\n    focus_ended: {},\n  },\n}\n", 4, 5),
        // An unterminated object: the input ends.
        ("{\n  events: {\n    focus_started: {\n", 4, 1),
        // A stray character after a value.
        ("{ params: { p: { type: 'int' ] } }", 1, 30),
    ])
    func syntaxErrorStopsTheLoadWithItsPosition(text: String, line: Int, column: Int) {
        let source = PlanSource(path: "schema/broken.json5", bytes: Array(text.utf8))
        #expect {
            _ = try PlanLoader.load(sources: [source])
        } throws: { error in
            guard let error = error as? LoadError else { return false }
            return error.location == SourceLocation(file: "schema/broken.json5", line: line, column: column)
                && error.ruleID?.hasPrefix("json/") == true
                && error.description.hasPrefix("schema/broken.json5:\(line):\(column): ")
        }
    }

    @Test func duplicateKeyWithinOneObjectIsAJSONError() throws {
        let text = "{\n  events: {\n    focus_started: {},\n    'focus_started': {},\n  },\n}\n"
        let source = PlanSource(path: "schema/dup.json5", bytes: Array(text.utf8))
        let error = try #require(throws: LoadError.self) { try PlanLoader.load(sources: [source]) }
        #expect(error.ruleID == "json/duplicate-key")
        #expect(error.location == SourceLocation(file: "schema/dup.json5", line: 4, column: 5))
        #expect(error.message.contains("focus_started"))
    }

    @Test func duplicateKeyInsideADeclarationIsAJSONErrorToo() throws {
        let text = "{ params: { p: { type: 'int', type: 'string' } } }"
        let error = try #require(throws: LoadError.self) {
            try PlanLoader.load(sources: [PlanSource(path: "p.json5", bytes: Array(text.utf8))])
        }
        #expect(error.ruleID == "json/duplicate-key")
        #expect(error.location?.column == 31)
    }

    @Test func aLaterFileIsNotReadAfterABrokenOne() {
        let good = PlanSource(path: "a.json5", bytes: Array("{ events: {} }".utf8))
        let broken = PlanSource(path: "b.json5", bytes: Array("{ events: ".utf8))
        #expect(throws: LoadError.self) { try PlanLoader.load(sources: [good, broken]) }
    }

    @Test func directoryErrors() throws {
        #expect(throws: LoadError.self) { try PlanFiles.read(directory: "/nonexistent/eventlint/schema") }
        let empty = FileManagerTemp.directory()
        defer { FileManagerTemp.remove(empty) }
        let error = try #require(throws: LoadError.self) { try PlanFiles.read(directory: empty) }
        #expect(error.message.contains("no plan files"))
    }

    // MARK: - App versions

    @Test(arguments: [
        ("3.0.0", "3", true), ("3.0", "3.0.0", true), ("3.1.0 (412)", "3.1", true), ("3.1.0-beta", "3.1.0", true),
    ])
    func equalVersions(left: String, right: String, equal: Bool) throws {
        let a = try #require(AppVersion(left))
        let b = try #require(AppVersion(right))
        #expect((a == b) == equal)
        #expect(!(a < b) && !(b < a))
        #expect(Set([a, b]).count == 1, "equal versions hash alike")
    }

    @Test(arguments: [("2.9.9", "3.0.0"), ("9.9", "10.0"), ("3.0.0", "3.0.1"), ("3", "3.0.0.1"), ("2.10", "2.11")])
    func orderedVersions(lower: String, higher: String) throws {
        let a = try #require(AppVersion(lower))
        let b = try #require(AppVersion(higher))
        #expect(a < b)
        #expect(b > a)
        #expect(a != b)
    }

    @Test func versionParsing() {
        #expect(AppVersion("3.1.0 (412)")?.components == [3, 1, 0])
        #expect(AppVersion("10.0")?.components == [10, 0])
        #expect(AppVersion("v3") == nil)
        #expect(AppVersion("") == nil)
        #expect(AppVersion("next") == nil)
    }
}

/// Temporary directories for tests that need real files.
enum FileManagerTemp {
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "eventlint-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }
}
