import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The toolchain's `swiftc` (`/opt/swift/usr/bin/swiftc`, or the first on PATH), to compile
/// generated code; the compile tests are skipped when there is none.
enum Swiftc {
    static let url: URL? = {
        var candidates = ["/opt/swift/usr/bin/swiftc"]
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(directory) + "/swiftc")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }()

    struct Output {
        var status: Int32
        var text: String
    }

    /// Runs a program in `directory`, stdout and stderr together (through a file, not a pipe).
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Output {
        let log = directory.appendingPathComponent("log-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Output(
            status: process.terminationStatus,
            text: String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }

    static func compile(_ arguments: [String], in directory: URL) throws -> Output {
        try run(url!, arguments, in: directory)
    }
}

/// Generated code, compiled: the shipped plan's API drives every journey of the sample and
/// `lint` finds nothing in what it sent; misuse does not compile; a hostile plan cannot inject
/// code. A few swiftc runs only, as each takes seconds; one test at a time (the name sweep in
/// `CodegenNameSweepTests` too), as each already runs its compiles side by side.
@Suite(
    .enabled(if: Swiftc.url != nil, "swiftc not found (/opt/swift/usr/bin/swiftc or PATH): compile tests skipped"),
    .serialized)
struct CodegenCompileTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-swiftc-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The shipped plan's generated file, written to a scratch directory.
    static func shippedCode(in directory: URL) throws -> Plan {
        let sources = try PlanFiles.read(directory: Repository.schema.path)
        let plan = try PlanLoader.load(sources: sources).plan
        let code = SwiftCodeGenerator(
            plan: plan, fingerprint: PlanFingerprint(sources: sources)
        ).generate()
        try code.write(to: directory.appendingPathComponent("Tracking.swift"), atomically: true, encoding: .utf8)
        return plan
    }

    @Test(.timeLimit(.minutes(5)))
    func generatedAPIDrivesEveryJourneyAndLintFindsNothing() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plan = try Self.shippedCode(in: directory)
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("codegen/driver/main.swift"),
            to: directory.appendingPathComponent("main.swift"))
        // Swift 6 builds the driver; Swift 5 type-checks the same files, at the same time.
        async let six = Swiftc.compile(
            ["-swift-version", "6", "Tracking.swift", "main.swift", "-o", "driver"], in: directory)
        async let five = Swiftc.compile(
            ["-swift-version", "5", "-typecheck", "Tracking.swift", "main.swift"], in: directory)
        let (built, checked) = try await (six, five)
        #expect(built.status == 0, "swift 6: \(built.text)")
        #expect(checked.status == 0, "swift 5: \(checked.text)")
        #expect(!built.text.contains("warning:") && !checked.text.contains("warning:"), "\(built.text)\(checked.text)")
        guard built.status == 0 else { return }

        let run = try Swiftc.run(directory.appendingPathComponent("driver"), ["sent.ndjson"], in: directory)
        #expect(run.status == 0)
        // The deliberate misuses are dropped and reported, not sent.
        #expect(
            run.text == """
                dropped purchase_completed: pair "paywall" is not open
                dropped paywall_shown (variant): 0 characters, shorter than the plan's 1
                dropped block_cap_sheet_shown (selected_bucket): count -1 is below the first bucket edge 0
                dropped block_cap_sheet_closed: pair "block_cap_sheet" is not open

                """)
        let sent = directory.appendingPathComponent("sent.ndjson").path
        let text = try String(contentsOfFile: sent, encoding: .utf8)
        for event in plan.events {
            #expect(text.contains("{\"name\":\"\(event.name)\""), "no \(event.name) sent")
        }
        for property in plan.userProperties {
            for value in property.values ?? [] {
                #expect(
                    text.contains("\"\(property.name)\":\"\(value.value.plainText)\""),
                    "arm \(property.name)=\(value.value)")
            }
        }
        let lint = try #require(try EventLintBinary.run(["lint", sent]))
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.hasSuffix("\nno findings\n"), "\(lint.stdout)")
        #expect(lint.stdout.contains("paywall: opened 5, closed 2"), "optional close taken and not taken")
        for pair in plan.pairs {
            #expect(lint.stdout.contains("  \(pair.name): opened "), "\(pair.name)")
            #expect(!lint.stdout.contains("  \(pair.name): opened 0"), "\(pair.name) never driven")
        }
    }

    /// Each snippet misuses the API one way; each must fail to compile at its own line.
    static let misuse: [(what: String, code: String, diagnostic: String)] = [
        (
            "a value the plan does not allow",
            "tracker.log(Tracker.OnboardingStepComplete(phase: .notAPhase))", "notAPhase"
        ),
        (
            "a required param left out",
            "tracker.log(Tracker.OnboardingStepComplete())", "missing argument for parameter 'phase'"
        ),
        (
            "a close without an open",
            "tracker.log(Tracker.OnboardingBlockOfferClosed(outcome: .setup, durationMs: 1, blockCapArm: .cap4))",
            "error:"
        ),
        (
            "a close event's value from another event",
            "tracker.openBlockOffer().close(outcome: .granted)", "granted"
        ),
    ]

    /// The Swift of docs/codegen.md's API at a glance must compile: the control that the misuse
    /// snippets fail for their own reason. (Its Firebase snippet compiles in `CodegenAppTests`.)
    static func documentedUsage() throws -> String {
        try firstSwiftBlock(after: "## The API at a glance")
    }

    /// The first Swift block of docs/codegen.md after `heading`.
    static func firstSwiftBlock(after heading: String) throws -> String {
        let text = try String(contentsOf: Repository.docs.appendingPathComponent("codegen.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: heading).dropFirst().first)
        return try #require(
            section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "\n```").first)
    }

    @Test(.timeLimit(.minutes(5)))
    func misuseDoesNotCompileAndTheDocumentedUseDoes() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.shippedCode(in: directory)
        let prelude = "let tracker = Tracker(logger: TrackingRecorder(), onDrop: { _ in })\n"
        let sources = Self.misuse.map { prelude + $0.code + "\n" } + [try Self.documentedUsage() + "\n"]
        try await withThrowingTaskGroup(of: (Int, Swiftc.Output).self) { group in
            for (index, source) in sources.enumerated() {
                let folder = directory.appendingPathComponent("snippet\(index)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    at: directory.appendingPathComponent("Tracking.swift"),
                    to: folder.appendingPathComponent("Tracking.swift"))
                try source.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
                group.addTask {
                    (
                        index,
                        try Swiftc.compile(
                            ["-swift-version", "6", "-typecheck", "Tracking.swift", "main.swift"],
                            in: folder)
                    )
                }
            }
            for try await (index, output) in group {
                guard index < Self.misuse.count else {
                    #expect(output.status == 0, "docs/codegen.md's example does not compile: \(output.text)")
                    continue
                }
                let snippet = Self.misuse[index]
                #expect(output.status != 0, "\(snippet.what) compiled")
                #expect(output.text.contains("main.swift:2:"), "\(snippet.what): \(output.text)")
                #expect(output.text.contains(snippet.diagnostic), "\(snippet.what): \(output.text)")
                let generatedErrors = output.text.split(separator: "\n").filter {
                    $0.hasPrefix("Tracking.swift:") && $0.contains("error:")
                }
                #expect(generatedErrors.isEmpty, "the generated file itself must not fail: \(output.text)")
            }
        }
    }

    /// Every shape a param, a user property, a matcher and a pair can take, with texts that
    /// try to end their comment or literal and run `#error`.
    static let everyShapePlan: String = {
        let attack = #"*/ \n#error(\"comment\")\n\"\"\" \\(#error(\"interpolation\")) \u0000"#
        return """
            {
              params: {
                kind: { type: 'string', values: ['"); #error("literal', 'default', 'in', 'Type', '', '\\\\(x)'], description: '\(attack)' },
                size: { type: 'bucket', edges: [0, 10], description: '\(attack)' },
                level: { type: 'int', values: [1, 2, -3], description: 'an int enum' },
                ratio: { type: 'double', values: [0.5, 1.5], description: 'a double enum' },
                elapsed: { type: 'double', min: 0, description: 'a double duration' },
                flag: { type: 'bool', values: [true], description: 'only true' },
                amount: { type: 'bucket', edges: [0, 5, 10], description: 'a bucket' },
                mode: { type: 'string', values: ['a', 'b', 'c', 'd'], description: 'an enum' },
                note: { type: 'string', description: 'free text' },
                event: { type: 'string', description: 'named like a local' },
                in: { type: 'string', values: ['x'], description: 'named like a keyword' },
                tracker: { type: 'int', description: 'named like a member' },
                nothing: { type: 'string', values: [], description: 'no value allowed' },
                never: { type: 'int', description: 'narrowed to no value' },
              },
              userProperties: {
                tier: { type: 'string', values: ['a\\nb'], description: '\(attack)' },
                score: { type: 'int', description: 'an int property' },
                weight: { type: 'double', description: 'a double property' },
                vip: { type: 'bool', values: [true], description: 'a bool property' },
                nickname: { type: 'string', description: 'a free property' },
              },
              events: {
                tracking_value: { description: '\(attack)', params: { kind: 'required', size: 'optional' } },
                class_shown: { description: '\(attack)', params: { kind: 'required' } },
                class_closed: { description: '\(attack)', params: { kind: 'required' } },
                empty_event: { description: 'no params', params: {} },
                all_done: { description: 'x', params: { level: 'required', ratio: 'optional', flag: 'optional', amount: 'optional', event: 'optional', in: 'optional', tracker: 'optional', nothing: 'optional', never: { values: [] } } },
                flow_shown: { description: 'x', params: { mode: 'required', note: 'optional', amount: 'required', level: 'optional' } },
                flow_alt_shown: { description: 'x', params: { mode: 'required', note: 'optional', amount: 'required', level: 'optional' } },
                flow_step: { description: 'x', params: { mode: 'required', amount: 'required', note: 'optional' } },
                flow_done: { description: 'x', params: { mode: 'required', note: 'optional', elapsed: 'required', level: 'optional' } },
                flow_failed: { description: 'x', params: { mode: 'required', note: 'optional', elapsed: 'optional', level: { required: false, values: [1, 2] } } },
              },
              pairs: {
                default: { open: 'class_shown', close: { events: 'class_closed' }, same: 'kind', description: '\(attack)' },
                flow: {
                  open: [{ event: 'flow_shown', where: { mode: { notIn: ['d'] }, amount: { min: 5 }, note: { present: false } } }, 'flow_alt_shown'],
                  inside: [{ event: 'flow_step', where: { mode: 'c' } }, { event: 'flow_step', where: { amount: { max: 9 }, mode: ['a', 'b'] } }],
                  close: { events: ['flow_done', 'flow_failed'], required: false },
                  same: ['mode', 'note', 'level'],
                  duration: 'elapsed',
                },
              },
            }
            """
    }()

    @Test(.timeLimit(.minutes(5)))
    func everyShapeCompilesAndHostileTextInjectsNothing() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let checked = try PlanText.check(Self.everyShapePlan)
        #expect(checked.findings.filter { $0.severity == .error }.isEmpty, "\(checked.findings.map(\.message))")
        let code = SwiftCodeGenerator(plan: checked.plan, fingerprint: PlanFingerprint(sources: [])).generate()
        try code.write(to: directory.appendingPathComponent("Tracking.swift"), atomically: true, encoding: .utf8)
        async let six = Swiftc.compile(["-swift-version", "6", "-typecheck", "Tracking.swift"], in: directory)
        async let five = Swiftc.compile(["-swift-version", "5", "-typecheck", "Tracking.swift"], in: directory)
        for output in try await [six, five] {
            #expect(output.status == 0, "\(output.text)")
            #expect(!output.text.contains("#error") && !output.text.contains("warning:"), "\(output.text)")
        }
        #expect(code.contains("/// #error(\"comment\")\n"), "the attack is there, as comment text")
        #expect(code.contains(#"case errorLiteral = "\"); #error(\"literal""#), "and as a literal")
        // Conditions the types cannot hold are checked when sent, carried values too.
        #expect(code.contains("conditions: [TrackingCondition(param: \"mode\", oneOf: [.string(\"c\")])]"))
        #expect(
            code.contains(
                "TrackingCondition(param: \"amount\", atLeast: 5.0, edges: [0, 5, 10], labels: [\"0-4\", \"5-9\", \"10+\"])"
            ))
        #expect(
            code.contains(
                "public func openFlowWithFlowShown(mode: Tracker.FlowPair.Mode, amountCount: Int, level: Tracker.Level? = nil) -> FlowPair {"
            ))
        #expect(code.contains("(Tracker.milliseconds(tracker.elapsedNanoseconds(since: state.openedAt)) as Double)"))
        #expect(code.contains("tracker2: Int? = nil"))
    }
}
