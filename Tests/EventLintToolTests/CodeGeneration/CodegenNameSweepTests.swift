import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

extension CodegenCompileTests {
    /// Plan names that the generated code itself uses, in every scope a plan name reaches: every name
    /// of the sweep becomes a param (a Tracker-level enum and a field), an event (a type and a pair
    /// method), a pair (a handle and an open method), a user property (a setter and an enum), a
    /// nested enum of an event and of a pair, a value (an enum case), a carried value (a local of a
    /// pair method) and an argument of the open and pair methods. The whole sweep is one plan,
    /// compiled twice (Swift 5 and 6), with warnings as errors.
    @Suite struct CodegenNameSweepTests {
        /// The standard library's common types and protocols.
        static let standardTypes = [
            "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
            "UInt32", "UInt64", "Double", "Float", "Float16", "Bool", "Array", "ContiguousArray", "Dictionary", "Set",
            "Optional", "Result", "Error", "Never", "Void", "Any", "AnyObject", "AnyHashable", "Range", "ClosedRange",
            "Sequence", "Collection", "IteratorProtocol", "Equatable", "Hashable", "Comparable", "Codable", "Encodable",
            "Decodable", "Sendable", "CaseIterable", "RawRepresentable", "CustomStringConvertible",
            "CustomDebugStringConvertible", "Identifiable", "Unicode", "Swift", "Mirror", "Task", "MainActor", "Actor",
            "StaticString", "ObjectIdentifier", "KeyPath", "Hasher", "Numeric", "BinaryInteger", "FixedWidthInteger",
            "BinaryFloatingPoint", "Strideable", "Duration", "Clock", "ContinuousClock", "SuspendingClock", "Slice",
            "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer", "OpaquePointer", "Unmanaged", "Error",
            "Copyable", "Escapable", "SIMD", "Span", "Int128", "UInt128", "Atomic", "Mutex", "print", "min", "max",
            "abs", "zip", "stride", "type", "assert", "precondition", "fatalError", "withExtendedLifetime",
            "isKnownUniquelyReferenced",
        ]

        /// Keywords, contextual keywords and the names that backticks do not make usable everywhere.
        static let keywordNames =
            SwiftSource.keywords.sorted() + SwiftSource.unusable.sorted() + [
                "get", "set", "willSet", "didSet", "mutating", "nonmutating", "override", "convenience", "required",
                "lazy", "weak", "unowned", "final", "dynamic", "optional", "indirect", "prefix", "postfix", "infix",
                "left", "right", "none", "some", "Type", "Protocol", "actor", "isolated", "sending", "associativity",
                "precedence", "assignment", "higherThan", "lowerThan", "unsafe", "async", "await", "throws", "rethrows",
                "super", "self", "Self", "init", "deinit", "subscript", "_",
            ]

        /// Every identifier of the generated file (the runtime and every template, for the shipped plan and
        /// the generator's own probe), the names the issue that added this sweep found, and snake-case
        /// spellings of the runtime's names.
        static func generatedNames() throws -> [String] {
            let sources = try PlanFiles.read(directory: Repository.schema.path)
            let shipped = SwiftCodeGenerator(
                plan: try PlanLoader.load(sources: sources).plan, fingerprint: PlanFingerprint(sources: sources)
            ).generate()
            let probe = try PlanLoader.load(
                sources: [PlanSource(path: "probe.json5", bytes: Array(SwiftReservedNames.probePlan.utf8))]
            ).plan
            let probed = SwiftCodeGenerator(
                plan: probe, fingerprint: PlanFingerprint(sources: [])
            )
            .generate()
            var names = Set<String>()
            for code in [SwiftCodeGenerator.runtime, shipped, probed] {
                let lines = code.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }
                for line in lines {
                    for match in line.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) { names.insert(String(match.output)) }
                }
            }
            // Names of the probe are plan names, not the generator's.
            names = names.filter { !$0.lowercased().hasPrefix("probe") }
            let found = [
                "result", "string", "int", "double", "bool", "tracker", "clock", "logger", "prepared", "sendable",
                "tracking_value", "tracking_list", "tracking_carried", "tracking_drop", "tracking_event", "event_name",
            ]
            return names.sorted() + found
        }

        /// The sweep's plan: see the suite's comment. Values are 'a', 'b', 'c' except for
        /// `sweep_values`, whose values are the names themselves.
        static func plan(_ names: [String]) -> String {
            func key(_ name: String) -> String { "'" + name + "'" }
            func list(_ items: [String]) -> String { items.joined(separator: ", ") }
            let quoted = names.map(key)
            let plain = [
                "sweep_text: 'required'", "sweep_int: 'optional'", "sweep_double: 'required'", "sweep_flag: 'optional'",
                "sweep_bucket: 'required'", "sweep_values: 'optional'",
            ]
            let every = quoted.map { "\($0): 'required'" } + plain
            let narrowed = quoted.map { "\($0): { required: true, values: ['a', 'b'] }" } + plain
            let each = quoted.map { "\($0): ['a', 'b']" }
            return """
                {
                  params: {
                    \(list(quoted.map { "\($0): { type: 'string', values: ['a', 'b', 'c'] }" })),
                    sweep_text: { type: 'string', maxLength: 9 }, sweep_int: { type: 'int', min: 0 },
                    sweep_double: { type: 'double', min: 0 }, sweep_flag: { type: 'bool', values: [true] },
                    sweep_bucket: { type: 'bucket', edges: [0, 5, 10] },
                    sweep_values: { type: 'string', values: [\(list(quoted))] },
                  },
                  userProperties: {
                    \(list(quoted.map { "\($0): { type: 'string', values: ['p', 'q'] }" })),
                  },
                  events: {
                    \(list(quoted.map { "\($0): { params: { sweep_text: 'optional', sweep_bucket: 'optional' } }" })),
                    sweep_narrowed: { params: { \(list(narrowed)) } },
                    sweep_alone: { params: { sweep_text: 'optional' } },
                    sweep_alone_closed: { params: { sweep_int: 'required' } },
                    sweep_logged: { params: { sweep_text: 'optional', sweep_values: 'required' } },
                    sweep_carry_open: { params: { \(list(every)) } },
                    sweep_carry_inside: { params: { \(list(every)) } },
                    sweep_carry_close: { params: { \(list(every)) } },
                    sweep_pass_open: { params: { \(list(every)) } },
                    sweep_pass_close: { params: { \(list(every)) } },
                  },
                  pairs: {
                    \(list(quoted.map { "\($0): { open: 'sweep_alone', close: { events: 'sweep_alone_closed', required: false } }" })),
                    sweep_carry: {
                      open: 'sweep_carry_open', inside: ['sweep_carry_inside'],
                      close: { events: 'sweep_carry_close' }, same: [\(list(quoted))], duration: 'sweep_double',
                    },
                    sweep_pass: {
                      open: 'sweep_pass_open',
                      inside: [\(list(quoted.map { "{ event: \($0), where: { sweep_values: ['none', 'some', 'self'] } }" }))],
                      close: { events: ['sweep_pass_close'], where: { \(list(each)), sweep_values: 'none' } },
                    },
                  },
                }
                """
        }

        @Test(.timeLimit(.minutes(10)))
        func everyNameTheGeneratedCodeUsesCompilesWithoutWarnings() async throws {
            let names = Array(Set(try Self.generatedNames() + Self.standardTypes + Self.keywordNames)).sorted()
            #expect(names.count > 300, "\(names.count) names")
            for name in ["TrackingValue", "trackingCarried", "Result", "nanoseconds", "withLock", "none"] {
                #expect(names.contains(name), "\(name) is swept")
            }
            let text = Self.plan(names)
            let loaded = try PlanText.check(text)
            let directory = try CodegenCompileTests.scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let code = SwiftCodeGenerator(
                plan: loaded.plan, fingerprint: PlanFingerprint(sources: [])
            ).generate()
            try code.write(to: directory.appendingPathComponent("Tracking.swift"), atomically: true, encoding: .utf8)
            try text.write(to: directory.appendingPathComponent("sweep.json5"), atomically: true, encoding: .utf8)
            // Swift 6 compiles to an object, not only type-checks: some warnings come after type
            // checking, and they do not depend on the language mode; Swift 5 type-checks (the half of
            // the time a second object would add is spared).
            async let six = Swiftc.compile(
                [
                    "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-c", "Tracking.swift", "-o",
                    "six.o",
                ],
                in: directory)
            async let five = Swiftc.compile(
                ["-swift-version", "5", "-warnings-as-errors", "-parse-as-library", "-typecheck", "Tracking.swift"],
                in: directory)
            for (mode, output) in [("6", try await six), ("5", try await five)] {
                let diagnostics = output.text.split(separator: "\n").filter {
                    $0.contains("error:") || $0.contains("warning:")
                }
                #expect(output.status == 0, "swift \(mode): \(diagnostics.prefix(20).joined(separator: "\n"))")
            }
            // Every name reached its scopes: a pair handle's enum, a setter, an open method.
            #expect(code.contains("public enum Result2: String, Sendable, CaseIterable {"))
            #expect(code.contains("public func setResult("))
            #expect(code.contains("public func openResult("))
        }

        /// The variant the issue reported: a param `result` narrowed in an event (a nested enum
        /// `Result` beside `-> Result<…>`), and params named like the tracker's members.
        @Test func theReportedNamesAreRenamedInTheirScopes() throws {
            let checked = try PlanText.check(
                """
                {
                  params: {
                    result: { type: 'string', values: ['ok', 'failed'] },
                    clock: { type: 'int' }, logger: { type: 'string' }, prepared: { type: 'bool' },
                  },
                  events: {
                    job_started: { params: { clock: 'required', logger: 'optional' } },
                    job_done: { params: { result: { required: true, values: ['ok'] }, prepared: 'optional' } },
                  },
                  pairs: { job: { open: 'job_started', close: { events: 'job_done' } } },
                }
                """)
            let code = SwiftCodeGenerator(
                plan: checked.plan, fingerprint: PlanFingerprint(sources: [])
            ).generate()
            #expect(code.contains("public enum Result2: String, Sendable, CaseIterable {"), "the nested enum")
            #expect(code.contains("public func openJob(clock2: Int, logger2: String? = nil) -> JobPair {"))
            #expect(code.contains("public func close(result: Tracker.JobDone.Result2, prepared2: Bool? = nil) {"))
            #expect(code.contains("-> Result<[TrackingParameter], TrackingDrop>"))
            #expect(code.contains("carried: [:], open: trackingList != nil"), "no var for a pair that carries nothing")
            #expect(!code.contains("var trackingCarried"))
        }

        /// The reserved names are read from what the generator writes: the probe loads, reaches every
        /// shape and every way a pair method fills a field, and the sets hold what the templates use.
        @Test func theReservedNamesComeFromEveryTemplate() throws {
            let plan = try PlanLoader.load(
                sources: [PlanSource(path: "probe.json5", bytes: Array(SwiftReservedNames.probePlan.utf8))]
            ).plan
            let model = SwiftCodeTranslator(plan: plan, reserved: SwiftReservedNames()).translate()
            var shapes = Set<String>()
            var sources = Set<String>()
            for event in model.events {
                for field in event.fields {
                    shapes.insert("\(field.shape)".prefix { $0 != "(" } + (field.optional ? "?" : ""))
                }
            }
            for pair in model.pairs {
                for method in pair.opens + pair.methods {
                    for source in method.sources {
                        switch source {
                        case .argument(_, let optional, let narrowed):
                            sources.insert("argument" + (optional ? "?" : "") + (narrowed == nil ? "" : " narrowed"))
                        case .fixed: sources.insert("fixed")
                        case .carried: sources.insert("carried")
                        case .duration: sources.insert("duration")
                        case .omitted: sources.insert("omitted")
                        case .userProperty: sources.insert("user property")
                        }
                    }
                    if !method.conditions.isEmpty { sources.insert("condition") }
                }
            }
            #expect(
                shapes
                    == [
                        "enumeration", "enumeration?", "string", "string?", "int", "int?", "double", "double?", "bool",
                        "bool?",
                        "bucket", "bucket?",
                    ])
            #expect(
                sources == [
                    "argument", "argument?", "argument narrowed", "fixed", "carried", "duration", "omitted",
                    "condition", "user property",
                ])
            #expect(model.userProperties.count == 6)
            #expect(model.pairs.contains { $0.carried.isEmpty } && model.pairs.contains { !$0.carried.isEmpty })

            let reserved = SwiftReservedNames.current
            for name in ["Result", "String", "Sendable", "TrackingValue", "Tracker", "UInt64"] {
                #expect(reserved.typeNames.contains(name), "type \(name)")
            }
            for name in [
                "clock", "logger", "prepared", "tracker", "state", "trackingList", "trackingValue", "eventName",
            ] {
                #expect(reserved.fieldNames.contains(name), "field \(name)")
            }
            for name in ["tracker", "state", "isOpen"] { #expect(reserved.pairMembers.contains(name), "pair \(name)") }
            for name in ["rawValue", "widened", "none", "some"] {
                #expect(reserved.caseNames.contains(name), "case \(name)")
            }
            for name in ["logger", "clock", "onDrop", "prepared", "elapsedNanoseconds", "milliseconds", "log"] {
                #expect(reserved.trackerMembers.contains(name), "member \(name)")
            }
            // Common param names stay free: labels, members after `.` and text are not uses.
            for name in ["reason", "value", "name", "count", "subject", "param", "event", "mode", "level"] {
                #expect(!reserved.fieldNames.contains(name), "field \(name) is free")
            }
        }

        @Test(arguments: [
            ("let a = b.c(d: e, f)", ["a", "b", "e", "f"]),
            ("\"x \\(y.z) w\" + v // u\n/* t */ s", ["y", "v", "s"]),
            (
                "@discardableResult func `default`(_ x: T) -> [K: V] { #if os(Linux) }",
                ["T", "K", "V", "x", "_", "default", "os", "Linux"]
            ),
            ("\"\"\"\n a \\(\"b\" + c) d\n\"\"\" e", ["c", "e"]),
        ])
        func bareIdentifiersAreTheNamesCodeUses(code: String, expected: [String]) {
            #expect(SwiftIdentifiers.bare(in: code) == Set(expected))
        }
    }
}
