import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The plan in `schema/` is the one SPEC §1 fixes: these tests pin every name, type, value,
/// registration, requirement, pair and rule of it, and that `check` finds nothing wrong.
@Suite struct ShippedPlanTests {
    static func load() throws -> LoadedPlan { try PlanSession.open(schema: Repository.schema.path).loaded }

    @Test func loadsWithoutAnyFinding() throws {
        let loaded = try Self.load()
        let findings = loaded.findings + PlanChecker.check(loaded.plan)
        #expect(
            findings.isEmpty, "\(findings.map { "\($0.ruleID) \($0.location.file):\($0.location.line) \($0.message)" })"
        )
        // Nothing is hidden by the plan's own severity overrides or suppressions either.
        #expect(loaded.plan.suppressions.isEmpty)
        #expect(loaded.plan.severityOverrides.isEmpty)
    }

    // MARK: - User properties and params (SPEC §1.1, §1.2)

    @Test func userProperties() throws {
        let plan = try Self.load().plan
        #expect(plan.userProperties.map(\.name).sorted() == ["block_cap_arm", "onboarding_block_arm"])
        let expected: [String: [String]] = [
            "onboarding_block_arm": ["offer", "control"], "block_cap_arm": ["cap4", "unlimited"],
        ]
        for property in plan.userProperties {
            #expect(property.type == .string)
            #expect(property.values?.map(\.value.plainText) == expected[property.name])
            #expect(property.registration == .userDimension, "\(property.name) is user-scoped")
            #expect(!(property.description ?? "").isEmpty)
        }
    }

    static let edges8: [Int64] = [0, 1, 2, 3, 4, 5, 10, 20]

    /// name, type, values (nil: free), bucket edges, min, minLength/maxLength.
    static let params: [(String, ParamType, [String]?, [Int64]?)] = [
        ("outcome", .string, nil, nil),
        ("duration_ms", .int, nil, nil),
        ("block_cap_arm", .string, ["cap4", "unlimited"], nil),
        ("entry", .string, ["onboarding", "home_shield"], nil),
        ("step", .string, ["intro", "privacy", "screen_time"], nil),
        ("app_bucket", .bucket, ["0", "1", "2", "3", "4", "5-9", "10-19", "20+"], edges8),
        ("domain_bucket", .bucket, ["0", "1", "2", "3", "4", "5-9", "10-19", "20+"], edges8),
        ("has_category", .bool, nil, nil),
        ("reason", .string, ["over_limit", "category"], nil),
        ("selected_bucket", .bucket, ["0", "1", "2", "3", "4", "5-9", "10-19", "20+"], edges8),
        ("source", .string, ["block_cap", "onboarding", "home", "recurring", "building"], nil),
        ("variant", .string, nil, nil),
        ("trigger", .string, nil, nil),
        ("built_bucket", .bucket, ["0", "1", "2", "3-4", "5-9", "10+"], [0, 1, 2, 3, 5, 10]),
        ("session_bucket", .bucket, ["0", "1", "2-4", "5-9", "10-24", "25-49", "50+"], [0, 1, 2, 5, 10, 25, 50]),
        ("phase", .string, ["intro", "pickBuilding", "guideStart", "demo", "completed", "blockOffer"], nil),
        ("prompt_source", .string, ["focus_start", "reminder_sheet"], nil),
    ]

    @Test func exactlyTheSeventeenParams() throws {
        let plan = try Self.load().plan
        #expect(plan.params.count == 17)
        #expect(Set(plan.params.map(\.name)) == Set(Self.params.map(\.0)))
    }

    @Test(arguments: params.map(\.0))
    func param(name: String) throws {
        let plan = try Self.load().plan
        let expected = try #require(Self.params.first { $0.0 == name })
        let param = try #require(plan.param(named: name))
        #expect(param.type == expected.1)
        #expect(param.allowedTexts == expected.2)
        #expect(param.bucket?.edges == expected.3)
        #expect(!(param.description ?? "").isEmpty, "\(name) has a description")
        if name == "duration_ms" {
            #expect(param.registration == .metric(unit: "MILLISECONDS"))
            #expect(param.minimum?.value == 0)
        } else if name == "prompt_source" {
            // The property has almost no event-scoped slots left.
            #expect(param.registration == Registration.none)
        } else {
            #expect(param.registration == .eventDimension, "\(name) is an event-scoped dimension")
        }
        if name == "variant" || name == "trigger" {
            #expect(param.minLength == 1)
            #expect(param.maxLength == 40)
        }
    }

    // MARK: - Events (SPEC §1.3)

    static let since3 = Requirement.requiredSince(AppVersion(components: [3, 0, 0]))
    static let paywallParams: [(String, Requirement)] = [
        "source", "variant", "trigger", "built_bucket", "session_bucket",
    ]
    .map { ($0, .required) }

    /// Each event with its params in order, their requirement and narrowed values.
    static let events: [(String, [(String, Requirement)], [String: [String]])] = [
        ("onboarding_block_offer_shown", [("block_cap_arm", .required)], [:]),
        (
            "onboarding_block_offer_closed",
            [("outcome", .required), ("duration_ms", .required), ("block_cap_arm", .required)],
            ["outcome": ["setup", "later"]]
        ),
        ("shield_opt_in_step_shown", [("step", .required), ("entry", since3)], [:]),
        (
            "shield_opt_in_closed", [("step", .required), ("outcome", .required), ("entry", since3)],
            ["outcome": ["granted", "denied", "dismissed", "later"]]
        ),
        ("app_picker_shown", [("entry", since3)], [:]),
        (
            "app_block_saved",
            [("entry", since3), ("app_bucket", since3), ("domain_bucket", since3), ("has_category", since3)], [:]
        ),
        (
            "app_picker_closed",
            [("entry", since3), ("app_bucket", since3), ("domain_bucket", since3), ("has_category", since3)], [:]
        ),
        ("block_cap_sheet_shown", [("reason", .required), ("selected_bucket", .required), ("entry", .required)], [:]),
        (
            "block_cap_sheet_closed",
            [("reason", .required), ("selected_bucket", .required), ("entry", .required), ("outcome", .required)],
            ["outcome": ["view_premium", "reselect", "swiped"]]
        ),
        ("paywall_shown", paywallParams, [:]),
        ("purchase_completed", paywallParams, [:]),
        ("onboarding_step_complete", [("phase", .required)], [:]),
        ("notification_permission_requested", [("prompt_source", .required)], [:]),
        // Context, not in the specification's list: the focus timer's own event, for the
        // readout's primary metric.
        ("focus_session_completed", [], [:]),
    ]

    @Test func exactlyTheThirteenEventsAndTheFocusEvent() throws {
        let plan = try Self.load().plan
        #expect(plan.events.count == 14)
        #expect(Set(plan.events.map(\.name)) == Set(Self.events.map(\.0)))
    }

    @Test(arguments: events.map(\.0))
    func event(name: String) throws {
        let plan = try Self.load().plan
        let expected = try #require(Self.events.first { $0.0 == name })
        let event = try #require(plan.event(named: name))
        #expect(!(event.description ?? "").isEmpty, "\(name) has a description")
        #expect(event.params.map(\.name) == expected.1.map(\.0))
        for (param, requirement) in expected.1 {
            #expect(event.use(of: param)?.requirement == requirement, "\(name).\(param)")
            #expect(
                event.use(of: param)?.values?.map(\.value.plainText) == expected.2[param], "\(name).\(param) values")
        }
    }

    // MARK: - Pairs (SPEC §1.4)

    @Test func exactlyTheFivePairs() throws {
        let plan = try Self.load().plan
        #expect(
            plan.pairs.map(\.name).sorted() == [
                "app_picker", "block_cap_sheet", "block_offer", "paywall", "shield_opt_in",
            ])
        for pair in plan.pairs {
            #expect(!(pair.description ?? "").isEmpty)
            #expect(!pair.keyedBySession, "\(pair.name) is keyed by user")
        }
    }

    static func pair(_ name: String) throws -> PairDeclaration {
        try #require(try load().plan.pairs.first { $0.name == name })
    }

    static func describe(_ matchers: [EventMatcher]) -> [String] {
        matchers.map { matcher in
            let conditions = matcher.conditions.map { "\($0.name)=\($0.predicates)" }
            return ([matcher.event] + conditions).joined(separator: " ")
        }
    }

    @Test func blockOfferPair() throws {
        let pair = try Self.pair("block_offer")
        #expect(Self.describe(pair.opens) == ["onboarding_block_offer_shown"])
        #expect(Self.describe(pair.closes) == ["onboarding_block_offer_closed"])
        #expect(pair.closeRequired)
        #expect(pair.inside.isEmpty)
        #expect(pair.same.map(\.value) == ["block_cap_arm"])
        #expect(pair.duration?.param == "duration_ms")
        #expect(pair.duration?.toleranceMilliseconds == 1000)
        #expect(pair.duration?.tolerancePercent == 10)
    }

    @Test func shieldOptInPairOpensOnlyOnIntro() throws {
        let pair = try Self.pair("shield_opt_in")
        #expect(pair.opens.map(\.event) == ["shield_opt_in_step_shown"])
        #expect(pair.opens.first?.conditions.map(\.name) == ["step"])
        #expect(pair.opens.first?.conditions.first?.predicates == [.oneOf([.string("intro")])])
        #expect(pair.inside.map(\.event) == ["shield_opt_in_step_shown"])
        #expect(pair.inside.first?.conditions.first?.name == "step")
        #expect(
            pair.inside.first?.conditions.first?.predicates == [.oneOf([.string("privacy"), .string("screen_time")])])
        #expect(Self.describe(pair.closes) == ["shield_opt_in_closed"])
        #expect(pair.closeRequired)
        #expect(pair.same.map(\.value) == ["entry"])
        #expect(pair.duration == nil)
    }

    @Test func appPickerPair() throws {
        let pair = try Self.pair("app_picker")
        #expect(Self.describe(pair.opens) == ["app_picker_shown"])
        #expect(Self.describe(pair.closes) == ["app_picker_closed"])
        #expect(pair.closeRequired)
        #expect(Self.describe(pair.inside) == ["app_block_saved"])
        #expect(pair.same.map(\.value) == ["entry"])
        #expect(pair.duration == nil)
    }

    @Test func blockCapSheetPair() throws {
        let pair = try Self.pair("block_cap_sheet")
        #expect(Self.describe(pair.opens) == ["block_cap_sheet_shown"])
        #expect(Self.describe(pair.closes) == ["block_cap_sheet_closed"])
        #expect(pair.closeRequired)
        #expect(pair.inside.isEmpty)
        #expect(pair.same.map(\.value) == ["reason", "selected_bucket", "entry"])
        #expect(pair.duration == nil)
    }

    @Test func paywallPairCloseIsOptional() throws {
        let pair = try Self.pair("paywall")
        #expect(Self.describe(pair.opens) == ["paywall_shown"])
        #expect(Self.describe(pair.closes) == ["purchase_completed"])
        #expect(!pair.closeRequired)
        #expect(pair.inside.isEmpty)
        #expect(pair.same.map(\.value) == ["source", "variant", "trigger", "built_bucket", "session_bucket"])
        #expect(pair.duration == nil)
    }

    // MARK: - Rules (SPEC §1.5)

    @Test func exactlyTheTenRules() throws {
        let plan = try Self.load().plan
        #expect(plan.rules.count == 10)
        // Their names are read by checks outside this repository.
        for name in [
            "no_notification_prompt_right_after_screen_time", "no_second_paywall_soon_after_block_cap",
            "arms_assigned_before_onboarding_save",
        ] {
            #expect(plan.rules.contains { $0.name == name }, "\(name)")
        }
        for rule in plan.rules {
            #expect(!(rule.description ?? "").isEmpty)
            #expect(rule.severity == nil, "\(rule.name) keeps the default severity")
        }
    }

    /// One line per rule: its events, then when/whenUser/require/requireUser/after.
    static func summary(_ rule: RuleDeclaration) -> String {
        func conditions(_ list: [Condition]) -> String {
            list.map { "\($0.name) \($0.predicates.map(describe).joined(separator: " "))" }.joined(separator: "; ")
        }
        var parts = ["on " + rule.events.joined(separator: ",")]
        if !rule.when.isEmpty { parts.append("when " + conditions(rule.when)) }
        if !rule.whenUser.isEmpty { parts.append("whenUser " + conditions(rule.whenUser)) }
        if !rule.require.isEmpty { parts.append("require " + conditions(rule.require)) }
        if !rule.requireUser.isEmpty { parts.append("requireUser " + conditions(rule.requireUser)) }
        if let after = rule.after {
            parts.append(
                "after \(after.matcher.event) " + conditions(after.matcher.conditions)
                    + (after.within.map { " within \($0.value)" } ?? ""))
        }
        if let notAfter = rule.notAfter {
            parts.append(
                "notAfter \(notAfter.matcher.event) " + conditions(notAfter.matcher.conditions)
                    + (notAfter.within.map { " within \($0.value)" } ?? ""))
        }
        return parts.joined(separator: " | ")
    }

    static func describe(_ predicate: ValuePredicate) -> String {
        switch predicate {
        case .oneOf(let values): "in " + values.map(\.plainText).joined(separator: ",")
        case .noneOf(let values): "notIn " + values.map(\.plainText).joined(separator: ",")
        case .atLeast(let bound): "min \(bound)"
        case .atMost(let bound): "max \(bound)"
        case .present(let flag): "present \(flag)"
        case .equalsUserProperty(let name): "equals user.\(name)"
        }
    }

    @Test func rulesSayWhatSpecSaysInOrder() throws {
        let plan = try Self.load().plan
        let summaries = Set(plan.rules.map(Self.summary))
        let expected: Set<String> = [
            // 1. onboarding_block_offer_* only for users in the offer arm.
            "on onboarding_block_offer_shown,onboarding_block_offer_closed | requireUser onboarding_block_arm in offer",
            // 2. block_cap_sheet_* only for users in the cap4 arm.
            "on block_cap_sheet_shown,block_cap_sheet_closed | requireUser block_cap_arm in cap4",
            // 3. the block_cap_arm param equals the user property.
            "on onboarding_block_offer_shown,onboarding_block_offer_closed | require block_cap_arm equals user.block_cap_arm",
            // 4. outcome later only from onboarding.
            "on shield_opt_in_closed | when outcome in later | require entry in onboarding",
            // 5. over_limit only with 5 or more selected.
            "on block_cap_sheet_shown,block_cap_sheet_closed | when reason in over_limit | require selected_bucket min 5.0",
            // 6. a block_cap paywall only after view_premium on the cap sheet.
            "on paywall_shown,purchase_completed | when source in block_cap | after block_cap_sheet_closed outcome in view_premium",
            // 7. the blockOffer phase only in the offer arm.
            "on onboarding_step_complete | when phase in blockOffer | requireUser onboarding_block_arm in offer",
            // Issue 15: the design note's timing concerns.
            "on notification_permission_requested | notAfter shield_opt_in_closed  within 60s",
            "on paywall_shown | when source in onboarding,recurring | notAfter paywall_shown source in block_cap within 30m",
            "on app_block_saved | when entry in onboarding | requireUser onboarding_block_arm present true; block_cap_arm present true",
        ]
        #expect(summaries == expected, "\(summaries.subtracting(expected).sorted())")
    }

    @Test func propertySettings() throws {
        let plan = try Self.load().plan
        #expect(plan.property.tier == .standard)
        #expect(plan.property.quotaOverrides.isEmpty)
        #expect(plan.unclosedWindowMinutes == 30)
    }

}
