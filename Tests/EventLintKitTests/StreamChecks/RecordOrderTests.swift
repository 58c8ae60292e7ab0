import Testing

@testable import EventLintKit

/// The linear sort of records (`EventRecord.sortInTimeOrder`) gives exactly the order of a
/// comparison sort by `EventRecord.timeOrder`.
@Suite struct RecordOrderTests {
    static func record(user: UInt64, timestamp: Int64, bundle: Int64 = .min, file: Int32 = 0, line: Int)
        -> EventRecord
    {
        EventRecord(
            user: user, session: 0, timestamp: timestamp, bundle: bundle, file: file, line: line, indexInLine: 0,
            column: 1, byteOffset: Int64(line) * 100, event: 0, values: line)
    }

    static func positions(_ records: [EventRecord]) -> [[Int64]] {
        records.map {
            [Int64($0.user), $0.timestamp, $0.bundle, Int64($0.file), Int64($0.line), $0.byteOffset, Int64($0.values)]
        }
    }

    /// nil when both orders are the same, else the first place they differ (a short message
    /// instead of two arrays of thousands of records).
    static func difference(_ sorted: [EventRecord], _ expected: [EventRecord]) -> String? {
        let (a, b) = (positions(sorted), positions(expected))
        guard a != b else { return nil }
        guard a.count == b.count else { return "\(a.count) records, expected \(b.count)" }
        let index = a.indices.first { a[$0] != b[$0] }!
        return "record \(index) is \(a[index]), expected \(b[index])"
    }

    /// Random users (some with one record, some with hundreds), timestamps out of order, equal
    /// timestamps broken by bundle and position, missing timestamps (`Int64.min`).
    @Test(arguments: [1, 2, 7, 300, 5_000])
    func linearSortEqualsTheComparisonSort(users: Int) {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let count = [0, 1, 2, 50, 3_000][round % 5]
            var records: [EventRecord] = []
            for line in 0..<count {
                let timestamp: Int64 =
                    Int.random(in: 0..<10, using: &generator) == 0
                    ? .min : Int64.random(in: 0..<Int64(max(count / 4, 1)), using: &generator)
                records.append(
                    Self.record(
                        user: UInt64.random(in: 0..<UInt64(users), using: &generator), timestamp: timestamp,
                        bundle: Bool.random(using: &generator) ? .min : Int64.random(in: 0..<3, using: &generator),
                        file: Int32.random(in: 0..<2, using: &generator), line: line))
            }
            let expected = records.sorted(by: EventRecord.timeOrder)
            var sorted = records
            EventRecord.sortInTimeOrder(&sorted, userCount: users)
            #expect(Self.difference(sorted, expected) == nil)
        }
    }

    /// Users whose records all came in time order (the common case) and users not seen at all.
    @Test func recordsAlreadyInOrderStayAndUnseenUsersCostNothing() {
        let records = (0..<1_000).map { Self.record(user: UInt64($0 % 10) * 3, timestamp: Int64($0), line: $0) }
        var sorted = records
        EventRecord.sortInTimeOrder(&sorted, userCount: 100)
        #expect(Self.difference(sorted, records.sorted(by: EventRecord.timeOrder)) == nil)
    }

    /// A user id outside the table (never made by a line pass) falls back to the comparison sort.
    @Test func anIdOutsideTheTableFallsBackToTheComparisonSort() {
        let records = [
            Self.record(user: 9, timestamp: 5, line: 0), Self.record(user: 1, timestamp: 7, line: 1),
            Self.record(user: 1, timestamp: 2, line: 2),
        ]
        var sorted = records
        EventRecord.sortInTimeOrder(&sorted, userCount: 2)
        #expect(Self.difference(sorted, records.sorted(by: EventRecord.timeOrder)) == nil)
    }
}
