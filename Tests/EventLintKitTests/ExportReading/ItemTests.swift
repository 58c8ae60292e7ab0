import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `items: { params: { … } }`: each element of an event's `items` is checked in every format,
/// findings name the element's index, and the standard item fields are known.
@Suite struct ItemTests {
    static let itemPlan = """
        {
          params: {
            tier: { type: 'string', values: ['gold', 'silver'], register: 'item', description: 'The tier of the pack.' },
            weeks: { type: 'int', min: 1, register: 'none', description: 'Weeks the pack lasts.' },
          },
          events: {
            pack_bought: {
              description: 'A pack of blocks was bought.',
              items: { params: { tier: 'required', weeks: 'optional', item_id: 'required' } },
            },
          },
        }
        """

    static func plan() throws -> CompiledPlan { try Lint.plan(adding: [("items.json5", itemPlan)]) }

    static func bqItem(_ columns: [(String, String)], params: [(String, Export.Value)]) -> String {
        let members =
            columns.map { "\(Export.quoted($0.0)):\($0.1)" }
            + [
                "\"item_params\":["
                    + params.map { "{\"key\":\(Export.quoted($0.0)),\"value\":\(Export.bqValue($0.1))}" }.joined(
                        separator: ",") + "]"
            ]
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test func bigQueryItemParamsAreChecked() throws {
        let good = Self.bqItem(
            [("item_id", "\"p1\""), ("item_name", "\"Pack\""), ("price", "4.99"), ("quantity", "\"1\"")],
            params: [("tier", .string("gold")), ("weeks", .int(4))])
        let bad = Self.bqItem(
            [("item_id", "null"), ("item_brand", "\"Focusity\"")],
            params: [("tier", .string("bronze")), ("weeks", .string("four")), ("colour", .string("red"))])
        let row = Export.bq("pack_bought", at: 0).replacingOccurrences(
            of: "\"items\":[]", with: "\"items\":[\(good),\(bad)]")
        let result = try Lint.run([row], plan: try Self.plan())
        let messages = result.findings.map { "\($0.ruleID): \($0.message)" }.sorted()
        #expect(
            messages == [
                "stream/missing-required-param: item 1 of \"pack_bought\" is missing required param \"item_id\"",
                "stream/unknown-param: item 1 of \"pack_bought\" has param \"colour\", which the plan does not declare",
                "stream/value-not-allowed: param \"tier\" of item 1 of \"pack_bought\" has \"bronze\", not one of \"gold\", \"silver\"",
                "stream/wrong-type: param \"weeks\" of item 1 of \"pack_bought\" is declared int, but arrives as string_value \"four\"",
            ])
        // No false missing-required-param on the event itself.
        #expect(result.findings(StreamRules.missingRequiredParam.id).count == 1)
    }

    @Test func measurementProtocolAndFlatItems() throws {
        let mp = Export.mp(
            at: 0,
            events: [
                (
                    name: "pack_bought",
                    params: [
                        (
                            "items",
                            .raw(
                                "[{\"item_id\":\"p1\",\"tier\":\"gold\",\"price\":4.99},{\"item_id\":\"p2\",\"tier\":\"tin\"}]"
                            )
                        ),
                        ("engagement_time_msec", .int(100)),
                    ], at: nil
                )
            ])
        let flat = Export.flat("pack_bought", at: 1, params: [("items", .raw("[{\"tier\":\"gold\",\"weeks\":0}]"))])
        let result = try Lint.run([mp, flat], plan: try Self.plan())
        #expect(
            result.lineRules == [
                "1 stream/value-not-allowed", "2 stream/missing-required-param", "2 stream/value-out-of-range",
            ])
        #expect(result.findings.first?.message.contains("item 1") == true)
    }

    @Test func itemsOfAnEventWithoutItemDeclarations() throws {
        let row = Export.bq("screen_view", at: 0).replacingOccurrences(
            of: "\"items\":[]", with: "\"items\":[\(Self.bqItem([("item_id", "\"p1\"")], params: []))]")
        let result = try Lint.run([row])
        #expect(result.findings.isEmpty)
    }

    @Test func planChecksItemDeclarations() throws {
        let plan = """
            {
              params: { tier: { type: 'string', register: 'event', description: 'x' } },
              events: { pack_bought: { description: 'x', items: { params: { tier: 'optional', grade: 'required', price: 'required' } } } },
            }
            """
        let loaded = try PlanLoader.load(sources: [PlanSource(path: "plan.json5", bytes: Array(plan.utf8))])
        let ids = PlanChecker.check(loaded.plan).map(\.ruleID)
        #expect(ids.contains(PlanRules.itemParamRegistration.id))
        #expect(ids.filter { $0 == PlanRules.unknownParamRef.id }.count == 1)
        #expect(!ids.contains(PlanRules.unusedParam.id))
        #expect(loaded.plan.events.first?.itemParams.map(\.name) == ["tier", "grade", "price"])
    }

    @Test func budgetCountsItemScopedSlots() throws {
        let loaded = try PlanLoader.load(sources: [PlanSource(path: "items.json5", bytes: Array(Self.itemPlan.utf8))])
        let needed = BudgetCounter.needed(by: loaded.plan)
        #expect(needed.map { "\($0.scope) \($0.name)" } == ["item tier"])
    }

    @Test func captureItemsAreChecked() throws {
        let line =
            CaptureText.logcat(1)
            + "Logging event (FE): pack_bought, Bundle[{ga_event_origin(_o)=app, items=[Bundle[{item_id=p1, tier=gold}], Bundle[{item_id=p2, tier=tin}]]}]"
        let planned = try Lint.run(
            bytes: Array(((CaptureText.androidArms + [line]).joined(separator: "\n") + "\n").utf8),
            name: "c.log", plan: try Self.plan())
        #expect(planned.lineRules == ["3 stream/value-not-allowed"])
    }
}

extension ItemTests {
    /// The SQL computes the item checks of a plan that declares them.
    @Test func sqlChecksItemParams() throws {
        let plan = try PlanText.check(Self.itemPlan).plan
        let sql = GeneratedSQL.sql(plan)
        #expect(sql.contains("UNNEST(items) AS it, UNNEST(it.item_params) AS ip"))
        #expect(sql.contains("it.item_id IS NULL AND NOT EXISTS"))
        #expect(sql.contains("(ip.key = 'tier' AND event_name = 'pack_bought')"))
    }
}
