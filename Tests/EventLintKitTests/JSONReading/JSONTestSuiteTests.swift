import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Where the vendored JSONTestSuite lives: `../shared/testdata/…` beside the repository root.
/// People who clone the project alone do not have it, so the suite below is skipped then.
enum JSONTestSuiteFiles {
    static let directory = Repository.shared.appendingPathComponent("testdata/JSONTestSuite/test_parsing")

    static var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    static func bytes(of name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static let names: [String] = jsonTestSuiteExpectations.keys.sorted()
}

/// Walks any JSON text the way the export scanner walks a GA4 row: objects via `nextKey`, a few
/// interesting members read with the typed readers, everything else skipped. Used to check that
/// hand-driving the cursor gives the same verdict as the tree parser.
func walkLikeExportScanner(_ raw: UnsafeRawBufferPointer, scratch: JSONScratch) throws(JSONError) {
    var cursor = JSONCursor(bytes: raw, mode: .strict, scratch: scratch)
    _ = cursor.skipLeadingBOM()
    switch try cursor.peekKind() {
    case .object:
        try cursor.enterObject()
        while let key = try cursor.nextKey() {
            let kind = try cursor.peekKind()
            if kind == .string {
                let value = try cursor.readString()
                _ = key.equals("event_name", in: raw) && value.equals("purchase", in: raw)
            } else if kind == .number {
                _ = try cursor.readNumber()
            } else if kind == .array {
                try cursor.enterArray()
                while try cursor.nextElement() { try cursor.skipValue() }
            } else {
                try cursor.skipValue()
            }
        }
    case .array:
        try cursor.enterArray()
        while try cursor.nextElement() {
            if try cursor.peekKind() == .bool { _ = try cursor.readBool() } else { try cursor.skipValue() }
        }
    case .null:
        try cursor.readNull()
    default:
        try cursor.skipValue()
    }
    try cursor.expectEnd()
}

@Suite(
    .enabled(
        if: JSONTestSuiteFiles.isAvailable,
        "vendored JSONTestSuite not found beside the repository (../shared/testdata); skipped"))
struct JSONTestSuiteTests {
    @Test func tableListsExactlyTheFilesPresent() throws {
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: JSONTestSuiteFiles.directory.path))
        let listed = Set(jsonTestSuiteExpectations.keys)
        #expect(present.subtracting(listed).sorted() == [], "files without an expectation")
        #expect(listed.subtracting(present).sorted() == [], "expectations without a file")
        #expect(listed.count == 318)
        let informative = jsonTestSuiteExpectations.filter { $0.key.hasPrefix("i_") }
        #expect(informative.values.filter { $0 == .accept }.count == 12)
        #expect(informative.values.filter { $0 != .accept }.count == 23)
        let rejectedValid = jsonTestSuiteExpectations.filter { $0.key.hasPrefix("y_") && $0.value != .accept }
        #expect(
            rejectedValid.keys.sorted() == ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"])
    }

    @Test(arguments: JSONTestSuiteFiles.names)
    func strictVerdict(_ name: String) throws {
        let bytes = try JSONTestSuiteFiles.bytes(of: name)
        let expected = try #require(jsonTestSuiteExpectations[name])
        let clock = ContinuousClock()
        let started = clock.now
        let outcome = Result { () throws(JSONError) in try JSONParser.parse(bytes, mode: .strict) }
        #expect(clock.now - started < .seconds(2), "\(name) took too long")
        switch (expected, outcome) {
        case (.accept, .success):
            break
        case (.accept, .failure(let error)):
            Issue.record("\(name) rejected: \(error)")
        case (.reject, .success):
            Issue.record("\(name) accepted, expected a rejection")
        case (.reject(let kind), .failure(let error)):
            #expect(
                error.offset >= 0 && error.offset <= bytes.count, "\(name): offset \(error.offset) outside the file")
            if let kind { #expect(error.kind == kind, "\(name): \(error)") }
            #expect(!error.message.isEmpty && error.message.first!.isLowercase && !error.message.hasSuffix("."))
        }
    }

    /// The hand-driven cursor and the tree parser must agree on every file: same verdict, and
    /// for rejections the same kind and offset (they share one scanner).
    @Test(arguments: JSONTestSuiteFiles.names)
    func cursorAgreesWithParser(_ name: String) throws {
        let bytes = try JSONTestSuiteFiles.bytes(of: name)
        let scratch = JSONScratch()
        let walked = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try walkLikeExportScanner(raw, scratch: scratch) }
        }
        let parsed = Result { () throws(JSONError) in _ = try JSONParser.parse(bytes, mode: .strict) }
        switch (walked, parsed) {
        case (.success, .success):
            break
        case (.failure(let walkError), .failure(let parseError)):
            #expect(walkError.kind == parseError.kind, "\(name): \(walkError) vs \(parseError)")
            #expect(walkError.offset == parseError.offset, "\(name): \(walkError) vs \(parseError)")
        default:
            Issue.record("\(name): cursor \(walked) but parser \(parsed)")
        }
    }

    /// JSON5 mode is a superset: every file strict mode accepts must still be accepted.
    @Test func json5AcceptsEveryValidFile() throws {
        for (name, verdict) in jsonTestSuiteExpectations where verdict == .accept {
            let bytes = try JSONTestSuiteFiles.bytes(of: name)
            #expect(throws: Never.self, "\(name)") { _ = try JSONParser.parse(bytes, mode: .json5) }
        }
    }
}
