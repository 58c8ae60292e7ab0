import Testing

@testable import EventLintKit

/// `ScanBuffer`, the line scan's buffers: a collection that keeps its room when emptied and
/// grows by doubling, with the elements in order and changed in place.
@Suite struct ScanBufferTests {
    @Test func appendsGrowEmptiesAndChangesInPlace() {
        let buffer = ScanBuffer<ScannedField>(capacity: 1)
        defer { buffer.deallocate() }
        func field(_ index: Int) -> ScannedField {
            ScannedField(
                key: JSONStringToken(content: index..<(index + 1), hasEscapes: false, isQuoted: true),
                value: ValueToken(), keyHash: UInt64(index))
        }
        for round in 0..<3 {
            #expect(buffer.isEmpty)
            let count = 40 + round * 30
            for index in 0..<count { buffer.append(field(index)) }
            #expect(buffer.count == count)
            #expect(buffer.map(\.keyHash) == (0..<count).map(UInt64.init))
            #expect(buffer[3..<6].map(\.keyHash) == [3, 4, 5])
            buffer[7].value.slot = .intValue
            #expect(buffer[7].value.slot == .intValue)
            #expect(buffer.filter { $0.value.slot == .intValue }.count == 1)
            buffer.removeAll()
            #expect(buffer.count == 0)
        }
    }
}
