import EventLintTestSupport
import Testing

@testable import EventLintKit

/// Chunk-boundary property: however the input is cut into reads, framing gives exactly what
/// splitting the whole buffer at once gives.
@Suite struct FramingPropertyTests {
    @Test(arguments: 0..<40)
    func randomReadChunksMatchWholeBufferSplit(batch: Int) throws {
        for seed in UInt64(batch * 25)..<UInt64(batch * 25 + 25) {
            var generator = SeededGenerator(seed: seed)
            let options = FramingOptions(
                bufferSize: Int.random(in: 1...64, using: &generator),
                maxLineBytes: Int.random(in: 1...48, using: &generator),
                oversizePrefixBytes: Int.random(in: 0...8, using: &generator))
            let data = FramingFixtures.randomContent(using: &generator, maxLineBytes: options.maxLineBytes)
            let expected = FramingFixtures.referenceLines(data, options: options)

            var chunkGenerator = SeededGenerator(seed: seed &* 31)
            let upper = options.bufferSize * 2
            let source = MemoryByteSource(data) { _ in Int.random(in: 1...upper, using: &chunkGenerator) }
            let (lines, stats) = try FramingFixtures.collect(source, options: options)
            #expect(lines == expected, "seed \(seed), options \(options), data \(data)")
            #expect(stats.lines == expected.count, "seed \(seed)")
            #expect(stats.blankLines == expected.filter(\.flags.isBlankFlag).count, "seed \(seed)")
            #expect(stats.bytes == Int64(data.count), "seed \(seed)")

            // The whole input in one read must agree too.
            let wholeOptions = FramingOptions(
                bufferSize: max(1, data.count), maxLineBytes: options.maxLineBytes,
                oversizePrefixBytes: options.oversizePrefixBytes)
            let (whole, _) = try FramingFixtures.collect(MemoryByteSource(data), options: wholeOptions)
            #expect(whole == expected, "seed \(seed) in one read")
        }
    }

    @Test func oneByteReadsOfLargeLinesWithDefaultLimits() throws {
        var data: [UInt8] = []
        for index in 0..<50 {
            data += Array(repeating: UInt8(0x61 + index % 26), count: index * 97)
            data += index % 2 == 0 ? [0x0A] : [0x0D, 0x0A]
        }
        let options = FramingOptions(bufferSize: 7, maxLineBytes: 2000)
        let (lines, _) = try FramingFixtures.collect(MemoryByteSource(data) { _ in 1 }, options: options)
        #expect(lines == FramingFixtures.referenceLines(data, options: options))
        #expect(lines.filter(\.flags.isOversizeFlag).count == 29)
    }
}

extension LineFlags {
    fileprivate var isBlankFlag: Bool { contains(.blank) }
    fileprivate var isOversizeFlag: Bool { contains(.oversize) }
}
