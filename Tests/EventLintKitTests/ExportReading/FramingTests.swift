import Testing

@testable import EventLintKit

/// Framing cases spelled out: each flag, discard mode, offsets.
@Suite struct FramingTests {
    private func frame(_ text: [UInt8], _ options: FramingOptions = FramingOptions()) throws -> [LineRecord] {
        try FramingFixtures.collect(MemoryByteSource(text), options: options).lines
    }

    @Test func plainLinesGetNumbersAndOffsets() throws {
        let lines = try frame(Array("{\"a\":1}\n{}\n[]\n".utf8))
        #expect(lines.map(\.number) == [1, 2, 3])
        #expect(lines.map(\.offset) == [0, 8, 11])
        #expect(lines.map(\.bytes) == [Array("{\"a\":1}".utf8), Array("{}".utf8), Array("[]".utf8)])
        #expect(lines.allSatisfy { $0.flags.isEmpty })
    }

    @Test func crlfIsStrippedAndFlagged() throws {
        let lines = try frame(Array("{}\r\n{\"a\":\"\r\"}\n".utf8))
        #expect(lines[0].bytes == Array("{}".utf8))
        #expect(lines[0].flags == .crlf)
        // A CR elsewhere stays in the line for the JSON reader to judge.
        #expect(lines[1].bytes == Array("{\"a\":\"\r\"}".utf8))
        #expect(lines[1].flags == [])
    }

    /// The line limit counts the line, not what framing owns: a line of exactly the limit is
    /// read whether it ends in LF or CR LF and whether a BOM opens the file, and one byte more
    /// is oversize in each case; the same whether the line lies in one read or crosses reads.
    @Test(arguments: [7, 1 << 16])
    func theLimitDoesNotCountTheCROrTheBOM(bufferSize: Int) throws {
        let limit = 16
        let options = FramingOptions(bufferSize: bufferSize, maxLineBytes: limit)
        for bom in [[], FramingFixtures.bom] {
            for ending in [[0x0A], [0x0D, 0x0A]] as [[UInt8]] {
                for extra in [0, 1] {
                    let content = Array(repeating: UInt8(ascii: "a"), count: limit + extra)
                    let lines = try frame(bom + content + ending + content + ending, options)
                    #expect(lines.count == 2)
                    for line in lines {
                        #expect(
                            line.flags.contains(.oversize) == (extra == 1), "\(bom) \(ending) +\(extra): \(line.flags)")
                        #expect(line.flags.contains(.crlf) == (ending.count == 2))
                        if extra == 0 { #expect(line.bytes == content) }
                    }
                }
            }
        }
    }

    @Test func leadingBOMIsStrippedOnlyAtByteZero() throws {
        let lines = try frame(FramingFixtures.bom + Array("{}\n".utf8) + FramingFixtures.bom + Array("{}\n".utf8))
        #expect(lines[0].bytes == Array("{}".utf8))
        #expect(lines[0].flags == .leadingBOM)
        #expect(lines[0].offset == 0)
        #expect(lines[1].bytes == FramingFixtures.bom + Array("{}".utf8))
        #expect(lines[1].flags == [])
    }

    @Test func bomOnlyInputIsOneBlankUnterminatedLine() throws {
        let (lines, stats) = try FramingFixtures.collect(
            MemoryByteSource(FramingFixtures.bom), options: FramingOptions())
        #expect(lines.count == 1)
        #expect(lines.first?.flags == [.leadingBOM, .blank, .missingFinalNewline])
        #expect(stats.sawLeadingBOM)
    }

    @Test func blankLinesAreClassified() throws {
        let lines = try frame(Array("\n \t\n\r\n \r \r\n{}\n x\n".utf8))
        #expect(lines.map { $0.flags.contains(.blank) } == [true, true, true, true, false, false])
    }

    @Test func missingFinalNewlineIsDeliveredAndFlagged() throws {
        let lines = try frame(Array("{}\n{\"a\":1".utf8))
        #expect(lines.count == 2)
        #expect(lines[1].bytes == Array("{\"a\":1".utf8))
        #expect(lines[1].flags == .missingFinalNewline)
        #expect(lines[1].offset == 3)
    }

    @Test func emptyInputAndOnlyLineFeeds() throws {
        #expect(try frame([]).isEmpty)
        let lines = try frame([0x0A, 0x0A])
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.flags == .blank })
    }

    @Test func oversizeLineIsDiscardedAndNextLineStillDelivered() throws {
        var data = Array("{}\n".utf8)
        data += Array(repeating: 0x78, count: 10_000) + [0x0D, 0x0A]
        data += Array("{\"next\":true}\n".utf8)
        let options = FramingOptions(bufferSize: 256, maxLineBytes: 1000, oversizePrefixBytes: 16)
        let (lines, stats) = try FramingFixtures.collect(MemoryByteSource(data), options: options)
        #expect(lines.count == 3)
        #expect(lines[1].number == 2)
        #expect(lines[1].offset == 3)
        #expect(lines[1].flags == [.oversize, .crlf])
        #expect(lines[1].length == 10_001)
        #expect(lines[1].bytes == Array(repeating: 0x78, count: 16))
        #expect(lines[2].number == 3)
        #expect(lines[2].offset == 3 + 10_002)
        #expect(lines[2].bytes == Array("{\"next\":true}".utf8))
        #expect(stats.oversizeLines == 1)
    }

    @Test func oversizeLineInsideOneBufferIsReportedToo() throws {
        let data = Array(repeating: UInt8(0x61), count: 50) + [0x0A, 0x62, 0x0A]
        let options = FramingOptions(bufferSize: 4096, maxLineBytes: 10, oversizePrefixBytes: 4)
        let lines = try frame(data, options)
        #expect(lines[0].flags == .oversize)
        #expect(lines[0].length == 50)
        #expect(lines[0].bytes == [0x61, 0x61, 0x61, 0x61])
        #expect(lines[1].bytes == [0x62])
    }

    @Test func lineOfExactlyTheLimitIsKept() throws {
        let data = Array(repeating: UInt8(0x61), count: 10) + [0x0A]
        let lines = try frame(data, FramingOptions(bufferSize: 3, maxLineBytes: 10))
        #expect(lines[0].flags == [])
        #expect(lines[0].bytes.count == 10)
    }

    @Test func carryBufferStaysBoundedByTheLimit() throws {
        // 5 MB without a single LF, with a 64 KiB limit: discard mode must not buffer it.
        let data = [UInt8](repeating: 0, count: 5_000_000)
        let options = FramingOptions(bufferSize: 1 << 16, maxLineBytes: 1 << 16)
        let (lines, _) = try FramingFixtures.collect(MemoryByteSource(data), options: options)
        #expect(lines.count == 1)
        #expect(lines[0].length == 5_000_000)
        #expect(lines[0].flags == [.oversize, .missingFinalNewline])
    }

    @Test func errorsFromTheCallbackStopFraming() throws {
        struct Stop: Error {}
        var framer = LineFramer(source: MemoryByteSource(Array("a\nb\nc\n".utf8)))
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try framer.forEachLine { line in
                seen.append(line.number)
                if line.number == 2 { throw Stop() }
            }
        }
        #expect(seen == [1, 2])
    }

    @Test func columnsCountTheSkippedBOM() throws {
        let data = FramingFixtures.bom + Array("{}".utf8)
        var framer = LineFramer(source: MemoryByteSource(data))
        var columns: [Int] = []
        var contentOffsets: [Int64] = []
        try framer.forEachLine { line in
            columns.append(line.column(ofContentIndex: 0))
            contentOffsets.append(line.contentByteOffset)
        }
        #expect(columns == [4])
        #expect(contentOffsets == [3])
    }
}
