import EventLintTestSupport
import Testing

@testable import EventLintKit

/// Parallel reading: ranges cut at LF boundaries frame to exactly the whole-file lines.
@Suite struct FramingRangeTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func unionOfRangesEqualsWholeFile(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let options = FramingOptions(bufferSize: 97, maxLineBytes: 60, oversizePrefixBytes: 5)
        var data = FramingFixtures.bom
        for _ in 0..<40 { data += FramingFixtures.randomContent(using: &generator, maxLineBytes: 60) + [0x0A] }
        data += Array("{\"last\":1}".utf8)
        let directory = TemporaryDirectory()
        let path = directory.write("ranges.ndjson", data)
        let whole = FramingFixtures.collect(path: path, options: options)
        #expect(whole.error == nil)
        #expect(whole.lines == FramingFixtures.referenceLines(data, options: options))

        for parts in [1, 2, 3, 4, 7, 16, 100, 5000] {
            let ranges = try splitAtLineBoundaries(path: path, parts: parts)
            #expect(ranges.count <= parts)
            #expect(ranges.first?.start == 0)
            #expect(ranges.last?.end == Int64(data.count))
            for (earlier, later) in zip(ranges, ranges.dropFirst()) {
                #expect(earlier.end == later.start)
                #expect(later.start > earlier.start)
                #expect(data[Int(later.start) - 1] == 0x0A)
            }
            // Merge as the caller must: add the line counts of earlier ranges.
            var merged: [LineRecord] = []
            for range in ranges {
                let part = FramingFixtures.collect(path: path, range: range, options: options)
                #expect(part.error == nil)
                let base = merged.count
                merged += part.lines.map { line in
                    var line = line
                    line.number += base
                    return line
                }
            }
            #expect(merged == whole.lines, "parts \(parts), ranges \(ranges)")
        }
    }

    @Test func rangeLinesAreLocalAndOffsetsAbsolute() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("two.ndjson", Array("aaaa\nbbbb\ncccc\ndddd\n".utf8))
        let ranges = try splitAtLineBoundaries(path: path, parts: 2)
        #expect(ranges == [ByteRange(start: 0, end: 10), ByteRange(start: 10, end: 20)])
        let second = FramingFixtures.collect(path: path, range: ranges[1])
        #expect(second.lines.map(\.number) == [1, 2])
        #expect(second.lines.map(\.offset) == [10, 15])
    }

    @Test func aBOMLookingStartOfALaterRangeIsKept() throws {
        let directory = TemporaryDirectory()
        let data = Array("{}\n".utf8) + FramingFixtures.bom + Array("{}\n".utf8)
        let path = directory.write("bom.ndjson", data)
        let part = FramingFixtures.collect(path: path, range: ByteRange(start: 3, end: Int64(data.count)))
        #expect(part.lines.first?.flags == [])
        #expect(part.lines.first?.bytes == FramingFixtures.bom + Array("{}".utf8))
    }

    @Test func compressedAndEmptyFilesAreOneRange() throws {
        let directory = TemporaryDirectory()
        let gz = directory.write("a.gz", gzipCompress(Array("{}\n{}\n".utf8)))
        #expect(try splitAtLineBoundaries(path: gz, parts: 4) == [.whole])
        #expect(try splitAtLineBoundaries(path: "-", parts: 4) == [.whole])
        let empty = directory.write("empty.ndjson", [])
        // A size of 0 may still hold content (/proc files): one streaming read, as with --jobs 1.
        #expect(try splitAtLineBoundaries(path: empty, parts: 4) == [.whole])
        #expect(FramingFixtures.collect(path: empty, range: ByteRange(start: 0, end: 0)).lines.isEmpty)
    }

    @Test func oneHugeLineGivesFewerRanges() throws {
        let directory = TemporaryDirectory()
        let data = Array(repeating: UInt8(0x61), count: 100_000) + [0x0A, 0x62, 0x0A]
        let path = directory.write("huge.ndjson", data)
        let ranges = try splitAtLineBoundaries(path: path, parts: 8)
        #expect(ranges == [ByteRange(start: 0, end: 100_001), ByteRange(start: 100_001, end: 100_003)])
    }

    @Test func rangesOfCompressedFilesAreRefused() {
        let directory = TemporaryDirectory()
        let gz = directory.write("a.gz", gzipCompress(Array("{}\n{}\n".utf8)))
        let error = FramingFixtures.collect(path: gz, range: ByteRange(start: 0, end: 5)).error as? ExportInputError
        #expect(error == .notSplittable(path: gz))
    }

    @Test func missingFileCannotBeSplit() {
        #expect(throws: ExportInputError.notFound(path: "/nonexistent/x.ndjson")) {
            try splitAtLineBoundaries(path: "/nonexistent/x.ndjson", parts: 2)
        }
    }
}

/// The framing rules are declared once, documented, and build well-formed findings.
@Suite struct FramingRulesTests {
    @Test func exportRulesAreDeclared() {
        let ids = ExportRules.all.map(\.id)
        #expect(
            ids == [
                "export/line-too-long", "export/leading-bom", "export/blank-line", "export/missing-final-newline",
                "export/document-too-large", "export/duplicate-input", "export/cannot-read", "export/cannot-spill",
                "export/cannot-write", "export/capture-entry-truncated", "export/capture-entry-unreadable",
                "export/capture-without-events", "export/format-mismatch", "export/unnested-query-result",
                "export/legacy-firebase-export",
            ])
        #expect(ExportRules.all.allSatisfy { $0.stage == .export && !$0.documentation.isEmpty })
        #expect(ExportRules.lineTooLong.defaultSeverity == .error)
        #expect(ExportRules.leadingBOM.defaultSeverity == .warning)
        #expect(ExportRules.blankLine.defaultSeverity == .error)
        #expect(ExportRules.missingFinalNewline.defaultSeverity == .info)
        #expect(RuleCatalog.rule(id: "export/blank-line") != nil)
    }

    @Test func findingsFollowTheMessageStyle() throws {
        let data = FramingFixtures.bom + Array("\n".utf8) + Array(repeating: 0x61, count: 30) + Array("\n{}".utf8)
        var framer = LineFramer(source: MemoryByteSource(data), options: FramingOptions(maxLineBytes: 20))
        var findings: [Finding] = []
        try framer.forEachLine { line in
            if line.flags.contains(.leadingBOM) { findings.append(ExportRules.leadingBOM(line, file: "e.ndjson")) }
            if line.isBlank { findings.append(ExportRules.blankLine(line, file: "e.ndjson", severity: .error)) }
            if line.isOversize { findings.append(ExportRules.lineTooLong(line, file: "e.ndjson", limit: 20)) }
            if line.flags.contains(.missingFinalNewline) {
                findings.append(ExportRules.missingFinalNewline(line, file: "e.ndjson"))
            }
        }
        #expect(
            findings.map(\.ruleID) == [
                "export/leading-bom", "export/blank-line", "export/line-too-long", "export/missing-final-newline",
            ])
        #expect(findings[1].severity == .error)
        #expect(findings[2].message == "line is 30 bytes long, more than the limit of 20 bytes")
        #expect(findings[2].location.byteOffset == 4)
        #expect(findings[3].location.line == 3)
        #expect(findings[3].location.column == 3)
        for finding in findings {
            #expect(finding.message.first?.isLowercase == true)
            #expect(finding.message.last != ".")
        }
    }
}
