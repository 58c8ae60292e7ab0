import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Counting: dedup by (scope, name), tiers and overrides, the quota edge, pages, archive
/// candidates and the warnings.
@Suite struct BudgetTests {
    static let plan = """
        {
          property: { tier: 'standard' },
          userProperties: {
            arm: { type: 'string', values: ['a', 'b'], register: 'user' },
          },
          params: {
            screen: { type: 'string', values: ['home', 'timer'], register: 'event' },
            arm: { type: 'string', values: ['a', 'b'], register: 'event' },
            label: { type: 'string', register: 'event' },
            seconds: { type: 'int', min: 0, register: { metric: 'seconds' } },
            kept: { type: 'string', values: ['x'] },
          },
          events: {
            one: { params: { screen: 'required', arm: 'required', seconds: 'optional' } },
            two: { params: { screen: 'required', label: 'optional' } },
            three: { params: { screen: 'required', kept: 'optional' } },
          },
        }
        """

    static func load(_ text: String = plan) throws -> Plan { try PlanText.check(text).plan }

    static func registered(_ json: String, path: String = "registered.json") throws -> [RegisteredDefinition] {
        try RegisteredDefinitionsReader.read(path: path, bytes: Array(json.utf8))
    }

    /// A response with `count` event-scoped dimensions named `other_N`.
    static func fillers(_ count: Int, scope: String = "EVENT") -> String {
        let items = (0..<count).map { #"{"parameterName": "other_\#($0)", "scope": "\#(scope)"}"# }
        return #"{"customDimensions": [\#(items.joined(separator: ","))]}"#
    }

    @Test func paramUsedByManyEventsCostsOneSlot() throws {
        let needed = BudgetCounter.needed(by: try Self.load())
        #expect(needed.filter { $0.name == "screen" }.count == 1)
        #expect(needed.first { $0.name == "screen" }?.events == ["one", "two", "three"])
        // kept is not registered; label, arm, screen are event dimensions.
        #expect(needed.filter { $0.scope == .event }.map(\.name) == ["screen", "arm", "label"])
        #expect(needed.filter { $0.scope == .metric }.map(\.name) == ["seconds"])
    }

    @Test func sameNameAsParamAndUserPropertyCostsOneSlotInEachScope() throws {
        let report = BudgetCounter.count(plan: try Self.load(), registered: [], quotas: BudgetQuotas(tier: .standard))
        let arm = report.needed.filter { $0.name == "arm" }
        #expect(Set(arm.map(\.scope)) == [.event, .user])
        #expect(report.scopes.first { $0.scope == .user }?.new == 1)
        let warning = try #require(report.findings.first { $0.ruleID == "budget/param-and-user-property" })
        #expect(warning.param == "arm")
        #expect(warning.message.contains("save one event-scoped slot"))
    }

    @Test(arguments: [
        (PropertySettings.Tier.standard, [BudgetScope.event: 50, .user: 25, .item: 10, .metric: 50]),
        (.premium, [.event: 125, .user: 100, .item: 25, .metric: 125]),
    ])
    func tierQuotas(tier: PropertySettings.Tier, expected: [BudgetScope: Int]) {
        let quotas = BudgetQuotas(tier: tier)
        for scope in BudgetScope.allCases { #expect(quotas.limit(scope) == expected[scope]) }
    }

    @Test func commandLineQuotaWinsOverPlanWhichWinsOverTier() {
        let quotas = BudgetQuotas(
            tier: .standard, planOverrides: [.event: 60, .user: 30], commandLineOverrides: [.event: 70])
        #expect(quotas.limit(.event) == 70 && quotas.sources[.event] == .commandLine)
        #expect(quotas.limit(.user) == 30 && quotas.sources[.user] == .plan)
        #expect(quotas.limit(.metric) == 50 && quotas.sources[.metric] == .tier)
    }

    @Test func exactlyAtQuotaPassesAndOneOverFails() throws {
        let plan = try Self.load()  // 3 event dimensions
        let atQuota = BudgetCounter.count(
            plan: plan, registered: try Self.registered(Self.fillers(47)),
            quotas: BudgetQuotas(tier: .standard))
        #expect(atQuota.scopes[0].totalAfter == 50 && atQuota.scopes[0].headroom == 0)
        #expect(exitStatus(for: atQuota.findings, failOn: .error) == 0)
        let over = BudgetCounter.count(
            plan: plan, registered: try Self.registered(Self.fillers(48)),
            quotas: BudgetQuotas(tier: .standard))
        #expect(over.findings.filter { $0.ruleID == "budget/over-quota" }.count == 1)
        #expect(exitStatus(for: over.findings, failOn: .error) == 1)
        // The same registrations fit a 360 property.
        let premium = BudgetCounter.count(
            plan: plan, registered: try Self.registered(Self.fillers(48)),
            quotas: BudgetQuotas(tier: .premium))
        #expect(premium.scopes[0].headroom == 74 && exitStatus(for: premium.findings, failOn: .error) == 0)
        // --quota raises the event quota.
        let raised = BudgetCounter.count(
            plan: plan, registered: try Self.registered(Self.fillers(48)),
            quotas: BudgetQuotas(tier: .standard, commandLineOverrides: [.event: 51]))
        #expect(raised.scopes[0].headroom == 0 && exitStatus(for: raised.findings, failOn: .error) == 0)
    }

    @Test func minHeadroom() throws {
        let plan = try Self.load()
        let registered = try Self.registered(Self.fillers(45))  // 48 after: headroom 2
        let two = BudgetCounter.count(
            plan: plan, registered: registered, quotas: BudgetQuotas(tier: .standard), minHeadroom: 2)
        #expect(exitStatus(for: two.findings, failOn: .error) == 0)
        let three = BudgetCounter.count(
            plan: plan, registered: registered, quotas: BudgetQuotas(tier: .standard), minHeadroom: 3)
        #expect(three.findings.filter { $0.ruleID == "budget/under-min-headroom" }.count == 1)
        #expect(exitStatus(for: three.findings, failOn: .error) == 1)
    }

    @Test func pagesWithOmittedDefaultsMergeAndDeduplicate() throws {
        let page1 = """
            {
              "customDimensions": [
                {"name": "properties/1/customDimensions/1", "parameterName": "screen", "displayName": "Screen",
                 "description": "Screen", "scope": "EVENT", "disallowAdsPersonalization": false},
                {"name": "properties/1/customDimensions/2", "parameterName": "arm", "scope": "USER",
                 "disallowAdsPersonalization": true}
              ],
              "nextPageToken": "abc"
            }
            """
        let page2 =
            #"{"customDimensions": [{"parameterName": "old_one", "scope": "EVENT"}, {"parameterName": "screen", "scope": "EVENT"}]}"#
        let metrics = #"{"customMetrics": [{"parameterName": "seconds", "measurementUnit": "SECONDS"}]}"#
        let registered =
            try Self.registered(page1, path: "p1.json") + Self.registered(page2, path: "p2.json")
            + Self.registered(metrics, path: "m.json")
        #expect(registered.count == 5)
        #expect(registered.last?.scope == .metric)  // scope omitted: EVENT, the only metric scope
        let report = BudgetCounter.count(
            plan: try Self.load(), registered: registered, quotas: BudgetQuotas(tier: .standard))
        #expect(report.scopes.map(\.registered) == [2, 1, 0, 1])
        #expect(report.scopes[0].newNames == ["arm", "label"])
        #expect(report.scopes[1].new == 0 && report.scopes[3].new == 0)
        #expect(report.archiveCandidates.map(\.parameterName) == ["old_one"])
        let archive = try #require(report.findings.first { $0.ruleID == "budget/archive-candidate" })
        #expect(archive.location.file == "p2.json" && archive.location.line == 1 && archive.severity == .info)
    }

    @Test func emptyResponseAndMalformedResponses() throws {
        #expect(try Self.registered("{}").isEmpty)
        #expect(try Self.registered(#"{"customDimensions": []}"#).isEmpty)
        do {
            _ = try Self.registered(
                "{\n  \"customDimensions\": [\n    {\"parameterName\": \"x\", \"scope\": \"EVENT\",}\n  ]\n}")
            Issue.record("a trailing comma must not parse in strict mode")
        } catch {
            let failure = error as? LoadError
            #expect(failure?.location?.line == 3 && failure?.ruleID != nil)
        }
        #expect(throws: LoadError.self) { try Self.registered(#"{"customDimensions": [{"scope": "EVENT"}]}"#) }
        #expect(throws: LoadError.self) { try Self.registered(#"{"customDimensions": [{"parameterName": "x"}]}"#) }
        #expect(throws: LoadError.self) { try Self.registered("[]") }
    }

    @Test func warnings() throws {
        let registered = try Self.registered(
            """
            {"customDimensions": [{"parameterName": "seconds", "scope": "EVENT"}],
             "customMetrics": [{"parameterName": "screen", "measurementUnit": "STANDARD", "scope": "EVENT"}]}
            """)
        let report = BudgetCounter.count(
            plan: try Self.load(), registered: registered, quotas: BudgetQuotas(tier: .standard))
        let ids = report.findings.map { "\($0.ruleID) \($0.param ?? "")" }
        #expect(ids.contains("budget/free-text-dimension label"))
        #expect(!ids.contains("budget/free-text-dimension screen"))
        #expect(ids.contains("budget/registered-type-mismatch seconds"))  // a dimension; the plan wants a metric
        #expect(ids.contains("budget/registered-type-mismatch screen"))  // a metric for a string
        let reserved = try PlanText.check(
            "{ params: { currency: { type: 'string', values: ['EUR'], register: 'event' } }, events: { buy: { params: { currency: 'required' } } } }"
        ).plan
        let reservedReport = BudgetCounter.count(plan: reserved, registered: [], quotas: BudgetQuotas(tier: .standard))
        #expect(reservedReport.findings.map(\.ruleID).contains("budget/reserved-name"))
    }

    @Test func changeAgainstBase() throws {
        let base = try PlanText.check(
            """
            { params: { screen: { type: 'string', values: ['home'], register: 'event' } },
              events: { one: { params: { screen: 'required' } } } }
            """
        ).plan
        let registered = try Self.registered(Self.fillers(45))
        let report = BudgetCounter.count(
            plan: try Self.load(), registered: registered, quotas: BudgetQuotas(tier: .standard),
            base: (base, "base"))
        let event = try #require(report.change?.scopes.first { $0.scope == .event })
        #expect(event.addedUnregistered == ["arm", "label"])
        #expect(event.headroomBefore == 4 && event.headroomAfter == 2)
        #expect(
            SummarySpelling.spell(BudgetSummary.sentence(event))
                == "adds 2 event-scoped dimensions (arm, label): headroom 4 → 2")
    }

    @Test func budgetRulesAreCatalogued() {
        for rule in BudgetRules.all {
            #expect(RuleCatalog.rule(id: rule.id) != nil && !rule.summary.isEmpty && !rule.documentation.isEmpty)
        }
        #expect(
            BudgetRules.all.filter { $0.defaultSeverity == .error }.map(\.id) == [
                "budget/over-quota", "budget/under-min-headroom",
            ])
    }
}
