import Testing

@testable import EventLintKit

/// Records grouped by user (`UserGroups`) and gathered user by user give exactly the order of a
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

    /// Every user's records gathered in user order, as the pairs-and-rules parts meet them,
    /// from the records cut into `segments` segments as line passes leave them (with three or
    /// more, the first, one in the middle and the last empty), counted and placed in slices for
    /// `jobs`. Records of three events carry one, no and two values: a record's own position
    /// (`record`'s `values`), and its negative. They must travel with it: each gathered record's
    /// `values` is read back from the user's values (`-1` and `-2` when they did not).
    static func grouped(_ records: [EventRecord], userCount: Int, segments count: Int = 1, jobs: Int = 1)
        -> [EventRecord]?
    {
        let valueCounts = [1, 0, 2]
        var cuts = (0...count).map { records.count * $0 / count }
        if count >= 3 { (cuts[1], cuts[count / 2 + 1], cuts[count - 1]) = (0, cuts[count / 2], records.count) }
        let segments = zip(cuts, cuts.dropFirst()).map { start, end in
            var segment = RecordSegment(records: [], values: [])
            for var record in records[start..<end] {
                let position = record.values
                record.event = Int32(position % 3)
                record.values = segment.values.count
                if valueCounts[position % 3] >= 1 { segment.values.append(.number(Double(position))) }
                if valueCounts[position % 3] >= 2 { segment.values.append(.number(Double(-position))) }
                segment.records.append(record)
            }
            return segment
        }
        guard let groups = UserGroups(segments: segments, userCount: userCount, jobs: jobs) else { return nil }
        var all: [EventRecord] = []
        var buffer: [EventRecord] = []
        var values: [TrackedValue] = []
        valueCounts.withUnsafeBufferPointer { counts in
            for user in 0..<groups.userCount {
                groups.gather(user: user, from: segments, valueCounts: counts, into: &buffer, values: &values)
                for var record in buffer {
                    switch record.event {
                    case 0: record.values = values[record.values].number.map { Int($0) } ?? -1
                    case 2:
                        let (first, second) = (values[record.values].number, values[record.values + 1].number)
                        record.values = first.map { Int($0) } ?? -1
                        if second != first.map({ -$0 }) { record.values = -2 }
                    default: record.values = record.line
                    }
                    record.event = 0
                    all.append(record)
                }
            }
        }
        return all
    }

    /// Random users (some with one record, some with hundreds), timestamps out of order, equal
    /// timestamps broken by bundle and position, missing timestamps (`Int64.min`).
    @Test(arguments: [1, 2, 7, 300, 5_000])
    func linearSortEqualsTheComparisonSort(users: Int) throws {
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
            for (segments, jobs) in [(1, 1), (2, 2), (5, 1), (5, 3)] {
                let sorted = try #require(Self.grouped(records, userCount: users, segments: segments, jobs: jobs))
                #expect(Self.difference(sorted, expected) == nil, "\(segments) segments, \(jobs) jobs")
            }
        }
    }

    /// Users whose records all came in time order (the common case) and users not seen at all.
    @Test func recordsAlreadyInOrderStayAndUnseenUsersCostNothing() throws {
        let records = (0..<1_000).map { Self.record(user: UInt64($0 % 10) * 3, timestamp: Int64($0), line: $0) }
        let sorted = try #require(Self.grouped(records, userCount: 100))
        #expect(Self.difference(sorted, records.sorted(by: EventRecord.timeOrder)) == nil)
    }

    /// A user id outside the table (never made by a line pass) makes no groups: the run falls
    /// back to the comparison sort.
    @Test func anIdOutsideTheTableMakesNoGroups() {
        let records = [
            Self.record(user: 9, timestamp: 5, line: 0), Self.record(user: 1, timestamp: 7, line: 1),
            Self.record(user: 1, timestamp: 2, line: 2),
        ]
        #expect(UserGroups(records: records, userCount: 2) == nil)
        #expect(UserGroups(records: records, userCount: 10) != nil)
    }
}
