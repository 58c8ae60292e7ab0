import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The generated code as an app uses it, compiled and run: the Firebase adapter
/// (`--adapter firebase`) against a stand-in `FirebaseAnalytics` module with the SDK's
/// signatures, a pair param filled from the user property the plan ties it to, and the drop a
/// pair's handle reports in a debug build when it is released while open.
@Suite(.enabled(if: Swiftc.url != nil, "swiftc not found: compile tests skipped"))
struct CodegenAppToolTests {
    /// Uses the shipped plan's block offer (its arm tied to the user property block_cap_arm) and
    /// app picker (a bool param) through Firebase.
    static let app = """
        struct StillClock: TrackingClock {
            func nanoseconds() -> UInt64 { 0 }
        }
        let tracker = Tracker(logger: FirebaseTrackingLogger(), clock: StillClock(), onDrop: { print($0) })
        print("-- no arm set: the open is dropped, and so is its close")
        tracker.openBlockOffer().close(outcome: .later)
        print("-- the arm set once is the one the pair sends")
        tracker.setBlockCapArm(.cap4)
        let offer = tracker.openBlockOffer()
        offer.close(outcome: .setup)
        print("-- a handle released while open")
        tracker.setBlockCapArm(.unlimited)
        _ = tracker.openBlockOffer()
        print("-- cleared")
        tracker.setBlockCapArm(nil)
        _ = tracker.openBlockOffer()
        print("-- a bool param")
        let picker = tracker.openAppPicker(entry: .onboarding)
        picker.appBlockSaved(appCount: 7, domainCount: 0, hasCategory: true)
        picker.close(appCount: 7, domainCount: 0, hasCategory: false)
        print("-- end")

        """

    static let expected = """
        -- no arm set: the open is dropped, and so is its close
        dropped onboarding_block_offer_shown (block_cap_arm): the user property "block_cap_arm" it copies is not set to a value allowed here
        dropped onboarding_block_offer_closed: pair "block_offer" is not open
        -- the arm set once is the one the pair sends
        Analytics.setUserProperty block_cap_arm cap4
        Analytics.logEvent onboarding_block_offer_shown block_cap_arm=cap4 (String)
        Analytics.logEvent onboarding_block_offer_closed block_cap_arm=cap4 (String), duration_ms=0 (Int), outcome=setup (String)
        -- a handle released while open
        Analytics.setUserProperty block_cap_arm unlimited
        Analytics.logEvent onboarding_block_offer_shown block_cap_arm=unlimited (String)
        DEBUG:dropped onboarding_block_offer_closed: dismissedWithoutClose: the pair's handle was released while the pair was open
        -- cleared
        Analytics.setUserProperty block_cap_arm nil
        dropped onboarding_block_offer_shown (block_cap_arm): the user property "block_cap_arm" it copies is not set to a value allowed here
        -- a bool param
        Analytics.logEvent app_picker_shown entry=onboarding (String)
        Analytics.logEvent app_block_saved app_bucket=5-9 (String), domain_bucket=0 (String), entry=onboarding (String), has_category=1 (Int)
        Analytics.logEvent app_picker_closed app_bucket=5-9 (String), domain_bucket=0 (String), entry=onboarding (String), has_category=0 (Int)
        -- end

        """

    @Test(.timeLimit(.minutes(5)))
    func theAppSendsThroughFirebaseWithTiedParamsAndDebugDrops() async throws {
        let directory = try CodegenCompileTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = try PlanFiles.read(directory: Repository.schema.path)
        let plan = try PlanLoader.load(sources: sources).plan
        let code = SwiftCodeGenerator(plan: plan, fingerprint: PlanFingerprint(sources: sources), adapter: .firebase)
            .generate()
        #expect(code.contains("#if canImport(FirebaseAnalytics)\nimport FirebaseAnalytics\n"))
        try code.write(to: directory.appendingPathComponent("Tracking.swift"), atomically: true, encoding: .utf8)
        // docs/codegen.md's Firebase snippet, in a function of its own so its names stay apart.
        let documented = try CodegenCompileTests.firstSwiftBlock(after: "An app using Firebase Analytics")
        #expect(documented.contains("FirebaseTrackingLogger()"))
        let main = Self.app + "func documented() {\n" + documented + "\n    _ = tracker\n}\n"
        try main.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("codegen/FirebaseAnalytics/FirebaseAnalytics.swift"),
            to: directory.appendingPathComponent("FirebaseAnalytics.swift"))
        // The stand-in SDK as a module of its own, as the app links it.
        let module = try Swiftc.compile(
            [
                "-swift-version", "6", "-parse-as-library", "-emit-library", "-static", "-emit-module",
                "-module-name", "FirebaseAnalytics", "FirebaseAnalytics.swift",
            ], in: directory)
        #expect(module.status == 0, "\(module.text)")
        guard module.status == 0 else { return }
        // The app, in a debug build (-D DEBUG, as SwiftPM and Xcode set it) and a release build,
        // in the Swift 6 language mode; the Swift 5 mode type-checks the same files.
        func build(_ name: String, _ flags: [String]) async throws -> Swiftc.Output {
            try Swiftc.compile(
                ["-swift-version", "6"] + flags + [
                    "-I", ".", "-L", ".", "-lFirebaseAnalytics", "Tracking.swift", "main.swift", "-o", name,
                ], in: directory)
        }
        async let debug = build("debug-app", ["-D", "DEBUG"])
        async let release = build("release-app", [])
        async let five = Swiftc.compile(
            ["-swift-version", "5", "-typecheck", "-I", ".", "Tracking.swift", "main.swift"], in: directory)
        let (debugBuild, releaseBuild, checked) = try await (debug, release, five)
        for output in [debugBuild, releaseBuild, checked] {
            #expect(output.status == 0, "\(output.text)")
            #expect(!output.text.contains("warning:"), "\(output.text)")
        }
        guard debugBuild.status == 0, releaseBuild.status == 0 else { return }
        let debugRun = try Swiftc.run(directory.appendingPathComponent("debug-app"), [], in: directory)
        #expect(debugRun.status == 0)
        #expect(debugRun.text == Self.expected.replacingOccurrences(of: "DEBUG:", with: ""), "\(debugRun.text)")
        let releaseRun = try Swiftc.run(directory.appendingPathComponent("release-app"), [], in: directory)
        let quiet = Self.expected.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("DEBUG:") }.joined(separator: "\n")
        #expect(releaseRun.text == quiet, "a release build reports no dismissal: \(releaseRun.text)")
    }

    @Test func withoutTheSDKTheFileHasNoAdapterAndStillCompiles() throws {
        let checked = try PlanText.check(
            "{ params: { p: { type: 'bool', description: 'a flag' } }, events: { e: { description: 'e', params: { p: 'required' } } } }"
        )
        let code = SwiftCodeGenerator(plan: checked.plan, fingerprint: PlanFingerprint(sources: []), adapter: .firebase)
            .generate()
        #expect(code.hasSuffix("#endif\n"))
        let plain = SwiftCodeGenerator(plan: checked.plan, fingerprint: PlanFingerprint(sources: [])).generate()
        #expect(!plain.contains("FirebaseAnalytics"))
        #expect(code.hasPrefix(plain))
        let directory = try CodegenCompileTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try code.write(to: directory.appendingPathComponent("Tracking.swift"), atomically: true, encoding: .utf8)
        let output = try Swiftc.compile(["-swift-version", "6", "-typecheck", "Tracking.swift"], in: directory)
        #expect(output.status == 0, "\(output.text)")
    }
}
