import EventLintTestSupport
import Glibc
import Testing

@testable import EventLintKit

/// Export input made by another program: a file the system's `gzip` compressed.
@Suite struct InputToolTests {
    /// Every line of a file, framed as lint frames it.
    static func framedLines(_ path: String) throws -> [[UInt8]] {
        var framer = try LineFramer(path: path, range: .whole, options: FramingOptions())
        var lines: [[UInt8]] = []
        try framer.forEachLine { lines.append(Array($0.bytes)) }
        return lines
    }

    @Test func gzipFromTheSystemToolAlsoRoundTrips() throws {
        // Interoperability with real gzip output, when the tool is installed.
        let directory = TemporaryDirectory()
        var generator = SeededGenerator(seed: 30)
        var data: [UInt8] = []
        for index in 0..<400 {
            data += Array(
                "{\"event_name\":\"e\(index)\",\"n\":\(UInt32.random(in: 0...UInt32.max, using: &generator))}\n".utf8)
        }
        let plain = directory.write("tool.ndjson", data)
        guard access("/bin/gzip", X_OK) == 0 else { return }
        #expect(runProgram(["/bin/gzip", "-k", "-9", plain]) == 0)
        let lines = try Self.framedLines(plain + ".gz")
        #expect(lines.count == 400)
        #expect(lines == (try Self.framedLines(plain)))
        unlink(plain + ".gz")
    }
}
