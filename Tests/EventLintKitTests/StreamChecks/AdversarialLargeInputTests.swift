import EventLintTestSupport
import Foundation
import Glibc
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The adversarial suite, large inputs (RELIABILITY.md §4: A7, A9, A10, A26, A36, plus A37's
/// JSONTestSuite files as NDJSON lines). Inputs are generated here, streamed to disk or made
/// sparse with `ftruncate`, never stored. Each multi-GB case runs only with
/// `EVENTLINT_BIG_TESTS=1`; its small-scale twin always runs.
@Suite struct AdversarialLargeInputTests {
    static let good = AdversarialInput.good

    /// A7: 100,000 opening brackets, and `[{"":` 50,000 times, fail at the first container past
    /// the limit, at once and without touching the stack.
    @Test func hostileNestingFailsAtTheLimit() {
        let clock = ContinuousClock()
        let started = clock.now
        let brackets = AdversarialLint.lint(.lines([[UInt8](repeating: 0x5B, count: 100_000), Self.good]))
        #expect(brackets.inputFindings == ["json/depth-exceeded 1:513"])
        #expect(brackets.validLines == 1 && brackets.invalidLines == 1 && brackets.status == 1)
        // `[{"":` is 5 bytes and opens 2 containers: the 513th is the `[` of unit 257.
        let mixed = AdversarialLint.lint(
            .lines([Array(repeating: b(#"[{"":"#), count: 50_000).flatMap { $0 }, Self.good]))
        #expect(mixed.inputFindings == ["json/depth-exceeded 1:\(256 * 5 + 1)"])
        #expect(mixed.validLines == 1 && mixed.accountingAddsUp)
        #expect(clock.now - started < .seconds(20))
    }

    /// A9: a line far over `--max-line-bytes` is skipped in discard mode (its size reported),
    /// and the next line is still read.
    @Test func hugeLineIsDiscardedAndTheNextLineRead() {
        let big = AdversarialLint.bigTestsEnabled
        let directory = TemporaryDirectory()
        let path = directory.path + "/huge-line.ndjson"
        // Small: 24 MiB line, 1 MiB limit. Big: 1 GiB line, the default 16 MiB limit.
        let size = big ? 1 << 30 : 24 << 20
        let chunk = [UInt8](repeating: 0x78, count: 1 << 16)
        AdversarialInput.writeStreaming(
            path, head: b(#"{"a":""#), chunk: chunk, repeats: size / chunk.count,
            tail: b("\"}\n") + Self.good + [0x0A])
        let outcome = AdversarialLint.lint(path: path, big ? [] : ["--max-line-bytes", "\(1 << 20)"])
        #expect(outcome.inputFindings == ["export/line-too-long 1:1"])
        let lineLength = 6 + size + 2
        #expect(outcome.findings.first?.message.contains("\(lineLength) bytes") == true)
        #expect(outcome.validLines == 1 && outcome.invalidLines == 1 && outcome.oversizeLines == 1)
        #expect(outcome.accountingAddsUp)
        #expect(outcome.status == 1)
        // The rejects record keeps a prefix and the real size.
        #expect(outcome.rejects.first?["size"] as? Int == lineLength)
        #expect(outcome.rejects.first?["truncated"] as? Bool == true)
    }

    /// A10: a preallocated file of NUL bytes and no LF (sparse, so it costs no disk) is one
    /// finding with a hint; offsets past 4 GiB stay exact in the big run.
    @Test func sparseNulFileIsOneFinding() {
        let big = AdversarialLint.bigTestsEnabled
        let directory = TemporaryDirectory()
        let path = directory.path + "/sparse.ndjson"
        let size: Int64 = big ? 5 << 30 : 48 << 20
        AdversarialInput.writeSparse(path, size: size, tail: [0x0A] + b(#"{"a":"#) + [0x0A])
        let outcome = AdversarialLint.lint(path: path, big ? [] : ["--max-line-bytes", "\(1 << 20)"])
        #expect(outcome.inputFindings == ["export/line-too-long 1:1", "json/unexpected-end 2:6"])
        let first = outcome.findings.first { $0.rule == "export/line-too-long" }
        #expect(first?.message.contains("\(size) bytes") == true)
        #expect(first?.notes.contains { $0.contains("preallocated") } == true)
        // The finding on the line after the NULs points past them, at an exact 64-bit offset.
        let second = outcome.findings.first { $0.rule == "json/unexpected-end" }
        #expect(second?.byteOffset == size + 1 + 5)
        #expect(outcome.invalidLines == 2 && outcome.accountingAddsUp)
    }

    /// A26: an object with very many distinct keys is checked in linear time.
    @Test func manyDistinctKeysStayLinear() {
        let keys = AdversarialLint.bigTestsEnabled ? 1_000_000 : 100_000
        var line = b("{")
        for index in 0..<keys {
            if index > 0 { line.append(0x2C) }
            line += b("\"k\(index)\":\(index)")
        }
        line += b("}")
        let clock = ContinuousClock()
        let started = clock.now
        // A million keys take 17 MB: raise the line limit so the object itself is read.
        let limit = ["--max-line-bytes", "\(64 << 20)"]
        let outcome = AdversarialLint.lint(.lines([line, Self.good]), limit)
        #expect(clock.now - started < .seconds(keys / 5_000))
        #expect(outcome.inputFindings.isEmpty)
        #expect(outcome.validLines == 2 && outcome.accountingAddsUp)
        // A duplicate at the very end is still found.
        var duplicated = Array(line.dropLast())
        duplicated += b(",\"k7\":1}")
        let rejected = AdversarialLint.lint(.lines([duplicated, Self.good]), limit)
        #expect(rejected.inputFindings == ["json/duplicate-key 1:\(line.count + 1)"])
    }

    /// A36: more than 2³² lines through the framer: counters do not wrap. The big run streams
    /// 4,294,967,300 lines of `{}` from memory (about 13 GB: close to an hour in a debug build,
    /// see docs/input.md); the small run the same code over a million lines.
    @Test func lineCountersDoNotWrap() throws {
        let lines = AdversarialLint.bigTestsEnabled ? Int(UInt32.max) + 5 : 1_000_000
        var framer = LineFramer(source: RepeatingSource(line: b("{}\n"), count: lines))
        var seen = 0
        var blank = 0
        try framer.forEachLine { line in
            seen += 1
            if line.isBlank { blank += 1 }
        }
        #expect(seen == lines)
        #expect(framer.stats.lines == lines)
        #expect(framer.stats.bytes == Int64(lines) * 3)
        #expect(blank == 0)
    }

    /// A37: every JSONTestSuite file fed as an NDJSON input gives the verdict of the
    /// whole-document harness (RELIABILITY.md §7.2), with the documented framing exceptions.
    @Test(.enabled(if: JSONTestSuiteFiles.isAvailable, "JSONTestSuite not found beside the repository (../shared)"))
    func jsonTestSuiteFilesAsNDJSON() throws {
        let plan = CompiledPlan(try PlanSession.open(schema: Repository.enginePlan.path).loaded.plan)
        let directory = TemporaryDirectory()
        // Files whose framing differs from a single JSON text.
        let interiorLineFeeds: Set<String> = ["y_array_with_1_and_newline.json", "y_object_with_newlines.json"]
        let noDocument: Set<String> = [
            "n_structure_no_data.json", "n_single_space.json", "n_structure_UTF8_BOM_no_data.json",
        ]
        for name in JSONTestSuiteFiles.names {
            let bytes = try JSONTestSuiteFiles.bytes(of: name)
            guard let expectation = jsonTestSuiteExpectations[name] else { continue }
            let path = directory.write(name, bytes)
            var request = LintRequest(inputs: [path])
            request.jobs = 1
            let result = LintRunner.run(plan: plan, request: request)
            let counters = result.counters
            #expect(counters.linesRead == counters.validLines + counters.invalidLines + counters.blankLines, "\(name)")
            let accepted = counters.invalidLines == 0
            if noDocument.contains(name) {
                #expect(counters.validLines == 0 && counters.invalidLines == 0, "\(name)")
            } else if interiorLineFeeds.contains(name) {
                // Deliberate (docs/input.md): a JSON text spread over lines is read as a document
                // (a pretty-printed row, a BigQuery-console array), so it keeps its verdict.
                #expect(accepted == (expectation == .accept), "\(name)")
            } else if name.hasPrefix("n_array_newlines_unclosed") {
                #expect(!accepted, "\(name)")
            } else {
                #expect(
                    accepted == (expectation == .accept), "\(name): NDJSON verdict differs from the document verdict")
            }
            if case .reject(let kind?) = expectation, !noDocument.contains(name), !interiorLineFeeds.contains(name) {
                let ruleID = JSONRules.rule(for: kind).id
                #expect(result.findings.contains { $0.ruleID == ruleID }, "\(name): expected \(ruleID)")
            }
        }
    }
}

/// `line` repeated `count` times, produced on the fly (no file, no memory for the whole input).
struct RepeatingSource: ByteSource {
    let line: [UInt8]
    var remaining: Int
    var block: [UInt8]

    init(line: [UInt8], count: Int) {
        self.line = line
        remaining = count
        block = Array(repeating: line, count: (1 << 20) / line.count).flatMap { $0 }
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard remaining > 0 else { return 0 }
        let lines = min(remaining, buffer.count / line.count, block.count / line.count)
        guard lines > 0 else { return 0 }
        let count = lines * line.count
        block.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
        remaining -= lines
        return count
    }
}
