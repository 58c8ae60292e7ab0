// The speed limit the benchmark measures eventlint against: a bare JSON tokenizer that visits
// every byte of an NDJSON file once (strings and their escapes, numbers, literals, nesting) and
// does nothing else: no validation of UTF-8 or numbers, no keys looked up, nothing kept. Built
// with `swiftc -O` by bench/run.sh.
//
//   tokenizer FILE           (a regular file) prints lines, tokens and the deepest nesting
//   tokenizer FILE PARTS     the same, the file cut at line starts into PARTS byte ranges, each
//                            tokenized by its own thread: the limit on PARTS cores, with no
//                            merge and no report (what `eventlint --jobs PARTS` could reach)
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Dispatch

let arguments = CommandLine.arguments
guard arguments.count == 2 || arguments.count == 3, let parts = arguments.count == 3 ? Int(arguments[2]) : 1,
    parts >= 1
else {
    fputs("usage: tokenizer FILE [PARTS]\n", stderr)
    exit(2)
}
let descriptor = open(arguments[1], O_RDONLY)
guard descriptor >= 0 else {
    fputs("tokenizer: cannot open \(arguments[1])\n", stderr)
    exit(2)
}
var status = stat()
guard fstat(descriptor, &status) == 0 else {
    fputs("tokenizer: cannot stat \(arguments[1])\n", stderr)
    exit(2)
}
let size = Int(status.st_size)

func fail(_ message: String) -> Never {
    fputs("tokenizer: \(message)\n", stderr)
    exit(2)
}

/// The first line start at or after `offset` (the file's size when there is none).
func lineStart(atOrAfter offset: Int) -> Int {
    if offset == 0 { return 0 }
    var byte: UInt8 = 0
    var position = offset - 1
    while position < size {
        guard pread(descriptor, &byte, 1, off_t(position)) == 1 else { fail("read failed") }
        position += 1
        if byte == 0x0A { return position }
    }
    return size
}

struct Counts {
    var lines = 0
    var tokens = 0
    var deepest = 0
}

/// Tokenizes the bytes `start..<end`, which begin at a line start.
func tokenize(_ start: Int, _ end: Int) -> Counts {
    let capacity = 1 << 20
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    var lines = 0
    var tokens = 0
    var depth = 0
    var deepest = 0
    // The state carried across reads: inside a string, after a backslash.
    var inString = false
    var escaped = false

    var offset = start
    while offset < end {
        var count = pread(descriptor, buffer, min(capacity, end - offset), off_t(offset))
        if count < 0 { fail("read failed") }
        if count == 0 { break }
        // Up to the last line feed of the read, so the next read starts at a line start and no
        // number or literal is cut in two (a line longer than the buffer is the exception).
        if offset + count < end {
            var last = count - 1
            while last >= 0 && buffer[last] != 0x0A { last -= 1 }
            if last >= 0 { count = last + 1 }
        }
        offset += count
        var index = 0
        while index < count {
            let byte = buffer[index]
            index += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                tokens += 1
            case 0x7B, 0x5B:
                depth += 1
                if depth > deepest { deepest = depth }
                tokens += 1
            case 0x7D, 0x5D:
                depth -= 1
                tokens += 1
            case 0x0A:
                lines += 1
            case 0x2C, 0x3A, 0x20, 0x09, 0x0D:
                break
            default:
                // A number or a literal: one token up to the next delimiter.
                tokens += 1
                while index < count {
                    let next = buffer[index]
                    if next == 0x2C || next == 0x7D || next == 0x5D || next == 0x20 || next == 0x0A || next == 0x3A {
                        break
                    }
                    index += 1
                }
            }
        }
    }
    buffer.deallocate()
    return Counts(lines: lines, tokens: tokens, deepest: deepest)
}

let cuts = (0...parts).map { $0 == parts ? size : lineStart(atOrAfter: size / parts * $0) }
let results = UnsafeMutableBufferPointer<Counts>.allocate(capacity: parts)
results.initialize(repeating: Counts())
DispatchQueue.concurrentPerform(iterations: parts) { part in
    results[part] = tokenize(cuts[part], max(cuts[part], cuts[part + 1]))
}
let lines = results.reduce(0) { $0 + $1.lines }
let tokens = results.reduce(0) { $0 + $1.tokens }
let deepest = results.reduce(0) { max($0, $1.deepest) }
print("lines \(lines) tokens \(tokens) deepest \(deepest)")
