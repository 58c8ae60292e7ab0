import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Output never depends on `--jobs`: caps and notes apply to the whole input, not per worker
/// range, and a file whose size says 0 is read the same with any job count.
@Suite struct JobCountTests {
    /// Everything a report shows, in a comparable form.
    static func digest(_ result: LintResult) -> String {
        var lines = result.findings.map {
            "\($0.location.line):\($0.location.column) \($0.ruleID) \($0.message) \($0.notes.map(\.message))"
        }
        let counters = result.counters
        lines.append(
            "read \(counters.linesRead) valid \(counters.validLines) invalid \(counters.invalidLines) blank \(counters.blankLines)"
        )
        lines.append("unknown \(counters.unknownEvents) \(counters.unknownNames.sorted { $0.key < $1.key })")
        for pair in result.pairs {
            lines.append(
                "\(pair.name) \(pair.opened) \(pair.closedByOutcome.sorted { $0.key < $1.key }) \(pair.unclosed) \(pair.unclosedNearEnd) \(pair.orphanCloses) \(pair.durationsMs.sorted())"
            )
        }
        for pair in result.pairs {
            for arms in pair.byArms.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let arm = pair.byArms[arms]!
                lines.append(
                    "\(pair.name) \(arms) \(arm.opened) \(arm.closedByOutcome.sorted { $0.key < $1.key }) \(arm.unclosed) \(arm.durationsMs.sorted())"
                )
            }
        }
        lines.append("\(result.ruleViolations)")
        lines.append("unlisted \(result.unlisted.byRule.sorted { $0.key < $1.key })")
        for group in result.groups {
            lines.append(
                "group \(group.ruleID) \(group.event ?? "-") \(group.param ?? "-") \(group.count) \(group.first.location.line) \(group.examples.map(\.line))"
            )
        }
        return lines.joined(separator: "\n")
    }

    static func digests(_ bytes: [UInt8], maxFindings: Int? = nil) throws -> [Int: String] {
        var result: [Int: String] = [:]
        for jobs in [1, 2, 4] {
            result[jobs] = digest(
                try Lint.run(bytes: bytes) {
                    $0.jobs = jobs
                    if let maxFindings { $0.settings.maxFindings = maxFindings }
                })
        }
        return result
    }

    /// 2,500 distinct unknown names, each a different number of times: the list holds the 1,000
    /// that sort first, with exact counts, for 1, 2 and 4 jobs (it held 1000/2000/3000 names).
    @Test func unknownNameListIsTheSameForAnyJobCount() throws {
        var lines: [String] = []
        for index in 0..<2_500 {
            for _ in 0..<(1 + index % 3) {
                lines.append(
                    Export.bq("custom_event_\(String(format: "%04d", (index * 7919) % 2_500))", at: Double(index)))
            }
        }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var names: [Int: [String: Int]] = [:]
        for jobs in [1, 2, 4] {
            names[jobs] = try Lint.run(bytes: bytes) { $0.jobs = jobs }.counters.unknownNames
        }
        #expect(names[1]?.count == StreamCounters.unknownNameCap)
        #expect(names[1]?.keys.sorted().first == "custom_event_0000")
        #expect(names[1]?.keys.sorted().last == "custom_event_0999")
        #expect(names[1] == names[2])
        #expect(names[1] == names[4])
        // Exact counts: name number n came 1 + (index % 3) times, where n = index * 7919 % 2500.
        let expected = Dictionary(
            uniqueKeysWithValues: (0..<2_500).map {
                ("custom_event_\(String(format: "%04d", ($0 * 7919) % 2_500))", 1 + $0 % 3)
            }
        ).filter { $0.key <= "custom_event_0999" }
        #expect(names[1] == expected)
    }

    /// A BOM at the start of any line but the first (concatenated files) gets its note, also
    /// when that line starts a worker's range.
    @Test func misplacedBOMKeepsItsNoteWhateverRangeItStarts() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        for position in 1..<24 {
            var bytes: [UInt8] = []
            for index in 0..<24 {
                if index == position { bytes += bom }
                bytes += Array("{\"name\":\"x\"}\n".utf8)
            }
            let all = try Self.digests(bytes)
            #expect(all[1] == all[2], "BOM on line \(position + 1)")
            #expect(all[1] == all[4], "BOM on line \(position + 1)")
            #expect(all[1]?.contains("concatenated files?") == true, "BOM on line \(position + 1): \(all[1] ?? "")")
        }
    }

    /// A file whose first line is UTF-16 is one finding, and its later lines are invalid without
    /// one each, also where a later worker's range starts (found by FuzzLint: jobs 2 read the
    /// second line as JSON). With and without a UTF-8 BOM before it.
    @Test func aUTF16FirstLineStandsForTheFileWhateverRangeALineIsIn() throws {
        for lead in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
            var bytes = lead + [0x5B, 0x00, 0x11, 0x00, 0x20, 0x11, 0x0A]
            for _ in 0..<24 { bytes += Array("{\"name\":\"x\"}\n".utf8) }
            let all = try Self.digests(bytes)
            #expect(all[1] == all[2])
            #expect(all[1] == all[4])
            #expect(all[1]?.contains("read 25 valid 0 invalid 25") == true, "\(all[1] ?? "")")
        }
    }

    /// Users, pairs and rules across ranges: the same findings and statistics for 1, 2 and 4 jobs.
    @Test func pairsAcrossRangesAreTheSameForAnyJobCount() throws {
        var lines: [String] = []
        for user in 0..<60 {
            let id = "user-\(user % 17)"
            lines.append(
                Export.bq("picker_shown", at: Double(user), user: id, params: [("entry", .string("onboarding"))]))
            lines.append(Export.bq("offer_shown", at: Double(user), user: id, params: Events.offerArm))
            lines.append(
                Export.bq(
                    "offer_closed", at: Double(user) + 3, user: id,
                    params: Events.offerClosed(
                        duration: .int(Int64(user) * 100), arm: user % 4 == 0 ? "cap5" : "capped"))
            )
            if user % 3 == 0 {
                lines.append(Export.bq("picker_closed", at: Double(user) + 10, user: id, params: Events.picker()))
            }
        }
        let all = try Self.digests(Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(all[1] == all[2])
        #expect(all[1] == all[4])
        #expect(all[1]?.contains("pair/duration-mismatch") == true)
    }

    /// Many users whose pairs and rules find problems, with a finding limit: pairs and rules run
    /// on several threads, each on its own users, and the joined result (findings listed and
    /// unlisted, groups, statistics per arm) is that of one thread.
    @Test(arguments: [5, 40, Int.max])
    func manyUsersGiveTheSameResultOnAnyNumberOfThreads(maxFindings: Int) throws {
        var lines: [String] = []
        for index in 0..<400 {
            let id = "user-\((index * 7) % 97)"
            let at = Double(index / 97) * 100 + Double(index % 13)
            lines.append(Export.bq("offer_shown", at: at, user: id, params: Events.offerArm))
            if index % 5 != 0 {
                lines.append(
                    Export.bq(
                        "offer_closed", at: at + Double(index % 7), user: id,
                        params: Events.offerClosed(
                            duration: .int(Int64(index % 9) * 1_000), arm: index % 4 == 0 ? "cap5" : "capped")))
            }
            if index % 11 == 0 {
                lines.append(Export.bq("picker_closed", at: at + 1, user: id, params: Events.picker()))
            }
        }
        let all = try Self.digests(Array((lines.joined(separator: "\n") + "\n").utf8), maxFindings: maxFindings)
        #expect(all[1] == all[2])
        #expect(all[1] == all[4])
        #expect(all[1]?.contains("pair/unclosed") == true)
        #expect(all[1]?.contains("pair/orphan-close") == true)
        #expect(all[1]?.contains("unlisted []") == (maxFindings == Int.max))
    }

    /// A user's event that makes no record (a `screen_view` two hours after the user's unclosed
    /// opening) still sets the user's last timestamp when it is in another range than the
    /// opening, before or after it, or in an earlier input: the pair is `pair/unclosed`, never
    /// `pair/unclosed-near-end`.
    @Test(arguments: [8, 31])
    func aLaterEventWithoutRecordCountsFromAnyRange(opening: Int) throws {
        func lines(_ range: Range<Int>) -> [String] {
            range.map { index in
                if index == 20 { return Export.bq("screen_view", at: 7_200, user: "x") }
                if index == opening { return Export.bq("offer_shown", at: 0, user: "x", params: Events.offerArm) }
                return Export.bq("screen_view", at: Double(index), user: "filler-\(index)")
            }
        }
        let all = try Self.digests(Array((lines(0..<40).joined(separator: "\n") + "\n").utf8))
        #expect(all[1] == all[2])
        #expect(all[1] == all[4])
        #expect(all[1]?.contains("pair/unclosed ") == true, "\(all[1] ?? "")")
        #expect(all[1]?.contains("pair/unclosed-near-end") == false)
        // The opening in an input of its own, before or after the one with the later event.
        let directory = TemporaryDirectory()
        let withLater = directory.path + "/later.ndjson"
        let withOpening = directory.path + "/opening.ndjson"
        let rest = lines(0..<40).enumerated().filter { $0.offset != opening }.map(\.element)
        try Data((rest.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: withLater))
        try Data((lines(opening..<opening + 1).joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: withOpening))
        for jobs in [1, 2, 4] {
            var request = LintRequest(inputs: opening > 20 ? [withLater, withOpening] : [withOpening, withLater])
            request.jobs = jobs
            let result = LintRunner.run(plan: Lint.enginePlan, request: request)
            #expect(result.findings.contains { $0.ruleID == "pair/unclosed" }, "jobs \(jobs)")
            #expect(!result.findings.contains { $0.ruleID == "pair/unclosed-near-end" }, "jobs \(jobs)")
        }
    }

    /// The users of sorted records cut into ranges: whole users, in order, none empty.
    @Test func userRangesNeverSplitAUser() {
        for users in [1, 2, 3, 10] {
            for count in [0, 1, 2, 5, 100] {
                let records = (0..<count).map {
                    RecordOrderTests.record(user: UInt64($0 * users / max(count, 1)), timestamp: 0, line: $0)
                }
                for parts in [1, 2, 3, 8] {
                    let ranges = CrossEventChecker.userRanges(records, parts: parts)
                    #expect(ranges.first?.lowerBound == 0)
                    #expect(ranges.last?.upperBound == count)
                    #expect(ranges.count <= max(parts, 1))
                    for (a, b) in zip(ranges, ranges.dropFirst()) {
                        #expect(a.upperBound == b.lowerBound)
                        #expect(records[a.upperBound - 1].user != records[b.lowerBound].user)
                    }
                    #expect(ranges.allSatisfy { !$0.isEmpty } || count == 0)
                }
            }
        }
    }

    /// Users grouped for pairs and rules cut into ranges of users: in order, covering every user
    /// with records, at most one per part, each with at least one record.
    @Test func groupedUserRangesCoverEveryRecordOnce() throws {
        for users in [1, 2, 3, 10, 50] {
            for count in [0, 1, 2, 5, 100] {
                // Every third user has no record; one user has most of them.
                let records = (0..<count).map {
                    RecordOrderTests.record(
                        user: $0 % 2 == 0 ? 0 : UInt64(($0 * users / max(count, 1)) / 3 * 3), timestamp: 0, line: $0)
                }
                let groups = try #require(UserGroups(records: records, userCount: users))
                for parts in [1, 2, 3, 8] {
                    let ranges = groups.userRanges(parts: parts)
                    #expect(ranges.count <= parts)
                    #expect(ranges.isEmpty == (count == 0))
                    for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
                    let covered = ranges.reduce(0) {
                        $0 + Int(groups.starts[$1.upperBound] - groups.starts[$1.lowerBound])
                    }
                    #expect(covered == count, "users \(users), records \(count), parts \(parts)")
                    #expect(ranges.allSatisfy { groups.starts[$0.upperBound] > groups.starts[$0.lowerBound] })
                }
            }
        }
    }

    /// `/proc/self/status` has content but an `st_size` of 0: read, not empty, with any job count.
    @Test func fileWithZeroSizeButContentIsReadTheSameWithAnyJobCount() throws {
        let path = "/proc/self/status"
        guard FileManager.default.isReadableFile(atPath: path) else {
            print("skipped: \(path) does not exist on this system")
            return
        }
        var counts: [Int: (Int, Int)] = [:]
        for jobs in [1, 2, 4] {
            var request = LintRequest(inputs: [path])
            request.jobs = jobs
            let result = LintRunner.run(plan: Lint.enginePlan, request: request)
            counts[jobs] = (result.counters.linesRead, result.counters.invalidLines)
        }
        #expect((counts[1]?.0 ?? 0) > 10)
        #expect(counts[1]?.0 == counts[2]?.0 && counts[1]?.0 == counts[4]?.0)
        #expect(counts[1]?.1 == counts[2]?.1 && counts[1]?.1 == counts[4]?.1)
    }
}
