import Testing

@testable import EventLintKit

/// The user and text table keeps a slot as one word (32 bits of the hash and the id), starts a
/// lookup at the hash's top bits and, when it grows, places each entry again from the bits it
/// keeps; its ids must not depend on which bits the hash has.
@Suite struct InternerTableTests {
    struct HighBitsOnly: ByteHashing {
        func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { ByteHash.hash(bytes) & 0xFFFF_FFFF_0000_0000 | 7 }
    }
    struct LowBitsOnly: ByteHashing {
        func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { ByteHash.hash(bytes) & 0xFFFF_FFFF }
    }
    struct ThirteenValues: ByteHashing {
        func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { (ByteHash.hash(bytes) % 13) << 40 | 5 }
    }

    /// Interns `count` strings and the empty one, twice over with `removeAll` between: each
    /// gets its first-seen id, the same id again, its bytes back, and nothing else is found.
    func check<Hashing: ByteHashing>(_ hashing: Hashing, count: Int) {
        var table = ByteInterner(hashing: hashing, capacity: 1)
        let keys = (0..<count).map { Array("s\($0)".utf8) }
        for _ in 0..<2 {
            var wrong = 0
            for (id, key) in keys.enumerated() where table.intern(key) != id { wrong += 1 }
            for (id, key) in keys.enumerated() where table.intern(key) != id || table.find(key) != id { wrong += 1 }
            for (id, key) in keys.enumerated() where table.bytes(of: id) != key { wrong += 1 }
            #expect(wrong == 0, "\(Hashing.self): \(wrong) wrong ids or bytes")
            #expect(table.find(Array("zz".utf8)) == nil)
            #expect(table.intern([]) == count)
            #expect(table.find([]) == count)
            #expect(table.count == count + 1)
            let hashes = (keys + [[]]).map { $0.withUnsafeBytes { hashing.hash($0) } }
            #expect(table.fullHashCollisions == hashes.count - Set(hashes).count)
            table.removeAll()
            #expect(table.count == 0)
            #expect(keys.allSatisfy { table.find($0) == nil })
        }
    }

    @Test func idsDoNotDependOnTheHashBits() {
        check(SeededByteHash(), count: 20_000)
        check(HighBitsOnly(), count: 20_000)
        // Every string starts at one slot: probes grow with the count, so fewer strings.
        check(LowBitsOnly(), count: 3_000)
        check(ThirteenValues(), count: 2_000)
    }

    /// 150,000 strings: the table grows to 524,288 slots (4 MiB), the size that asks for huge
    /// pages, and is placed again from the kept hash bits at each step.
    @Test func aLargeTableKeepsEveryID() { check(SeededByteHash(), count: 150_000) }

    /// Copies of a table share its strings until one of them changes: a pass's copy of the
    /// plan's texts adds its own, emptied or not, and the plan's stay as they were. Strings of
    /// every length, long ones past the buffers' first room, keep their bytes.
    @Test func copiesKeepTheirOwnStrings() {
        var plan = ByteInterner(capacity: 1)
        let planKeys = (0..<40).map { Array(String(repeating: "p\($0)", count: $0 + 1).utf8) }
        for key in planKeys { _ = plan.intern(key) }
        var pass = plan
        let passKeys = (0..<300).map { Array(String(repeating: "q", count: $0 * 7 + 1).utf8) }
        for (index, key) in passKeys.enumerated() { #expect(pass.intern(key) == planKeys.count + index) }
        var emptied = plan
        emptied.removeAll()
        #expect(emptied.count == 0 && emptied.find(planKeys[3]) == nil)
        #expect(emptied.intern(passKeys[5]) == 0)
        #expect(plan.count == planKeys.count)
        #expect(passKeys.allSatisfy { plan.find($0) == nil })
        for (id, key) in planKeys.enumerated() {
            #expect(plan.bytes(of: id) == key && pass.bytes(of: id) == key && plan.find(key) == id)
        }
        for (index, key) in passKeys.enumerated() { #expect(pass.bytes(of: planKeys.count + index) == key) }
        #expect(pass.count == planKeys.count + passKeys.count)
    }

    @Test(arguments: [1, 16, 262_143, 262_144, 524_288, 524_289, 1 << 21, (1 << 21) + 3])
    func emptySlotsAreAllEmpty(count: Int) {
        let slots = ByteInterner<SeededByteHash>.emptySlots(count)
        #expect(slots.count == count)
        #expect(slots.allSatisfy { $0 == 0 })
    }

    /// The log of users without records keeps each entry's bytes, hash and time, across
    /// growth, and starts over after `removeAll` with or without its room.
    @Test func userLogKeepsItsEntries() {
        let log = UserLog()
        for round in 0..<3 {
            let ids = (0..<3_000).map { Array("user-\($0)-\(String(repeating: "x", count: $0 % 40))".utf8) }
            for (index, id) in ids.enumerated() {
                id.withUnsafeBytes { log.append($0, hash: UInt64(index), timestamp: Int64(index * 10)) }
            }
            // An empty id takes an entry of no bytes.
            log.append(UnsafeRawBufferPointer(start: nil, count: 0), hash: 7, timestamp: -1)
            #expect(log.count == ids.count + 1)
            #expect(log.memoryInUse == ids.reduce(0) { $0 + $1.count } + log.count * MemoryLayout<UserLog.Entry>.stride)
            for (index, id) in ids.enumerated() {
                #expect(Array(log.bytes(of: index)) == id)
                #expect(log[index].hash == UInt64(index) && log[index].timestamp == Int64(index * 10))
            }
            #expect(log.bytes(of: ids.count).isEmpty && log[ids.count].timestamp == -1)
            log.removeAll(keepingCapacity: round == 0)
            #expect(log.isEmpty && log.memoryInUse == 0)
        }
    }

    /// Entries dropped from the log (the pass's own users, resolved at its end) leave the others
    /// in order with their own bytes, hashes and times, also an empty id; dropping none or all
    /// works too, and the log grows again after.
    @Test func userLogDropsEntriesAndKeepsTheRest() {
        let log = UserLog()
        let ids = (0..<500).map { Array("u\($0)\(String(repeating: "y", count: $0 % 17))".utf8) }
        for (index, id) in ids.enumerated() {
            id.withUnsafeBytes { log.append($0, hash: UInt64(index), timestamp: Int64(index)) }
        }
        log.append(UnsafeRawBufferPointer(start: nil, count: 0), hash: 1_000, timestamp: -5)
        var seen: [[UInt8]] = []
        log.removeEntries { entry, bytes in
            seen.append(Array(bytes))
            return entry.hash % 3 == 0
        }
        #expect(seen == ids + [[]])
        let kept = ids.indices.filter { $0 % 3 != 0 }
        #expect(log.count == kept.count + 1)
        for (position, index) in kept.enumerated() {
            #expect(Array(log.bytes(of: position)) == ids[index])
            #expect(log[position].hash == UInt64(index) && log[position].timestamp == Int64(index))
        }
        #expect(log.bytes(of: kept.count).isEmpty && log[kept.count].hash == 1_000)
        let keptBytes = kept.reduce(0) { $0 + ids[$1].count }
        #expect(log.memoryInUse == keptBytes + log.count * MemoryLayout<UserLog.Entry>.stride)
        log.removeEntries { _, _ in false }
        #expect(log.count == kept.count + 1)
        Array("again".utf8).withUnsafeBytes { log.append($0, hash: 1, timestamp: 2) }
        #expect(Array(log.bytes(of: kept.count + 1)) == Array("again".utf8))
        log.removeEntries { _, _ in true }
        #expect(log.isEmpty && log.memoryInUse == 0)
    }

    /// The plan's byte tables: the first entry of a key wins, and `keys` keeps their order.
    @Test func byteKeyTablesKeepTheFirstEntryOfAKey() {
        let table = ByteKeyTable([("a", 1), ("b", 2), ("a", 3), ("", 4), ("", 5), ("b", 6), ("c", 7)])
        #expect(table.lookup("a") == 1)
        #expect(table.lookup("b") == 2)
        #expect(table.lookup("") == 4)
        #expect(table.lookup("c") == 7)
        #expect(table.lookup("d") == nil)
        #expect(table.keys.map { String(decoding: $0, as: UTF8.self) } == ["a", "b", "", "c"])
        let many = ByteKeyTable((0..<5000).map { ("k\($0 % 1000)", Int32($0)) })
        #expect((0..<1000).allSatisfy { many.lookup("k\($0)") == Int32($0) })
        #expect(many.keys.count == 1000)
    }
}
