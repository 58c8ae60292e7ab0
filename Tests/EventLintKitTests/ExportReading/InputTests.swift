import EventLintTestSupport
import Glibc
import Testing

@testable import EventLintKit

/// Opening inputs: files, errors that stop a file, compression by magic bytes, gzip decoding.
@Suite struct InputTests {
    private static func sampleContent(seed: UInt64, lines: Int = 3000) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var data: [UInt8] = []
        for index in 0..<lines {
            data += Array(
                "{\"event_name\":\"e\(index)\",\"n\":\(UInt32.random(in: 0...UInt32.max, using: &generator))}".utf8)
            if index % 7 == 0 { data.append(0x0D) }
            data.append(0x0A)
        }
        return data
    }

    @Test func plainFileFramesLikeMemory() {
        let directory = TemporaryDirectory()
        let data = FramingFixtures.bom + Self.sampleContent(seed: 1) + Array("tail".utf8)
        let path = directory.write("plain.ndjson", data)
        let options = FramingOptions(bufferSize: 4096)
        let result = FramingFixtures.collect(path: path, options: options)
        #expect(result.error == nil)
        #expect(result.lines == FramingFixtures.referenceLines(data, options: options))
    }

    @Test func missingFileIsATypedErrorNamingThePath() {
        let directory = TemporaryDirectory()
        let path = directory.path + "/nope.ndjson"
        let result = FramingFixtures.collect(path: path)
        let error = result.error as? ExportInputError
        #expect(error == .notFound(path: path))
        #expect(error?.description == "cannot open '\(path)': no such file")
    }

    @Test func directoryIsATypedErrorNamingThePath() {
        let directory = TemporaryDirectory()
        let error = FramingFixtures.collect(path: directory.path).error as? ExportInputError
        #expect(error == .isDirectory(path: directory.path))
        #expect(error?.description.contains(directory.path) == true)
        #expect(error?.description.contains("directory") == true)
    }

    @Test(arguments: [
        (CompressionFormat.bzip2, [0x42, 0x5A, 0x68, 0x39, 0x31, 0x41] as [UInt8], "bzip2 -dc"),
        (.xz, [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], "xz -dc"),
        (.zstd, [0x28, 0xB5, 0x2F, 0xFD, 0x04], "zstd -dc"),
        (.zip, [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], "unzip -p"),
    ])
    func otherCompressionFormatsAreRejectedClearly(format: CompressionFormat, magic: [UInt8], command: String) {
        let directory = TemporaryDirectory()
        // The name says NDJSON: detection must go by content.
        let path = directory.write("export.ndjson", magic + Array("junk\n".utf8))
        let result = FramingFixtures.collect(path: path)
        let error = result.error as? ExportInputError
        #expect(result.lines.isEmpty)
        #expect(error == .unsupportedCompression(path: path, format: format))
        let message = error?.description ?? ""
        #expect(message.contains("\(format.name)-compressed"))
        #expect(message.contains("`\(command) \(path) | eventlint lint -`"))
    }

    @Test func inputShorterThanAMagicNumberIsPlain() {
        let directory = TemporaryDirectory()
        let path = directory.write("short.ndjson", [0x1F])
        let result = FramingFixtures.collect(path: path)
        #expect(result.error == nil)
        #expect(result.lines.map(\.bytes) == [[0x1F]])
    }

    @Test(arguments: [1, 6, 9])
    func gzipRoundTripsToTheSameLines(level: Int32) {
        let directory = TemporaryDirectory()
        let data = FramingFixtures.bom + Self.sampleContent(seed: UInt64(level)) + Array("{}".utf8)
        let path = directory.write("export.json", gzipCompress(data, level: level))
        // A small buffer makes inflate stop and resume mid-line many times.
        let options = FramingOptions(bufferSize: 1000)
        let result = FramingFixtures.collect(path: path, options: options)
        #expect(result.error == nil)
        #expect(result.lines == FramingFixtures.referenceLines(data, options: options))
    }

    @Test func concatenatedGzipMembersAreReadLikeGzipDashDC() {
        let directory = TemporaryDirectory()
        let first = Self.sampleContent(seed: 10, lines: 500)
        let second = Self.sampleContent(seed: 11, lines: 700)
        // Zero padding after the last member is ignored, as gzip does.
        let path = directory.write(
            "two.gz", gzipCompress(first) + gzipCompress(second) + gzipCompress([]) + [0, 0, 0, 0])
        let options = FramingOptions(bufferSize: 777)
        let result = FramingFixtures.collect(path: path, options: options)
        #expect(result.error == nil)
        #expect(result.lines == FramingFixtures.referenceLines(first + second, options: options))
    }

    @Test func truncatedGzipFailsAfterTheGoodLines() throws {
        let directory = TemporaryDirectory()
        let data = Self.sampleContent(seed: 20, lines: 20_000)
        let compressed = gzipCompress(data)
        let path = directory.write("cut.gz", Array(compressed.prefix(compressed.count / 2)))
        let options = FramingOptions(bufferSize: 4096)
        let result = FramingFixtures.collect(path: path, options: options)
        let expected = FramingFixtures.referenceLines(data, options: options)
        guard case .corruptGzip(let errorPath, let offset, let reason)? = result.error as? ExportInputError else {
            Issue.record("expected a corrupt gzip error, got \(String(describing: result.error))")
            return
        }
        #expect(errorPath == path)
        #expect(reason == "unexpected end of compressed data")
        #expect(!result.lines.isEmpty)
        #expect(result.lines == Array(expected.prefix(result.lines.count)))
        // Every complete line before the offset reached was delivered, and none after it.
        let delivered = result.lines.last.map { $0.offset + Int64($0.bytes.count) } ?? 0
        #expect(delivered <= offset)
        let next = expected[result.lines.count]
        #expect(next.offset + Int64(next.bytes.count) + 1 > offset)
        #expect((result.error as? ExportInputError)?.description.contains("after \(offset) decompressed bytes") == true)
    }

    @Test func gzipWithoutItsTrailerIsTruncated() {
        let directory = TemporaryDirectory()
        let data = Self.sampleContent(seed: 21, lines: 100)
        let compressed = gzipCompress(data)
        let path = directory.write("notrailer.gz", Array(compressed.dropLast(8)))
        let result = FramingFixtures.collect(path: path)
        guard case .corruptGzip(_, let offset, _)? = result.error as? ExportInputError else {
            Issue.record("expected a corrupt gzip error, got \(String(describing: result.error))")
            return
        }
        // All data was there: every line is delivered, then the missing trailer is reported.
        #expect(offset == Int64(data.count))
        #expect(result.lines.count == 100)
    }

    @Test func corruptGzipDataIsReported() {
        let directory = TemporaryDirectory()
        var compressed = gzipCompress(Self.sampleContent(seed: 22, lines: 2000))
        for index in stride(from: compressed.count / 2, to: compressed.count / 2 + 64, by: 1) {
            compressed[index] ^= 0x5A
        }
        let path = directory.write("bad.gz", compressed)
        let error = FramingFixtures.collect(path: path).error as? ExportInputError
        guard case .corruptGzip? = error else {
            Issue.record("expected a corrupt gzip error, got \(String(describing: error))")
            return
        }
    }

    @Test func garbageAfterAGzipMemberIsAnError() {
        let directory = TemporaryDirectory()
        let data = Self.sampleContent(seed: 23, lines: 10)
        let path = directory.write("garbage.gz", gzipCompress(data) + Array("hello\n".utf8))
        let result = FramingFixtures.collect(path: path)
        #expect(result.lines.count == 10)
        guard case .corruptGzip(_, let offset, let reason)? = result.error as? ExportInputError else {
            Issue.record("expected a corrupt gzip error, got \(String(describing: result.error))")
            return
        }
        #expect(offset == Int64(data.count))
        #expect(reason == "unexpected data after a gzip member")
    }

    @Test func standardInputIsReadForDash() throws {
        // Only this test touches descriptor 0: it swaps in a pipe, then puts the original back.
        let plain = Array("{\"a\":1}\r\n\n{\"b\":2}".utf8)
        let compressed = gzipCompress(plain)
        for payload in [plain, compressed] {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let saved = dup(STDIN_FILENO)
            dup2(ends[0], STDIN_FILENO)
            close(ends[0])
            payload.withUnsafeBytes { raw in _ = write(ends[1], raw.baseAddress, raw.count) }
            close(ends[1])
            let result = FramingFixtures.collect(path: "-")
            dup2(saved, STDIN_FILENO)
            close(saved)
            #expect(result.error == nil)
            #expect(result.lines == FramingFixtures.referenceLines(plain, options: FramingOptions()))
        }
    }

    @Test func standardInputErrorsSayStandardInput() {
        let error = ExportInputError.unsupportedCompression(path: "-", format: .xz)
        #expect(
            error.description
                == "standard input is xz-compressed; decompress it first, e.g. `xz -dc | eventlint lint -`")
    }
}
