import Testing

@testable import EventLintKit

/// The report order of findings (`Finding.ordered`), as `FindingStore.trimToLimit` sorts by it:
/// the same order as a stable sort of the findings themselves, ties kept in arrival order.
@Suite struct FindingOrderTests {
    @Test func sortingByIndexIsTheStableSortOfTheFindings() {
        var generator = SystemRandomNumberGenerator()
        let rules = [StreamRules.unknownEvent, StreamRules.missingUserID, StreamRules.invalidTimestamp]
        for round in 0..<40 {
            // Few distinct values per field, so many findings tie on every key of the order.
            let findings = (0..<(round * 7)).map { index in
                Finding(
                    rule: rules.randomElement(using: &generator)!,
                    message: ["b", "a", "a\"quoted\"", ""].randomElement(using: &generator)!,
                    at: SourceLocation(
                        file: ["x.ndjson", "a.ndjson", "é.ndjson"].randomElement(using: &generator)!,
                        line: Int.random(in: 1...4, using: &generator),
                        column: Int.random(in: 1...2, using: &generator),
                        byteOffset: Bool.random(using: &generator) ? Int64(index) : nil),
                    event: "e\(index)")
            }
            var sorted = findings
            Finding.sortInReportOrder(&sorted)
            let expected = findings.enumerated().sorted { a, b in
                if Finding.ordered(a.element, b.element) { return true }
                if Finding.ordered(b.element, a.element) { return false }
                return a.offset < b.offset
            }.map(\.element)
            #expect(sorted == expected, "round \(round)")
        }
    }
}
