import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Records past `--memory-limit` go to sorted temporary files and are merged per user: the
/// result is the one of an in-memory run, whatever the limit, the job count and the finding
/// limit; the files never outlive the process; a failed temporary file is exit 2.
@Suite struct SpillTests {
    /// Everything a report shows, in a comparable form: every finding in full, the groups, the
    /// counts and every pair and arm statistic.
    static func digest(_ result: LintResult) -> String {
        var lines = [JobCountTests.digest(result)]
        lines += result.findings.map {
            "\($0.location) \($0.severity) \($0.context.user ?? "-") \($0.context.timestamp.map(String.init) ?? "-") \($0.notes.map { "\($0.message) \($0.location?.description ?? "")" })"
        }
        lines += result.groups.map {
            "group \($0.ruleID) \($0.event ?? "-") \($0.param ?? "-") \($0.count) \($0.first.location) \($0.examples) \($0.values.map { "\($0.value)=\($0.count)" }) \($0.otherValues)"
        }
        lines.append("unlisted \(result.unlisted.byRule.sorted { $0.key < $1.key })")
        for pair in result.pairs {
            for (arms, statistics) in pair.byArms.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                lines.append(
                    "\(pair.name) \(arms) \(statistics.opened) \(statistics.closedByOutcome.sorted { $0.key < $1.key }) \(statistics.unclosed) \(statistics.durationsMs.sorted())"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The engine plan's pairs and rules over many users, out of time order, with ties broken by
    /// bundle and by position, events without a timestamp, several events on one line, param
    /// values that differ between open and close, and a second file.
    static func engineExport(seed: UInt64, users: Int, events: Int) -> (first: String, second: String) {
        var random = SeededGenerator(seed: seed)
        var lines: [String] = []
        for index in 0..<events {
            let user = "u\(Int.random(in: 0..<users, using: &random))"
            let seconds = Double(Int.random(in: 0..<400, using: &random))
            let bundle = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 1...4, using: &random) : nil
            let entry = ["onboarding", "home_button", "entry-\(index % 7)"].randomElement(using: &random) ?? "x"
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                lines.append(
                    Export.bq(
                        "picker_shown", at: seconds, user: user, params: [("entry", .string(entry))], bundle: bundle))
            case 1, 2:
                lines.append(
                    Export.bq(
                        "picker_closed", at: seconds, user: user, params: Events.picker(entry: entry), bundle: bundle))
            case 3:
                lines.append(Export.bq("picker_shown", at: seconds, user: user, params: [("entry", .string(entry))]))
            case 4:
                lines.append(Export.bq("offer_shown", at: seconds, user: user, params: Events.offerArm))
            case 5:
                lines.append(
                    Export.bq(
                        "offer_closed", at: seconds + 3, user: user,
                        params: Events.offerClosed(
                            duration: .int(Int64(index % 5) * 1000), arm: index % 4 == 0 ? "cap5" : "capped")))
            case 6:
                // Free-text values (not among the plan's texts) that the store pair compares.
                let source = ["limit", "onboarding", "home"].randomElement(using: &random) ?? "home"
                let variant = "v\(Int.random(in: 0..<5, using: &random))"
                let event = Bool.random(using: &random) ? "store_shown" : "order_completed"
                lines.append(
                    Export.bq(event, at: seconds, user: user, params: Events.store(source: source, variant: variant)))
            case 7:
                lines.append(
                    Export.bq("tour_step_complete", at: seconds, user: user, params: [("phase", .string(entry))]))
            case 8:
                // No timestamp: sorts before the user's timed events.
                lines.append(
                    #"{"event_name":"picker_closed","user_pseudo_id":"\#(user)","event_params":[{"key":"entry","value":{"string_value":"\#(entry)"}}]}"#
                )
            default:
                lines.append(
                    Export.mp(
                        at: seconds, user: user,
                        events: [
                            ("picker_shown", [("entry", .string(entry))], nil),
                            ("picker_closed", Events.picker(entry: entry), seconds + 1),
                        ]))
            }
        }
        let cut = lines.count * 2 / 3
        return (lines[..<cut].joined(separator: "\n") + "\n", lines[cut...].joined(separator: "\n") + "\n")
    }

    static func run(
        _ paths: [String], plan: CompiledPlan, limit: Int?, jobs: Int, maxFindings: Int, directory: String? = nil
    ) -> LintResult {
        var request = LintRequest(inputs: paths)
        request.jobs = jobs
        request.memoryLimit = limit
        request.spillDirectory = directory
        request.settings.maxFindings = maxFindings
        return LintRunner.run(plan: plan, request: request)
    }

    @Test(arguments: [1, 2, 4])
    func spilledRecordsGiveTheInMemoryResult(_ jobs: Int) throws {
        let directory = TemporaryDirectory()
        let (first, second) = Self.engineExport(seed: 17, users: 300, events: 9_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let b = directory.write("b.ndjson", Array(second.utf8))
        let spillDirectory = TemporaryDirectory()
        for maxFindings in [Int.max, 25] {
            let inMemory = Self.digest(
                Self.run([a, b, a], plan: Lint.enginePlan, limit: nil, jobs: 1, maxFindings: maxFindings))
            for rule in [
                "pair/param-mismatch", "pair/unclosed", "pair/orphan-close", "rule/only-after", "rule/not-after",
            ]
            where maxFindings == Int.max {
                #expect(inMemory.contains(rule), "\(rule) is not among the findings")
            }
            // 1 byte: every event spills (runs are merged 64 at a time); 64 KiB: a few runs.
            for limit in [1, 64 << 10, 1 << 30] {
                let spilled = Self.run(
                    [a, b, a], plan: Lint.enginePlan, limit: limit, jobs: jobs, maxFindings: maxFindings,
                    directory: spillDirectory.path)
                #expect(spilled.spillFailure == nil)
                let digest = Self.digest(spilled)
                #expect(digest == inMemory, "limit \(limit), jobs \(jobs), max findings \(maxFindings)")
                if digest != inMemory {
                    let left = inMemory.split(separator: "\n")
                    let right = digest.split(separator: "\n")
                    let at =
                        zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(left.count, right.count)
                    Issue.record(
                        "first difference at line \(at):\n\(left.dropFirst(at).first ?? "")\n\(right.dropFirst(at).first ?? "")"
                    )
                }
            }
        }
        // Every temporary file was unlinked when it was made, and is closed.
        #expect((try FileManager.default.contentsOfDirectory(atPath: spillDirectory.path)).isEmpty)
        #expect(Self.openFiles(in: spillDirectory.path) == 0, "temporary files left open")
    }

    /// One user with thousands of events (a debug device, a bot): its records go through the
    /// machines in chunks, with only the held records' values kept between chunks.
    @Test func oneUsersRecordsInChunksGiveTheInMemoryResult() throws {
        let directory = TemporaryDirectory()
        let (first, second) = Self.engineExport(seed: 23, users: 1, events: 4_000)
        let a = directory.write("a.ndjson", Array((first + second).utf8))
        let inMemory = Self.digest(Self.run([a], plan: Lint.enginePlan, limit: nil, jobs: 1, maxFindings: Int.max))
        #expect(inMemory.contains("pair/param-mismatch") && inMemory.contains("rule/not-after"))
        // 1 byte: chunks of one record; 64 KiB: chunks of about a hundred.
        for limit in [1, 64 << 10] {
            for jobs in [1, 2] {
                let spilled = Self.run([a], plan: Lint.enginePlan, limit: limit, jobs: jobs, maxFindings: Int.max)
                #expect(Self.digest(spilled) == inMemory, "limit \(limit), jobs \(jobs)")
            }
        }
    }

    /// Descriptors open in this process on (unlinked) files of `directory`.
    static func openFiles(in directory: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) ?? ""
            return target.hasPrefix(directory + "/")
        }.count
    }

    /// The shipped plan over the benchmark's generated export with every defect planted.
    @Test(.enabled(if: pythonAvailable, "python3 not found: the generated export is skipped"))
    func spilledGeneratedExportGivesTheInMemoryResult() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/export.ndjson"
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generator.arguments = [
            "python3", Repository.root.appendingPathComponent("bench/generate_export.py").path, "--seed", "11",
            "--rows",
            "6000", "--every-defect",
        ]
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        generator.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try generator.run()
        generator.waitUntilExit()
        #expect(generator.terminationStatus == 0)
        let inMemory = Self.digest(Self.run([path], plan: Lint.shippedPlan, limit: nil, jobs: 1, maxFindings: Int.max))
        #expect(inMemory.contains("pair/unclosed"))
        for jobs in [1, 2] {
            let spilled = Self.run([path], plan: Lint.shippedPlan, limit: 1, jobs: jobs, maxFindings: Int.max)
            #expect(Self.digest(spilled) == inMemory, "jobs \(jobs)")
        }
    }

    static let pythonAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// A temporary directory that cannot be written is exit 2 with the reason, not a result
    /// without pairs.
    @Test func anUnwritableSpillDirectoryIsExit2() throws {
        let directory = TemporaryDirectory()
        let (first, _) = Self.engineExport(seed: 3, users: 50, events: 3_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let result = Self.run(
            [a], plan: Lint.enginePlan, limit: 1, jobs: 2, maxFindings: Int.max, directory: directory.path + "/missing")
        #expect(result.spillFailure?.action == "create a temporary file in")
        let cli = EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path, "--memory-limit", "64K", a],
            environment: CommandEnvironment(temporaryDirectory: directory.path + "/missing"))
        #expect(cli.status == 2)
        #expect(cli.stderr.contains("cannot create a temporary file in \(directory.path)/missing"), "\(cli.stderr)")
    }

    /// Whether this build runs under a sanitizer, whose runtime a file size limit breaks (the
    /// thread sanitizer's maps fault with SIGBUS past it).
    static let underSanitizer = ["__tsan_init", "__asan_init"].contains { (name: String) in
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
    }

    /// A write that fails part-way (here the file size limit, as a full disk would) is exit 2.
    @Test(.disabled(if: underSanitizer, "a sanitizer's runtime does not survive a file size limit"))
    func aFailedSpillWriteIsExit2() throws {
        let directory = TemporaryDirectory()
        let (first, _) = Self.engineExport(seed: 5, users: 200, events: 20_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let result = try EventLintBinary.shell(
            // The size limit would also cut a coverage build's profile, written at exit.
            #"trap '' XFSZ; ulimit -f 64; LLVM_PROFILE_FILE=/dev/null TMPDIR="$2" "$0" lint --schema "$1" --memory-limit 64K "$3""#,
            [Repository.enginePlan.path, directory.path, a])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write a temporary file in \(directory.path)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// A `TMPDIR` whose name is not UTF-8 is used under its own bytes: the run spills there and
    /// gives the report of an in-memory run.
    @Test func aTemporaryDirectoryNamedInLatin1IsUsed() throws {
        let directory = TemporaryDirectory()
        let (first, _) = Self.engineExport(seed: 5, users: 200, events: 20_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        let result = try EventLintBinary.shell(
            #"""
            t="$2/$(printf 'café')" && mkdir "$t" && spilled=$(TMPDIR="$t" "$0" lint --schema "$1" --memory-limit 64K --format json "$3")             ; s=$?; whole=$("$0" lint --schema "$1" --format json "$3"); [ "$spilled" = "$whole" ] || echo DIFFERENT; exit $s
            """#,
            [Repository.enginePlan.path, directory.path, a])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stdout.contains("DIFFERENT"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// Killed while its records are on disk, the process leaves nothing behind: every spill file
    /// is unlinked as soon as it is made.
    @Test func nothingIsLeftAfterSIGTERM() throws {
        let directory = TemporaryDirectory()
        let spillDirectory = TemporaryDirectory()
        let (first, _) = Self.engineExport(seed: 9, users: 200, events: 20_000)
        let a = directory.write("a.ndjson", Array(first.utf8))
        // Standard input stays open after the export, so the run waits with its runs on disk
        // (the writer that keeps it open holds neither of the test's outputs).
        let result = try EventLintBinary.shell(
            #"""
            { cat "$3"; exec sleep 6; } < /dev/null 2> /dev/null \
              | TMPDIR="$2" "$0" lint --schema "$1" --memory-limit 64K --jobs 1 - > /dev/null 2>&1 &
            pid=$!
            # Until its runs are on disk (open and unlinked), or it is gone.
            spilled=0
            for _ in $(seq 1 3000); do
              spilled=$(ls -l /proc/$pid/fd 2>/dev/null | grep -c "$2/eventlint-.*(deleted)")
              [ "$spilled" -gt 0 ] && break
              kill -0 "$pid" 2>/dev/null || break
              sleep 0.01
            done
            kill -TERM "$pid"
            # A parent that blocks SIGTERM cannot be undone from here: then SIGKILL, which the
            # files outlive no more than SIGTERM.
            for _ in 1 2 3 4 5; do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
            kill -KILL "$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
            echo "spilled=$spilled left=$(ls -A "$2" | wc -l)"
            """#, [Repository.enginePlan.path, spillDirectory.path, a])
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix("spilled=") && !line.hasPrefix("spilled=0"), "\(line) \(result.stderr)")
        #expect(line.hasSuffix("left=0"), "\(line)")
    }

    @Test(arguments: [
        ("12X", false), ("0", false), ("2T", false), ("-1", false), ("", false), ("64k", true), ("1G", true),
        ("70000", true), ("1024G", true), ("1025G", false),
    ])
    func memoryLimitTakesASize(_ value: String, _ accepted: Bool) throws {
        let directory = TemporaryDirectory()
        let a = directory.write("a.ndjson", Array("{}\n".utf8))
        let result = EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path, "--memory-limit", value, a],
            environment: CommandEnvironment())
        if accepted {
            #expect(result.status != 2, "\(value): \(result.stderr)")
        } else {
            #expect(result.status == 2)
            #expect(
                result.stderr.contains("--memory-limit takes a size from 64K to 1024G"), "\(value): \(result.stderr)")
        }
    }
}
