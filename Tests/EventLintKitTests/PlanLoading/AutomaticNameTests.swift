import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// GA4's automatic names in the stream, in the plan and in conditions. Every row here is
/// constructed for the test (shaped as `bq extract` writes a row), none is a real sample.
@Suite struct AutomaticNameTests {
    static let base = AutomaticNameCases.base

    /// The plan's session, compiled when `check` finds no error.
    static func session(_ text: String) throws -> PlanSession {
        try PlanSession(sources: [PlanSource(path: "plan.json5", bytes: Array(text.utf8))])
    }

    static func errors(_ session: PlanSession) -> [Finding] { session.planFindings.filter { $0.severity == .error } }

    // MARK: - The stream

    @Test func aWebPageViewWithItsTrafficSourceHasNoUnknownParam() throws {
        let declared = try Self.session(
            """
            { events: { page_view: { description: 'A page was seen.', params: { page_location: 'required' } } } }
            """)
        #expect(Self.errors(declared).isEmpty, "\(Self.errors(declared).map(\.message))")
        let row = WebAndPlatformTests.webRow(
            "page_view",
            params: [
                ("page_location", .string("https://example.org/?utm_source=news")),
                ("source", .string("news")), ("medium", .string("email")), ("campaign", .string("spring")),
                ("term", .string("timer")), ("gclid", .string("Cj0KCQ")),
            ])
        let result = try Lint.run([row], plan: CompiledPlan(declared.plan))
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        // The traffic-source params are GA4's on page_view only: on a custom event they are unknown.
        let custom = try Self.session(
            "{ events: { door_opened: { description: 'A door was opened.' } } }")
        let customRow = WebAndPlatformTests.webRow("door_opened", params: [("source", .string("news"))])
        let customResult = try Lint.run([customRow], plan: CompiledPlan(custom.plan))
        #expect(customResult.findings(StreamRules.unknownParam.id).map(\.param) == ["source"])
    }

    @Test func theSDKsUserPropertiesAndFamiliesAreKnown() throws {
        let plan = try Self.session("{ events: { door_opened: { description: 'A door was opened.' } } }")
        let row = Export.bq(
            "door_opened", at: 0,
            userProperties: [
                ("firebase_exp_3", .string("1")), ("firebase_exp_12", .string("0")),
                ("firebase_last_notification", .string("7712345")), ("last_gclid", .string("Cj0KCQ")),
                ("first_open_time", .int(1_741_939_200_000)), ("ga_session_id", .int(1_741_949_000)),
                ("firebase_exp_x", .string("1")),
            ])
        let result = try Lint.run([row], plan: CompiledPlan(plan.plan))
        // Only the name outside the firebase_exp_<n> family is unknown.
        #expect(result.findings(StreamRules.unknownUserProperty.id).map(\.param) == ["firebase_exp_x"])
    }

    /// A family's name with bytes that are not UTF-8 after its prefix is no family member: the
    /// bytes are never repaired into a name that matches (`notification_` + U+FFFD).
    @Test func bytesThatAreNotUTF8MatchNoFamily() {
        let plan = CompiledPlan(Plan())
        for (patterns, prefix) in [
            (plan.automaticEventPatterns, "notification_"), (plan.automaticUserPropertyPatterns, "firebase_exp_"),
        ] {
            let valid = Array((prefix + "open").utf8)
            #expect(valid.withUnsafeBytes { CompiledPlan.matchesAny(patterns, $0) } || prefix == "firebase_exp_")
            for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x31, 0x80]] {
                let bytes = Array(prefix.utf8) + bad
                #expect(!bytes.withUnsafeBytes { CompiledPlan.matchesAny(patterns, $0) }, "\(prefix) + \(bad)")
            }
        }
    }

    @Test func automaticPatternsOfThePlanMatch() throws {
        let plan = try Self.session(
            """
            { automatic: { userProperties: ['legacy_*'], params: ['*_legacy'] },
              events: { door_opened: { description: 'A door was opened.' } } }
            """)
        #expect(Self.errors(plan).isEmpty)
        let row = Export.bq(
            "door_opened", at: 0, params: [("door_legacy", .int(1)), ("legacy_door", .int(1))],
            userProperties: [("legacy_cohort", .string("a")), ("cohort_legacy", .string("b"))])
        let result = try Lint.run([row], plan: CompiledPlan(plan.plan))
        #expect(result.findings(StreamRules.unknownParam.id).map(\.param) == ["legacy_door"])
        #expect(result.findings(StreamRules.unknownUserProperty.id).map(\.param) == ["cohort_legacy"])
        // The same lists in the SQL: the pattern as an anchored expression.
        let sql = SQLGenerator(
            plan: plan.plan, request: GeneratedSQL.request("p.d.events_*", from: nil, to: nil)
        )
        .generate()
        #expect(
            sql.contains("'^legacy_.*$'") && sql.contains("'^.*_legacy$'") && sql.contains("'^firebase_exp_[0-9]+$'"))
    }

    @Test(arguments: ["'legacy cohort'", "'*'", "''", "'legacy-*'"])
    func anAutomaticEntryThatCannotMatchIsACheckError(entry: String) throws {
        let text = "{ automatic: { userProperties: ['legacy_*', /*>*/\(entry)] } }"
        let (_, findings) = try PlanText.check(text)
        let finding = try #require(findings.first { $0.ruleID == PlanRules.invalidAutomaticName.id })
        let position = try #require(PlanText.markedPosition(in: text))
        #expect(finding.location.line == position.line && finding.location.column == position.column)
        #expect(finding.severity == .error)
    }

    // MARK: - Declaring automatic events

    @Test func anAutomaticEventIsDeclaredToCheckItsParams() throws {
        let plan = try Self.session(
            """
            { events: { session_start: { description: 'GA4 started a session.',
                params: { ga_session_id: 'required', ga_session_number: { required: true } } } } }
            """)
        #expect(Self.errors(plan).isEmpty, "\(Self.errors(plan).map(\.message))")
        let compiled = CompiledPlan(plan.plan)
        // Export.bq adds ga_session_id to every row; one without ga_session_number misses it.
        let result = try Lint.run(
            [
                Export.bq("session_start", at: 0, params: [("ga_session_number", .int(3))], userProperties: []),
                Export.bq("session_start", at: 1, userProperties: []),
                Export.bq(
                    "session_start", at: 2, params: [("ga_session_number", .string("three"))], userProperties: []),
            ], plan: compiled)
        #expect(result.lineRules == ["2 stream/missing-required-param", "3 stream/wrong-type"])
        // codegen generates no call that logs it.
        let code = try CodeGenerationTests.generate(
            """
            { events: { session_start: { description: 'GA4 started a session.', params: { ga_session_id: 'required' } },
                door_opened: { description: 'A door was opened.' },
                notification_reminder_shown: { description: 'The app showed its own reminder.' } } }
            """)
        // GA4's family notification_* is no declaration of an automatic event: the app logs this one.
        #expect(
            code.contains("door_opened") && code.contains("notification_reminder_shown")
                && !code.contains("session_start"))
    }

    @Test func customEventsAndParamsWithReservedNamesAreStillRefused() throws {
        let (_, findings) = try PlanText.check(
            """
            { params: { ga_cohort: { type: 'string', description: 'x' } },
              userProperties: { first_open_time: { type: 'int', description: 'x' } },
              events: { app_install: { description: 'x', params: { ga_cohort: 'optional' } } } }
            """)
        let ids = Set(findings.filter { $0.severity == .error }.map(\.ruleID))
        #expect(
            ids == [
                PlanRules.reservedEventName.id, PlanRules.reservedPrefix.id, PlanRules.reservedUserPropertyName.id,
            ])
    }

    // MARK: - Every condition form runs or is a check error

    typealias Case = AutomaticNameCases.Case

    static let cases = AutomaticNameCases.cases

    /// A condition on a declared or automatic name runs: a breaking row gives a finding of its
    /// rule or pair. One on an unknown name is a `check` error at the condition.
    @Test(arguments: cases)
    func everyConditionRunsOrIsACheckError(_ item: Case) throws {
        let text = Self.base + item.declaration + "\n}\n"
        let session = try Self.session(text)
        let errors = Self.errors(session)
        if item.kind == .unknown {
            let position = try #require(PlanText.markedPosition(in: text))
            #expect(
                errors.contains { $0.location.line == position.line && $0.location.column == position.column },
                "\(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" })")
            return
        }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        let result = try Lint.run(item.rows, plan: CompiledPlan(session.plan))
        let own = result.findings.filter { $0.ruleID.hasPrefix("rule/") || $0.ruleID.hasPrefix("pair/") }
        #expect(!own.isEmpty, "\(result.lineRules)")
    }
}
