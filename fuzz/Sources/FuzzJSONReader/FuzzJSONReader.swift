import EventLintKit

// libFuzzer target for the JSON reader: any bytes, in strict and JSON5 mode, at the default
// depth limit and at a tiny one. Invariants (a broken one traps, so libFuzzer keeps the input):
// - nothing traps;
// - an error's offset lies within `0...input.count`;
// - the cursor (`skipValue` + `expectEnd`) and the tree parser agree: same verdict, and on
//   failure the same error kind at the same offset;
// - in strict mode the export scanner agrees with both, and reads the same events, params and
//   user properties with its compact routines (GA4 param elements, flat skipped objects) as
//   with the generic cursor calls alone;
// - an accepted text, written back as strict JSON and read again, gives the same tree.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    for mode in [JSONMode.strict, .json5] {
        for depth in [512, 2] {
            check(bytes, mode: mode, maxDepth: depth)
        }
    }
    return 0
}

/// What one reading path said about a text.
enum Verdict: Equatable {
    case accepted
    case rejected(JSONErrorKind, Int)
}

/// Reused across inputs, as the line pass reuses them across lines: that reuse is part of what
/// is under test (state left behind by one text must not change the verdict on the next).
nonisolated(unsafe) let sharedScratch = JSONScratch()
nonisolated(unsafe) let scanners = [512: EventScanner(maxDepth: 512), 2: EventScanner(maxDepth: 2)]
nonisolated(unsafe) let genericScanners: [Int: EventScanner] = {
    var scanners: [Int: EventScanner] = [:]
    for depth in [512, 2] {
        let scanner = EventScanner(maxDepth: depth)
        scanner.readsCompactElements = false
        scanners[depth] = scanner
    }
    return scanners
}()

/// What a scan found, as text to compare: every event with its params and user properties.
func describe(_ scan: LineScan) -> String {
    func fields(_ list: Slice<ScanBuffer<ScannedField>>) -> String {
        list.map { field in
            let value = field.value
            return "\(field.key.content) \(field.key.hasEscapes) \(field.keyHash) \(value.kind) \(value.slot) "
                + "\(value.range) \(value.hasEscapes) \(value.boolValue) \(value.offset)"
        }.joined(separator: "; ")
    }
    return scan.events.map { event in
        "\(event.name?.content ?? 0..<0) \(event.user.range) \(String(describing: event.timestamp)) "
            + "[\(fields(scan.params[event.params]))] [\(fields(scan.userProperties[event.userProperties]))] "
            + "\(scan.shapeProblem(of: event).map { "\($0)" } ?? "-")"
    }.joined(separator: "\n")
}

func check(_ bytes: UnsafeRawBufferPointer, mode: JSONMode, maxDepth: Int) {
    let tree: JSONNode?
    let treeVerdict: Verdict
    do throws(JSONError) {
        tree = try JSONParser.parse(bytes, mode: mode, maxDepth: maxDepth, allowLeadingBOM: true)
        treeVerdict = .accepted
    } catch {
        tree = nil
        treeVerdict = .rejected(error.kind, error.offset)
        require(error.offset >= 0 && error.offset <= bytes.count,
                "parser error offset \(error.offset) outside 0...\(bytes.count): \(error)")
        require(!error.message.isEmpty, "empty error message for \(error.kind)")
    }

    var cursor = JSONCursor(bytes: bytes, mode: mode, maxDepth: maxDepth, scratch: sharedScratch)
    _ = cursor.skipLeadingBOM()
    let cursorVerdict: Verdict
    do throws(JSONError) {
        try cursor.skipValue()
        try cursor.expectEnd()
        cursorVerdict = .accepted
        require(cursor.depth == 0, "cursor accepted with depth \(cursor.depth)")
        require(cursor.offset == bytes.count, "cursor accepted at offset \(cursor.offset) of \(bytes.count)")
    } catch {
        cursorVerdict = .rejected(error.kind, error.offset)
        require(error.offset >= 0 && error.offset <= bytes.count,
                "cursor error offset \(error.offset) outside 0...\(bytes.count): \(error)")
    }
    require(cursorVerdict == treeVerdict,
            "cursor and parser disagree (mode \(mode), depth \(maxDepth)): cursor \(cursorVerdict), parser \(treeVerdict)")

    if mode == .strict {
        // The export scanner reads members by hand; it must see the same text the same way.
        // It never skips a BOM (framing removes the file's leading one), so compare only
        // inputs without one.
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        if !hasBOM {
            let scanner = scanners[maxDepth] ?? EventScanner(maxDepth: maxDepth)
            var scanVerdict = Verdict.accepted
            do throws(JSONError) {
                try scanner.scanLine(bytes)
            } catch {
                scanVerdict = .rejected(error.kind, error.offset)
                require(error.offset >= 0 && error.offset <= bytes.count,
                        "scanner error offset \(error.offset) outside 0...\(bytes.count)")
            }
            require(scanVerdict == treeVerdict,
                    "scanner and parser disagree (depth \(maxDepth)): scanner \(scanVerdict), parser \(treeVerdict)")
            let generic = genericScanners[maxDepth] ?? EventScanner(maxDepth: maxDepth)
            var genericVerdict = Verdict.accepted
            do throws(JSONError) {
                try generic.scanLine(bytes)
            } catch {
                genericVerdict = .rejected(error.kind, error.offset)
            }
            require(genericVerdict == scanVerdict,
                    "compact and generic readings disagree: \(scanVerdict), generic \(genericVerdict)")
            if scanVerdict == .accepted {
                let compactScan = describe(scanner.scan)
                let genericScan = describe(generic.scan)
                require(compactScan == genericScan,
                        "compact and generic readings differ:\n\(compactScan)\n\(genericScan)")
            }
        }
    }

    if let tree {
        var written: [UInt8] = []
        write(tree.value, into: &written)
        do throws(JSONError) {
            let again = try JSONParser.parse(written, mode: .strict, maxDepth: maxDepth, allowLeadingBOM: false)
            require(same(tree.value, again.value), "round trip changed the value")
        } catch {
            fatalError("round trip of an accepted text failed: \(error)")
        }
    }
}

@inline(never)
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Writes a value as strict JSON (strings escaped minimally, numbers as their lexeme).
func write(_ value: JSONValue, into output: inout [UInt8]) {
    switch value {
    case .null: output += Array("null".utf8)
    case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
    case .number(let lexeme): output += Array(lexeme.utf8)
    case .string(let text): writeString(text, into: &output)
    case .array(let elements):
        output.append(0x5B)
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(0x2C) }
            write(element.value, into: &output)
        }
        output.append(0x5D)
    case .object(let members):
        output.append(0x7B)
        for (index, member) in members.enumerated() {
            if index > 0 { output.append(0x2C) }
            writeString(member.key, into: &output)
            output.append(0x3A)
            write(member.value.value, into: &output)
        }
        output.append(0x7D)
    }
}

func writeString(_ text: String, into output: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    output.append(0x22)
    for byte in text.utf8 {
        switch byte {
        case 0x22, 0x5C:
            output.append(0x5C)
            output.append(byte)
        case 0..<0x20:
            output += Array("\\u00".utf8)
            output.append(hex[Int(byte >> 4)])
            output.append(hex[Int(byte & 0xF)])
        default:
            output.append(byte)
        }
    }
    output.append(0x22)
}

/// Structural equality that ignores source offsets.
func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return Array(a.utf8) == Array(b.utf8)
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { same($0.value, $1.value) }
    case (.object(let a), .object(let b)):
        return a.count == b.count
            && zip(a, b).allSatisfy { Array($0.key.utf8) == Array($1.key.utf8) && same($0.value.value, $1.value.value) }
    default: return false
    }
}
