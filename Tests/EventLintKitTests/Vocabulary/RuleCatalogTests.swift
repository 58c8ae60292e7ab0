import Testing

@testable import EventLintKit

@Suite struct RuleCatalogTests {
    @Test func ruleIDsAreUnique() {
        let ids = RuleCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test func ruleIDsAreStableKebabPaths() {
        for rule in RuleCatalog.all {
            let valid = rule.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "/" }
            #expect(valid && rule.id.contains("/"), "bad rule id \(rule.id)")
        }
    }
}
