import Testing

@testable import EventLintCLI

/// How the files a command reads whole are described when they are refused: sizes as messages
/// show them. `SpecialFileToolTests` refuses the files themselves through the built executable.
@Suite struct SpecialFileTests {
    /// Sizes as messages show them, up to the largest a file system reports (a sparse file on
    /// tmpfs can claim an exabyte), without overflow.
    static let sizes: [(Int, String)] = [
        (17 << 20, "17 MiB"), ((17 << 20) + 1, "17.0 MiB"), ((17 << 20) + (1 << 19), "17.5 MiB"),
        ((18 << 20) - 1, "18.0 MiB"), ((1 << 60) + 1, "1099511627776.0 MiB"), (Int.max, "8796093022208.0 MiB"),
        (2048, "2 KiB"), (1000, "1000 bytes"),
    ]

    @Test(arguments: sizes)
    func sizesAreDescribedWithoutOverflow(bytes: Int, text: String) {
        #expect(PlanFiles.describe(bytes: bytes) == text)
    }
}
