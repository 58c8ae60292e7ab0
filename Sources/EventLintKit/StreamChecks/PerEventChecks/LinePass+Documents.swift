/// Multi-line JSON in the line pass: one pretty-printed row (as docs, blog posts and the BigQuery
/// console show one), a stream of them (`jq .`), and a top-level array of rows (the BigQuery
/// console's "Save results → JSON"). Lines are assembled into units, each one top-level value or
/// one element of a top-level array, and each unit is scanned and checked as one record whose
/// findings keep their own line and column. The same happens on standard input and in a file,
/// since it is decided from the input's first non-blank line, not by sniffing the file.
///
/// Only brackets, quotes and backslashes are followed while assembling, once per byte, so a
/// line costs a constant times its length; a unit holds at most `--max-line-bytes`, and a unit
/// that breaks (a raw line feed inside a string, a new unindented document before it closes)
/// is reported once, so one broken row loses no other row. After a raw line feed the rest of
/// the broken unit is followed, not held, to its end (`skipping`): its lines are its own, not
/// records of their own.
struct DocumentAssembly {
    enum Mode {
        /// Before the input's first non-blank line.
        case undecided
        /// NDJSON, captures: one record a line.
        case lines
        /// Multi-line JSON documents.
        case documents
    }

    var mode = Mode.undecided
    /// Bracket depth, counting the top-level array's own bracket.
    var depth = 0
    var inString = false
    var escaped = false
    /// A top-level array is open: its elements are the units.
    var inArray = false
    /// In the array, an element has ended: a `,` or `]` comes next.
    var expectSeparator = false
    /// The open unit: its bytes (line feeds included) and where it starts.
    var unit: [UInt8] = []
    var unitOpen = false
    /// A scalar element or document (`1`, `null`): it ends at a separator or the line's end.
    var unitIsScalar = false
    /// The unit passed `--max-line-bytes`: its bytes are dropped, its brackets still followed.
    var unitTooLarge = false
    var unitLine = 0
    var unitColumn = 1
    /// How deep the open unit's line is indented, in bytes (a tab is one): where its text
    /// starts, the top-level array's `[` counted as indentation (`[{` is 1), the end of the
    /// element before it not (`}, {` is 0). Kept after the unit ends, for the skip of a broken
    /// one.
    var unitIndent = 0
    /// Where the current line's text starts, after blanks and `[` (`unitIndent` is at most
    /// that): found once a line however many units open on it; -1 until a unit opens on it.
    var lineTextStart = -1
    var unitByteOffset: Int64 = 0
    /// Lines fully read while the open unit was open, counted when it ends; with `--rejects`,
    /// the non-blank ones are kept (their first bytes) for a reject record each if it breaks.
    var pendingBlank = 0
    var pendingOther = 0
    var pendingLines: [DocumentLine] = []
    /// The finding that made the open unit invalid (its JSON error), once it is scanned.
    var unitFinding: Finding?
    /// The finding that makes the current line invalid, if one does.
    var lineFinding: Finding?
    /// The last non-blank line counted, and whether it was counted valid: an array that never
    /// closes makes it invalid at the end of the input (the last line, so rejects stay in order).
    var lastNonBlank: DocumentLine?
    var lastNonBlankValid = false
    /// The open containers of the unit (`{` or `[`), innermost last, up to `maxDepth`; and the
    /// last byte that was not blank or inside a string (`"` for a string): together they say
    /// whether a value may start where a line starts.
    var containers: [UInt8] = []
    var lastSignificant: UInt8 = 0
    /// A unit broke at a raw line feed inside a string: its rest, read as the string going on
    /// (a long line wrapped), is followed to the unit's end, and its lines are invalid with
    /// `skipFinding`; a line that starts a new record ends it sooner.
    var skipping = false
    var skipFinding: Finding?
    /// The unit's first byte (`{` or `[`): a closer of the other kind at its level ends it too.
    var unitOpener: UInt8 = 0
    /// Where the last line read ends, for a finding at the end of the input.
    var lastLine = 0
    var lastColumn = 1
    var lastByteOffset: Int64 = 0

    /// What a line leaves for its reject record, should it be counted invalid later.
    struct DocumentLine {
        var number: Int
        var byteOffset: Int64
        var prefix: [UInt8]
        var size: Int64
    }

    /// The depth at which units start: inside the array, or between documents.
    var base: Int { inArray ? 1 : 0 }

    /// Whether JSON allows a value where the next line starts: after `[`, or after `,` in an
    /// array.
    var valueMayStartOnNewLine: Bool {
        lastSignificant == ASCII.openBracket || (lastSignificant == ASCII.comma && containers.last == ASCII.openBracket)
    }

    /// Whether a line whose first byte after blanks is `{`, `indent` bytes in, goes on with the
    /// open unit rather than starting the next record. Where JSON allows a value, it does. After
    /// a `:` it does when it is indented deeper than the unit's line, as a hand-formatted object
    /// value is (`"params":` then `{` on a line of its own): a `{` at the unit's own indentation
    /// or less is what a cut record followed by the next record looks like.
    func braceGoesOn(atIndent indent: Int) -> Bool {
        valueMayStartOnNewLine || (lastSignificant == ASCII.colon && indent > unitIndent)
    }
}

extension LinePass {
    /// Decides, on the input's first non-blank line, whether it is read as documents: when that
    /// line starts a JSON object or array that it does not finish. False: the line is read as
    /// one record, by the caller.
    func startsDocuments(_ line: FramedLine) -> Bool {
        if line.isBlank { return false }
        documents.mode = .lines
        assemblesDocuments = false
        guard settings.inputFormat.map({ !$0.isCapture }) ?? true, Self.opensDocument(line.bytes) else { return false }
        documents.mode = .documents
        assemblesDocuments = true
        return true
    }

    /// Whether `bytes` start (after blanks) a JSON object or array that ends with the input.
    static func opensDocument(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0D { start += 1 }
        guard start < bytes.count, bytes[start] == ASCII.openBrace || bytes[start] == ASCII.openBracket else {
            return false
        }
        var cursor = JSONCursor(bytes: UnsafeRawBufferPointer(rebasing: bytes[start...]), scratch: JSONScratch())
        do throws(JSONError) {
            try cursor.skipValue()
            return false
        } catch {
            return error.kind == .unexpectedEnd
        }
    }

    /// Whether `bytes` are a Markdown code fence line, as a file saved from an issue or a chat
    /// keeps it around the JSON: blanks, then three or more backticks or tildes, then an optional
    /// info string (```` ```json ````, `~~~ ndjson`), which after backticks holds no backtick. No
    /// JSON text starts with either byte, so a fence is never a record.
    @inline(__always)
    static func isMarkdownFence(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count, bytes[index] == ASCII.space || bytes[index] == ASCII.tab { index += 1 }
        guard index < bytes.count else { return false }
        let mark = bytes[index]
        guard mark == ASCII.backtick || mark == ASCII.tilde else { return false }
        var run = 0
        while index < bytes.count, bytes[index] == mark {
            run += 1
            index += 1
        }
        guard run >= 3 else { return false }
        if mark == ASCII.backtick {
            while index < bytes.count {
                if bytes[index] == ASCII.backtick { return false }
                index += 1
            }
        }
        return true
    }

    /// A Markdown code fence while the input may be, or is, read as documents: it is not the
    /// first non-blank line that decides, and it is "not analytics". A record still open at a
    /// fence was cut there: it is reported as broken, and the next line is read afresh.
    func skipMarkdownFence(_ line: FramedLine) {
        if documents.mode == .documents, documents.unitOpen || documents.skipping {
            if documents.unitOpen { endUnit() }
            endSkipping()
            resetDocumentStructure()
            documents.lineFinding = nil
        }
        counters.notAnalyticsLines += 1
        if line.flags.contains(.missingFinalNewline) {
            findings.append(ExportRules.missingFinalNewline(line, file: file))
        }
    }

    /// Where the line's first byte after blanks is, when it is `{`: its indentation in bytes.
    func braceIndent(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index < bytes.count, bytes[index] == ASCII.space || bytes[index] == ASCII.tab { index += 1 }
        return index < bytes.count && bytes[index] == ASCII.openBrace ? index : nil
    }

    /// Whether the line starts (after blanks) with a `{` that starts the next record while the
    /// unit is open or skipped: one that does not go on with it (`braceGoesOn`).
    func startsNextRecord(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let indent = braceIndent(bytes) else { return false }
        return !documents.braceGoesOn(atIndent: indent)
    }

    /// Reads one line of a documents input: follows its brackets, ends the units it closes and
    /// counts the line once no unit is open across it.
    func assembleDocumentLine(_ line: FramedLine) {
        let bytes = line.bytes
        documents.lineFinding = nil
        documents.lineTextStart = -1
        documents.lastLine = line.number
        documents.lastColumn = line.column(ofContentIndex: bytes.count)
        documents.lastByteOffset = line.contentByteOffset + Int64(bytes.count)
        var index = 0
        if documents.skipping {
            index = skipBrokenUnit(bytes)
            if documents.skipping {
                countDocumentLine(line)
                return
            }
        }
        breakUnitCutOff(before: bytes)
        var segmentStart = documents.unitOpen ? 0 : -1
        while index < bytes.count {
            if documents.inString {
                followString(bytes[index])
            } else {
                followStructure(bytes[index], of: line, at: index, segmentStart: &segmentStart)
            }
            index += 1
        }
        if documents.unitOpen {
            if documents.inString || documents.unitIsScalar {
                // No JSON string holds a raw line feed, and a scalar ends with its line: the
                // unit ends here, broken or whole (the scanner says which).
                appendToUnit(line, from: segmentStart, to: bytes.count)
                let broken = documents.inString
                let container = !documents.unitIsScalar
                endUnit()
                if broken, container {
                    documents.skipping = true
                    documents.skipFinding = documents.unitFinding
                    documents.escaped = false
                } else if broken {
                    resetDocumentStructure()
                }
            } else {
                carryUnit(across: line, from: segmentStart)
                return
            }
        }
        countDocumentLine(line)
    }

    /// A row that breaks off (a cut line) must not swallow the rows after it: a line that
    /// starts with `{` where JSON allows no value, or right after a `:` at the row's own
    /// indentation or less (a value on the next line is indented deeper), starts the next
    /// document, and the open one is broken.
    func breakUnitCutOff(before bytes: UnsafeRawBufferPointer) {
        guard documents.unitOpen, !documents.inString, !documents.unitIsScalar, startsNextRecord(bytes) else { return }
        endUnit()
        resetDocumentStructure()
        // The broken unit's lines are counted; this line starts clean.
        documents.lineFinding = nil
    }

    /// The rest of a unit broken at a raw line feed, from a line's start: its bytes are followed
    /// (strings, brackets) without being kept, to the closer that ends the unit; returns where
    /// the line goes on after it (`bytes.count`: the line is the unit's). A line that starts a
    /// new record (`{` at column 1 inside the string, or as `breakUnitCutOff` says outside one)
    /// ends the skip before its first byte; lines the skip takes are invalid, with the unit's
    /// finding.
    func skipBrokenUnit(_ bytes: UnsafeRawBufferPointer) -> Int {
        let startsRecord =
            documents.inString
            ? bytes.count > 0 && bytes[0] == ASCII.openBrace
            : startsNextRecord(bytes)
        if startsRecord {
            endSkipping()
            resetDocumentStructure()
            return 0
        }
        documents.lineFinding = documents.skipFinding
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if documents.inString {
                followString(byte)
                continue
            }
            switch byte {
            case ASCII.space, ASCII.tab, ASCII.carriageReturn: continue
            case ASCII.quote: documents.inString = true
            case ASCII.openBrace, ASCII.openBracket:
                documents.depth += 1
                if documents.containers.count < settings.maxDepth { documents.containers.append(byte) }
            case ASCII.closeBrace, ASCII.closeBracket:
                documents.depth -= 1
                if !documents.containers.isEmpty { documents.containers.removeLast() }
                if documents.depth <= documents.base {
                    documents.depth = documents.base
                    endSkipping()
                    return index
                }
            default: break
            }
            if byte != ASCII.quote { documents.lastSignificant = byte }
        }
        return index
    }

    func endSkipping() {
        documents.skipping = false
        documents.skipFinding = nil
    }

    /// A byte inside a string: only an escape and the closing quote matter.
    @inline(__always)
    func followString(_ byte: UInt8) {
        if documents.escaped {
            documents.escaped = false
        } else if byte == ASCII.backslash {
            documents.escaped = true
        } else if byte == ASCII.quote {
            documents.inString = false
            documents.lastSignificant = ASCII.quote
        }
    }

    /// A byte outside strings: a blank, separator or bracket ends an open scalar unit; a bracket
    /// opens or closes a container; any other byte starts a scalar unit where none is open.
    /// `segmentStart`: where the line's bytes of the open unit start (-1: none open).
    @inline(__always)
    func followStructure(_ byte: UInt8, of line: FramedLine, at index: Int, segmentStart: inout Int) {
        if byte != ASCII.space, byte != ASCII.tab, byte != ASCII.carriageReturn, byte != ASCII.quote {
            documents.lastSignificant = byte
        }
        switch byte {
        case ASCII.space, ASCII.tab, ASCII.carriageReturn:
            endScalarUnit(line, before: index, segmentStart: &segmentStart)
        case ASCII.comma:
            endScalarUnit(line, before: index, segmentStart: &segmentStart)
            if !documents.unitOpen {
                if documents.inArray, documents.expectSeparator {
                    documents.expectSeparator = false
                } else {
                    strayByte(line, JSONRules.unexpectedCharacter(ASCII.comma, expecting: "a value", at: index))
                }
            }
        case ASCII.openBrace, ASCII.openBracket:
            endScalarUnit(line, before: index, segmentStart: &segmentStart)
            openContainer(byte, of: line, at: index, segmentStart: &segmentStart)
        case ASCII.closeBrace, ASCII.closeBracket:
            endScalarUnit(line, before: index, segmentStart: &segmentStart)
            closeContainer(byte, of: line, at: index, segmentStart: &segmentStart)
        default:
            if !documents.unitOpen {
                beginUnit(line, at: index)
                segmentStart = index
                if byte == ASCII.quote {
                    // A string element: a scalar that ends at its closing quote's separator.
                    documents.inString = true
                }
                documents.unitIsScalar = true
            } else if byte == ASCII.quote {
                documents.inString = true
            }
        }
    }

    /// Ends an open scalar unit (`1`, `null`, `"text"`) at the byte before `index`.
    @inline(__always)
    func endScalarUnit(_ line: FramedLine, before index: Int, segmentStart: inout Int) {
        guard documents.unitOpen, documents.unitIsScalar else { return }
        appendToUnit(line, from: segmentStart, to: index)
        endUnit()
        segmentStart = -1
    }

    /// `{` or `[`: opens a unit where none is open (or the top-level array), and goes one level in.
    @inline(__always)
    func openContainer(_ byte: UInt8, of line: FramedLine, at index: Int, segmentStart: inout Int) {
        if !documents.unitOpen {
            if byte == ASCII.openBracket, documents.depth == 0 {
                // A top-level array: its elements are the units.
                documents.inArray = true
                documents.expectSeparator = false
                documents.depth = 1
                return
            }
            beginUnit(line, at: index)
            documents.unitOpener = byte
            segmentStart = index
        }
        documents.depth += 1
        if documents.containers.count < settings.maxDepth { documents.containers.append(byte) }
    }

    /// `}` or `]`: goes one level out and ends the unit it closes; outside a unit, closes the
    /// top-level array or is a stray byte.
    @inline(__always)
    func closeContainer(_ byte: UInt8, of line: FramedLine, at index: Int, segmentStart: inout Int) {
        guard documents.unitOpen else {
            if documents.inArray, byte == ASCII.closeBracket {
                closeTopLevelArray()
            } else {
                strayByte(line, JSONRules.closerWithNothingOpen(byte == ASCII.closeBrace ? "}" : "]", at: index))
            }
            return
        }
        documents.depth -= 1
        if !documents.containers.isEmpty { documents.containers.removeLast() }
        guard documents.depth == documents.base else { return }
        appendToUnit(line, from: segmentStart, to: index + 1)
        // `[{"a":` then `]`: the row breaks there (the scanner says so), and the `]` closes the
        // array as well.
        let closesArray = byte == ASCII.closeBracket && documents.unitOpener == ASCII.openBrace && documents.inArray
        endUnit()
        segmentStart = -1
        if closesArray { closeTopLevelArray() }
    }

    func closeTopLevelArray() {
        documents.inArray = false
        documents.expectSeparator = false
        documents.depth = 0
    }

    /// A container unit open across the line's end: the line's bytes join it, and the line is
    /// counted when the unit ends (blank or not, and with `--rejects` kept for its record).
    func carryUnit(across line: FramedLine, from segmentStart: Int) {
        let bytes = line.bytes
        appendToUnit(line, from: segmentStart, to: bytes.count, lineEnd: line.flags.contains(.crlf) ? 2 : 1)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            documents.pendingBlank += 1
        } else {
            documents.pendingOther += 1
            if keepsRejects { documents.pendingLines.append(documentLine(line)) }
        }
    }

    /// The end of the input: a unit still open ends there (the scanner reports how), and an array
    /// still open is reported at the last byte.
    func finishDocuments() {
        guard assemblesDocuments else { return }
        if documents.unitOpen { endUnit() }
        endSkipping()
        if documents.inArray {
            documents.inArray = false
            let error = JSONRules.unterminatedTopLevelArray(at: Int(clamping: documents.lastByteOffset))
            let finding = Finding(
                rule: error.rule, message: error.message,
                at: SourceLocation(
                    file: file, line: documents.lastLine, column: documents.lastColumn,
                    byteOffset: documents.lastByteOffset))
            findings.append(finding)
            // The last non-blank line is where the array should have closed: invalid, if it
            // was not already.
            if documents.lastNonBlankValid {
                documents.lastNonBlankValid = false
                counters.validLines -= 1
                counters.invalidLines += 1
                if let last = documents.lastNonBlank { rejectDocumentLine(last, finding) }
            }
        }
    }

    /// Whether rejected lines are kept or written (`--rejects`).
    var keepsRejects: Bool { settings.collectRejects || settings.rejectSink != nil }

    /// What a line leaves for its reject record.
    func documentLine(_ line: FramedLine) -> DocumentAssembly.DocumentLine {
        DocumentAssembly.DocumentLine(
            number: line.number, byteOffset: line.byteOffset,
            prefix: Array(line.bytes.prefix(settings.rejectPrefixBytes)), size: line.length)
    }

    /// One reject record for one line of a broken document, with the finding that broke it.
    func rejectDocumentLine(_ line: DocumentAssembly.DocumentLine, _ finding: Finding) {
        // The record names its own line: the finding's rule and message, at the line's start.
        var own = finding
        own.location = SourceLocation(file: file, line: line.number, column: 1, byteOffset: line.byteOffset)
        let rejected = RejectedLine(finding: own, lineOffset: line.byteOffset, prefix: line.prefix, size: line.size)
        if let sink = settings.rejectSink { sink.write(rejected) }
        if settings.collectRejects { rejects.append(rejected) }
    }

    // MARK: - Units

    func beginUnit(_ line: FramedLine, at index: Int) {
        if documents.inArray, documents.expectSeparator {
            strayByte(line, JSONRules.missingArraySeparator(at: index))
        }
        documents.unitOpen = true
        documents.unitIsScalar = false
        documents.unitTooLarge = false
        documents.unit.removeAll(keepingCapacity: documents.unit.capacity <= 1 << 20)
        documents.containers.removeAll(keepingCapacity: true)
        documents.unitLine = line.number
        documents.unitColumn = line.column(ofContentIndex: index)
        if documents.lineTextStart < 0 { documents.lineTextStart = Self.textStart(line.bytes) }
        documents.unitIndent = min(documents.lineTextStart, index)
        documents.unitByteOffset = line.contentByteOffset + Int64(index)
        documents.pendingBlank = 0
        documents.pendingOther = 0
        documents.pendingLines.removeAll(keepingCapacity: true)
        documents.unitFinding = nil
    }

    /// Where a line's text starts, for the indentation of the units that open on it
    /// (`DocumentAssembly.unitIndent`): after blanks and the top-level array's `[`. Any other
    /// byte before a unit's opener ends the element before it on the same line (`}, {`), and
    /// the unit's line starts there.
    static func textStart(_ bytes: UnsafeRawBufferPointer) -> Int {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == ASCII.space || byte == ASCII.tab || byte == ASCII.openBracket else { break }
            index += 1
        }
        return index
    }

    /// Adds `bytes[from..<to]` of the line to the open unit, and its line end when `lineEnd` > 0
    /// (LF, or CR LF: the unit's offsets stay the file's).
    func appendToUnit(_ line: FramedLine, from start: Int, to end: Int, lineEnd: Int = 0) {
        guard start >= 0, !documents.unitTooLarge else { return }
        let added = end - start + lineEnd
        if documents.unit.count + added > settings.framing.maxLineBytes {
            documents.unitTooLarge = true
            documents.unit = []
            return
        }
        documents.unit.append(contentsOf: line.bytes[start..<end])
        if lineEnd == 2 { documents.unit.append(ASCII.carriageReturn) }
        if lineEnd > 0 { documents.unit.append(ASCII.lineFeed) }
    }

    /// Ends the open unit, closed or broken off: scans and checks it (the scanner reports where
    /// a broken one breaks), then counts the lines it spanned.
    func endUnit() {
        documents.unitOpen = false
        documents.unitIsScalar = false
        if documents.inArray { documents.expectSeparator = true }
        var valid = false
        if documents.unitTooLarge {
            let finding = ExportRules.documentTooLarge(
                SourceLocation(
                    file: file, line: documents.unitLine, column: documents.unitColumn,
                    byteOffset: documents.unitByteOffset), limit: settings.framing.maxLineBytes)
            findings.append(finding)
            documents.unitFinding = finding
        } else {
            valid = checkUnit()
        }
        countPendingLines(valid: valid, finding: documents.unitFinding)
        if !valid { documents.lineFinding = documents.unitFinding }
        documents.unit.removeAll(keepingCapacity: documents.unit.capacity <= 1 << 20)
    }

    /// Counts the lines the unit spanned before the current one, with a reject record each when
    /// they are invalid.
    func countPendingLines(valid: Bool, finding: Finding?) {
        counters.blankLines += documents.pendingBlank
        if valid {
            counters.validLines += documents.pendingOther
        } else {
            counters.invalidLines += documents.pendingOther
            if let finding { for line in documents.pendingLines { rejectDocumentLine(line, finding) } }
        }
        if documents.pendingOther > 0 {
            documents.lastNonBlank = documents.pendingLines.last
            documents.lastNonBlankValid = valid
        }
        documents.pendingBlank = 0
        documents.pendingOther = 0
        documents.pendingLines.removeAll(keepingCapacity: true)
    }

    /// An oversize line (cut by the framer) while documents are read: the unit it falls in
    /// cannot be read, so its lines so far are invalid; the line itself is reported by the
    /// caller, and the next line starts afresh.
    func breakDocumentAtOversizeLine(_ line: FramedLine) {
        if documents.mode == .undecided {
            // A line cut at the size limit is a line, whatever its first bytes open.
            documents.mode = .lines
            assemblesDocuments = false
            return
        }
        if documents.unitOpen {
            documents.unitOpen = false
            documents.unitIsScalar = false
            countPendingLines(
                valid: false, finding: ExportRules.lineTooLong(line, file: file, limit: settings.framing.maxLineBytes))
            documents.unit.removeAll(keepingCapacity: documents.unit.capacity <= 1 << 20)
        }
        documents.lastNonBlank = nil
        documents.lastNonBlankValid = false
        endSkipping()
        resetDocumentStructure()
    }

    /// After a broken unit the next line starts afresh, between documents or in the array.
    func resetDocumentStructure() {
        documents.inString = false
        documents.escaped = false
        documents.depth = documents.base
        documents.expectSeparator = false
    }

    /// Scans and checks the open unit as one record; true when it is valid JSON.
    func checkUnit() -> Bool {
        let invalidBefore = counters.invalidLines
        let validBefore = counters.validLines
        documents.unit.withUnsafeBytes { raw in
            documentIndex = LineIndex(raw)
            documentBase = (documents.unitLine, documents.unitColumn)
            defer {
                documentIndex = nil
                documentBase = (1, 1)
            }
            processJSON(
                FramedLine(
                    number: documents.unitLine, byteOffset: documents.unitByteOffset, bytes: raw,
                    length: Int64(raw.count), flags: []))
        }
        let valid = counters.invalidLines == invalidBefore
        counters.invalidLines = invalidBefore
        counters.validLines = validBefore
        return valid
    }

    /// A byte between units that JSON does not allow there: a JSON finding at the byte, the
    /// error's offset within the line.
    func strayByte(_ line: FramedLine, _ error: JSONError) {
        let finding = Finding(
            rule: error.rule, message: error.message,
            at: SourceLocation(
                file: file, line: line.number, column: line.column(ofContentIndex: error.offset),
                byteOffset: line.contentByteOffset + Int64(error.offset)))
        findings.append(finding)
        if documents.lineFinding == nil { documents.lineFinding = finding }
    }

    /// Counts a line no unit is open across: blank, invalid when a unit on it was (with its
    /// reject record), else valid.
    func countDocumentLine(_ line: FramedLine) {
        if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            counters.blankLines += 1
            return
        }
        let kept = keepsRejects ? documentLine(line) : nil
        if let finding = documents.lineFinding {
            counters.invalidLines += 1
            if let kept { rejectDocumentLine(kept, finding) }
            documents.lastNonBlankValid = false
        } else {
            counters.validLines += 1
            documents.lastNonBlankValid = true
        }
        documents.lastNonBlank = kept
    }
}
