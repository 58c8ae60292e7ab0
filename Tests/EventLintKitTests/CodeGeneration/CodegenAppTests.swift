import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `--adapter` is an option of `codegen swift`; `CodegenAppToolTests` compiles and runs what it
/// generates.
@Suite struct CodegenAppTests {
    @Test func theAdapterIsAnOptionOfCodegen() throws {
        let with = EventLintCLI.run(["codegen", "swift", "--schema", Repository.schema.path, "--adapter", "firebase"])
        #expect(with.status == 0)
        #expect(with.stdout.contains("public struct FirebaseTrackingLogger: TrackingLogger {"))
        let unknown = EventLintCLI.run([
            "codegen", "swift", "--schema", Repository.schema.path, "--adapter", "amplitude",
        ])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: --adapter takes firebase, not \"amplitude\"\n"), "\(unknown.stderr)")
    }
}
