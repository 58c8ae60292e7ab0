import EventLintKit
import Foundation

// libFuzzer target for the debug console capture reader (CaptureReader), fed one line at a time
// as `lint` and a live stream feed it. The first byte chooses the forced format (none, iOS,
// Android) and how many times the input's lines are repeated; the rest is the capture.
// Invariants (a broken one traps, and libFuzzer keeps the input):
// - no input traps (overflow, bounds, recursion): every time, block and bundle is read safely;
// - the work that is not per line, the entry text parsed, stays within a constant times the
//   input, for the input and for it repeated 16 times (a block parsed again on every line it
//   grows by breaks this at once);
// - feeding the input repeated 16 times takes no more than 10 times as long as repeated 4 times
//   (the fastest of three runs each, once a first run looks suspect): a quadratic path takes 16x;
// - every entry lies inside the input: lines between 1 and the number of lines, byte offsets
//   within the input, and a line's kind is `.json` only for a line that starts like JSON.

struct Fed {
    var entries: [CaptureEntry] = []
    var parsed = 0
    var bytes = 0
    var lines = 0
    var seconds = 0.0
}

func feed(_ lines: [ArraySlice<UInt8>], repeats: Int, forced: InputFormat?) -> Fed {
    var reader = CaptureReader(forced: forced)
    var fed = Fed()
    var offset: Int64 = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats {
        for line in lines {
            fed.lines += 1
            let bytes = Array(line)
            let kind = reader.feed(bytes, number: fed.lines, byteOffset: offset, into: &fed.entries)
            if kind == .json {
                let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
                guard first == 0x7B || first == 0x5B else { fatalError("a line not starting like JSON read as JSON") }
            }
            offset += Int64(bytes.count + 1)
            fed.bytes += bytes.count + 1
        }
    }
    reader.finish(into: &fed.entries)
    fed.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    fed.parsed = reader.parsedBytes
    return fed
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCaptureReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let control = data[0]
    let forced: InputFormat? = [nil, .iosConsole, .androidLogcat][Int(control % 3)]
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false)

    let once = feed(lines, repeats: 1, forced: forced)
    for entry in once.entries {
        guard entry.start.line >= 1, entry.start.line <= once.lines, entry.start.byteOffset >= 0,
            entry.start.byteOffset <= Int64(once.bytes), entry.namePosition.byteOffset <= Int64(once.bytes)
        else { fatalError("an entry outside the input: line \(entry.start.line) of \(once.lines)") }
        for field in entry.params where field.position.line < entry.start.line || field.position.line > once.lines {
            fatalError("a param outside its entry: line \(field.position.line)")
        }
    }
    // Parsing is linear: an entry is parsed once when it closes, an Android bundle again only when
    // it has doubled, and once more where it is cut, so at most about 4 times the input.
    guard once.parsed <= 4 * once.bytes + 64 else { fatalError("parsed \(once.parsed) bytes of \(once.bytes)") }

    // Growth: the input's lines repeated (so an open entry grows across the copies).
    guard control & 0x80 != 0, !input.isEmpty else { return 0 }
    let four = feed(lines, repeats: 4, forced: forced)
    let sixteen = feed(lines, repeats: 16, forced: forced)
    guard sixteen.parsed <= 4 * sixteen.bytes + 64 else {
        fatalError("parsed \(sixteen.parsed) bytes of \(sixteen.bytes) (repeated 16 times)")
    }
    // 4x the input in 4x the time; a quadratic path takes 16x. A run on a busy machine can be
    // slowed by anything, so a suspect ratio is measured again, the fastest of three runs each.
    if sixteen.seconds > 0.05, sixteen.seconds > 10 * max(four.seconds, 0.001) {
        let slow = (0..<3).map { _ in feed(lines, repeats: 16, forced: forced).seconds }.min() ?? 0
        let fast = (0..<3).map { _ in feed(lines, repeats: 4, forced: forced).seconds }.min() ?? 0
        if slow > 0.05, slow > 10 * max(fast, 0.001) {
            fatalError("16 copies took \(slow) s, 4 copies \(fast) s (the fastest of three runs)")
        }
    }
    return 0
}
