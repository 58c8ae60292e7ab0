// The speed limit the benchmark measures eventlint against: a bare JSON tokenizer that visits
// every byte of an NDJSON file once (strings and their escapes, numbers, literals, nesting) and
// does nothing else: no validation of UTF-8 or numbers, no keys looked up, nothing kept. Built
// with `swiftc -O` by bench/run.sh.
//
//   tokenizer FILE   prints lines, tokens and the deepest nesting
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

guard CommandLine.arguments.count == 2 else {
    fputs("usage: tokenizer FILE\n", stderr)
    exit(2)
}
let descriptor = open(CommandLine.arguments[1], O_RDONLY)
guard descriptor >= 0 else {
    fputs("tokenizer: cannot open \(CommandLine.arguments[1])\n", stderr)
    exit(2)
}

let capacity = 1 << 20
let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
var lines = 0
var tokens = 0
var depth = 0
var deepest = 0
// The state carried across reads: inside a string, after a backslash.
var inString = false
var escaped = false

while true {
    let count = read(descriptor, buffer, capacity)
    if count < 0 {
        fputs("tokenizer: read failed\n", stderr)
        exit(2)
    }
    if count == 0 { break }
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
print("lines \(lines) tokens \(tokens) deepest \(deepest)")
