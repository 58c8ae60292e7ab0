import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Users and tracked values are identified by their bytes, never by a hash alone; the hash is
/// seeded per run and well mixed, so the id patterns of real exports spread evenly and output
/// never depends on the seed.
@Suite struct IdentityTests {
    /// A hash that makes every key collide.
    struct ConstantHash: ByteHashing {
        func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { 42 }
    }

    @Test func collidingKeysKeepDistinctIDs() {
        var interner = ByteInterner(hashing: ConstantHash(), capacity: 4)
        let keys = (0..<500).map { Array("user-\($0)".utf8) }
        let ids = keys.map { interner.intern($0) }
        #expect(ids == Array(0..<500))
        #expect(keys.map { interner.intern($0) } == ids, "the same bytes give the same id again")
        #expect(keys.indices.allSatisfy { interner.bytes(of: $0) == keys[$0] })
        #expect(interner.find(Array("user-500".utf8)) == nil)
        #expect(interner.fullHashCollisions == 499)
    }

    /// `victimuser000001` and ``bea2oilu=kt7yCB` `` had the same 64-bit hash in the unseeded
    /// hash users were identified by: the attacker's close closed the victim's open, so the
    /// victim's unclosed pair and the attacker's orphan close both vanished.
    @Test(arguments: [1, 2])
    func usersWithCollidingHashesAreNotMerged(jobs: Int) throws {
        let victim = "victimuser000001"
        let attacker = "bea2oilu=kt7yCB`"
        let lines = [
            Export.bq("picker_shown", at: 0, user: victim, params: [("entry", .string("onboarding"))]),
            Export.bq("picker_closed", at: 10, user: attacker, params: Events.picker()),
        ]
        let result = try Lint.run(lines) { $0.jobs = jobs }
        #expect(result.findings("pair/orphan-close").map(\.location.line) == [2], "\(result.lineRules)")
        #expect(result.findings("pair/orphan-close").first?.message.contains(attacker) == true)
        // The victim's open is the user's last event: unclosed near the end of the export.
        #expect(result.findings("pair/unclosed-near-end").map(\.location.line) == [1], "\(result.lineRules)")
    }

    /// Tracked text values too: a collision must not make two different arms equal.
    @Test func trackedTextsCompareByBytes() {
        var interner = ByteInterner(hashing: ConstantHash())
        let capped = interner.intern(Array("capped".utf8))
        let other = interner.intern(Array("cap5".utf8))
        #expect(capped != other)
        #expect(TrackedValue.text(UInt64(capped)) != TrackedValue.text(UInt64(other)))
    }

    /// For each id pattern real exports have, 100,000 ids: lookups stay short (probe counts,
    /// not timing) and no two ids share a 64-bit hash.
    @Test(arguments: IDPattern.allCases)
    func idPatternsSpreadEvenly(pattern: IDPattern) {
        var interner = ByteInterner(capacity: 16)
        let ids = pattern.ids(count: 100_000)
        #expect(Set(ids).count == ids.count, "the generator gives distinct ids")
        for id in ids { _ = interner.intern(id) }
        #expect(interner.count == ids.count)
        var total = 0
        var longest = 0
        for id in ids {
            let probes = id.withUnsafeBytes { interner.probeLength($0) }
            total += probes
            longest = max(longest, probes)
        }
        let mean = Double(total) / Double(ids.count)
        // Linear probing at most half full: about 1.5 probes per successful lookup on average.
        #expect(mean < 2.0, "\(pattern): \(mean) probes per lookup")
        #expect(longest < 64, "\(pattern): \(longest) probes for one lookup")
        #expect(interner.fullHashCollisions == 0, "\(pattern)")
    }

    /// The same for JSON object keys: a line of many keys checks for duplicates in linear time.
    @Test(arguments: IDPattern.allCases)
    func manyKeysOfOnePatternParseAndDuplicatesAreFound(pattern: IDPattern) throws {
        let keys = pattern.ids(count: 20_000).map { String(decoding: $0, as: UTF8.self) }
        var text = "{" + keys.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
        try Array(text.utf8).withUnsafeBytes { bytes in
            var cursor = JSONCursor(bytes: bytes, scratch: JSONScratch())
            try cursor.skipValue()
        }
        text.removeLast()
        text += ",\"\(keys[keys.count / 2])\":2}"
        let bytes = Array(text.utf8)
        let kind = bytes.withUnsafeBytes { raw -> JSONErrorKind? in
            var cursor = JSONCursor(bytes: raw, scratch: JSONScratch())
            do throws(JSONError) {
                try cursor.skipValue()
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind == .duplicateKey)
    }

    /// User ids are interned 16 at a time (`PendingUsers`): every record still gets its own
    /// user, and every event raises its own user's latest timestamp, whatever its place in a
    /// batch, with events without a user id in between, with a batch interned at the end of an
    /// input and before each spill (a 1-byte limit spills at every event).
    @Test(arguments: [(1, Int?.none), (2, nil), (1, 1), (2, 1), (3, 64 << 10)])
    func batchedUsersKeepTheirOwnRecordsAndTimes(jobs: Int, memoryLimit: Int?) throws {
        let users = 53
        var lines: [String] = []
        for index in 0..<users {
            lines.append(
                Export.bq(
                    "picker_shown", at: Double(index), user: "user-\(index)", params: [("entry", .string("onboarding"))]
                ))
            if index % 5 == 0 {
                lines.append(Export.bq("picker_shown", at: 1, user: nil, params: [("entry", .string("onboarding"))]))
            }
        }
        for index in stride(from: 0, to: users, by: 2) {
            lines.append(
                Export.bq("picker_closed", at: Double(100 + index), user: "user-\(index)", params: Events.picker()))
        }
        // Two hours later, an event that makes no record: user-7's opening is then not near the
        // end of its data.
        lines.append(Export.bq("screen_view", at: 7_200, user: "user-7"))
        let result = try Lint.run(lines) {
            $0.jobs = jobs
            $0.memoryLimit = memoryLimit
        }
        let odd = Set(stride(from: 1, to: users, by: 2).map { "user-\($0)" })
        let nearEnd = result.findings("pair/unclosed-near-end").compactMap(\.context.user)
        let unclosed = result.findings("pair/unclosed").compactMap(\.context.user)
        #expect(Set(nearEnd).union(unclosed) == odd, "jobs \(jobs), limit \(memoryLimit.map(String.init) ?? "-")")
        #expect(nearEnd.count + unclosed.count == odd.count)
        #expect(unclosed == ["user-7"], "only user-7 has a later event")
        #expect(result.findings("pair/orphan-close").isEmpty)
        #expect(result.findings("stream/missing-user-id").count == 11)
        #expect(result.spillFailure == nil)
    }

    /// An input that fails part-way (a gzip file without its trailer: every line is read, then
    /// the error) still gives the records of its lines their users, after an input with users
    /// of its own: each pass's queued users are interned however its reading ends.
    @Test(arguments: [1, 2])
    func recordsOfAnInputThatFailsPartWayKeepTheirUsers(jobs: Int) throws {
        func openings(_ prefix: String, _ count: Int) -> [UInt8] {
            let lines = (0..<count).map {
                Export.bq(
                    "picker_shown", at: Double($0), user: "\(prefix)-\($0)", params: [("entry", .string("onboarding"))])
            }
            return Array((lines.joined(separator: "\n") + "\n").utf8)
        }
        let directory = TemporaryDirectory()
        let first = directory.write("first.ndjson", openings("first", 3))
        let cut = directory.write("cut.ndjson.gz", Array(gzipCompress(openings("cut", 10)).dropLast(8)))
        var request = LintRequest(inputs: [first, cut])
        request.jobs = jobs
        let result = LintRunner.run(plan: Lint.enginePlan, request: request)
        #expect(result.inputErrors.count == 1)
        let users = result.findings("pair/unclosed-near-end").compactMap(\.context.user)
        #expect(Set(users) == Set((0..<3).map { "first-\($0)" } + (0..<10).map { "cut-\($0)" }))
        #expect(users.count == 13)
    }

    /// Users of events that make no record are logged, not interned (`UserLog`), and looked up
    /// once the run's records are known, or folded into the pass's table first (past the log's
    /// share of the budget, before a spill, for an input that is not the last). A user's event
    /// two hours after its opening counts every way: before the opening or after it in the file,
    /// in another range or input, with many users without records in between.
    @Test(arguments: [1, 2, 3])
    func loggedUsersCountThroughFoldsSpillsRangesAndInputs(jobs: Int) throws {
        let users = 40
        var lines: [String] = []
        for index in 0..<users {
            // Odd users have an event that makes no record two hours on, before their opening.
            if index % 2 == 1 {
                lines.append(Export.bq("screen_view", at: 7_200 + Double(index), user: "user-\(index)"))
            }
            for filler in 0..<5 {
                lines.append(Export.bq("screen_view", at: Double(index), user: "filler-\(index)-\(filler)"))
            }
            lines.append(
                Export.bq(
                    "picker_shown", at: Double(index), user: "user-\(index)", params: [("entry", .string("onboarding"))]
                ))
            // An event without a timestamp changes no last timestamp.
            if index % 4 == 0 {
                lines.append(Export.bq("screen_view", at: 0, user: "user-\(index)", timestamp: "null"))
            }
        }
        // The odd users again, after their openings: the later time is the earlier event's.
        for index in stride(from: 1, to: users, by: 2) {
            lines.append(Export.bq("screen_view", at: Double(100 + index), user: "user-\(index)"))
        }
        let odd = Set(stride(from: 1, to: users, by: 2).map { "user-\($0)" })
        let even = Set(stride(from: 0, to: users, by: 2).map { "user-\($0)" })
        let directory = TemporaryDirectory()
        let whole = directory.path + "/whole.ndjson"
        let first = directory.path + "/first.ndjson"
        let second = directory.path + "/second.ndjson"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: whole))
        let cut = lines.count / 2
        try Data((lines[..<cut].joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: first))
        try Data((lines[cut...].joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: second))
        for inputs in [[whole], [first, second], [second, first]] {
            for memoryLimit in [Int?.none, 1, 300, 2_000, 20_000, 1 << 30] {
                var request = LintRequest(inputs: inputs)
                request.jobs = jobs
                request.memoryLimit = memoryLimit
                let result = LintRunner.run(plan: Lint.enginePlan, request: request)
                let label = "jobs \(jobs), limit \(memoryLimit.map(String.init) ?? "-"), \(inputs.count) inputs"
                #expect(Set(result.findings("pair/unclosed").compactMap(\.context.user)) == odd, "\(label)")
                #expect(Set(result.findings("pair/unclosed-near-end").compactMap(\.context.user)) == even, "\(label)")
                #expect(result.spillFailure == nil)
            }
        }
    }
}

/// The user-id patterns of real exports (the same as `bench/id_patterns.py`).
enum IDPattern: String, CaseIterable, Sendable {
    /// `u0000000`, `u0000001`, …: a shared prefix, differing in the tail.
    case sequential
    /// `1`, `2`, … `100000`: numeric `user_id`s.
    case numeric
    /// `<random 10 digits>.<unix time>`: GA4 web client ids.
    case webClient
    /// 32 upper-case hex digits: iOS app instance ids.
    case hex32
    /// A long shared prefix, then a counter.
    case longPrefix
    /// Random 16-character ids, the baseline.
    case random

    func ids(count: Int) -> [[UInt8]] {
        var generator = SeededGenerator(seed: 7)
        func hex(_ value: UInt64, width: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return (0..<count).map { index -> [UInt8] in
            let text: String
            switch self {
            case .sequential:
                text = "u" + String(repeating: "0", count: max(0, 7 - String(index).count)) + String(index)
            case .numeric: text = String(index + 1)
            case .webClient:
                text =
                    String(1_000_000_000 + UInt64(index) * 7919 % 9_000_000_000) + "."
                    + String(1_741_950_000 + index % 86_400)
            case .hex32: text = hex(UInt64(index) &* 0x9E37_79B9_7F4A_7C15, width: 16) + hex(UInt64(index), width: 16)
            case .longPrefix: text = "com.focusity.ios.installation.2025-03-14.device-" + String(index)
            case .random:
                text = hex(generator.next(), width: 16) + String(index)
            }
            return Array(text.utf8)
        }
    }
}
