import EventLintKit
import Foundation

// libFuzzer target for line framing. The first three bytes choose the read-chunk pattern, the
// line limit and the framer's buffer size; the rest is the input. Invariants:
// - the framer fed in random small chunks delivers exactly the lines (number, offset, bytes,
//   length, flags) and stats of the framer fed the whole buffer in one read, and both equal
//   the obvious split-at-every-LF reference;
// - (a quarter of the inputs) the line pass over the chunked delivery adds up (lines read == valid + invalid + blank,
//   one reject per invalid line) and puts every finding inside the input.

/// The shipped plan, so the line pass runs the real per-event checks.
let compiledPlan: CompiledPlan = {
    let schema = "/" + String(#filePath.split(separator: "/").dropLast(4).joined(separator: "/")) + "/schema"
    do {
        // Reading the files is the front end's job; a fuzz target reads them itself.
        let names = try FileManager.default.contentsOfDirectory(atPath: schema)
            .filter { $0.hasSuffix(".json5") || $0.hasSuffix(".json") }.sorted()
        let sources = try names.map { name in
            PlanSource(path: schema + "/" + name, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: schema + "/" + name))))
        }
        return CompiledPlan(try PlanSession(sources: sources).validPlan())
    } catch {
        fatalError("cannot load the shipped plan from \(schema): \(error)")
    }
}()

/// SplitMix64: deterministic chunk sizes from a seed taken from the input.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// A delivered line copied out of the framer's buffers.
struct Line: Equatable {
    var number: Int
    var offset: Int64
    var bytes: [UInt8]
    var length: Int64
    var flags: UInt8
}

/// Builds the plan (and the lazily made tables it uses) before fuzzing starts, so that memory is
/// not taken for a leak of the first input that needs it.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    _ = compiledPlan
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineFraming(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 3 else { return 0 }
    let control = (data[0], data[1], data[2])
    let input = Array(UnsafeBufferPointer(start: data + 3, count: size - 3))
    let largestChunk = [1, 2, 3, 7, 16, 64, 512, 4096][Int(control.0 & 7)]
    let maxLineBytes = [1, 2, 3, 4, 8, 16, 64, 1 << 20][Int(control.1 & 7)]
    let prefixBytes = Int(control.1 >> 3) % 8
    let bufferSize = [1, 2, 5, 16, 64, 256, 1024, 4096][Int(control.2 & 7)]
    let strict = control.2 & 0x80 != 0

    let chunked = FramingOptions(bufferSize: bufferSize, maxLineBytes: maxLineBytes, oversizePrefixBytes: prefixBytes)
    let whole = FramingOptions(bufferSize: max(input.count, 1), maxLineBytes: maxLineBytes, oversizePrefixBytes: prefixBytes)
    var generator = SplitMix(state: UInt64(control.0) << 16 | UInt64(control.2) << 8 | UInt64(input.count))
    let chunkedSource = MemoryByteSource(input) { offered in
        min(offered, 1 + Int(generator.next() % UInt64(largestChunk)))
    }
    let (chunkedLines, chunkedStats) = frame(chunkedSource, chunked)
    let (wholeLines, wholeStats) = frame(MemoryByteSource(input), whole)
    require(chunkedLines == wholeLines, "chunked framing differs from whole-buffer framing")
    require(chunkedStats == wholeStats, "chunked stats \(chunkedStats) differ from whole-buffer stats \(wholeStats)")
    let reference = referenceLines(input, maxLineBytes: maxLineBytes, prefixBytes: prefixBytes)
    require(wholeLines == reference, "framing differs from the split-at-LF reference")
    require(wholeStats.lines == reference.count, "stats.lines \(wholeStats.lines) != \(reference.count)")
    require(wholeStats.bytes == Int64(input.count), "stats.bytes \(wholeStats.bytes) != \(input.count)")

    // The line pass sees exactly the delivered lines (equal above, whatever the chunking), so
    // one pass over the chunked delivery checks the summary and the findings' positions. It
    // costs far more than framing three times over, so only inputs with bits 5 and 6 of the third
    // control byte set (one in four) take it, which keeps the framing itself fuzzed at speed.
    guard control.2 & 0x60 == 0x60 else { return 0 }
    var settings = LintSettings()
    settings.framing = chunked
    settings.strict = strict
    settings.collectRejects = true
    let pass = LinePass(plan: compiledPlan, settings: settings)
    var generator2 = SplitMix(state: UInt64(control.1) << 24 | UInt64(input.count))
    do {
        try pass.run(
            LineFramer(source: MemoryByteSource(input) { min($0, 1 + Int(generator2.next() % UInt64(largestChunk))) },
                       options: chunked),
            file: "f", fileIndex: 0)
    } catch {
        fatalError("memory source threw \(error)")
    }
    let counters = pass.counters
    require(counters.linesRead == reference.count, "linesRead \(counters.linesRead) != \(reference.count)")
    // Lines of a debug capture that are not analytics (app output, log headers) have their own
    // bucket: `lines read = valid + invalid + blank + not analytics` (docs/input.md).
    require(counters.linesRead == counters.validLines + counters.invalidLines + counters.blankLines
                + counters.notAnalyticsLines,
            "summary does not add up: \(counters.linesRead) != \(counters.validLines) + \(counters.invalidLines) + \(counters.blankLines) + \(counters.notAnalyticsLines)")
    require(counters.bytes == Int64(input.count), "counters.bytes \(counters.bytes) != \(input.count)")
    require(pass.rejects.count == counters.invalidLines, "\(pass.rejects.count) rejects for \(counters.invalidLines) invalid lines")
    for finding in pass.keptFindings {
        require(finding.location.line >= 1 && finding.location.line <= max(reference.count, 1),
                "finding on line \(finding.location.line) of \(reference.count)")
        require(finding.location.column >= 1, "finding at column \(finding.location.column)")
        if let offset = finding.location.byteOffset {
            require(offset >= 0 && offset <= Int64(input.count), "finding at byte \(offset) of \(input.count)")
        }
    }
    return 0
}

func frame(_ source: MemoryByteSource, _ options: FramingOptions) -> ([Line], FramingStats) {
    var framer = LineFramer(source: source, options: options)
    var lines: [Line] = []
    do {
        try framer.forEachLine { line in
            lines.append(Line(number: line.number, offset: line.byteOffset, bytes: Array(line.bytes),
                              length: line.length, flags: line.flags.rawValue))
        }
    } catch {
        fatalError("memory source threw \(error)")
    }
    return (lines, framer.stats)
}

/// The framing contract written the obvious way: split the whole buffer at every LF.
func referenceLines(_ data: [UInt8], maxLineBytes: Int, prefixBytes: Int) -> [Line] {
    var segments: [(Range<Int>, Bool)] = []
    var lineStart = 0
    for index in data.indices where data[index] == 0x0A {
        segments.append((lineStart..<index, true))
        lineStart = index + 1
    }
    if lineStart < data.count { segments.append((lineStart..<data.count, false)) }
    var lines: [Line] = []
    for (number, (range, terminated)) in segments.enumerated() {
        let raw = Array(data[range])
        var content = raw[...]
        var flags: LineFlags = terminated ? [] : .missingFinalNewline
        if number == 0 && raw.starts(with: [0xEF, 0xBB, 0xBF]) {
            content = content.dropFirst(3)
            flags.insert(.leadingBOM)
        }
        let length: Int64
        // The limit does not count what framing owns: the CR of a CR LF, a leading BOM.
        let framing = (terminated && raw.last == 0x0D ? 1 : 0) + (flags.contains(.leadingBOM) ? 3 : 0)
        if raw.count - framing > maxLineBytes {
            flags.insert(.oversize)
            if terminated && raw.last == 0x0D { flags.insert(.crlf) }
            if raw.dropLast(terminated && raw.last == 0x0D ? 1 : 0).contains(0x0D) {
                flags.insert(.carriageReturnInside)
            }
            content = content.prefix(prefixBytes)
            length = Int64(raw.count)
        } else {
            if terminated && content.last == 0x0D {
                content = content.dropLast()
                flags.insert(.crlf)
            }
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { flags.insert(.blank) }
            length = Int64(content.count)
        }
        lines.append(Line(number: number + 1, offset: Int64(range.lowerBound), bytes: Array(content),
                          length: length, flags: flags.rawValue))
    }
    return lines
}

@inline(never)
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
