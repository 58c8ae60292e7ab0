/// The names the generated code uses itself, scope by scope, so that no name taken from the plan
/// can shadow one of them (a nested enum `Result` breaks `-> Result<…>`, an argument `clock`
/// breaks `clock.nanoseconds()`).
///
/// The sets are read from what the generator writes, not listed by hand: a probe plan with every
/// construct the generator knows (each value shape, required and optional, narrowed and shared
/// enums, every user property kind, pairs with several opens and closes, carried values,
/// conditions and a duration) is translated with nothing reserved, each scope is rendered by the
/// same functions as a real file, and every identifier that code names bare (see
/// `SwiftIdentifiers.bare`) is reserved in that scope, except the probe's own names. A change to
/// the runtime or to a template changes the sets with it.
struct SwiftReservedNames {
    /// Types nested in `Tracker` (plan enums, event types, pair handles) and in those (an event's
    /// or a pair's enums): every name the file refers to, as code in any of them may name it.
    var typeNames: Set<String> = []
    /// Members of `Tracker` (open methods, user property setters, `log`): every name the file
    /// refers to.
    var trackerMembers: Set<String> = []
    /// An event's fields, which are also its initialiser's arguments, the arguments of the open
    /// and pair methods that send it, and the locals a pair method reads carried values into:
    /// the names the event types, the open methods and the pair handles refer to.
    var fieldNames: Set<String> = []
    /// The inside and close methods of a pair handle: the names the handles refer to.
    var pairMembers: Set<String> = []
    /// Enum cases: the names the enums refer to, and `Optional`'s own cases, as a plan enum is
    /// also the type of optional fields and arguments (`.none` there would be `nil`).
    var caseNames: Set<String> = ["none", "some"]

    /// The sets for this generator, derived once.
    static let current = derive()

    /// The probe: one of each construct, with names no template uses (all start with `probe`).
    static let probePlan = """
        {
          params: {
            probe_text_enum: { type: 'string', values: ['probe_a', 'probe_b', 'probe_c'] },
            probe_int_enum: { type: 'int', values: [1, 2] },
            probe_double_enum: { type: 'double', values: [0.5, 1.5] },
            probe_text: { type: 'string', minLength: 1, maxLength: 9 },
            probe_int: { type: 'int', min: 0, max: 9 },
            probe_double: { type: 'double', min: 0 },
            probe_flag: { type: 'bool', values: [true] },
            probe_free_flag: { type: 'bool' },
            probe_bucket: { type: 'bucket', edges: [0, 5, 10] },
            probe_narrowed: { type: 'string', values: ['probe_x', 'probe_y', 'probe_z'] },
            probe_empty: { type: 'string', values: [] },
          },
          userProperties: {
            probe_text_enum: { type: 'string', values: ['probe_a', 'probe_b', 'probe_c'] },
            probe_own_enum: { type: 'string', values: ['probe_q'] },
            probe_int_property: { type: 'int' },
            probe_double_property: { type: 'double' },
            probe_flag_property: { type: 'bool', values: [true] },
            probe_text_property: { type: 'string' },
          },
          events: {
            probe_alone: { params: {
              probe_text_enum: 'required', probe_int_enum: 'optional', probe_double_enum: 'required',
              probe_text: 'required', probe_int: 'optional', probe_double: 'required', probe_flag: 'optional',
              probe_free_flag: 'required', probe_bucket: 'optional', probe_narrowed: { required: true, values: ['probe_x', 'probe_y'] },
              probe_empty: 'optional',
            } },
            probe_nothing: { params: {} },
            probe_opened: { params: { probe_text_enum: 'required', probe_text: 'optional', probe_bucket: 'required', probe_int: 'required' } },
            probe_opened_too: { params: { probe_text_enum: 'required', probe_text: 'optional', probe_bucket: 'required', probe_int: 'required' } },
            probe_inside: { params: { probe_text_enum: 'required', probe_bucket: 'required', probe_text: 'optional', probe_narrowed: 'required', probe_flag: 'optional', probe_double_enum: 'required' } },
            probe_closed: { params: { probe_text_enum: 'required', probe_text: 'optional', probe_double: 'required', probe_int: 'optional' } },
            probe_failed: { params: { probe_text_enum: 'required', probe_text: 'optional', probe_double: 'optional', probe_int: { required: false, values: [1, 2] } } },
          },
          pairs: {
            probe_pair: {
              open: [{ event: 'probe_opened', where: { probe_text_enum: { notIn: ['probe_c'] }, probe_bucket: { min: 5 }, probe_text: { present: false } } }, 'probe_opened_too'],
              inside: [{ event: 'probe_inside', where: { probe_text_enum: 'probe_a', probe_narrowed: ['probe_x', 'probe_y'], probe_bucket: { max: 9 }, probe_flag: { present: false }, probe_double_enum: 0.5 } }],
              close: { events: ['probe_closed', 'probe_failed'], required: false },
              same: ['probe_text_enum', 'probe_text', 'probe_int'],
              duration: 'probe_double',
            },
            probe_single: {
              open: [{ event: 'probe_opened', where: { probe_text_enum: { equalsUserProperty: 'probe_text_enum' } } }],
              close: { events: 'probe_closed' },
            },
          },
        }
        """

    /// Translates and renders the probe, scope by scope.
    static func derive() -> SwiftReservedNames {
        var names = SwiftReservedNames()
        let plan: Plan
        do {
            plan = try PlanLoader.load(sources: [PlanSource(path: "probe.json5", bytes: Array(probePlan.utf8))]).plan
        } catch {
            // The probe is part of the generator; a test loads it and checks what it covers.
            return names
        }
        let model = SwiftCodeTranslator(plan: plan, reserved: SwiftReservedNames()).translate()
        // With every adapter, so the names an adapter declares are reserved too.
        let generator = SwiftCodeGenerator(plan: plan, fingerprint: PlanFingerprint(sources: []), adapter: .firebase)
        let probeNames = model.declaredNames
        func used(_ render: (inout SwiftWriter) -> Void) -> Set<String> {
            var writer = SwiftWriter()
            render(&writer)
            return SwiftIdentifiers.bare(in: writer.output).subtracting(probeNames)
        }
        let everything = SwiftIdentifiers.bare(in: generator.render(model)).subtracting(probeNames)
        // A type is also named in paths (`Tracker.Event.Kind`), where a keyword cannot stand.
        names.typeNames = everything.union(SwiftSource.keywords)
        names.trackerMembers = everything
        let events = used { writer in
            for event in model.events { generator.renderEvent(event, into: &writer) }
        }
        let opens = used { writer in
            for pair in model.pairs {
                for open in pair.opens { generator.renderOpen(open, pair: pair, into: &writer) }
            }
        }
        let handles = used { writer in
            for pair in model.pairs { generator.renderPair(pair, into: &writer) }
        }
        names.fieldNames = events.union(opens).union(handles)
        names.pairMembers = handles
        let allEnums = model.enums + model.events.flatMap(\.nestedEnums) + model.pairs.flatMap(\.narrowedEnums)
        names.caseNames.formUnion(
            used { writer in
                for type in allEnums { generator.renderEnum(type, into: &writer) }
            })
        return names
    }
}

extension SwiftCodeModel {
    /// Every name the translation chose from the plan: types, members, fields and cases.
    var declaredNames: Set<String> {
        var names = Set<String>()
        func add(_ type: SwiftEnum) {
            names.insert(type.name)
            names.formUnion(type.cases.map(\.name))
        }
        for type in enums { add(type) }
        names.formUnion(userProperties.map(\.setterName))
        for event in events {
            names.insert(event.typeName)
            names.formUnion(event.fields.map(\.name))
            for type in event.nestedEnums { add(type) }
        }
        for pair in pairs {
            names.insert(pair.typeName)
            names.formUnion((pair.opens + pair.methods).map(\.name))
            for type in pair.narrowedEnums { add(type) }
        }
        return names
    }
}

/// Reads the identifiers out of generated Swift.
enum SwiftIdentifiers {
    /// The identifiers `code` names bare, the ones a declaration of the same name in an enclosing
    /// or the same scope would shadow or clash with: not a member after `.`, not an attribute or
    /// directive (`@…`, `#…`), not an argument label (`name:` right after `(` or `,`), not a
    /// keyword (backticks make those usable), not in a comment or a string literal (but in a
    /// literal's interpolations, which are code).
    static func bare(in code: String) -> Set<String> {
        var scanner = BareIdentifierScanner(bytes: Array(code.utf8))
        while scanner.index < scanner.bytes.count { scanner.step() }
        return scanner.found
    }
}

/// `SwiftIdentifiers.bare` reading generated Swift byte by byte.
private struct BareIdentifierScanner {
    let bytes: [UInt8]
    var found = Set<String>()
    var index = 0
    /// The last byte of code that was not white space, for `.`, `(`, `,`, `@` and `#`.
    var previous: UInt8 = 0
    /// For each open interpolation: the parentheses opened inside it, and whether its literal
    /// is a multi-line one.
    var interpolations: [(depth: Int, multiline: Bool)] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    static func isHead(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
    }
    static func isBody(_ byte: UInt8) -> Bool { isHead(byte) || (byte >= 0x30 && byte <= 0x39) }
    func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }

    /// Reads one token (or a run of white space, a comment, a string literal's body).
    mutating func step() {
        let byte = bytes[index]
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D:
            index += 1
        case 0x2F where at(1) == 0x2F:  // a line comment
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        case 0x2F where at(1) == 0x2A:  // a block comment
            index += 2
            while index < bytes.count, !(bytes[index] == 0x2A && at(1) == 0x2F) { index += 1 }
            index += 2
        case 0x22:
            let multiline = at(1) == 0x22 && at(2) == 0x22
            index += multiline ? 3 : 1
            skipStringBody(multiline: multiline)
        case 0x28:
            if !interpolations.isEmpty { interpolations[interpolations.count - 1].depth += 1 }
            previous = byte
            index += 1
        case 0x29:
            closeParenthesis()
        case 0x60:  // `name`
            readQuotedName()
        case _ where Self.isHead(byte):
            readName()
        case 0x24, 0x30...0x39:  // a number, or `$0`
            index += 1
            while index < bytes.count, Self.isBody(bytes[index]) { index += 1 }
            previous = 0x30
        default:
            previous = byte
            index += 1
        }
    }

    /// Skips the body of a string literal up to its closing quotes, or up to an interpolation's
    /// `\(`, whose contents are then read as code.
    mutating func skipStringBody(multiline: Bool) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5C {  // a backslash
                if at(1) == 0x28 {
                    index += 2
                    interpolations.append((0, multiline))
                    previous = 0x28
                    return
                }
                index += 2
                continue
            }
            if byte == 0x22, !multiline || (at(1) == 0x22 && at(2) == 0x22) {
                index += multiline ? 3 : 1
                previous = 0x22
                return
            }
            index += 1
        }
    }

    /// A `)`: inside an interpolation, either one of its own parentheses or its end, after
    /// which the rest of its literal follows.
    mutating func closeParenthesis() {
        index += 1
        previous = 0x29
        guard let open = interpolations.last else { return }
        if open.depth == 0 {
            interpolations.removeLast()
            skipStringBody(multiline: open.multiline)
        } else {
            interpolations[interpolations.count - 1].depth -= 1
        }
    }

    /// A name in backticks: bare unless it follows `.`.
    mutating func readQuotedName() {
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != 0x60 { end += 1 }
        if previous != 0x2E { found.insert(String(validating: bytes[start..<end], as: UTF8.self) ?? "") }
        index = end + 1
        previous = 0x61
    }

    /// A name: bare unless it is an argument label, a member, an attribute or a keyword.
    mutating func readName() {
        let start = index
        while index < bytes.count, Self.isBody(bytes[index]) { index += 1 }
        let name = String(validating: bytes[start..<index], as: UTF8.self) ?? ""
        let label = (previous == 0x28 || previous == 0x2C) && at(0) == 0x3A && at(1) != 0x3A
        let member = previous == 0x2E || previous == 0x40 || previous == 0x23
        if !label, !member, !SwiftSource.keywords.contains(name) { found.insert(name) }
        previous = 0x61
    }
}
