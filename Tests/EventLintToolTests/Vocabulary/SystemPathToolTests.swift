import EventLintKit
import EventLintTestSupport
import Foundation
import Testing

/// The built executable, through bash, on file and plan names that are not UTF-8 (Latin-1).
@Suite struct SystemPathToolTests {
    @Test func aLatin1FileNameOnTheCommandLineIsLinted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-name-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = SystemPath.string(Array(directory.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".ndjson".utf8))
        let line = #"{"event_name":"no_such_event","user_pseudo_id":"u1","event_timestamp":"1700000000000000"}"# + "\n"
        let descriptor = SystemPath.withCString(name) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(descriptor >= 0)
        _ = Array(line.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        // The shell puts the raw byte 0xE9 into argv, as a Latin-1 terminal would.
        let output = try EventLintBinary.shell(
            #"exec "$0" lint --schema "$2" --format json "$(printf '%s/caf\351.ndjson' "$1")""#,
            [directory.path, Repository.schema.path])
        let text = output.stdout
        #expect(output.status == 1, "\(text)\(output.stderr)")
        #expect(text.contains("stream/unknown-event"))
        #expect(text.contains(#"caf\\xE9.ndjson"#))
        #expect(!text.contains("cannot-read"))
    }

    @Test func aPlanDirectoryAndPlanFileNamedInLatin1AreRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-plan-name-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = SystemPath.string(Array(directory.path.utf8) + Array("/sch".utf8) + [0xE9] + Array("ma".utf8))
        try #require(SystemPath.withCString(schema) { mkdir($0, 0o755) } == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.schema.path)
            .filter { $0.hasSuffix(".json5") }.sorted()
        try #require(!names.isEmpty)
        for (index, name) in names.enumerated() {
            let bytes = [UInt8](try Data(contentsOf: Repository.schema.appendingPathComponent(name)))
            // The first file's own name is not UTF-8 either: `\xE9vents.json5`.
            let fileName = index == 0 ? SystemPath.string([0xE9] + Array("vents.json5".utf8)) : name
            let descriptor = SystemPath.withCString(schema + "/" + fileName) { open($0, O_WRONLY | O_CREAT, 0o644) }
            try #require(descriptor >= 0)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        let check = try EventLintBinary.shell(
            #"exec "$0" check --schema "$(printf '%s/sch\351ma' "$1")""#, [directory.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let lint = try EventLintBinary.shell(
            #"exec "$0" lint --schema "$(printf '%s/sch\351ma' "$1")" samples/exports/focusity-clean.ndjson"#,
            [directory.path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }
}
